/// <reference lib="webworker" />
import { differenceHash, greyOf, HASH_HEIGHT, HASH_WIDTH } from './perceptualHash.ts';
import type { FromHashWorker, HashRequest, HashResult } from './protocol.ts';

// The hashing Worker: fetches each image (same-origin bytes, or web images through the site's
// image proxy), and hashes its bytes (SHA-256, WebCrypto) and its picture (dHash of a 9x8 grey
// thumbnail: createImageBitmap scales while it decodes, then OffscreenCanvas reads the pixels).
// Off the page's thread, so the grid scrolls while a large set is hashed.

const scope = self as unknown as DedicatedWorkerGlobalScope;
/** Fetches under way at once: web images wait on the network, not on this thread. */
const PARALLEL = 4;

const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

async function pictureHash(blob: Blob): Promise<string | undefined> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob, {
      resizeWidth: HASH_WIDTH,
      resizeHeight: HASH_HEIGHT,
      // 'medium' gives the same 64 bits as 'high' on the e2e gallery's pictures at a third less
      // time; 'low' and 'pixelated' sample too few pixels and move 10-30 of them.
      resizeQuality: 'medium',
    });
  } catch {
    // A format this browser cannot decode in a Worker (SVG, EMF): exact duplicates only.
    return undefined;
  }
  const canvas = new OffscreenCanvas(HASH_WIDTH, HASH_HEIGHT);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return undefined;
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return differenceHash(greyOf(context.getImageData(0, 0, HASH_WIDTH, HASH_HEIGHT).data));
}

async function hashOne(id: string, url: string): Promise<HashResult> {
  let blob: Blob;
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    blob = await response.blob();
  } catch (error) {
    return { id, ms: 0, error: error instanceof Error ? error.message : String(error) };
  }
  const started = performance.now();
  const [digest, dhash] = await Promise.all([
    crypto.subtle.digest('SHA-256', await blob.arrayBuffer()),
    pictureHash(blob),
  ]);
  return { id, sha256: hex(digest), dhash, bytes: blob.size, ms: performance.now() - started };
}

scope.addEventListener('message', async (event: MessageEvent<HashRequest>) => {
  const queue = [...event.data.images];
  const post = (message: FromHashWorker) => scope.postMessage(message);
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        post({ kind: 'result', result: await hashOne(next.id, next.url) });
      }
    }),
  );
  post({ kind: 'done' });
});
