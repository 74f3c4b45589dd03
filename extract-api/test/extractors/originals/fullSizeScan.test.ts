/**
 * Full-size originals through the extractors, on real pixels: pages served on 127.0.0.1 under the
 * host names of real CDNs and CMSs (a DNS stand-in answers 127.0.0.1 for them), showing resized
 * copies of a corpus photo. A copy's original is given, checked; a guess that finds another
 * picture, and a scan that turned originals off, keep the page's copy.
 */
import { unzipSync } from 'fflate';
import type { ExtractedImage, ExtractionEvent } from 'shared-contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpus } from '../../../../tooling/corpus.mjs';
import type { OriginalLimits } from '../../../src/extractors/originals/index.ts';
import { extractWebsite } from '../../../src/extractors/web/index.ts';
import { createSafeFetcher, type SafeFetcher } from '../../../src/services/safeFetch/index.ts';
import { type FileServer, startFileServer } from '../../fixtures/fileServer.ts';

const LIMITS: OriginalLimits = { maxCandidates: 4, maxBytes: 32 * 1024 * 1024, maxPixels: 100_000_000 };

function corpusImage(document: string, entry: string): Buffer {
  const file = unzipSync(readCorpus(document))[entry];
  if (!file) throw new Error(`${entry} is not in ${document}`);
  return Buffer.from(file);
}

let server: FileServer;
let fetcher: SafeFetcher;
let port: string;
const at = (host: string, path: string) => `http://${host}:${port}${path}`;

beforeAll(async () => {
  const dog = corpusImage('pptx/dml-fill.pptx', 'ppt/media/image1.png');
  const original = await sharp(dog).flatten({ background: '#fff' }).jpeg({ quality: 90 }).toBuffer();
  const copy = await sharp(original).resize(210, 256).jpeg({ quality: 70 }).toBuffer();
  const other = await sharp(corpusImage('pptx/shp-movie-props.pptx', 'ppt/media/image1.png'))
    .resize(839, 1024, { fit: 'fill' })
    .flatten({ background: '#fff' })
    .jpeg()
    .toBuffer();
  const jpeg = (body: Buffer) => ({ body, type: 'image/jpeg' });
  server = await startFileServer({
    // WordPress: the size suffix; the original beside it.
    '/wp-content/uploads/2024/05/dog-210x256.jpg': jpeg(copy),
    '/wp-content/uploads/2024/05/dog.jpg': jpeg(original),
    // A guess that finds a different picture: the copy stands.
    '/wp-content/uploads/2024/05/trap-210x256.jpg': jpeg(copy),
    '/wp-content/uploads/2024/05/trap.jpg': jpeg(other),
    // Shopify: `_210x` before the extension.
    '/s/files/1/0001/products/dog_210x.jpg': jpeg(copy),
    '/s/files/1/0001/products/dog.jpg': jpeg(original),
    // Wikimedia's thumbnail path.
    '/wikipedia/commons/thumb/a/ab/Dog.jpg/210px-Dog.jpg': jpeg(copy),
    '/wikipedia/commons/a/ab/Dog.jpg': jpeg(original),
  });
  port = new URL(server.origin).port;
  fetcher = createSafeFetcher({
    allowLoopback: true,
    resolve: async () => [{ address: '127.0.0.1', family: 4 }],
  });
});
afterAll(async () => {
  await fetcher?.close();
  await server?.close();
});

/** Serves `html` as a page of blog.example and scans it alone (depth 0). */
async function scan(name: string, html: string, original?: boolean): Promise<ExtractedImage[]> {
  server.set(`/${name}.html`, { body: Buffer.from(html), type: 'text/html' });
  const images: ExtractedImage[] = [];
  const events: AsyncGenerator<ExtractionEvent> = extractWebsite(
    {
      url: at('blog.example', `/${name}.html`),
      depth: 0,
      maxPages: 1,
      ...(original === undefined ? {} : { original }),
    },
    undefined,
    { fetch: fetcher.fetch, originals: LIMITS },
  );
  for await (const event of events) if (event.type === 'image') images.push(event.image);
  return images;
}

const byShown = (images: ExtractedImage[], url: string) =>
  images.find((image) => (image.shownOnPage?.url ?? image.url) === url);

describe('full-size originals in a scan', () => {
  it('gives the checked original behind WordPress, Shopify and Wikimedia copies, with the copy the page showed', async () => {
    const copies = {
      wordpress: at('blog.example', '/wp-content/uploads/2024/05/dog-210x256.jpg'),
      shopify: at('cdn.shopify.com', '/s/files/1/0001/products/dog_210x.jpg'),
      wikimedia: at('upload.wikimedia.org', '/wikipedia/commons/thumb/a/ab/Dog.jpg/210px-Dog.jpg'),
    };
    const images = await scan(
      'shops',
      Object.values(copies)
        .map((url) => `<img src="${url}" alt="dog">`)
        .join(''),
    );
    expect(images).toHaveLength(3);
    const originals = {
      wordpress: at('blog.example', '/wp-content/uploads/2024/05/dog.jpg'),
      shopify: at('cdn.shopify.com', '/s/files/1/0001/products/dog.jpg'),
      wikimedia: at('upload.wikimedia.org', '/wikipedia/commons/a/ab/Dog.jpg'),
    };
    for (const key of Object.keys(copies) as (keyof typeof copies)[]) {
      const image = byShown(images, copies[key]);
      expect(image?.url, key).toBe(originals[key]);
      expect([image?.width, image?.height], key).toEqual([839, 1024]);
      expect(image?.format, key).toBe('JPEG');
      expect(image?.shownOnPage, key).toMatchObject({ url: copies[key], width: 210, height: 256, format: 'JPEG' });
      // Named after the original's file, not the copy's.
      expect(image?.name, key).not.toMatch(/210/);
    }
  });

  it('keeps the copy when the guessed original is another picture, and when originals are turned off', async () => {
    const trap = at('blog.example', '/wp-content/uploads/2024/05/trap-210x256.jpg');
    const [kept] = await scan('trap', `<img src="${trap}">`);
    expect(kept?.url).toBe(trap);
    expect(kept?.shownOnPage).toBeUndefined();
    expect([kept?.width, kept?.height]).toEqual([210, 256]);

    const copy = at('blog.example', '/wp-content/uploads/2024/05/dog-210x256.jpg');
    const requests = server.hits.length;
    const [off] = await scan('off', `<img src="${copy}">`, false);
    expect(off?.url).toBe(copy);
    expect(off?.shownOnPage).toBeUndefined();
    // Nothing but the page and the copy's probe was asked for.
    expect(server.hits.slice(requests).map((hit) => hit.path)).not.toContain('/wp-content/uploads/2024/05/dog.jpg');
  });

  it('gives one original once, however many copies of it the page shows', async () => {
    const small = at('blog.example', '/wp-content/uploads/2024/05/dog-210x256.jpg');
    const shop = at('cdn.shopify.com', '/s/files/1/0001/products/dog_210x.jpg');
    const direct = at('blog.example', '/wp-content/uploads/2024/05/dog.jpg');
    const images = await scan('twice', `<img src="${small}"><img src="${direct}"><img src="${shop}">`);
    const urls = images.map((image) => image.url);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toContain(direct);
  });
});
