import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createNameAllocator } from 'media-files';
import {
  API_PATHS,
  ApiErrorSchema,
  type ExtractedImage,
  type ExtractionEvent,
  ExtractRequestSchema,
  ExtractResponseSchema,
  ExtractWebsiteRequestSchema,
  MESSAGES,
} from 'shared-contracts';
import { z } from 'zod';
import { BusyError } from '../../../admission/index.ts';
import { toHttpFailure } from '../../../errors.ts';
import { fullSizeChecks, type OriginalLimits } from '../../../extractors/originals/index.ts';
import { ExtractionBudget, type ExtractionBudgets } from '../../../extractors/probe/index.ts';
import { type HostGate, notCheckedMessage, readWebPage, toExtractedImages } from '../../../extractors/web/index.ts';
import { clientGoneSignal, sendNdjson } from '../../../http/index.ts';
import { SCAN_TIME_LIMIT_CODE, type ScanJobs } from '../../../jobs/index.ts';
import type { SafeFetch } from '../../../services/safeFetch/index.ts';

/** A refused request has no images; a failed extraction answers the same shape with none. */
const ExtractFailureSchema = z.union([ExtractResponseSchema, ApiErrorSchema]);

/** The options of a route that answers one ExtractResponse at the end, or a failure of the same shape. */
function oneAnswerRoute<Body extends z.core.$ZodType>(summary: string, body: Body) {
  return {
    schema: {
      summary,
      body,
      response: { '2xx': ExtractResponseSchema, '4xx': ExtractFailureSchema, '5xx': ExtractFailureSchema },
    },
  };
}

/** The website routes run their scan as a job of `jobs`: one scans gate for every route that scans. */
export type ExtractRouteDeps = {
  fetch: SafeFetch;
  chromiumPath: string;
  jobs: ScanJobs;
  budgets: ExtractionBudgets;
  probeGate: HostGate;
  /** How far full-size originals are checked (the service's settings). */
  originals: OriginalLimits;
};

/**
 * The events of a scan a request started and waits on (a job like any other, queued behind the
 * scans gate), without their numbers (the job's events route numbers them, for re-attaching). The
 * job is cancelled when the client leaves, or stops reading, before its last event.
 */
async function* followScan(jobs: ScanJobs, id: string, clientGone: AbortSignal): AsyncGenerator<ExtractionEvent> {
  const reading = new AbortController();
  let ended = false;
  const stop = () => {
    reading.abort();
    if (!ended) void jobs.cancel(id).catch(() => undefined);
  };
  if (clientGone.aborted) stop();
  clientGone.addEventListener('abort', stop, { once: true });
  try {
    for await (const { seq: _seq, ...event } of (await jobs.events(id, 0, reading.signal)) ?? []) {
      ended = event.type === 'done' || event.type === 'error';
      yield event as ExtractionEvent;
    }
  } finally {
    clientGone.removeEventListener('abort', stop);
    // Left before its last event (the stream was closed): the scan stops too.
    stop();
  }
}

function countMessage(unreadable: number): string | undefined {
  return unreadable > 0
    ? `${unreadable} more ${unreadable === 1 ? 'address' : 'addresses'} named on the page could not be read as images.`
    : undefined;
}

export function extractRoutes(deps: ExtractRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      API_PATHS.extract,
      oneAnswerRoute('Every image of one web page, measured', ExtractRequestSchema),
      async (request, reply) => {
        const signal = clientGoneSignal(reply);
        try {
          const budget = new ExtractionBudget(deps.budgets);
          const fetch = budget.metered(deps.fetch);
          const page = await readWebPage(request.body.url, {
            fetch,
            signal,
            render: request.body.render,
            cutSprites: request.body.sprites,
            chromiumPath: deps.chromiumPath,
          });
          const { images, unreadable, notChecked } = await toExtractedImages(page.candidates, {
            fetch,
            signal,
            source: 'page',
            allocateName: createNameAllocator(),
            limit: budget.takeImages(page.candidates.length),
            probeGate: deps.probeGate,
            ...fullSizeChecks(request.body, deps.originals),
            originalFormat: request.body.originalFormats,
          });
          const message = [countMessage(unreadable), notCheckedMessage(notChecked), ...(page.rendered?.notices ?? [])]
            .filter(Boolean)
            .join(' ');
          return { success: true, images, pages: 1, message: message || undefined };
        } catch (error) {
          // Every Chromium place and its line are taken: the app answers 503 with a Retry-After.
          if (error instanceof BusyError) throw error;
          const { status, message } = toHttpFailure(error);
          if (status >= 500) request.log.error({ err: error, url: request.body.url }, 'page extraction failed');
          return reply.code(status).send({ success: false, images: [], error: message });
        }
      },
    );

    app.post(
      API_PATHS.extractWebsite,
      oneAnswerRoute(
        'Every image of a website, breadth-first from a start page (one JSON answer at the end)',
        ExtractWebsiteRequestSchema,
      ),
      async (request, reply) => {
        const clientGone = clientGoneSignal(reply);
        // A full line throws BusyError: 503 with its sentence and a Retry-After.
        const { id } = await deps.jobs.create(request.body);
        const images: ExtractedImage[] = [];
        let pages = 0;
        // A scan that stopped at its time limit answers what it found, and says why it stopped.
        for await (const event of followScan(deps.jobs, id, clientGone)) {
          if (event.type === 'image') images.push(event.image);
          if (event.type === 'progress') pages = event.done;
          if (event.type === 'done') {
            const message = notCheckedMessage(event.notChecked ?? 0);
            return { success: true, images, pages: event.done ?? pages, ...(message ? { message } : {}) };
          }
          if (event.type === 'error' && event.code === SCAN_TIME_LIMIT_CODE) {
            return { success: true, images, pages, message: event.error };
          }
          // The scan's own words: every start page failed (a private address, a 404, not a page).
          if (event.type === 'error') return reply.code(422).send({ success: false, images: [], error: event.error });
        }
        // The client left: nobody reads this.
        if (clientGone.aborted) return reply;
        throw new Error('[extract] the scan ended without a last event');
      },
    );

    app.post(
      API_PATHS.extractWebsiteStream,
      {
        // Each line must reach the browser as it happens, not when a gzip block fills.
        compress: false,
        schema: {
          summary:
            'The website scan as it happens: one extraction event per line (start, progress, image, done, error)',
          body: ExtractWebsiteRequestSchema,
        },
      },
      async (request, reply) => {
        // Stopped when the client goes away (Cancel) or stops reading the stream.
        const controller = new AbortController();
        const signal = AbortSignal.any([clientGoneSignal(reply), controller.signal]);
        // Queued before the answer starts: a full line is a 503 with its sentence, not a stream.
        const { id } = await deps.jobs.create(request.body);
        return sendNdjson(reply, followScan(deps.jobs, id, signal), {
          onError: (error) => {
            if (signal.aborted) return undefined;
            request.log.error({ err: error, url: request.body.url }, 'reading a website scan failed');
            return { type: 'error', error: MESSAGES.website.fallbackError };
          },
          // The client closed the stream (Cancel): the job is cancelled, its requests in flight stop.
          onClose: () => controller.abort(),
        });
      },
    );
  };
}
