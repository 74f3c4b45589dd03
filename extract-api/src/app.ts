import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { type AppConfig, documentPoolOptions } from './config.ts';
import { createDocumentPool } from './extractors/document/documentPool.ts';
import { closeRenderer } from './extractors/render/index.ts';
import { extractWebsite } from './extractors/web/index.ts';
import { createScanJobs } from './jobs/index.ts';
import { createContactInbox } from './plugins/app/contactInbox.ts';
import { createSafeFetcher } from './plugins/app/safeFetch/index.ts';
import { contactRoutes } from './routes/api/contact/index.ts';
import { describeFailure } from './routes/api/extract/failure.ts';
import { extractRoutes } from './routes/api/extract/index.ts';
import { healthRoutes } from './routes/api/health/index.ts';
import { imageRoutes } from './routes/api/image/index.ts';
import { jobRoutes } from './routes/api/jobs/index.ts';
import { metafilePreviewRoutes } from './routes/api/metafilePreview/index.ts';
import { videoFramesRoutes, videoSourceRoutes } from './routes/api/video/index.ts';
import { zipRoutes } from './routes/api/zip/index.ts';
import { siteRoutes } from './routes/site/index.ts';
import { extractImagesRoutes } from './routes/v1/extractImages/index.ts';

/**
 * The whole service as one Fastify instance. server.ts only listens; tests `inject` into exactly
 * this app.
 */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // A crawl or a ZIP can take long; a body can't: contact messages are the only JSON bodies so far.
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // One error handler: validation errors name their fields; a 5xx never leaks its details.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').split('/')[0] || 'body';
        fieldErrors[field] ??= issue.message ?? 'is invalid';
      }
      return reply.code(400).send({
        success: false,
        error: `Invalid request: ${Object.entries(fieldErrors)
          .map(([field, message]) => `${field}: ${message}`)
          .join('; ')}`,
        fieldErrors,
      });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error, method: request.method, url: request.url }, 'request failed');
      return reply.code(status).send({ success: false, error: 'Something went wrong on our side. Please try again.' });
    }
    return reply.code(status).send({ success: false, error: error.message });
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Image Extractor API', version: '0.1.0' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(healthRoutes);
  await app.register(contactRoutes(createContactInbox(config.dataDir)));

  // The one outbound fetcher of this app: every route that reaches a site uses it; closed with the app.
  const fetcher = createSafeFetcher({ allowLoopback: config.allowLoopback });
  app.addHook('onClose', async () => {
    await Promise.all([fetcher.close(), closeRenderer()]);
  });
  const crawlEnvironment = { fetch: fetcher.fetch, chromiumPath: config.chromiumPath, perHost: config.pagesPerHost };
  await app.register(extractRoutes({ ...crawlEnvironment, maxPages: config.maxPages }));
  // Website scans as jobs: in this process, or on BullMQ workers when REDIS_URL is set.
  const jobs = await createScanJobs(config, {
    runScan: (input, signal) => extractWebsite({ ...input, maxPages: config.maxPages }, signal, crawlEnvironment),
    describeFailure: (error) => describeFailure(error).message,
    log: app.log,
  });
  app.addHook('onClose', () => jobs.close());
  await app.register(jobRoutes({ jobs }));
  await app.register(imageRoutes(fetcher.fetch));
  await app.register(zipRoutes(fetcher.fetch));
  // Video: the source proxy for the browser's player and demuxer; ffmpeg for what the browser can't decode.
  await app.register(videoSourceRoutes(fetcher.fetch));
  await app.register(
    videoFramesRoutes({
      fetch: fetcher.fetch,
      tools: { ffmpegPath: config.ffmpegPath ?? 'ffmpeg', ffprobePath: config.ffprobePath ?? 'ffprobe' },
      concurrency: config.videoJobs ?? 2,
      timeLimitMs: config.videoTimeLimitMs ?? 15 * 60_000,
      tmpDir: config.videoTmpDir,
    }),
  );
  // Vector pictures (EMF, WMF) the documents screens cannot draw whole, drawn by Inkscape.
  await app.register(metafilePreviewRoutes({ inkscapePath: config.inkscapePath ?? 'inkscape' }));
  // Documents: the engine the browser runs, for API users (the screens extract on the device),
  // in worker threads so that no document can stall or crash this process.
  const documents = createDocumentPool(documentPoolOptions(config));
  app.addHook('onClose', () => documents.close());
  // A server that listens starts its document workers at once, so the first upload does not pay
  // for starting them on the event loop; tests that only inject never start them.
  app.addHook('onListen', async () => documents.warm());
  await app.register(extractImagesRoutes({ pool: documents }));

  if (config.serveSite) await app.register(siteRoutes({ siteDir: config.siteDir, remotesFile: config.remotesFile }));

  return app;
}
