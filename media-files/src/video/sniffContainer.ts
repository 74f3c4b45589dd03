/**
 * The container of a video from its first bytes, whatever its name or Content-Type says. Used to
 * refuse what is not a video before any work, and by the browser to choose WebCodecs or the server.
 * 64 bytes are enough for every container below except MPEG-TS, which needs 377 (three packets).
 */
export type VideoContainer = 'mp4' | 'webm' | 'matroska' | 'avi' | 'flv' | 'mpegts' | 'mpegps' | 'ogg' | 'asf';

export const VIDEO_SNIFF_BYTES = 384;

const CONTAINER_MIME: Readonly<Record<VideoContainer, string>> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  matroska: 'video/x-matroska',
  avi: 'video/x-msvideo',
  flv: 'video/x-flv',
  mpegts: 'video/mp2t',
  mpegps: 'video/mpeg',
  ogg: 'video/ogg',
  asf: 'video/x-ms-asf',
};

export function containerMimeType(container: VideoContainer): string {
  return CONTAINER_MIME[container];
}

/** ISO BMFF boxes a MP4 or QuickTime file can start with (old QuickTime files have no `ftyp`). */
const MP4_FIRST_BOXES = new Set(['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide', 'pnot']);

export function sniffVideoContainer(bytes: Uint8Array): VideoContainer | undefined {
  if (bytes.length < 12) return undefined;
  if (MP4_FIRST_BOXES.has(ascii(bytes, 4, 8))) return 'mp4';
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    // The EBML header names its DocType within the first few dozen bytes.
    return ascii(bytes, 0, Math.min(bytes.length, 64)).includes('webm') ? 'webm' : 'matroska';
  }
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'AVI ') return 'avi';
  if (ascii(bytes, 0, 3) === 'FLV' && bytes[3] === 0x01) return 'flv';
  if (ascii(bytes, 0, 4) === 'OggS') return 'ogg';
  if (bytes[0] === 0x00 && bytes[1] === 0x00 && bytes[2] === 0x01 && bytes[3] === 0xba) return 'mpegps';
  if (startsWith(bytes, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return 'asf';
  if (syncBytesAt(bytes, 0, 188) || syncBytesAt(bytes, 4, 192)) return 'mpegts';
  return undefined;
}

/** MPEG-TS (188-byte packets) or M2TS (192, with a 4-byte prefix): 0x47 at the start of three packets. */
function syncBytesAt(bytes: Uint8Array, first: number, stride: number): boolean {
  const needed = first + stride * 2 + 1;
  if (bytes.length < needed) return false;
  return bytes[first] === 0x47 && bytes[first + stride] === 0x47 && bytes[first + stride * 2] === 0x47;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  let text = '';
  for (let i = from; i < to && i < bytes.length; i += 1) text += String.fromCharCode(bytes[i] ?? 0);
  return text;
}
