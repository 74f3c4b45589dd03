/**
 * An EMF or WMF drawn to PNG by Inkscape, for the pictures the browser's renderer cannot draw
 * whole (rtf.js skips an EMF's text and bitmaps). Inkscape rather than LibreOffice: it exports the
 * picture's own frame (`--export-area-page`) at a size we choose, where LibreOffice's
 * `--convert-to png` puts it on an A4 page; it also installs in a fraction of the size (29 MB
 * download against LibreOffice's core) and starts in a fifth of the time.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sniffImageFormat } from 'media-files';
import { runInkscape } from './runInkscape.ts';

export type MetafileFormat = 'EMF' | 'WMF';

/** Long side of the PNG, in pixels: sharp on a card, small enough to make quickly. */
export const PREVIEW_LONG_SIDE = 1200;
/**
 * The proportions of the page Inkscape exports: an EMF's frame (rclFrame, which Inkscape takes as
 * its page; the bounds may differ: word_with_embeded.doc's image1.emf is wide by its bounds and
 * tall by its frame), a placeable WMF's box, or a standard WMF's window.
 */
export function aspectOf(bytes: Uint8Array, format: MetafileFormat): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (format === 'EMF' && bytes.length >= 40) {
    const width = view.getInt32(32, true) - view.getInt32(24, true);
    const height = view.getInt32(36, true) - view.getInt32(28, true);
    if (width > 0 && height > 0) return width / height;
  }
  const sniffed = sniffImageFormat(bytes);
  if (sniffed?.width && sniffed.height) return sniffed.width / sniffed.height;
  if (format !== 'WMF') return undefined;
  // META_SETWINDOWEXT (0x020C): height, then width, as 16-bit values after the record's 6 bytes.
  for (let at = 18; at + 10 <= bytes.length; ) {
    const words = view.getUint32(at, true);
    if (words < 3 || at + words * 2 > bytes.length) return undefined;
    if (view.getUint16(at + 4, true) === 0x020c) {
      const height = Math.abs(view.getInt16(at + 6, true));
      const width = Math.abs(view.getInt16(at + 8, true));
      return width > 0 && height > 0 ? width / height : undefined;
    }
    at += words * 2;
  }
  return undefined;
}

/**
 * Draws the metafile in `workDir` (a folder of this job's own, which the caller deletes) and
 * returns the PNG. Rejects with ConverterMissing when Inkscape (or prlimit) cannot be started,
 * ConversionFailed when it draws nothing.
 */
export async function convertMetafile(options: {
  inkscapePath: string;
  bytes: Uint8Array;
  format: MetafileFormat;
  workDir: string;
  signal: AbortSignal;
}): Promise<Uint8Array> {
  const { inkscapePath, bytes, format, workDir, signal } = options;
  const input = path.join(workDir, `picture.${format.toLowerCase()}`);
  const output = path.join(workDir, 'picture.png');
  await writeFile(input, bytes);
  const aspect = aspectOf(bytes, format) ?? 1;
  const size = aspect >= 1 ? `--export-width=${PREVIEW_LONG_SIDE}` : `--export-height=${PREVIEW_LONG_SIDE}`;
  const png = await runInkscape({
    inkscapePath,
    args: ['--export-type=png', '--export-area-page', size, `--export-filename=${output}`, input],
    output,
    workDir,
    signal,
    drewSomething: (written) => sniffImageFormat(written)?.format === 'PNG',
  });
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}
