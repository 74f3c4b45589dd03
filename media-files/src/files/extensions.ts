/**
 * The one table of file extensions, by the format names `sniffImageFormat` and the document engine
 * give: download names, ZIP entries and the engine's image names all take theirs from here.
 */

const EXTENSIONS: Readonly<Record<string, string>> = {
  JPEG: 'jpg',
  PNG: 'png',
  GIF: 'gif',
  WEBP: 'webp',
  AVIF: 'avif',
  SVG: 'svg',
  ICO: 'ico',
  BMP: 'bmp',
  TIFF: 'tif',
  EMF: 'emf',
  WMF: 'wmf',
  PICT: 'pct',
  // JPEG 2000 as a file (JP2) or as PDF's JPXDecode names it (the engine's JPX): `.jp2` either way,
  // as poppler's `pdfimages -all` writes a JPXDecode stream, so the engine's names, the ZIP's and
  // the reference tools' agree.
  JP2: 'jp2',
  JPX: 'jp2',
  HEIC: 'heic',
  JXL: 'jxl',
  CUR: 'cur',
};

/** The usual extension of a format (`JPEG` → `jpg`), or the format itself in lower case. */
export function extensionFor(format: string | undefined): string {
  if (!format) return 'bin';
  return EXTENSIONS[format.toUpperCase()] ?? format.toLowerCase().replace(/[^a-z0-9]/g, '') ?? 'bin';
}
