import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createNameAllocator } from 'media-files';
import {
  API_PATHS,
  ApiErrorSchema,
  type ExtractedImage,
  ExtractRequestSchema,
  ExtractResponseSchema,
  ExtractWebsiteRequestSchema,
} from 'shared-contracts';
import { z } from 'zod';
import { extractWebsite, readWebPage, toExtractedImages } from '../../../extractors/web/index.ts';
import type { SafeFetch } from '../../../plugins/app/safeFetch/index.ts';
import { clientGoneSignal } from '../downloads.ts';
import { sendNdjson } from '../ndjson.ts';
import { describeFailure } from './failure.ts';

/** A refused request has no images; a failed extraction answers the spec's shape with none. */
const ExtractFailureSchema = z.union([ExtractResponseSchema, ApiErrorSchema]);

export type ExtractRouteDeps = { fetch: SafeFetch; chromiumPath: string; maxPages: number; perHost?: number };

function countMessage(unreadable: number): string | undefined {
  return unreadable > 0
    ? `${unreadable} more ${unreadable === 1 ? 'address' : 'addresses'} named on the page could not be read as images.`
    : undefined;
}

export function extractRoutes(deps: ExtractRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      API_PATHS.extract,
      {
        schema: {
          summary: 'Every image of one web page, measured',
          body: ExtractRequestSchema,
          response: { '2xx': ExtractResponseSchema, '4xx': ExtractFailureSchema, '5xx': ExtractFailureSchema },
        },
      },
      async (request, reply) => {
        const signal = clientGoneSignal(reply);
        try {
          const page = await readWebPage(request.body.url, {
            fetch: deps.fetch,
            signal,
            render: request.body.render,
            chromiumPath: deps.chromiumPath,
          });
          const { images, unreadable } = await toExtractedImages(page.candidates, {
            fetch: deps.fetch,
            signal,
            source: 'page',
            allocateName: createNameAllocator(),
          });
          return { success: true, images, pages: 1, message: countMessage(unreadable) };
        } catch (error) {
          const { status, message } = describeFailure(error);
          if (status >= 500) request.log.error({ err: error, url: request.body.url }, 'page extraction failed');
          return reply.code(status).send({ success: false, images: [], error: message });
        }
      },
    );

    app.post(
      API_PATHS.extractWebsite,
      {
        schema: {
          summary: 'Every image of a website, breadth-first from a start page (one JSON answer at the end)',
          body: ExtractWebsiteRequestSchema,
          response: { '2xx': ExtractResponseSchema, '4xx': ExtractFailureSchema, '5xx': ExtractFailureSchema },
        },
      },
      async (request, reply) => {
        const signal = clientGoneSignal(reply);
        const images: ExtractedImage[] = [];
        let pages = 0;
        try {
          for await (const event of extractWebsite({ ...request.body, maxPages: deps.maxPages }, signal, deps)) {
            if (event.type === 'image') images.push(event.image);
            if (event.type === 'done') pages = event.done ?? 0;
          }
          return { success: true, images, pages };
        } catch (error) {
          const { status, message } = describeFailure(error);
          if (status >= 500) request.log.error({ err: error, url: request.body.url }, 'website scan failed');
          return reply.code(status).send({ success: false, images: [], error: message });
        }
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
        const crawl = extractWebsite({ ...request.body, maxPages: deps.maxPages }, signal, deps);
        return sendNdjson(reply, crawl, {
          onError: (error) => {
            if (signal.aborted) return undefined;
            const { status, message } = describeFailure(error);
            if (status >= 500) request.log.error({ err: error, url: request.body.url }, 'website scan failed');
            return { type: 'error', error: message };
          },
          // The client closed the stream (Cancel): stop the crawl and every request in flight.
          onClose: () => controller.abort(),
        });
      },
    );
  };
}
