import { z } from 'zod';

/** What every API route answers when it refuses or fails, before any route-specific shape applies. */
export const ApiErrorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  /** Per-field messages when the request failed validation, keyed by field name. */
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
