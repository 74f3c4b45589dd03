import { type ExtractionEvent, ExtractionEventSchema } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { NdjsonLineError, readNdjson } from '../src/extraction/readNdjson.ts';

/** A body delivered in the given byte chunks, which may cut lines (and characters) anywhere. */
function bodyOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

function cut(text: string, size: number): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.slice(i, i + size));
  return chunks;
}

async function read(chunks: Uint8Array[]): Promise<ExtractionEvent[]> {
  const events: ExtractionEvent[] = [];
  for await (const event of readNdjson(bodyOf(chunks), ExtractionEventSchema)) events.push(event);
  return events;
}

const lines: ExtractionEvent[] = [
  { type: 'start', runsOn: 'server', url: 'https://example.org/', depth: 2, maxPages: 100 },
  { type: 'progress', done: 0, unit: 'pages', queued: 1, detail: 'https://example.org/çà-et-là' },
  { type: 'image', image: { id: '1', name: 'été.png', url: 'https://example.org/été.png', source: 'website' } },
  { type: 'done', found: 1, done: 1, unit: 'pages' },
];
const text = lines.map((line) => `${JSON.stringify(line)}\n`).join('');

describe('readNdjson', () => {
  it.each([1, 2, 3, 7, 64, 10_000])(
    'reads every line when chunks of %i bytes cut lines and characters',
    async (size) => {
      expect(await read(cut(text, size))).toEqual(lines);
    },
  );

  it('reads a last line that has no newline, CRLF endings and blank lines', async () => {
    const crlf = `${JSON.stringify(lines[0])}\r\n\r\n${JSON.stringify(lines[3])}`;
    expect(await read(cut(crlf, 5))).toEqual([lines[0], lines[3]]);
  });

  it('reads nothing from an empty body', async () => {
    expect(await read([])).toEqual([]);
  });

  it('throws on a line that is not JSON, after the lines before it, with its number', async () => {
    const events: ExtractionEvent[] = [];
    const bad = `${JSON.stringify(lines[0])}\n{"type":"image",\n${JSON.stringify(lines[3])}\n`;
    const reading = (async () => {
      for await (const event of readNdjson(bodyOf(cut(bad, 4)), ExtractionEventSchema)) events.push(event);
    })();
    await expect(reading).rejects.toBeInstanceOf(NdjsonLineError);
    await expect(reading).rejects.toMatchObject({ lineNumber: 2 });
    expect(events).toEqual([lines[0]]);
  });

  it('throws on JSON that the schema refuses (an old or foreign event), never dropping it silently', async () => {
    const foreign = `${JSON.stringify({ type: 'frame', index: 0, data: 'AAAA' })}\n`;
    await expect(read(cut(foreign, 3))).rejects.toThrow(/not a valid event/);
    await expect(read(cut('{"type":"done"}', 3))).rejects.toThrow(/found/);
  });

  it('cancels the body when the reader stops early', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of readNdjson(body, ExtractionEventSchema)) {
      if (event.type === 'image') break;
    }
    expect(cancelled).toBe(true);
  });
});
