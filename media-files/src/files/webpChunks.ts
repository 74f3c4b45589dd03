/**
 * A WebP file's chunks (RIFF): where each is, and the metadata ones' contents. Bounded on hostile
 * input: a chunk or RIFF size that runs past the end gives undefined, never an exception.
 */

export type WebpChunk = {
  fourcc: string;
  /** The chunk from its header to its end, padding included: [start, end). */
  start: number;
  end: number;
  /** Its data: [dataStart, dataStart + size). */
  dataStart: number;
  size: number;
};

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

const u32le = (bytes: Uint8Array, at: number) =>
  ((bytes[at] as number) |
    ((bytes[at + 1] as number) << 8) |
    ((bytes[at + 2] as number) << 16) |
    ((bytes[at + 3] as number) << 24)) >>>
  0;

export const isWebp = (bytes: Uint8Array) =>
  bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP';

/** The chunks in order and where the RIFF ends; undefined when it is not a well-formed WebP. */
export function webpChunks(bytes: Uint8Array): { chunks: WebpChunk[]; riffEnd: number } | undefined {
  if (!isWebp(bytes)) return undefined;
  const riffEnd = 8 + u32le(bytes, 4);
  if (riffEnd > bytes.length || riffEnd < 12) return undefined;
  const chunks: WebpChunk[] = [];
  for (let at = 12; at < riffEnd; ) {
    if (at + 8 > riffEnd) return undefined;
    const size = u32le(bytes, at + 4);
    // Chunks are padded to an even size.
    const end = at + 8 + size + (size % 2);
    if (end > riffEnd) return undefined;
    chunks.push({ fourcc: ascii(bytes, at, 4), start: at, end, dataStart: at + 8, size });
    at = end;
  }
  return { chunks, riffEnd };
}

const EXIF_PREFIX = [0x45, 0x78, 0x69, 0x66, 0, 0]; // "Exif\0\0", which some writers put first

/**
 * A WebP's metadata as the formats that hold it: EXIF as a TIFF, XMP as its packet, the ICC
 * profile. Each is a view into `bytes`; undefined when the file is not a well-formed WebP.
 */
export function webpMetadata(bytes: Uint8Array): { exif?: Uint8Array; xmp?: Uint8Array; icc?: Uint8Array } | undefined {
  const parsed = webpChunks(bytes);
  if (!parsed) return undefined;
  const out: { exif?: Uint8Array; xmp?: Uint8Array; icc?: Uint8Array } = {};
  for (const { fourcc, dataStart, size } of parsed.chunks) {
    const data = bytes.subarray(dataStart, dataStart + size);
    if (fourcc === 'EXIF' && !out.exif) {
      out.exif = EXIF_PREFIX.every((byte, i) => data[i] === byte) ? data.subarray(EXIF_PREFIX.length) : data;
    } else if (fourcc === 'XMP ' && !out.xmp) out.xmp = data;
    else if (fourcc === 'ICCP' && !out.icc) out.icc = data;
  }
  return out;
}
