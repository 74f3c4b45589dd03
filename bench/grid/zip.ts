// The browser ZIP path (shared-ui's zipInBrowser: media-files' zipStream, then zipToBlob and
// saveBlob) on a set of images held as blob: URLs in this tab, as a document's images are.
// Driven by bench/grid/zip-memory.mjs through window.bench.
import { zipInBrowser } from 'shared-ui';

type Made = { urls: string[]; bytes: number };

/**
 * `count` distinct PNG-headed files of `size` bytes (random bodies: stored, as the ZIP stores
 * images). Each is made from a stream (`new Response(stream).blob()`), which Chromium may page to
 * the profile's disk: `new Blob(parts)` of this much failed past about 500 MB (its fetch refused).
 */
async function makeImages(count: number, size: number): Promise<Made> {
  const urls: string[] = [];
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  for (let i = 0; i < count; i += 1) {
    let left = size - signature.length;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(Uint8Array.from(signature));
      },
      pull(controller) {
        // getRandomValues fills at most 64 KiB at a time.
        const chunk = crypto.getRandomValues(new Uint8Array(Math.min(65_536, left)));
        left -= chunk.length;
        controller.enqueue(chunk);
        if (left <= 0) controller.close();
      },
    });
    const blob = await new Response(body, { headers: { 'content-type': 'image/png' } }).blob();
    urls.push(URL.createObjectURL(blob));
  }
  return { urls, bytes: count * size };
}

let made: Made | undefined;

const bench = {
  async make(count: number, size: number) {
    made = await makeImages(count, size);
    return made.bytes;
  },
  async zip() {
    if (!made) throw new Error('make() first');
    const started = performance.now();
    await zipInBrowser(
      made.urls.map((url, i) => ({
        id: String(i),
        url,
        name: `image-${i}.png`,
        format: 'PNG',
        size: undefined,
      })) as never,
      'bench.zip',
    );
    return performance.now() - started;
  },
};
(window as unknown as { bench: typeof bench }).bench = bench;
document.title = 'bench ready';
