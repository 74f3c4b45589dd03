/**
 * The engine's one PNG encoder (filter 0 rows): gray, gray+alpha, RGB, RGBA at 8 or 16 bits; 1-bit
 * gray. Used by PDF images, crops and the bitmaps metafiles carry.
 *
 * The rows are compressed by the platform's own zlib (`CompressionStream('deflate')`, in every
 * browser the site supports and in Node): deflate is most of the cost of a view rendition, and
 * native zlib at its default level is 3.6x faster than fflate's level 6 on the corpus's images
 * (bench/RESULTS.md), at the same size. A small image is deflated by fflate in one call instead: a
 * stream costs about 0.15 ms to set up in Node, more than fflate takes below 16 KB, and a page of
 * glyphs drawn as inline images can hold thousands of them. The cost is one filtered copy of the
 * rows, at most MAX_RASTER_BYTES plus a byte a row.
 */
import { zlibSync } from 'fflate';
import { hostZlib } from '../hostZlib.ts';

export type RasterImage = {
  width: number;
  height: number;
  /** 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA. */
  channels: 1 | 2 | 3 | 4;
  bitDepth: 1 | 8 | 16;
  /** Row-major samples; 16-bit samples big-endian, two bytes each; 1-bit rows packed, each starting on a byte. */
  data: Uint8Array;
  /**
   * The ICC profile the samples are in (a gray profile for 1-2 channels, RGB for 3-4), written as
   * iCCP so a viewer shows the colours the document means rather than taking them for sRGB.
   */
  iccProfile?: Uint8Array;
};

const COLOR_TYPES = { 1: 0, 2: 4, 3: 2, 4: 6 } as const;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  const table = CRC_TABLE;
  for (let i = 0, n = bytes.length; i < n; i++) c = (table[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Below this many bytes fflate's one call is faster than setting up a stream. */
const STREAM_FROM_BYTES = 16 * 1024;

/** zlib (RFC 1950), by the host's or the platform's past STREAM_FROM_BYTES: what an IDAT and an iCCP profile hold. */
async function zlib(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  if (bytes.length < STREAM_FROM_BYTES) return zlibSync(bytes, { level: 6 });
  const host = hostZlib();
  if (host) return host.deflate(bytes);
  const stream = new CompressionStream('deflate');
  const writer = stream.writable.getWriter();
  // Written and closed without waiting: the readable side is drained below, which is what lets the write finish.
  void writer.write(bytes).catch(() => undefined);
  void writer.close().catch(() => undefined);
  return new Uint8Array(await new Response(stream.readable).arrayBuffer());
}

function chunk(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(body, 8);
  view.setUint32(8 + body.length, crc32(out.subarray(4, 8 + body.length)));
  return out;
}

export async function encodePng(image: RasterImage): Promise<Uint8Array> {
  const { width, height, channels, bitDepth, data } = image;
  const rowBytes = Math.ceil((width * channels * bitDepth) / 8);
  const filtered = new Uint8Array((rowBytes + 1) * height);
  for (let y = 0; y < height; y++) {
    const from = y * rowBytes;
    filtered.set(data.subarray(from, Math.min(data.length, from + rowBytes)), y * (rowBytes + 1) + 1);
  }
  const idat = await zlib(filtered);
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = bitDepth;
  header[9] = COLOR_TYPES[channels];
  const parts = [
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(image.iccProfile ? [await iccpChunk(image.iccProfile)] : []),
    chunk('IDAT', idat),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** iCCP: a profile name, a 0, compression method 0 (zlib), the compressed profile (PNG 1.2 §4.2.2.4). */
async function iccpChunk(profile: Uint8Array): Promise<Uint8Array> {
  const name = Uint8Array.from('ICC profile', (c) => c.charCodeAt(0));
  const compressed = await zlib(profile.slice());
  const body = new Uint8Array(name.length + 2 + compressed.length);
  body.set(name, 0);
  body.set(compressed, name.length + 2);
  return chunk('iCCP', body);
}
