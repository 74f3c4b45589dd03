import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, HealthResponseSchema } from 'shared-contracts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.health,
    { schema: { summary: 'Liveness of the service', response: { 200: HealthResponseSchema } } },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );
};
