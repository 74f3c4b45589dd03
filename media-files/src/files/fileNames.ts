import { DEFAULT_NAME_TEMPLATE } from 'shared-contracts/name-template';
import { extensionFor } from './extensions.ts';

/**
 * File names for downloads and ZIP entries: safe on every OS, unique within one set, with the
 * extension of the file's true format.
 */

const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
const MAX_NAME_CHARS = 120;

/**
 * A file name every file system takes: no path separators, control characters, characters Windows
 * refuses, or text that is not Unicode (a lone surrogate, which UTF-8 file systems cannot store),
 * no reserved device name, no leading dot or dash, no trailing dot or space, at most 120 characters.
 */
export function safeFileName(name: string, fallback = 'image'): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '-')
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

/**
 * What a file-name template can say of one image. Numbers and text as the grid knows them; a
 * missing one makes its token empty.
 */
export type NameFacts = {
  /** The name it has today, with its extension. */
  name: string;
  format?: string | undefined;
  /** The input it came from: a file's name or a page's address. */
  source?: string | undefined;
  page?: number | undefined;
  slide?: number | undefined;
  /** A video frame's time, `HH:MM:SS(.mmm)`. */
  time?: string | undefined;
  alt?: string | undefined;
  width?: number | undefined;
  height?: number | undefined;
  /** A figure or table cut out of a document: its kind and number as printed, and its caption. */
  figure?: { kind: 'figure' | 'table'; number: string; caption: string } | undefined;
  /** 1-based position in the result set. */
  index: number;
};

export const NAME_TOKENS = [
  '{source}',
  '{page}',
  '{slide}',
  '{time}',
  '{index}',
  '{index:03}',
  '{name}',
  '{alt}',
  '{width}',
  '{height}',
  '{format}',
  '{ext}',
  '{figure}',
  '{caption}',
] as const;

/** How much of a caption `{caption}` gives: enough to tell figures apart, short enough for a name. */
const CAPTION_NAME_CHARS = 60;

/** "figure-3", "table-2a": a figure's kind and number as a name. */
const figureText = (figure: NonNullable<NameFacts['figure']>) => `${figure.kind}-${figure.number}`;

/**
 * A caption's words without its label ("Figure 3:", "Table 2."), cut at a word within
 * CAPTION_NAME_CHARS: "Figure 3: Accuracy by epoch." gives "Accuracy by epoch".
 */
export function captionText(figure: NonNullable<NameFacts['figure']>): string {
  const escaped = figure.number.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const label = new RegExp(`^\\s*\\S+\\.?\\s*${escaped}\\s*[.:\u2014\u2013-]?\\s*`, 'i');
  const words = figure.caption
    .replace(label, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.\s]+$/, '');
  if (words.length <= CAPTION_NAME_CHARS) return words;
  const cut = words.slice(0, CAPTION_NAME_CHARS);
  const space = cut.lastIndexOf(' ');
  return (space > CAPTION_NAME_CHARS / 2 ? cut.slice(0, space) : cut).trim();
}

const stemOf = (name: string) => name.replace(/\.[A-Za-z0-9]{1,5}$/, '');

/** A file's name without its extension, or a page address as host and path (`example.org-blog-post`). */
export function sourceText(source: string | undefined): string {
  if (!source) return '';
  try {
    const url = new URL(source);
    if (url.protocol === 'http:' || url.protocol === 'https:') {
      return `${url.hostname}${url.pathname}`.replace(/\/+$/, '').replace(/\//g, '-');
    }
  } catch {
    // Not an address: a file name.
  }
  return stemOf(source);
}

/**
 * One image's name by a template: tokens replaced (unknown ones left as written), separators left
 * doubled by empty tokens closed up, made safe, and ending in the extension of the image's format
 * (added unless the template put it there). The default template gives the image's name unchanged.
 */
export function nameFromTemplate(template: string, facts: NameFacts): string {
  if (template.trim() === DEFAULT_NAME_TEMPLATE || template.trim() === '') return facts.name;
  const ext = facts.format ? extensionFor(facts.format) : (/\.([A-Za-z0-9]{1,5})$/.exec(facts.name)?.[1] ?? 'bin');
  const values: Record<string, string> = {
    source: sourceText(facts.source),
    page: facts.page?.toString() ?? '',
    slide: facts.slide?.toString() ?? '',
    time: facts.time?.replace(/:/g, '-') ?? '',
    name: stemOf(facts.name),
    alt: facts.alt?.trim() ?? '',
    width: facts.width?.toString() ?? '',
    height: facts.height?.toString() ?? '',
    format: facts.format?.toUpperCase() ?? '',
    ext,
    figure: facts.figure ? figureText(facts.figure) : '',
    caption: facts.figure ? captionText(facts.figure) : '',
  };
  const filled = template
    .replace(/\{index(?::(\d{1,2}))?\}/g, (_all, width: string | undefined) =>
      String(facts.index).padStart(width ? Number(width) : 0, '0'),
    )
    .replace(/\{(\w+)\}/g, (all, token: string) => values[token] ?? all);
  const typedExt = filled.toLowerCase().endsWith(`.${ext.toLowerCase()}`);
  const stem = safeFileName(typedExt ? filled.slice(0, -ext.length - 1) : filled, '')
    .replace(/([-_ .])\1+/g, '$1')
    .replace(/^[-_ .]+|[-_ .]+$/g, '');
  return stem ? safeFileName(`${stem}.${ext}`, `image.${ext}`) : `image.${ext}`;
}

/** Names for a set by one template, unique within it (`-2`, `-3`…, the first keeps its name). */
export function namesFromTemplate(template: string, facts: readonly NameFacts[]): string[] {
  const allocate = createNameAllocator();
  return facts.map((each) => allocate(nameFromTemplate(template, each)));
}

/**
 * A ZIP entry's path, safe to unpack anywhere: split at `/` and `\\`, each folder and the file
 * name made safe (`safeFileName`), and empty, `.` and `..` parts dropped, so no entry is absolute
 * or climbs out of the folder it is unpacked into (zip slip). Folders come from the names given
 * (one folder per source of a batch), never from a server's or a document's say.
 */
export function safeEntryPath(name: string, fallback = 'image'): string {
  const parts = name
    .split(/[/\\]+/)
    .filter((part) => part !== '' && part !== '.' && part !== '..')
    .map((part) => safeFileName(part, ''))
    .filter(Boolean);
  return parts.length > 0 ? parts.join('/') : fallback;
}

/**
 * Folder names for the sources of a set (a file's name without its extension, a page address as
 * host and path), in the order given: safe, and unique without regard to case (`-2`, `-3`…), so
 * two files of the same name, or two addresses that read alike, keep folders of their own.
 */
export function sourceFolderNames(sources: readonly string[]): Map<string, string> {
  const taken = new Set<string>();
  const folders = new Map<string, string>();
  for (const source of sources) {
    if (folders.has(source)) continue;
    const folder = safeFileName(sourceText(source), 'source');
    // A folder has no extension: `example.org` is counted on as a whole (`example.org-2`).
    let candidate = folder;
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${folder}-${n}`;
    taken.add(candidate.toLowerCase());
    folders.set(source, candidate);
  }
  return folders;
}
