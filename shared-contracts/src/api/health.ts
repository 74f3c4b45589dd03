import * as z from 'zod/mini';

/** `GET /api/health` */
export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number().check(z.nonnegative()),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
