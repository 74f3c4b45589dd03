import * as z from 'zod/mini';
import { ExtractedImageSchema } from '../entities/extractedImage.ts';
import { ManifestFactsSchema } from '../entities/manifest.ts';
import { SCAN_DEPTH_DEFAULT, SCAN_DEPTH_MAX, SCAN_DEPTH_MIN } from '../limits.ts';
import { API_PATHS } from './paths.ts';

/** An address the API will fetch: http(s) only. Private addresses are refused later, by the server. */
export const PublicUrlSchema = z.pipe(
  z.string().check(z.trim(), z.minLength(1, 'Please enter a URL')),
  z.url({ protocol: /^https?$/, message: 'Please enter a valid http:// or https:// address' }),
);

/**
 * How web images are given, for every web source (a page, a website, a list, the CLI): the
 * full-size original behind a resized copy (on unless turned off), and sprite sheets cut into the
 * pieces a rendered page shows (off unless asked), and JPEG/PNG asked for where a server would send
 * WebP or AVIF (off unless asked).
 */
export const WebImageChoicesSchema = z.object({
  /** Offer the larger original behind a CDN's or CMS's resized copy, once checked to be the same picture. */
  original: z._default(z.boolean(), true),
  /** With `render`: each piece of a CSS sprite sheet the page shows, cut out as its own PNG. */
  sprites: z._default(z.boolean(), false),
  /** Ask servers that choose a format by the request's Accept for JPEG or PNG, not WebP or AVIF. */
  originalFormats: z._default(z.boolean(), false),
});

/** `POST /api/extract` */
export const ExtractRequestSchema = z.object({
  url: PublicUrlSchema,
  /** Load the page in headless Chromium and scroll it, so script-built and lazy images appear. */
  render: z._default(z.boolean(), false),
  ...WebImageChoicesSchema.shape,
});
export type ExtractRequest = z.input<typeof ExtractRequestSchema>;

/**
 * `POST /api/extract-website` (JSON answer) and `POST /api/extract-website/stream` (NDJSON lines of
 * `ExtractionEventSchema`, the one event union of every extractor).
 */
export const ExtractWebsiteRequestSchema = z.object({
  url: PublicUrlSchema,
  depth: z._default(
    z
      .number()
      .check(
        z.int('Scan depth must be a whole number'),
        z.gte(SCAN_DEPTH_MIN, `Scan depth must be between ${SCAN_DEPTH_MIN} and ${SCAN_DEPTH_MAX}`),
        z.lte(SCAN_DEPTH_MAX, `Scan depth must be between ${SCAN_DEPTH_MIN} and ${SCAN_DEPTH_MAX}`),
      ),
    SCAN_DEPTH_DEFAULT,
  ),
  render: z._default(z.boolean(), false),
  ...WebImageChoicesSchema.shape,
});
export type ExtractWebsiteRequest = z.input<typeof ExtractWebsiteRequestSchema>;

/** The answer of `POST /api/extract`: success, images, error, message. */
export const ExtractResponseSchema = z.object({
  success: z.boolean(),
  /** Empty on failure (a request refused before any work, too). */
  images: z._default(z.array(ExtractedImageSchema), []),
  /** Pages read (1 for a single page). */
  pages: z.optional(z.number().check(z.int(), z.nonnegative())),
  error: z.optional(z.string()),
  message: z.optional(z.string()),
});
export type ExtractResponse = z.infer<typeof ExtractResponseSchema>;

/** `GET /api/image?url=…&download=name[&format=original]` */
export const ImageProxyQuerySchema = z.object({
  url: PublicUrlSchema,
  download: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(255))),
  /** Ask the image's server for its JPEG/PNG (an image found with `originalFormats`). */
  format: z.optional(z.literal('original')),
});

/**
 * Where the site reads a web image's bytes (Open, Download, the browser's ZIP): the image proxy,
 * asking the way the image was found (`originalFormat`: JPEG/PNG, not WebP/AVIF).
 */
export function imageProxyPath(
  image: { url: string; originalFormat?: boolean | undefined },
  download?: string,
): string {
  const query: [string, string][] = [['url', image.url]];
  if (download) query.push(['download', download]);
  if (image.originalFormat) query.push(['format', 'original']);
  return `${API_PATHS.image}?${query.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`;
}

/** An image the ZIP holds: fetched from a public address, or carried inline (inline SVG, data: URIs). */
export const ZipImageUrlSchema = z.union([
  PublicUrlSchema,
  z.string().check(z.regex(/^data:image\/[\w.+-]+(;[\w=.+-]+)*(;base64)?,/, 'Only image data: URLs can be zipped')),
]);

/** `POST /api/zip`: the images to fetch into one streamed archive. */
export const ZipRequestSchema = z.object({
  images: z
    .array(
      z.object({
        url: ZipImageUrlSchema,
        name: z.string().check(z.trim(), z.minLength(1), z.maxLength(255)),
        /** What the grid knows of the image, for the archive's manifest.csv and manifest.json. */
        facts: z.optional(ManifestFactsSchema),
        /** Ask its server for JPEG/PNG, as it was found (ExtractedImage's `originalFormat`). */
        originalFormat: z.optional(z.boolean()),
      }),
    )
    .check(z.minLength(1, 'Nothing to download'), z.maxLength(2_000, 'At most 2,000 images per ZIP')),
  /** The archive's file name. */
  name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(255))),
});
export type ZipRequest = z.input<typeof ZipRequestSchema>;
