/**
 * The engine's one PNG encoder (filter 0 rows, zlib by fflate): gray, gray+alpha, RGB, RGBA at 8 or
 * 16 bits; 1-bit gray. Used by PDF images and by the bitmaps metafiles carry.
 *
 * One call to `zlibSync`, not fflate's streaming `Zlib`: fflate 0.8.3's streaming deflate lets a
 * back-reference reach into its zero-filled window before the first bytes (fflate #260, fix in
 * #261, not released), and PNG rows, each starting with a 0 filter byte, are what trips it: some
 * PNGs it wrote did not inflate (the corpus's docx/drawing.docx image1.wmf bitmap was one). The cost
 * is one filtered copy of the rows, at most MAX_RASTER_BYTES plus a byte a row.
 */
import { zlibSync } from 'fflate';

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

/** Images larger than this (32 MiB of samples) are compressed at level 1 instead of 6. */
const FAST_LEVEL_BYTES = 32 * 1024 * 1024;

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
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
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

export function encodePng(image: RasterImage): Uint8Array {
  const { width, height, channels, bitDepth, data } = image;
  const rowBytes = Math.ceil((width * channels * bitDepth) / 8);
  const filtered = new Uint8Array((rowBytes + 1) * height);
  for (let y = 0; y < height; y++) {
    const from = y * rowBytes;
    filtered.set(data.subarray(from, Math.min(data.length, from + rowBytes)), y * (rowBytes + 1) + 1);
  }
  // large images are compressed faster and a little less
  const idat = zlibSync(filtered, { level: data.length > FAST_LEVEL_BYTES ? 1 : 6 });
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = bitDepth;
  header[9] = COLOR_TYPES[channels];
  const parts = [
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(image.iccProfile ? [iccpChunk(image.iccProfile)] : []),
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
function iccpChunk(profile: Uint8Array): Uint8Array {
  const name = Uint8Array.from('ICC profile', (c) => c.charCodeAt(0));
  const compressed = zlibSync(profile, { level: 6 });
  const body = new Uint8Array(name.length + 2 + compressed.length);
  body.set(name, 0);
  body.set(compressed, name.length + 2);
  return chunk('iCCP', body);
}
