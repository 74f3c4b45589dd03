/**
 * File names for downloads and ZIP entries: safe on every OS, unique within one set, with the
 * extension of the file's true format.
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
  JP2: 'jp2',
  JPX: 'jpx',
  HEIC: 'heic',
  JXL: 'jxl',
  CUR: 'cur',
};

/** The usual extension of a format (`JPEG` → `jpg`), or the format itself in lower case. */
export function extensionFor(format: string | undefined): string {
  if (!format) return 'bin';
  return EXTENSIONS[format.toUpperCase()] ?? format.toLowerCase().replace(/[^a-z0-9]/g, '') ?? 'bin';
}

const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
const MAX_NAME_CHARS = 120;

/** A file name without path separators, control characters or characters Windows refuses. */
export function safeFileName(name: string, fallback = 'image'): string {
  const cleaned = name
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must go
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.-]+|[\s.]+$/g, '');
  const stem = cleaned.replace(/\.[^.]*$/, '');
  if (!cleaned || RESERVED.test(stem)) return fallback;
  if (cleaned.length <= MAX_NAME_CHARS) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, MAX_NAME_CHARS - ext.length) + ext;
}

/** Replaces the extension of `name` with the one of `format` (an image named .png that is a JPEG gets .jpg). */
export function withFormatExtension(name: string, format: string | undefined): string {
  const ext = extensionFor(format);
  const stem = name.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'image';
  return `${stem}.${ext}`;
}

/**
 * Hands out unique names, case-insensitively (ZIP readers on Windows and macOS fold case), by adding
 * -2, -3… before the extension. The first holder of a name keeps it. For names that arrive one by
 * one (a streamed scan, a ZIP being written).
 */
export function createNameAllocator() {
  const taken = new Set<string>();
  return (name: string): string => {
    const dot = name.lastIndexOf('.');
    const stem = dot > 0 ? name.slice(0, dot) : name;
    const ext = dot > 0 ? name.slice(dot) : '';
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${stem}-${n}${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}

/** The same for a whole list at once. */
export function uniqueNames(names: readonly string[]): string[] {
  return names.map(createNameAllocator());
}

/** A name for an image found at a URL: the last path segment, made safe, with its true extension. */
export function fileNameFromUrl(url: string, format: string | undefined, fallback = 'image'): string {
  let base = fallback;
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'data:') base = fallback;
    else
      base =
        decodeURIComponent(parsed.pathname.split('/').filter(Boolean).pop() ?? '') ||
        parsed.hostname.replace(/\./g, '-');
  } catch {
    base = fallback;
  }
  return withFormatExtension(safeFileName(base, fallback), format);
}

/** "1600 x 900", or N/A when a dimension is unknown: how every card and the CLI show a size. */
export function formatDimensions(image: { width?: number | undefined; height?: number | undefined }): string {
  return image.width && image.height ? `${image.width} x ${image.height}` : 'N/A';
}
