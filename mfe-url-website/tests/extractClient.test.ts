import type { ExtractionEvent } from 'shared-contracts';
import { MESSAGES } from 'shared-contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { imageLinks, pageExtractor, websiteJobExtractor } from '../src/api/extractClient.ts';

async function collect(events: AsyncIterable<ExtractionEvent>): Promise<ExtractionEvent[]> {
  const all: ExtractionEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}
const signal = () => new AbortController().signal;

/** A streamed answer delivered in the given chunks, which may split lines anywhere. */
function streamOf(chunks: string[], status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'application/x-ndjson' } });
}

const image = { id: 'a', name: 'a.png', url: 'https://example.org/a.png', source: 'website', format: 'PNG' };

describe('pageExtractor', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells the one JSON answer as events: start, each image, one page done', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ success: true, images: [{ ...image, source: 'page' }], pages: 1 })),
    );
    const events = await collect(pageExtractor({ url: 'https://example.org/' }, signal()));
    expect(events.map((e) => e.type)).toEqual(['start', 'image', 'progress', 'done']);
    expect(events.at(-1)).toEqual({ type: 'done', found: 1, done: 1, unit: 'pages' });
  });

  it("ends with an error event carrying the server's words when the answer is a failure", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ success: false, images: [], error: 'private network' }, { status: 400 })),
    );
    const events = await collect(pageExtractor({ url: 'https://example.org/' }, signal()));
    expect(events.at(-1)).toEqual({ type: 'error', error: 'private network' });
  });
});

describe('imageLinks', () => {
  it('opens and downloads through the image proxy, with the file name', () => {
    const links = imageLinks({ ...image, source: 'page' });
    expect(links.open).toBe('/api/image?url=https%3A%2F%2Fexample.org%2Fa.png');
    expect(links.download).toBe('/api/image?url=https%3A%2F%2Fexample.org%2Fa.png&download=a.png');
  });

  it('uses an inline image as it is', () => {
    const url = 'data:image/svg+xml,%3Csvg%2F%3E';
    expect(imageLinks({ ...image, source: 'page', url })).toEqual({ open: url, download: url });
  });
});

describe('the checks, loaded with the request', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.doUnmock('../src/api/schemas.ts');
    vi.resetModules();
  });

  it('says the service cannot be reached when they fail to load (the connection dropped)', async () => {
    vi.resetModules();
    vi.doMock('../src/api/schemas.ts', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const client = await import('../src/api/extractClient.ts');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ success: true, images: [], pages: 1 })),
    );
    await expect(collect(client.pageExtractor({ url: 'https://example.org/' }, signal()))).rejects.toThrow(
      'The extraction service could not be reached.',
    );
    await expect(
      collect(client.websiteJobExtractor({ start: { url: 'https://example.org/' } }, signal())),
    ).rejects.toBeInstanceOf(client.ExtractApiError);
  });
});

describe('websiteJobExtractor', () => {
  afterEach(() => vi.unstubAllGlobals());
  const id = 'J'.repeat(22);

  it('starts a job, says its id, and hands over its events without their numbers, failures kept', async () => {
    const asked: string[] = [];
    const lines = [
      { seq: 1, type: 'start', runsOn: 'server', unit: 'pages' },
      {
        seq: 2,
        type: 'progress',
        unit: 'pages',
        done: 1,
        failed: 1,
        failures: [{ url: 'https://e.org/x', reason: 'HTTP 404' }],
      },
      { seq: 3, type: 'image', image },
      { seq: 4, type: 'progress', unit: 'pages', done: 2, failed: 1 },
      { seq: 5, type: 'done', found: 1, done: 2, unit: 'pages' },
    ].map((line) => `${JSON.stringify(line)}\n`);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        asked.push(`${init?.method ?? 'GET'} ${url}`);
        if (init?.method === 'POST') return Response.json({ id, status: 'queued' }, { status: 202 });
        return streamOf([lines.join('')]);
      }),
    );
    const told: string[] = [];
    const events = await collect(
      websiteJobExtractor(
        { start: { url: 'https://example.org/', depth: 2 }, onJob: (job) => told.push(job) },
        signal(),
      ),
    );
    expect(told).toEqual([id]);
    expect(asked).toEqual([`POST /api/website-jobs`, `GET /api/website-jobs/${id}/events?after=0`]);
    expect(events.map((e) => e.type)).toEqual(['start', 'progress', 'image', 'progress', 'done']);
    expect(events.every((e) => !('seq' in e))).toBe(true);
    expect(events[3]).toMatchObject({ done: 2, failures: [{ reason: 'HTTP 404' }] });
  });

  it('re-attaches to a job by id, and says when it is gone', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ success: false, error: 'x' }, { status: 404 })),
    );
    await expect(collect(websiteJobExtractor({ attach: id }, signal()))).rejects.toThrow(MESSAGES.website.notFound);
  });
});
