import { deflate, inflateRawSync } from 'node:zlib';
import type { HostZlib } from '../core/hostZlib.ts';

/**
 * zlib's output pieces: its default 16 KiB ones cost a concatenation of thousands for a large
 * image, and a piece of 1 MiB costs a page's small content stream more than its inflate.
 */
const chunkBytes = (expected: number) => Math.min(1024 * 1024, Math.max(16 * 1024, expected));

/**
 * Node's zlib for the engine (`setHostZlib`). PNG rows at level 4, on libuv's thread pool: on the
 * corpus's scanned pages 3-4x faster than level 6 (the browser's CompressionStream) for 8-12% more
 * bytes, and as fast on photographs, which barely differ. PDF streams inflated at once, natively:
 * 3-10x faster than fflate, from a page's text to a large image.
 */
export const nodeZlib: HostZlib = {
  deflate: (bytes) =>
    new Promise((resolve, reject) => {
      deflate(bytes, { level: 4, chunkSize: chunkBytes(bytes.length >> 3) }, (error, out) => {
        if (error) reject(error);
        else resolve(new Uint8Array(out.buffer, out.byteOffset, out.length));
      });
    }),
  // Z_FINISH (the default): a stream that stops short throws, and fflate keeps what it holds
  inflateRawSync: (data, limit) => {
    // a page's text inflates to about four times its size
    const out = inflateRawSync(data, { maxOutputLength: limit, chunkSize: chunkBytes(data.length * 4) });
    return new Uint8Array(out.buffer, out.byteOffset, out.length);
  },
};
