/** Hostile RTF: groups nested without end, pictures that never close, \bin lengths past the file. */
import type { HostileDocument } from './hostileDocument.ts';

const encoder = new TextEncoder();

/** A 1 x 1 PNG in hex, the picture a reader should still find beside the hostile structure. */
const TINY_PNG_HEX =
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f00050001ff' +
  '89993d1d0000000049454e44ae426082';

/** 100,000 groups nested, a picture at the bottom, and one after them at the top. */
export function deepGroupsRtf(): Uint8Array {
  const depth = 100_000;
  return encoder.encode(
    `{\\rtf1 ${'{'.repeat(depth)}{\\pict\\pngblip ${TINY_PNG_HEX}}${'}'.repeat(depth)}{\\pict\\pngblip ${TINY_PNG_HEX}}}`,
  );
}

/** 100,000 groups opened and never closed. */
export function unclosedGroupsRtf(): Uint8Array {
  return encoder.encode(`{\\rtf1 ${'{\\b '.repeat(100_000)}`);
}

/** A picture whose 6 MB of hex never ends: no closing brace. */
export function unclosedPictureRtf(): Uint8Array {
  return encoder.encode(`{\\rtf1 {\\pict\\pngblip ${TINY_PNG_HEX}${'0'.repeat(6_000_000)}`);
}

/** `\bin` lengths of 10 digits, far past the file, again and again. */
export function hugeBinRtf(): Uint8Array {
  return encoder.encode(`{\\rtf1 ${'{\\pict\\pngblip\\bin9999999999 }'.repeat(10_000)}}`);
}

export const RTF_HOSTILE_DOCUMENTS: readonly HostileDocument[] = [
  { name: 'an RTF file of groups nested 100,000 deep', kind: 'rtf', fileName: 'deep-groups.rtf', build: deepGroupsRtf },
  {
    name: 'an RTF file of 100,000 groups never closed',
    kind: 'rtf',
    fileName: 'unclosed-groups.rtf',
    build: unclosedGroupsRtf,
  },
  {
    name: 'an RTF picture of 6 MB of hex that never closes',
    kind: 'rtf',
    fileName: 'unclosed-picture.rtf',
    build: unclosedPictureRtf,
  },
  {
    name: 'an RTF file whose \\bin lengths run past its end',
    kind: 'rtf',
    fileName: 'huge-bin.rtf',
    build: hugeBinRtf,
  },
];
