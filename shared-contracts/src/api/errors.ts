import * as z from 'zod/mini';

/** What every API route answers when it refuses or fails, before any route-specific shape applies. */
export const ApiErrorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  /** Per-field messages when the request failed validation, keyed by field name. */
  fieldErrors: z.optional(z.record(z.string(), z.string())),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
