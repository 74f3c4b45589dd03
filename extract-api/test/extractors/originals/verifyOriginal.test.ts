/**
 * verifyOriginal on real pixels, served on 127.0.0.1: a photo of the corpus (the dog of
 * pptx/dml-fill.pptx) and copies of it resized by sharp, beside another picture of the corpus
 * (pptx/shp-movie-props.pptx) stretched to the same shape.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { unzipSync } from 'fflate';
import { hammingDistance, hashWords } from 'media-files';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readCorpus } from '../../../../tooling/corpus.mjs';
import {
  createOriginalsCache,
  type OriginalLimits,
  pictureHash,
  SAME_PICTURE_BITS,
  type Thumbnail,
  verifyOriginal,
} from '../../../src/extractors/originals/index.ts';
import {
  ByteBudget,
  createSafeFetcher,
  type SafeFetcher,
  withByteBudget,
} from '../../../src/services/safeFetch/index.ts';
import { type FileServer, startFileServer } from '../../fixtures/fileServer.ts';

const MB = 1024 * 1024;
const LIMITS: OriginalLimits = { maxCandidates: 8, maxBytes: 32 * MB, maxPixels: 100_000_000 };

function corpusImage(document: string, entry: string): Buffer {
  const file = unzipSync(readCorpus(document))[entry];
  if (!file) throw new Error(`${entry} is not in ${document}`);
  return Buffer.from(file);
}

let fetcher: SafeFetcher;
let server: FileServer;
/** The dog, 839 × 1024 PNG with alpha, as the corpus has it. */
let original: Buffer;
let thumbnailJpeg: Buffer;
let smaller: Buffer;
let sameSize: Buffer;
/** Another picture, stretched to the dog's shape and size: larger than the thumbnail, not the same. */
let different: Buffer;
/** The dog upscaled to 2517 × 3072: a file of several MB. */
let huge: Buffer;

beforeAll(async () => {
  fetcher = createSafeFetcher({ allowLoopback: true });
  original = corpusImage('pptx/dml-fill.pptx', 'ppt/media/image1.png');
  thumbnailJpeg = await sharp(original)
    .resize(210, 256)
    .flatten({ background: '#fff' })
    .jpeg({ quality: 75 })
    .toBuffer();
  smaller = await sharp(original).resize(164, 200).webp({ quality: 75 }).toBuffer();
  sameSize = await sharp(original).resize(210, 256).png().toBuffer();
  different = await sharp(corpusImage('pptx/shp-movie-props.pptx', 'ppt/media/image1.png'))
    .resize(839, 1024, { fit: 'fill' })
    .png()
    .toBuffer();
  huge = await sharp(original).resize(2517, 3072).png({ compressionLevel: 1 }).toBuffer();
});
afterAll(async () => {
  await fetcher.close();
});
afterEach(async () => {
  await server?.close();
});

const thumb = (): Thumbnail => ({ url: server.url('/thumb.jpg'), width: 210, height: 256, format: 'JPEG' });
const options = (limits: Partial<OriginalLimits> = {}) => ({
  fetch: fetcher.fetch,
  cache: createOriginalsCache(),
  limits: { ...LIMITS, ...limits },
});
const hitsOf = (path: string) => server.hits.filter((hit) => hit.path === path);

describe('the test pictures', () => {
  it('are what the tests say: the copies hash near the original, the other picture far', async () => {
    const [o, t, d] = await Promise.all([
      pictureHash(original, 1e8),
      pictureHash(thumbnailJpeg, 1e8),
      pictureHash(different, 1e8),
    ]);
    const distance = (a?: string, b?: string) => hammingDistance(hashWords(a ?? ''), hashWords(b ?? ''));
    expect(distance(o, t)).toBeLessThanOrEqual(SAME_PICTURE_BITS);
    expect(distance(o, d)).toBeGreaterThan(SAME_PICTURE_BITS);
    expect(huge.length).toBeGreaterThan(4 * MB);
  });
});

describe('verifyOriginal', () => {
  it('offers the larger copy of the same picture, with its size, format and bytes', async () => {
    server = await startFileServer({
      '/thumb.jpg': { body: thumbnailJpeg, type: 'image/jpeg' },
      '/original.png': { body: original, type: 'image/png' },
    });
    const found = await verifyOriginal(thumb(), [{ url: server.url('/original.png'), rule: 'WordPress' }], options());
    expect(found).toMatchObject({
      url: server.url('/original.png'),
      width: 839,
      height: 1024,
      format: 'PNG',
      rule: 'WordPress',
    });
    expect(found?.bytes && Buffer.from(found.bytes).equals(original)).toBe(true);
    // The header first (one range request), then the whole file once its size passed.
    expect(hitsOf('/original.png').map((hit) => hit.headers.range)).toEqual(['bytes=0-65535', undefined]);
  });

  it('finds the original of a pale, flat picture, and still refuses another picture stretched to its shape', async () => {
    // A pale scan of the corpus: hashed straight from its 479 px, its JPEG copy lands 12 dHash bits away.
    const pale = corpusImage('pptx/60810.pptx', 'ppt/media/image4.jpeg');
    const copy = await sharp(pale).resize(300, 422).jpeg().toBuffer();
    server = await startFileServer({
      '/pale-300x422.jpg': { body: copy, type: 'image/jpeg' },
      '/pale.jpg': { body: pale, type: 'image/jpeg' },
    });
    const found = await verifyOriginal(
      { url: server.url('/pale-300x422.jpg'), width: 300, height: 422, format: 'JPEG' },
      [server.url('/pale.jpg')],
      options(),
    );
    expect(found).toMatchObject({ url: server.url('/pale.jpg'), width: 479, height: 674 });
    // And a different picture stretched to its shape is still refused.
    server.set('/other.jpg', { body: await sharp(different).resize(479, 674, { fit: 'fill' }).jpeg().toBuffer() });
    expect(
      await verifyOriginal(
        { url: server.url('/pale-300x422.jpg'), width: 300, height: 422, format: 'JPEG' },
        [server.url('/other.jpg')],
        options(),
      ),
    ).toBeUndefined();
  });

  it('skips what fails and takes the first candidate that passes, in order', async () => {
    server = await startFileServer({
      '/thumb.jpg': { body: thumbnailJpeg, type: 'image/jpeg' },
      '/page.html': { body: Buffer.from('<!doctype html><title>Photo</title><p>Not here'), type: 'text/html' },
      '/other.png': { body: different, type: 'image/png' },
      '/original.png': { body: original, type: 'image/png' },
      '/also.png': { body: original, type: 'image/png' },
    });
    const found = await verifyOriginal(
      thumb(),
      ['/missing.jpg', '/page.html', '/other.png', '/original.png', '/also.png'].map((path) => server.url(path)),
      options(),
    );
    expect(found?.url).toBe(server.url('/original.png'));
    expect(hitsOf('/also.png')).toHaveLength(0);
  });

  it('refuses a larger DIFFERENT picture: the thumbnail stands', async () => {
    server = await startFileServer({
      '/thumb.jpg': { body: thumbnailJpeg, type: 'image/jpeg' },
      '/other.png': { body: different, type: 'image/png' },
    });
    expect(await verifyOriginal(thumb(), [server.url('/other.png')], options())).toBeUndefined();
    // Its size passed, so it was read whole and compared.
    expect(hitsOf('/other.png')).toHaveLength(2);
  });

  it('refuses a smaller or equal copy of the same picture from its header alone', async () => {
    server = await startFileServer({
      '/thumb.jpg': { body: thumbnailJpeg, type: 'image/jpeg' },
      '/smaller.webp': { body: smaller, type: 'image/webp' },
      '/same.png': { body: sameSize, type: 'image/png' },
    });
    expect(
      await verifyOriginal(thumb(), [server.url('/smaller.webp'), server.url('/same.png')], options()),
    ).toBeUndefined();
    for (const path of ['/smaller.webp', '/same.png']) {
      expect(hitsOf(path).map((hit) => hit.headers.range)).toEqual(['bytes=0-65535']);
    }
    expect(hitsOf('/thumb.jpg')).toHaveLength(0);
  });

  it('refuses a 404, an HTML answer and bytes that are no image', async () => {
    server = await startFileServer({
      '/thumb.jpg': { body: thumbnailJpeg, type: 'image/jpeg' },
      '/page.html': { body: Buffer.from('<!doctype html><title>Photo</title>'), type: 'image/jpeg' },
      '/gone.png': { body: original, type: 'image/png', status: 404 },
      '/noise.jpg': { body: Buffer.alloc(100_000, 7), type: 'image/jpeg' },
    });
    const candidates = ['/missing.jpg', '/gone.png', '/page.html', '/noise.jpg'].map((path) => server.url(path));
    expect(await verifyOriginal(thumb(), candidates, options())).toBeUndefined();
    for (const path of ['/page.html', '/noise.jpg']) expect(hitsOf(path)).toHaveLength(1);
  });

  it('leaves drawings alone: an SVG candidate is not rasterised, nor an SVG thumbnail compared', async () => {
    const drawing = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="839" height="1024"><rect width="839" height="1024"/></svg>',
    );
    server = await startFileServer({
      '/thumb.jpg': { body: thumbnailJpeg, type: 'image/jpeg' },
      '/drawing.svg': { body: drawing, type: 'image/svg+xml' },
      '/original.png': { body: original, type: 'image/png' },
    });
    expect(await pictureHash(drawing, 1e8)).toBeUndefined();
    expect(await verifyOriginal(thumb(), [server.url('/drawing.svg')], options())).toBeUndefined();
    expect(hitsOf('/drawing.svg')).toHaveLength(1);
    const svgThumb = { url: server.url('/thumb.svg'), width: 100, height: 122, format: 'SVG' };
    expect(await verifyOriginal(svgThumb, [server.url('/original.png')], options())).toBeUndefined();
    expect(hitsOf('/original.png')).toHaveLength(0);
  });

  it('works with a server that ignores Range', async () => {
    server = await startFileServer({
      '/thumb.jpg': { body: thumbnailJpeg, type: 'image/jpeg', ignoreRange: true },
      '/original.png': { body: original, type: 'image/png', ignoreRange: true },
    });
    const found = await verifyOriginal(thumb(), [server.url('/original.png')], options());
    expect(found).toMatchObject({ width: 839, height: 1024, format: 'PNG' });
  });

  it('does not download a candidate over the byte cap from a server that ignores Range', async () => {
    server = await startFileServer({
      '/thumb.jpg': { body: thumbnailJpeg, type: 'image/jpeg' },
      '/huge.png': { body: huge, type: 'image/png', ignoreRange: true },
    });
    expect(await verifyOriginal(thumb(), [server.url('/huge.png')], options({ maxBytes: 1 * MB }))).toBeUndefined();
    // The header read of the whole-file answer is closed early, and nothing more is asked for.
    expect(hitsOf('/huge.png')).toHaveLength(1);
    await expect.poll(() => hitsOf('/huge.png')[0]?.closedEarly).toBe(true);
    expect(hitsOf('/huge.png')[0]?.sent).toBeLessThan(huge.length / 2);
  });

  it('stops reading a candidate at the byte cap when its answer does not say its length', async () => {
    const finished: boolean[] = [];
    // Chunked, the whole file whatever the Range: only the reader can stop it.
    const chunked = http.createServer((req, res) => {
      if (req.url === '/thumb.jpg') {
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end(thumbnailJpeg);
        return;
      }
      res.writeHead(200, { 'content-type': 'image/png', 'transfer-encoding': 'chunked' });
      const write = (offset: number): void => {
        if (res.destroyed) return;
        if (offset >= huge.length) {
          res.end();
          return;
        }
        const chunk = huge.subarray(offset, offset + 64 * 1024);
        if (res.write(chunk)) setImmediate(() => write(offset + chunk.length));
        else res.once('drain', () => write(offset + chunk.length));
      };
      res.once('close', () => finished.push(res.writableFinished));
      write(0);
    });
    await new Promise<void>((resolve) => chunked.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(chunked.address() as AddressInfo).port}`;
    // A budget far larger than the cap, to count what the client read.
    const counted = new ByteBudget(1024 * MB);
    try {
      const found = await verifyOriginal(
        { url: `${origin}/thumb.jpg`, width: 210, height: 256 },
        [`${origin}/huge.png`],
        {
          ...options({ maxBytes: 1 * MB }),
          fetch: withByteBudget(fetcher.fetch, counted),
        },
      );
      expect(found).toBeUndefined();
      // Two requests (the header, then the download), neither sent whole.
      await expect.poll(() => finished).toEqual([false, false]);
      // The header read stops at 64 KiB, the download one chunk past the cap; the copy (read while
      // the candidate downloads, to hash it) is small.
      expect(counted.spent).toBeLessThanOrEqual(64 * 1024 + 1 * MB + 64 * 1024 + thumbnailJpeg.length);
      expect(counted.spent).toBeGreaterThan(1 * MB);
    } finally {
      chunked.closeAllConnections();
      await new Promise<void>((resolve) => chunked.close(() => resolve()));
    }
  });

  it('asks each address once per scan (the cache), and uses the thumbnail bytes it is given', async () => {
    server = await startFileServer({
      '/thumb.jpg': { body: thumbnailJpeg, type: 'image/jpeg' },
      '/original.png': { body: original, type: 'image/png' },
      '/other.png': { body: different, type: 'image/png' },
    });
    const scan = options();
    const candidates = [server.url('/other.png'), server.url('/original.png')];
    const first = await verifyOriginal({ ...thumb(), bytes: thumbnailJpeg }, candidates, scan);
    const again = await verifyOriginal({ ...thumb(), bytes: thumbnailJpeg }, candidates, scan);
    expect(first?.url).toBe(server.url('/original.png'));
    expect(again).toMatchObject({ url: server.url('/original.png'), width: 839, height: 1024 });
    expect(again?.bytes).toBeUndefined();
    expect(hitsOf('/thumb.jpg')).toHaveLength(0);
    expect(hitsOf('/original.png')).toHaveLength(2);
    expect(hitsOf('/other.png')).toHaveLength(2);
  });

  it('goes through the given fetch: a spent byte budget refuses the check, it does not throw', async () => {
    server = await startFileServer({
      '/thumb.jpg': { body: thumbnailJpeg, type: 'image/jpeg' },
      '/original.png': { body: original, type: 'image/png' },
    });
    const budget = new ByteBudget(1024 * 1024);
    budget.spend(1024 * 1024);
    const found = await verifyOriginal(thumb(), [server.url('/original.png')], {
      ...options(),
      fetch: withByteBudget(fetcher.fetch, budget),
    });
    expect(found).toBeUndefined();
    expect(server.hits).toHaveLength(0);
  });

  it('neither downloads nor decodes a candidate of more pixels than maxPixels', async () => {
    server = await startFileServer({
      '/thumb.jpg': { body: thumbnailJpeg, type: 'image/jpeg' },
      '/original.png': { body: original, type: 'image/png' },
    });
    expect(await pictureHash(original, 839 * 1024 - 1)).toBeUndefined();
    expect(await pictureHash(original, 839 * 1024)).toBeDefined();
    expect(
      await verifyOriginal(thumb(), [server.url('/original.png')], options({ maxPixels: 500_000 })),
    ).toBeUndefined();
    expect(hitsOf('/original.png').map((hit) => hit.headers.range)).toEqual(['bytes=0-65535']);
  });

  it('checks at most maxCandidates candidates', async () => {
    server = await startFileServer({
      '/thumb.jpg': { body: thumbnailJpeg, type: 'image/jpeg' },
      '/original.png': { body: original, type: 'image/png' },
    });
    const candidates = [server.url('/a.png'), server.url('/b.png'), server.url('/original.png')];
    expect(await verifyOriginal(thumb(), candidates, options({ maxCandidates: 2 }))).toBeUndefined();
    expect(hitsOf('/original.png')).toHaveLength(0);
    expect(await verifyOriginal(thumb(), candidates, options({ maxCandidates: 3 }))).toBeDefined();
  });
});
