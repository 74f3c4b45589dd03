import * as z from 'zod/mini';

/**
 * What a visitor chooses about the files they download, the same for all six sources: one object
 * the one download path (shared-ui's downloadAll) takes, for Download All, Download Selected and a
 * single image. Remembered on the device, so it is parsed, not trusted, when read back.
 */

/** `view`: the image as shown (the default); `original`: each image's stored file where it has one. */
export const DOWNLOAD_RENDITIONS = ['view', 'original'] as const;
export const DownloadRenditionSchema = z.enum(DOWNLOAD_RENDITIONS);
export type DownloadRendition = z.infer<typeof DownloadRenditionSchema>;

/** The file-name template that keeps today's names. */
export const DEFAULT_NAME_TEMPLATE = '{name}';

export const DownloadChoicesSchema = z.object({
  rendition: z._default(DownloadRenditionSchema, 'view'),
  /**
   * Names of the files, single downloads and ZIP entries alike, by tokens: `{source}` `{page}`
   * `{slide}` `{time}` `{index}` `{index:03}` `{name}` `{alt}` `{width}` `{height}` `{format}` `{ext}`
   * (media-files' nameFromTemplate).
   */
  nameTemplate: z._default(z.string().check(z.maxLength(300)), DEFAULT_NAME_TEMPLATE),
});
export type DownloadChoices = z.infer<typeof DownloadChoicesSchema>;

export const DEFAULT_DOWNLOAD_CHOICES: DownloadChoices = { rendition: 'view', nameTemplate: DEFAULT_NAME_TEMPLATE };
