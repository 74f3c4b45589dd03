/**
 * The picture frame a metafile declares, in its own units, from its header: an EMF's bounds, a
 * placeable WMF's bounding box. Only the proportions matter for a preview.
 */
export type MetafileBox = { left: number; top: number; width: number; height: number };

export function metafileBox(bytes: Uint8Array, format: 'EMF' | 'WMF'): MetafileBox | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (format === 'EMF' && bytes.length >= 24 && view.getUint32(0, true) === 1) {
    const [left, top, right, bottom] = [8, 12, 16, 20].map((at) => view.getInt32(at, true)) as [
      number,
      number,
      number,
      number,
    ];
    return box(left, top, right - left + 1, bottom - top + 1);
  }
  if (format === 'WMF' && bytes.length >= 16 && view.getUint32(0, true) === 0x9ac6cdd7) {
    const [left, top, right, bottom] = [6, 8, 10, 12].map((at) => view.getInt16(at, true)) as [
      number,
      number,
      number,
      number,
    ];
    return box(left, top, right - left, bottom - top);
  }
  return undefined;
}

function box(left: number, top: number, width: number, height: number): MetafileBox | undefined {
  return width > 0 && height > 0 ? { left, top, width, height } : undefined;
}

/** Pixel size of a preview: the frame's proportions, the long side at most `maxSide`. */
export function previewPixels(frame: { width: number; height: number }, maxSide: number) {
  const scale = maxSide / Math.max(frame.width, frame.height);
  return {
    width: Math.max(1, Math.round(frame.width * scale)),
    height: Math.max(1, Math.round(frame.height * scale)),
  };
}

/**
 * A copy of an EMF that rtf.js can open. rtf.js reads the header's extension fields (pixel
 * format, OpenGL flag) at offset 88 whenever the header is 100 bytes or more, even when the
 * description string sits there (Adobe and Office write such files); the text then reads as
 * "OpenGL records present" and it refuses the file. The description does not affect drawing, so
 * the preview's copy has those 12 bytes zeroed. The original is never changed.
 */
export function emfForRtfJs(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const copy = bytes.slice();
  if (copy.length < 100) return copy;
  const view = new DataView(copy.buffer);
  const headerSize = view.getUint32(4, true);
  const descriptionChars = view.getUint32(60, true);
  const descriptionOffset = view.getUint32(64, true);
  if (headerSize >= 100 && descriptionChars > 0 && descriptionOffset < 100) copy.fill(0, 88, 100);
  return copy;
}
