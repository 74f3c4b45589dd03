import { z } from 'zod';

/**
 * One image found in any source: a page, a website, a video, a PDF, a Word or a PowerPoint file.
 * The spec's per-source fields (section 3) are optional members of one schema, so the grid, the
 * ZIP writer and Save-to-profile take every source alike.
 */
export const IMAGE_SOURCE_KINDS = ['page', 'website', 'video', 'pdf', 'docx', 'doc', 'pptx', 'ppt'] as const;
export const ImageSourceKindSchema = z.enum(IMAGE_SOURCE_KINDS);
export type ImageSourceKind = z.infer<typeof ImageSourceKindSchema>;

/** Another size of the same picture (a srcset candidate), kept beside the largest one. */
export const ImageVariantSchema = z.object({
  url: z.string(),
  /** The srcset descriptor as written: `640w`, `2x`. */
  descriptor: z.string().optional(),
  width: z.number().int().positive().optional(),
});
export type ImageVariant = z.infer<typeof ImageVariantSchema>;

export const ExtractedImageSchema = z.object({
  /** Stable within one result set. */
  id: z.string().min(1),
  /** File name for a download, unique within one result set, with the extension of `format`. */
  name: z.string().min(1),
  /** Where it is shown and fetched from: an http(s) URL, or a blob:/data: URL made on the device. */
  url: z.string().min(1),
  source: ImageSourceKindSchema,
  /** True format, from the file's magic bytes: `PNG`, `JPEG`, `GIF`, `WEBP`, `SVG`, `AVIF`, `ICO`, `BMP`, `TIFF`, `EMF`… */
  format: z.string().min(1).optional(),
  mimeType: z.string().min(1).optional(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  /** Size of the file in bytes. */
  size: z.number().int().nonnegative().optional(),
  alt: z.string().optional(),
  /** Website scan: the first page the image was found on. */
  pageUrl: z.string().optional(),
  /** Where on the page it came from: `img`, `srcset`, `css`, `og:image`, `inline-svg`… */
  foundIn: z.array(z.string()).optional(),
  variants: z.array(ImageVariantSchema).optional(),
  /** PDF pages, in order (an image used on many pages is listed once). */
  pageNumbers: z.array(z.number().int().positive()).optional(),
  /** Presentation slides, in order. */
  slideNumbers: z.array(z.number().int().positive()).optional(),
  /** Where in a document: `slide`, `layout`, `master`, `background`, `header`, `footer`, `footnote`. */
  role: z.string().optional(),
  /** Video frame time, in seconds, and as HH:MM:SS(.mmm) text. */
  timeSeconds: z.number().nonnegative().optional(),
  timestamp: z.string().optional(),
  /** Something a user should know about this image (a linked file not fetched, a preview of a vector file). */
  note: z.string().optional(),
});
export type ExtractedImage = z.infer<typeof ExtractedImageSchema>;
