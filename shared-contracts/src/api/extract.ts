import { z } from 'zod';
import { ExtractedImageSchema } from '../entities/extractedImage.ts';
import { SCAN_DEPTH_DEFAULT, SCAN_DEPTH_MAX, SCAN_DEPTH_MIN } from '../limits.ts';

/** An address the API will fetch: http(s) only. Private addresses are refused later, by the server. */
export const PublicUrlSchema = z
  .string()
  .trim()
  .min(1, 'Please enter a URL')
  .pipe(z.url({ protocol: /^https?$/, message: 'Please enter a valid http:// or https:// address' }));

/** `POST /api/extract` */
export const ExtractRequestSchema = z.object({
  url: PublicUrlSchema,
  /** Load the page in headless Chromium and scroll it, so script-built and lazy images appear. */
  render: z.boolean().default(false),
});
export type ExtractRequest = z.input<typeof ExtractRequestSchema>;

/**
 * `POST /api/extract-website` (JSON answer) and `POST /api/extract-website/stream` (NDJSON lines of
 * `ExtractionEventSchema`, the one event union of every extractor).
 */
export const ExtractWebsiteRequestSchema = z.object({
  url: PublicUrlSchema,
  depth: z
    .number()
    .int('Scan depth must be a whole number')
    .min(SCAN_DEPTH_MIN, `Scan depth must be between ${SCAN_DEPTH_MIN} and ${SCAN_DEPTH_MAX}`)
    .max(SCAN_DEPTH_MAX, `Scan depth must be between ${SCAN_DEPTH_MIN} and ${SCAN_DEPTH_MAX}`)
    .default(SCAN_DEPTH_DEFAULT),
  render: z.boolean().default(false),
});
export type ExtractWebsiteRequest = z.input<typeof ExtractWebsiteRequestSchema>;

/** The spec's answer shape (section 7): success, images, error, message. */
export const ExtractResponseSchema = z.object({
  success: z.boolean(),
  /** Empty on failure (a request refused before any work, too). */
  images: z.array(ExtractedImageSchema).default([]),
  /** Pages read (1 for a single page). */
  pages: z.number().int().nonnegative().optional(),
  error: z.string().optional(),
  message: z.string().optional(),
});
export type ExtractResponse = z.infer<typeof ExtractResponseSchema>;

/** `GET /api/image?url=…&download=name` */
export const ImageProxyQuerySchema = z.object({
  url: PublicUrlSchema,
  download: z.string().trim().min(1).max(255).optional(),
});

/** An image the ZIP holds: fetched from a public address, or carried inline (inline SVG, data: URIs). */
export const ZipImageUrlSchema = z.union([
  PublicUrlSchema,
  z.string().regex(/^data:image\/[\w.+-]+(;[\w=.+-]+)*(;base64)?,/, 'Only image data: URLs can be zipped'),
]);

/** `POST /api/zip`: the images to fetch into one streamed archive. */
export const ZipRequestSchema = z.object({
  images: z
    .array(z.object({ url: ZipImageUrlSchema, name: z.string().trim().min(1).max(255) }))
    .min(1, 'Nothing to download')
    .max(2_000, 'At most 2,000 images per ZIP'),
  /** The archive's file name. */
  name: z.string().trim().min(1).max(255).optional(),
});
export type ZipRequest = z.input<typeof ZipRequestSchema>;
