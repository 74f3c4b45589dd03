/** A small PNG encoder (filter 0 rows, zlib by fflate): gray, gray+alpha, RGB, RGBA at 8 or 16 bits; 1-bit gray. */
import { Zlib } from 'fflate';

export type RasterImage = {
  width: number;
  height: number;
  /** 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA. */
  channels: 1 | 2 | 3 | 4;
  bitDepth: 1 | 8 | 16;
  /** Row-major samples; 16-bit samples big-endian, two bytes each; 1-bit rows packed, each starting on a byte. */
  data: Uint8Array;
};

/** Rows handed to the compressor at a time: about 1 MiB. */
const BATCH_BYTES = 1024 * 1024;
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
  // rows go to the compressor in batches (each with its filter byte 0), never all copied at once;
  // large images are compressed faster and a little less
  const compressed: Uint8Array[] = [];
  const zlib = new Zlib({ level: data.length > FAST_LEVEL_BYTES ? 1 : 6 }, (chunk) => {
    compressed.push(chunk);
  });
  const rowsPerBatch = Math.max(1, Math.floor(BATCH_BYTES / (rowBytes + 1)));
  for (let y = 0; y < height; y += rowsPerBatch) {
    const rows = Math.min(rowsPerBatch, height - y);
    const batch = new Uint8Array(rows * (rowBytes + 1));
    for (let r = 0; r < rows; r++) {
      const from = (y + r) * rowBytes;
      batch.set(data.subarray(from, Math.min(data.length, from + rowBytes)), r * (rowBytes + 1) + 1);
    }
    zlib.push(batch, y + rows >= height);
  }
  if (height === 0) zlib.push(new Uint8Array(0), true);
  const idat = new Uint8Array(compressed.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of compressed) {
    idat.set(part, offset);
    offset += part.length;
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = bitDepth;
  header[9] = COLOR_TYPES[channels];
  const parts = [
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
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
