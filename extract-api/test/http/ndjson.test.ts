import Fastify from 'fastify';
import { type ExtractionEvent, ExtractionEventSchema } from 'shared-contracts';
import { describe, expect, it, vi } from 'vitest';
import { ndjsonLines, sendNdjson } from '../../src/http/ndjson.ts';

const image = { id: '1', name: 'a.png', url: 'https://example.org/a.png', source: 'website' } as const;

async function* events(list: ExtractionEvent[], failure?: Error): AsyncGenerator<ExtractionEvent> {
  for (const event of list) yield event;
  if (failure) throw failure;
}

async function collect(lines: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const line of lines) all.push(line);
  return all;
}

describe('the NDJSON writer', () => {
  it('should write one event per line, each ending with a newline, even text holding newlines', async () => {
    const lines = await collect(
      ndjsonLines(
        events([
          { type: 'start', runsOn: 'server' },
          { type: 'image', image: { ...image, alt: 'two\nlines' } },
          { type: 'done', found: 1 },
        ]),
        { onError: () => undefined },
      ),
    );
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line.endsWith('\n')).toBe(true);
      expect(line.slice(0, -1)).not.toContain('\n');
      ExtractionEventSchema.parse(JSON.parse(line));
    }
    expect(JSON.parse(lines[1] ?? '').image.alt).toBe('two\nlines');
  });

  it('should end with the error line onError gives, after the events before the failure, then run onEnd', async () => {
    const onEnd = vi.fn();
    const lines = await collect(
      ndjsonLines(events([{ type: 'start', runsOn: 'server' }], new Error('boom')), {
        onError: (error) => ({ type: 'error', error: `failed: ${(error as Error).message}` }),
        onEnd,
      }),
    );
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      { type: 'start', runsOn: 'server' },
      { type: 'error', error: 'failed: boom' },
    ]);
    expect(onEnd).toHaveBeenCalledOnce();
  });

  it('should write no error line when onError says nobody reads it (the client left)', async () => {
    const lines = await collect(ndjsonLines(events([], new Error('aborted')), { onError: () => undefined }));
    expect(lines).toEqual([]);
  });

  it('should answer NDJSON, uncached, and run onClose when the answer ends', async () => {
    const app = Fastify();
    const onClose = vi.fn();
    app.get('/events', (_request, reply) =>
      sendNdjson(reply, events([{ type: 'done', found: 0 }]), { onError: () => undefined, onClose }),
    );
    const response = await app.inject({ method: 'GET', url: '/events' });
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toBe('{"type":"done","found":0}\n');
    await app.close();
    expect(onClose).toHaveBeenCalled();
  });
});
