/**
 * What a DCTDecode stream holds, read from its marker segments (ITU T.81 §B): where the JPEG
 * starts (its SOI), where it ends (its EOI), and its frame header's size. A stream handed out as
 * a .jpg is cut to SOI…EOI: bytes before the SOI (the line feed after an inline image's `ID\r\n`,
 * a writer's padding) and after the EOI (garbage, a second copy) are no part of the file, and
 * viewers refuse a JPEG that does not start with its SOI. One forward pass: each step moves on
 * by at least one byte, so any input is read in linear time.
 */

export type JpegLayout =
  | {
      ok: true;
      /** Offset of the SOI marker. */
      start: number;
      /** Just past the EOI marker; the end of the data when there is none (a truncated JPEG). */
      end: number;
      /** From the first frame header (SOFn); height 0 means a DNL segment gives it. */
      width: number;
      height: number;
      components: number;
      hasEoi: boolean;
    }
  | { ok: false; reason: string };

/** SOF0–SOF15, less DHT (C4), JPG (C8) and DAC (CC). */
function isFrameMarker(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Markers with no length after them: TEM, RST0–7, SOI, EOI. */
function isStandalone(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9);
}

/** Offset of the first SOI (FF D8 followed by another marker's FF), or -1. */
export function findSoi(data: Uint8Array, from = 0): number {
  for (let at = data.indexOf(0xff, from); at >= 0 && at + 2 < data.length; at = data.indexOf(0xff, at + 1)) {
    if (data[at + 1] === 0xd8 && data[at + 2] === 0xff) return at;
  }
  return -1;
}

/**
 * Where the entropy-coded data that starts at `from` ends: the next marker that is not a
 * stuffed zero (FF 00), a restart (FF D0–D7) or fill (FF FF).
 */
function endOfScan(data: Uint8Array, from: number): number {
  for (let at = data.indexOf(0xff, from); at >= 0; at = data.indexOf(0xff, at + 1)) {
    const next = data[at + 1];
    if (next === undefined) return data.length;
    if (next === 0x00 || next === 0xff || (next >= 0xd0 && next <= 0xd7)) continue;
    return at;
  }
  return data.length;
}

/** The layout of the JPEG in `data` (see the module comment), or why it holds none. */
export function readJpegLayout(data: Uint8Array): JpegLayout {
  const start = findSoi(data);
  if (start < 0) return { ok: false, reason: 'it has no start-of-image (SOI) marker' };
  let frame: { width: number; height: number; components: number } | undefined;
  let at = start + 2;
  while (at + 1 < data.length) {
    if (data[at] !== 0xff) {
      // bytes between segments: on to the next marker
      const next = data.indexOf(0xff, at + 1);
      if (next < 0) break;
      at = next;
      continue;
    }
    const marker = data[at + 1] ?? 0;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      if (!frame) break;
      return { ok: true, start, end: at + 2, ...frame, hasEoi: true };
    }
    if (marker === 0x00 || isStandalone(marker)) {
      at += 2;
      continue;
    }
    if (at + 3 >= data.length) break;
    const length = ((data[at + 2] ?? 0) << 8) | (data[at + 3] ?? 0);
    if (length < 2) {
      at += 2;
      continue;
    }
    const body = at + 4;
    const next = at + 2 + length;
    if (isFrameMarker(marker) && !frame) {
      // P, Y, X, Nf and Nf component specifications (3 bytes each)
      const nf = data[body + 5] ?? 0;
      if (length < 8 || next > data.length || nf === 0 || length < 8 + 3 * nf) break;
      const height = ((data[body + 1] ?? 0) << 8) | (data[body + 2] ?? 0);
      const width = ((data[body + 3] ?? 0) << 8) | (data[body + 4] ?? 0);
      if (width === 0) return { ok: false, reason: 'its frame header gives a width of 0' };
      frame = { width, height, components: nf };
    }
    if (marker === 0xda) {
      if (!frame) break;
      at = endOfScan(data, Math.min(next, data.length));
      continue;
    }
    at = next;
  }
  if (!frame) return { ok: false, reason: 'it holds no complete frame header (SOF)' };
  return { ok: true, start, end: data.length, ...frame, hasEoi: false };
}

/** Bytes an inline image's JPEG walks may read, shared by one content stream (see `inlineJpegEnd`). */
export type JpegWalkBudget = { remaining: number };

/**
 * The end of an inline image's DCT data that starts at `from` (T.81 markers walked up to the
 * EOI, as PDF readers do, since `EI` may occur inside the data), or -1 when there is no EOI
 * (the caller then looks for `EI`). Each walk is charged to `budget`, which the caller sizes
 * from its content stream: a stream of many inline images without an EOI, each walk running to
 * its end, would otherwise be read quadratically.
 */
export function inlineJpegEnd(data: Uint8Array, from: number, budget: JpegWalkBudget): number {
  if (budget.remaining <= 0) return -1;
  // only the white space after `ID` may come before the SOI of an inline image's data
  let start = from;
  while (start < data.length && start - from < 4 && data[start] !== 0xff) start++;
  if (data[start] !== 0xff || data[start + 1] !== 0xd8) return -1;
  const window = data.subarray(start, start + budget.remaining);
  const layout = readJpegLayout(window);
  const found = layout.ok && layout.hasEoi && layout.start === 0;
  budget.remaining -= found ? layout.end : window.length;
  return found ? start + layout.end : -1;
}
