import type { ScanEvent } from 'shared-contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExtractApiError, imageLinks, scanWebsite } from '../src/api/extractClient.ts';

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

describe('scanWebsite', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hands over every event, even when a line arrives in pieces', async () => {
    const lines = [
      { type: 'start', url: 'https://example.org/', depth: 2, maxPages: 100 },
      { type: 'image', image },
      { type: 'done', pagesScanned: 3, imagesFound: 1 },
    ].map((event) => `${JSON.stringify(event)}\n`);
    const text = lines.join('');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => streamOf([text.slice(0, 10), text.slice(10, 95), text.slice(95)])),
    );
    const events: ScanEvent[] = [];
    await scanWebsite({ url: 'https://example.org/', depth: 2 }, (event) => events.push(event));
    expect(events.map((e) => e.type)).toEqual(['start', 'image', 'done']);
    expect(events[1]).toMatchObject({ image: { name: 'a.png' } });
  });

  it("turns a refused request into an error carrying the server's words", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ success: false, error: 'Scan depth must be between 1 and 10' }, { status: 400 }),
      ),
    );
    await expect(scanWebsite({ url: 'https://example.org/', depth: 11 }, () => {})).rejects.toThrow(
      'Scan depth must be between 1 and 10',
    );
  });

  it('says so when the service cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(scanWebsite({ url: 'https://example.org/' }, () => {})).rejects.toBeInstanceOf(ExtractApiError);
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
