import * as z from 'zod/mini';

/** What a frame can be saved as. The browser and ffmpeg both write these three. */
export const FRAME_FORMATS = ['png', 'jpeg', 'webp'] as const;
export const FrameFormatSchema = z.enum(FRAME_FORMATS);
export type FrameFormat = z.infer<typeof FrameFormatSchema>;
export const FRAME_FORMAT_DEFAULT: FrameFormat = 'png';

/** Quality of lossy frames on a 1–100 scale (the browser divides by 100 for canvas; ffmpeg maps it). PNG ignores it. */
export const FRAME_QUALITY_MIN = 1;
export const FRAME_QUALITY_MAX = 100;
export const FRAME_QUALITY_DEFAULT = 92;

export const FrameQualitySchema = z
  .number()
  .check(
    z.int('Quality must be a whole number'),
    z.gte(FRAME_QUALITY_MIN, `Quality must be between ${FRAME_QUALITY_MIN} and ${FRAME_QUALITY_MAX}`),
    z.lte(FRAME_QUALITY_MAX, `Quality must be between ${FRAME_QUALITY_MIN} and ${FRAME_QUALITY_MAX}`),
  );

/** How frames are encoded: the format, and the quality for JPEG and WebP. */
export const FrameOutputSchema = z.object({
  format: z._default(FrameFormatSchema, FRAME_FORMAT_DEFAULT),
  quality: z._default(FrameQualitySchema, FRAME_QUALITY_DEFAULT),
});
export type FrameOutput = z.infer<typeof FrameOutputSchema>;

const FRAME_FORMAT_INFO = {
  png: { mimeType: 'image/png', extension: 'png', label: 'PNG' },
  jpeg: { mimeType: 'image/jpeg', extension: 'jpg', label: 'JPEG' },
  webp: { mimeType: 'image/webp', extension: 'webp', label: 'WEBP' },
} as const satisfies Record<FrameFormat, { mimeType: string; extension: string; label: string }>;

export function frameMimeType(format: FrameFormat): string {
  return FRAME_FORMAT_INFO[format].mimeType;
}

export function frameExtension(format: FrameFormat): string {
  return FRAME_FORMAT_INFO[format].extension;
}

/** The `format` of an ExtractedImage holding this frame (`PNG`, `JPEG`, `WEBP`, as magic bytes name them). */
export function frameFormatLabel(format: FrameFormat): string {
  return FRAME_FORMAT_INFO[format].label;
}
