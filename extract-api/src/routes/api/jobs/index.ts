import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  JOB_PATHS,
  JobCreatedSchema,
  JobIdSchema,
  JobSnapshotSchema,
  MESSAGES,
  WebsiteJobRequestSchema,
} from 'shared-contracts';
import { z } from 'zod';
import { sendNdjson } from '../../../http/index.ts';
import { JobsBusyError, type ScanJobs } from '../../../jobs/index.ts';

export type JobRouteDeps = { jobs: ScanJobs };

const IdParams = z.object({ id: JobIdSchema });
const AfterQuery = z.object({ after: z.coerce.number().int().min(0).default(0) });
const ID_PATH = JOB_PATHS.websiteJob(':id').replace('%3A', ':');

const notFound = { success: false as const, error: MESSAGES.website.notFound };

/**
 * Website scans as jobs (shared-contracts JOB_PATHS): create, where it is, its events from a cursor
 * (NDJSON, the one event union numbered) and cancel. Each request names
 * the job by id and holds nothing of it: any request, on any instance, re-attaches.
 */
export function jobRoutes({ jobs }: JobRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      JOB_PATHS.websiteJobs,
      {
        schema: {
          summary: 'Start a website scan as a job (one start address, or a batch of them); answers its id',
          body: WebsiteJobRequestSchema,
          response: { 202: JobCreatedSchema, 400: ApiErrorSchema, 503: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        try {
          const created = await jobs.create(request.body);
          return reply.code(202).header('location', JOB_PATHS.websiteJob(created.id)).send(created);
        } catch (error) {
          if (error instanceof JobsBusyError) {
            return reply.code(503).header('retry-after', '60').send({ success: false, error: error.message });
          }
          throw error;
        }
      },
    );

    app.get(
      ID_PATH,
      {
        schema: {
          summary: "A website job's status, progress and the images found after the cursor `after`",
          params: IdParams,
          querystring: AfterQuery,
          response: { 200: JobSnapshotSchema, 404: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const snapshot = await jobs.snapshot(request.params.id, request.query.after);
        if (!snapshot) return reply.code(404).send(notFound);
        return reply.header('cache-control', 'no-store').send(snapshot);
      },
    );

    app.get(
      `${ID_PATH}/events`,
      {
        // Each line must reach the browser as it happens, not when a gzip block fills.
        compress: false,
        schema: {
          summary:
            "A website job's events after the cursor `after`, as they happen, one numbered extraction event per line, ending with done or error",
          params: IdParams,
          querystring: AfterQuery,
        },
      },
      async (request, reply) => {
        // Closing the stream stops the reading, never the job (Cancel is its own request).
        const controller = new AbortController();
        const events = await jobs.events(request.params.id, request.query.after, controller.signal);
        if (!events) return reply.code(404).send(notFound);
        return sendNdjson(reply, events, {
          onError: (error) => {
            request.log.error({ err: error, job: request.params.id }, 'reading a website job failed');
            return { type: 'error', error: MESSAGES.website.fallbackError };
          },
          onClose: () => controller.abort(),
        });
      },
    );

    app.post(
      `${ID_PATH}/cancel`,
      {
        schema: {
          summary: 'Stop a website job; what it found stays available',
          params: IdParams,
          response: { 200: JobSnapshotSchema, 404: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const snapshot = await jobs.cancel(request.params.id);
        if (!snapshot) return reply.code(404).send(notFound);
        return snapshot;
      },
    );
  };
}
