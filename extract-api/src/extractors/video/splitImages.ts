import type { FrameFormat } from 'shared-contracts';

/**
 * ffmpeg's image2pipe writes the images back to back with nothing between them; this cuts the
 * stream into whole files by reading each format's own structure (PNG chunks up to IEND, the
 * RIFF size of a WebP, JPEG segments up to EOI). Bytes are copied once into a growing buffer and
 * each image once out of it, so a frame costs its size, not its size times its chunk count.
 */
export async function* splitImages(chunks: AsyncIterable<Buffer>, format: FrameFormat): AsyncGenerator<Buffer> {
  let buffer = Buffer.allocUnsafe(1024 * 1024);
  let length = 0;
  let scanner = newScanner(format);
  for await (const chunk of chunks) {
    if (length + chunk.length > buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(buffer.length * 2, length + chunk.length));
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    chunk.copy(buffer, length);
    length += chunk.length;
    for (;;) {
      const end = scanner(buffer, length);
      if (end < 0) break;
      yield Buffer.from(buffer.subarray(0, end));
      buffer.copy(buffer, 0, end, length);
      length -= end;
      scanner = newScanner(format);
    }
  }
  if (length > 0) throw new Error(`ffmpeg's output ended inside an image (${length} bytes left over)`);
}

/** Finds the end of the first image in `buffer[0, length)`; -1 while more bytes are needed. Keeps its place between calls. */
type Scanner = (buffer: Buffer, length: number) => number;

function newScanner(format: FrameFormat): Scanner {
  if (format === 'png') return pngScanner();
  if (format === 'webp') return webpScanner;
  return jpegScanner();
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngScanner(): Scanner {
  let position = PNG_SIGNATURE.length;
  return (buffer, length) => {
    if (length < PNG_SIGNATURE.length) return -1;
    if (!buffer.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE))
      throw new Error('ffmpeg wrote something that is not a PNG');
    for (;;) {
      if (position + 8 > length) return -1;
      const next = position + 12 + buffer.readUInt32BE(position);
      if (next > length) return -1;
      const type = buffer.toString('latin1', position + 4, position + 8);
      position = next;
      if (type === 'IEND') return next;
    }
  };
}

const webpScanner: Scanner = (buffer, length) => {
  if (length < 8) return -1;
  if (buffer.toString('latin1', 0, 4) !== 'RIFF') throw new Error('ffmpeg wrote something that is not a WebP');
  const size = buffer.readUInt32LE(4);
  const total = 8 + size + (size & 1);
  return length >= total ? total : -1;
};

function jpegScanner(): Scanner {
  let position = 2;
  let inScan = false;
  return (buffer, length) => {
    if (length < 2) return -1;
    if (buffer[0] !== 0xff || buffer[1] !== 0xd8) throw new Error('ffmpeg wrote something that is not a JPEG');
    for (;;) {
      if (inScan) {
        // Entropy-coded data: 0xFF is followed by 0x00 (stuffing) or a restart marker; anything else ends the scan.
        let i = position;
        while (i + 1 < length) {
          if (buffer[i] === 0xff) {
            const next = buffer[i + 1] ?? 0;
            if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
              i += 2;
              continue;
            }
            break;
          }
          i += 1;
        }
        position = i;
        if (i + 1 >= length) return -1;
        inScan = false;
      }
      if (position + 2 > length) return -1;
      if (buffer[position] !== 0xff) throw new Error('ffmpeg wrote a JPEG this reader does not follow');
      const marker = buffer[position + 1] ?? 0;
      if (marker === 0xff) {
        position += 1;
        continue;
      }
      if (marker === 0xd9) return position + 2;
      if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        position += 2;
        continue;
      }
      if (position + 4 > length) return -1;
      const next = position + 2 + buffer.readUInt16BE(position + 2);
      if (next > length) return -1;
      position = next;
      if (marker === 0xda) inScan = true;
    }
  };
}
