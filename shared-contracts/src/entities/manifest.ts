import * as z from 'zod/mini';

/**
 * The manifest of a download: one row per image, in every ZIP (manifest.csv and
 * manifest.json, browser and server alike) and from "Download manifest". The facts are what the
 * grid knows of an image; the ZIP writer adds the file's name in the archive, its size and sha256
 * from the bytes it wrote.
 */
const text = (max: number) => z.optional(z.string().check(z.maxLength(max)));
const count = z.optional(z.number().check(z.int(), z.nonnegative()));

export const ManifestFactsSchema = z.object({
  /** Where the image is from: its address for a web image, else the file (or video) it was taken from. */
  source: text(8_192),
  page: count,
  slide: count,
  /** A video frame's time, `HH:MM:SS(.mmm)`. */
  time: text(32),
  /** The page it was found on (a web page or a website scan). */
  foundOn: text(8_192),
  alt: text(2_000),
  width: count,
  height: count,
  format: text(16),
  /** A full-size original's: the smaller copy the page showed, its address and size. */
  shownUrl: text(8_192),
  shownWidth: count,
  shownHeight: count,
  /** A figure or table cut out of a document: its label ("Figure 3", "Table 2") and caption text. */
  figure: text(64),
  caption: text(4_000),
});
export type ManifestFacts = z.infer<typeof ManifestFactsSchema>;

export const ManifestRowSchema = z.object({
  ...ManifestFactsSchema.shape,
  /** Its name in the ZIP (or the name it would be saved under). */
  file: z.string(),
  bytes: count,
  /** Hex SHA-256 of the bytes, where they were read. */
  sha256: text(64),
});
export type ManifestRow = z.infer<typeof ManifestRowSchema>;

/** The columns of manifest.csv, in order; manifest.json has the same keys. */
export const MANIFEST_COLUMNS = [
  'file',
  'source',
  'page',
  'slide',
  'time',
  'foundOn',
  'alt',
  'width',
  'height',
  'bytes',
  'format',
  'sha256',
  'shownUrl',
  'shownWidth',
  'shownHeight',
  'figure',
  'caption',
] as const satisfies readonly (keyof ManifestRow)[];

export const MANIFEST_CSV = 'manifest.csv';
export const MANIFEST_JSON = 'manifest.json';
