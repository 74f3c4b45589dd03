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
import { BusyError } from './admission/index.ts';
import { createAuditService } from './audit/auditService.ts';
import { createImagePass } from './audit/imagePass/index.ts';
import {
  type AppConfig,
  admissionLimits,
  clientLimits,
  documentPoolOptions,
  extractionBudgets,
  imagePassLimits,
} from './config.ts';
import { INTERNAL_FAILURE_MESSAGE, toHttpFailure } from './errors.ts';
import { createDocumentPool } from './extractors/document/documentPool.ts';
import {
  browserLaunchWarning,
  closeRenderer,
  setBrowserLaunch,
  setRenderLimits,
  setScrollBudget,
} from './extractors/render/index.ts';
import { extractWebsite } from './extractors/web/index.ts';
import { createScanJobs } from './jobs/index.ts';
import { createProbeGate } from './jobs/probeGate.ts';
import { rateLimit } from './plugins/rateLimit/index.ts';
import { guardSlowClients, slowClientServerOptions } from './plugins/slowClients.ts';
import { auditRoutes } from './routes/api/audit/index.ts';
import { contactRoutes } from './routes/api/contact/index.ts';
import { extractRoutes } from './routes/api/extract/index.ts';
import { figureSvgRoutes } from './routes/api/figureSvg/index.ts';
import { healthRoutes } from './routes/api/health/index.ts';
import { imageRoutes } from './routes/api/image/index.ts';
import { jobRoutes } from './routes/api/jobs/index.ts';
import { metafilePreviewRoutes } from './routes/api/metafilePreview/index.ts';
import { videoFramesRoutes, videoSourceRoutes } from './routes/api/video/index.ts';
import { zipRoutes } from './routes/api/zip/index.ts';
import { sendNosniffOnEveryAnswer, siteRoutes } from './routes/site/index.ts';
import { extractImagesRoutes } from './routes/v1/extractImages/index.ts';
import { createContactInbox } from './services/contactInbox.ts';
import { createInkscapeGate } from './services/inkscape/index.ts';
import { createSafeFetcher } from './services/safeFetch/index.ts';

/**
 * The whole service as one Fastify instance. server.ts only listens; tests `inject` into exactly
 * this app.
 */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const clients = clientLimits(config);
  const app = Fastify({
    logger: { level: config.logLevel },
    // Headers within EXTRACT_API_HEADERS_TIMEOUT_S; the rest of the clocks are guardSlowClients'.
    ...slowClientServerOptions(clients),
    // A crawl or a ZIP can take long; a body can't: contact messages are the only JSON bodies so far.
    bodyLimit: 1024 * 1024,
    // Who the client is, for the rate limits: X-Forwarded-For only from the proxies named.
    trustProxy: config.trustProxy ?? false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The plugins (src/plugins/), in the order they must load, each before every route because each
  // hooks the routes as they are added or every request before a route sees it:
  //   1. slowClients: its clocks start with the connection, before any body is read;
  //   2. swagger, then compress: the OpenAPI document records each route as it is added;
  //   3. rateLimit: it gives each route its class of per-client limits in an onRoute hook.
  // Services (src/services/: the safe fetcher, the contact inbox) are not plugins: plain modules
  // made here once and handed to the routes that use them.
  // 1. A request that is not an upload arrives within its time, an upload keeps its rate.
  guardSlowClients(app, clients);
  sendNosniffOnEveryAnswer(app);

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
    // A full queue (src/admission): a sentence for the visitor and when to come back, not a failure.
    if (error instanceof BusyError) {
      return reply.code(503).headers(error.headers).send({ success: false, error: error.message });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error, method: request.method, url: request.url }, 'request failed');
      return reply.code(status).send({ success: false, error: INTERNAL_FAILURE_MESSAGE });
    }
    return reply.code(status).send({ success: false, error: error.message });
  });

  // 2. Swagger sees every route registered after it; compress wraps every answer.
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Image Extractor API', version: '0.1.0' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });

  // 3. Before every route: it gives each route its class of per-client limits as the route is added.
  await app.register(rateLimit, { limits: config.rateLimits, redisUrl: config.redisUrl });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(healthRoutes);
  await app.register(
    contactRoutes(createContactInbox(config.dataDir, { perClientPerDay: config.contactPerClientPerDay })),
  );

  // The one outbound fetcher of this app: every route that reaches a site uses it; closed with the app.
  const fetcher = createSafeFetcher({ allowLoopback: config.allowLoopback });
  app.addHook('onClose', async () => {
    await Promise.all([fetcher.close(), closeRenderer()]);
  });
  // Chromium for Render JavaScript: with its sandbox, as an unprivileged account when this is root.
  setBrowserLaunch(config);
  const renderWarning = await browserLaunchWarning();
  if (renderWarning) app.log.warn(renderWarning);
  // Image probes to one host, bounded across every extraction (and, with Redis, every worker).
  const probes = createProbeGate({
    perHost: config.probesPerHost,
    redisUrl: config.redisUrl,
  });
  app.addHook('onClose', async () => probes.close());
  const crawlEnvironment = {
    fetch: fetcher.fetch,
    chromiumPath: config.chromiumPath,
    perHost: config.pagesPerHost,
    budgets: extractionBudgets(config),
    probeGate: probes.gate,
    originals: config.originals,
    auditMaxUsesPerPage: config.auditMaxUsesPerPage,
  };
  // Every render of this process, whichever route or scan asks, passes the one renders gate.
  const limits = admissionLimits(config);
  setRenderLimits(limits.renders);
  setScrollBudget(config.renderScroll);
  // Website scans as jobs: in this process, or on BullMQ workers when REDIS_URL is set.
  const jobs = await createScanJobs(config, {
    runScan: (input, signal, onAudit) =>
      extractWebsite({ ...input, maxPages: config.maxPages }, signal, {
        ...crawlEnvironment,
        ...(onAudit ? { onAudit } : {}),
      }),
    describeFailure: (error) => toHttpFailure(error).message,
    log: app.log,
  });
  app.addHook('onClose', () => jobs.close());
  await app.register(jobRoutes({ jobs }));
  // The image audit of auditing jobs: its pass fetches and re-encodes their images, bounded, here.
  const imagePass = createImagePass({
    ...imagePassLimits(config),
    fetch: fetcher.fetch,
    tools: { ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath },
  });
  app.addHook('onClose', async () => imagePass.close());
  await app.register(auditRoutes({ jobs, audits: createAuditService(jobs, imagePass) }));
  // The page route and the older website routes; their scans are jobs too, behind the same scans gate.
  await app.register(extractRoutes({ ...crawlEnvironment, jobs }));
  await app.register(imageRoutes(fetcher.fetch));
  await app.register(zipRoutes(fetcher.fetch));
  // Video: the source proxy for the browser's player and demuxer; ffmpeg for what the browser can't decode.
  await app.register(videoSourceRoutes(fetcher.fetch));
  await app.register(
    videoFramesRoutes({
      fetch: fetcher.fetch,
      tools: { ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath },
      concurrency: limits.video.concurrency,
      maxWaiting: limits.video.maxWaiting,
      timeLimitMs: limits.video.timeLimitMs,
      tmpDir: config.videoTmpDir,
    }),
  );
  // Vector pictures (EMF, WMF) the documents screens cannot draw whole, and figures' SVGs, drawn by
  // Inkscape: one gate for both, so its processes are bounded as one resource.
  const inkscapeJobs = createInkscapeGate(limits.metafile);
  await app.register(metafilePreviewRoutes({ inkscapePath: config.inkscapePath, gate: inkscapeJobs }));
  await app.register(
    figureSvgRoutes({ inkscapePath: config.inkscapePath, gate: inkscapeJobs, maxBytes: config.figureSvgMaxBytes }),
  );
  // Documents: the engine the browser runs, for API users (the screens extract on the device),
  // in worker threads so that no document can stall or crash this process.
  const documents = createDocumentPool(documentPoolOptions(config));
  app.addHook('onClose', () => documents.close());
  // A server that listens starts its document workers at once, so the first upload does not pay
  // for starting them on the event loop; tests that only inject never start them.
  app.addHook('onListen', async () => documents.warm());
  await app.register(
    extractImagesRoutes({ pool: documents, memoryBytes: clients.uploadMemoryBytes, tmpDir: clients.tmpDir }),
  );

  if (config.serveSite) await app.register(siteRoutes({ siteDir: config.siteDir, remotesFile: config.remotesFile }));

  return app;
}
