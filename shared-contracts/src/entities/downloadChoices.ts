import * as z from 'zod/mini';
import { DEFAULT_NAME_TEMPLATE, NAME_TEMPLATE_MAX_CHARS } from './nameTemplate.ts';

/**
 * What a visitor chooses about the files they download, the same for all six sources: one object
 * the one download path (shared-ui's downloadAll) takes, for Download All, Download Selected and a
 * single image. Remembered on the device, so it is parsed, not trusted, when read back.
 */

/** `view`: the image as shown (the default); `original`: each image's stored file where it has one. */
export const DOWNLOAD_RENDITIONS = ['view', 'original'] as const;
export const DownloadRenditionSchema = z.enum(DOWNLOAD_RENDITIONS);
export type DownloadRendition = z.infer<typeof DownloadRenditionSchema>;

export { DEFAULT_NAME_TEMPLATE, NAME_TEMPLATE_MAX_CHARS } from './nameTemplate.ts';

/** Convert on download: `keep` gives each file as it is; the others re-encode in the browser. */
export const DOWNLOAD_FORMATS = ['keep', 'png', 'jpeg', 'webp'] as const;
export const DownloadFormatSchema = z.enum(DOWNLOAD_FORMATS);
export type DownloadFormat = z.infer<typeof DownloadFormatSchema>;
export const DOWNLOAD_QUALITY_DEFAULT = 90;
/** The largest longest side a conversion may ask for: 16,384 px, what canvases take everywhere. */
export const DOWNLOAD_MAX_SIDE = 16_384;

export const DownloadChoicesSchema = z.object({
  rendition: z._default(DownloadRenditionSchema, 'view'),
  /**
   * Names of the files, single downloads and ZIP entries alike, by tokens: `{source}` `{page}`
   * `{slide}` `{time}` `{index}` `{index:03}` `{name}` `{alt}` `{width}` `{height}` `{format}` `{ext}`
   * (media-files' nameFromTemplate).
   */
  nameTemplate: z._default(z.string().check(z.maxLength(NAME_TEMPLATE_MAX_CHARS)), DEFAULT_NAME_TEMPLATE),
  format: z._default(DownloadFormatSchema, 'keep'),
  /** JPEG and WebP quality, 1-100. */
  quality: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(100)), DOWNLOAD_QUALITY_DEFAULT),
  /** Scale down so the longest side is at most this many pixels (never up); absent: the image's own size. */
  maxSide: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(DOWNLOAD_MAX_SIDE))),
  /**
   * Remove EXIF, XMP, IPTC, comments and text chunks from JPEG, PNG and WebP files, byte by byte
   * (no re-encoding); off by default: files are given as they are, metadata kept.
   */
  removeMetadata: z._default(z.boolean(), false),
});
export type DownloadChoices = z.infer<typeof DownloadChoicesSchema>;

export const DEFAULT_DOWNLOAD_CHOICES: DownloadChoices = {
  rendition: 'view',
  nameTemplate: DEFAULT_NAME_TEMPLATE,
  format: 'keep',
  quality: DOWNLOAD_QUALITY_DEFAULT,
  removeMetadata: false,
};
