import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  ApiErrorSchema,
  createNameAllocator,
  type ExtractedImage,
  ExtractRequestSchema,
  ExtractResponseSchema,
  ExtractWebsiteRequestSchema,
  type ScanEvent,
} from 'shared-contracts';
import { z } from 'zod';
import { crawlWebsite, readWebPage, toExtractedImages } from '../../../extractors/web/index.ts';
import type { SafeFetch } from '../../../plugins/app/safeFetch/index.ts';
import { clientGoneSignal } from '../downloads.ts';
import { describeFailure } from './failure.ts';

/** A refused request has no images; a failed extraction answers the spec's shape with none. */
const ExtractFailureSchema = z.union([ExtractResponseSchema, ApiErrorSchema]);

export type ExtractRouteDeps = { fetch: SafeFetch; chromiumPath: string; maxPages: number };

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
          for await (const event of crawlWebsite(request.body.url, { ...request.body, ...deps, signal })) {
            if (event.type === 'image') images.push(event.image);
            if (event.type === 'done') pages = event.pagesScanned;
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
        config: { compress: false },
        schema: {
          summary: 'The website scan as it happens: one JSON event per line (start, progress, image, done, error)',
          body: ExtractWebsiteRequestSchema,
        },
      },
      async (request, reply) => {
        // Stopped when the client goes away (Cancel) or stops reading the stream.
        const controller = new AbortController();
        const signal = AbortSignal.any([clientGoneSignal(reply), controller.signal]);
        const crawl = crawlWebsite(request.body.url, { ...request.body, ...deps, signal });
        async function* lines() {
          try {
            for await (const event of crawl) yield `${JSON.stringify(event)}\n`;
          } catch (error) {
            if (signal.aborted) return;
            const { status, message } = describeFailure(error);
            if (status >= 500) request.log.error({ err: error, url: request.body.url }, 'website scan failed');
            const failure: ScanEvent = { type: 'error', error: message };
            yield `${JSON.stringify(failure)}\n`;
          }
        }
        const stream = Readable.from(lines());
        // The client closed the stream (Cancel): stop the generator and every request in flight.
        stream.on('close', () => controller.abort());
        return reply
          .type('application/x-ndjson; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('x-accel-buffering', 'no')
          .send(stream);
      },
    );
  };
}
