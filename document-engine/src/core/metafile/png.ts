/**
 * PNG files of a metafile's raster: 1-bit or 8-bit grey, RGB or RGBA, filter 0 rows, one IDAT.
 *
 * Not `pdf/pngEncoder.ts`: that one compresses with fflate's streaming `Zlib`, and fflate 0.8.3's
 * streaming deflate can emit a back-reference before the start of the data on its first push
 * (fflate issues #260, #261: "invalid distance too far back"). The 32x32 RGB bitmap of the
 * corpus's docx/drawing.docx image1.wmf is such an input. `zlibSync` (one call, whole input) is
 * not affected; a metafile's raster is bounded (MAX_PNG_SAMPLES), so one call is affordable.
 */
import { zlibSync } from 'fflate';

export type PngImage = {
  width: number;
  height: number;
  /** 1 grey, 3 RGB, 4 RGBA. */
  channels: 1 | 3 | 4;
  /** 1 only with one channel; rows then packed, each starting on a byte. */
  bitDepth: 1 | 8;
  data: Uint8Array;
};

const COLOR_TYPES = { 1: 0, 3: 2, 4: 6 } as const;
const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function encodePng({ width, height, channels, bitDepth, data }: PngImage): Uint8Array {
  const rowBytes = Math.ceil((width * channels * bitDepth) / 8);
  const filtered = new Uint8Array((rowBytes + 1) * height);
  for (let y = 0; y < height; y++) {
    filtered.set(data.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = bitDepth;
  header[9] = COLOR_TYPES[channels];
  const chunks = [
    chunk('IHDR', header),
    chunk('IDAT', zlibSync(filtered, { level: 6 })),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(SIGNATURE.length + chunks.reduce((sum, part) => sum + part.length, 0));
  out.set(SIGNATURE);
  let at = SIGNATURE.length;
  for (const part of chunks) {
    out.set(part, at);
    at += part.length;
  }
  return out;
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
