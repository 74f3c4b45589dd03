import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { MESSAGES } from 'shared-contracts';
import { BY_RENDER, RATE_CLASSES, RATE_WINDOWS_MS, type RateClass, rateClassOfRoute } from './routeClasses.ts';

export { BY_RENDER, RATE_CLASSES, RATE_WINDOWS_MS, type RateClass, rateClassOfRoute } from './routeClasses.ts';

/** Requests one client may send in each class's window (RATE_WINDOWS_MS): contact an hour, the rest a minute. */
export type RateLimits = Record<RateClass, number>;

export type RateLimitOptions = {
  limits: RateLimits;
  /** Counted in Redis when set, so that the limits hold across every API instance; in memory when not. */
  redisUrl?: string | undefined;
};

/**
 * Who a request is counted against: its address (X-Forwarded-For only as far as trustProxy
 * believes it), an IPv6 address by its /64, the block one machine is given, so that it cannot
 * dodge a limit by changing the address within it.
 */
export function clientKeyOf(request: FastifyRequest): string {
  return normalizeIP(request.ip ?? '', 64);
}

type Limiter = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;

function addHook(route: RouteOptions, hook: 'onRequest' | 'preValidation', handler: Limiter) {
  const existing = route[hook];
  route[hook] = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), handler] as never;
}

/**
 * Per-client rate limits on every API route, by class of route (routeClasses.ts), counted by
 * @fastify/rate-limit. Register it before any route: it gives each route its class as the route
 * is added. A request over its class's limit is answered 429 with Retry-After and a sentence that
 * says how long to wait, before its body is read: except POST /api/extract, whose class depends
 * on its `render` field and is counted once the (small JSON) body is parsed.
 */
async function rateLimitPlugin(app: FastifyInstance, { limits, redisUrl }: RateLimitOptions): Promise<void> {
  // Its own connection: a rate check must fail fast when Redis is away (no offline queue, a short
  // timeout), where the scan jobs' connection waits for Redis to come back.
  const redis = redisUrl
    ? new Redis(redisUrl, {
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 5_000,
        commandTimeout: 1_000,
      })
    : undefined;
  if (redis) {
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate limits: Redis is unreachable'));
    app.addHook('onClose', async () => redis.disconnect());
    // Connected before the first request, so that none passes uncounted while it connects.
    await redis.connect().catch(() => undefined);
  }
  await app.register(fastifyRateLimit, {
    global: false,
    redis,
    nameSpace: 'image-extractor-rate-',
    // Redis away: requests pass uncounted rather than fail; the admission limits still bound the work.
    skipOnError: true,
  });

  const limiters = Object.fromEntries(
    RATE_CLASSES.map((rateClass) => [
      rateClass,
      app.createRateLimit({
        max: limits[rateClass],
        timeWindow: RATE_WINDOWS_MS[rateClass],
        keyGenerator: (request) => `${rateClass}:${clientKeyOf(request)}`,
      }),
    ]),
  ) as Record<RateClass, ReturnType<FastifyInstance['createRateLimit']>>;

  const counted = Symbol('rate limit counted');
  const check =
    (classOf: (request: FastifyRequest) => RateClass): Limiter =>
    async (request, reply) => {
      const marked = request as FastifyRequest & { [counted]?: true };
      if (marked[counted]) return undefined;
      marked[counted] = true;
      const outcome = await limiters[classOf(request)](request);
      if (outcome.isAllowed) return undefined;
      reply
        .header('x-ratelimit-limit', outcome.max)
        .header('x-ratelimit-remaining', outcome.remaining)
        .header('x-ratelimit-reset', outcome.ttlInSeconds);
      if (!outcome.isExceeded) return undefined;
      // Debug only: a flood of refusals must not become a flood of log lines (each is logged as a 429 anyway).
      request.log.debug({ client: clientKeyOf(request), url: request.url }, 'rate limit reached');
      // `message` too: the document route answers the spec's {success, error, message} shape.
      const sentence = MESSAGES.rateLimit.wait(outcome.ttlInSeconds);
      const refusal = { success: false, error: sentence, message: sentence };
      return reply.code(429).header('retry-after', outcome.ttlInSeconds).send(refusal);
    };

  const renders = check((request) =>
    (request.body as { render?: unknown } | undefined)?.render === true ? 'heavy' : 'extractions',
  );
  app.addHook('onRoute', (route) => {
    const rateClass = rateClassOfRoute(route.url);
    if (rateClass === undefined) return;
    if (rateClass === BY_RENDER) addHook(route, 'preValidation', renders);
    else
      addHook(
        route,
        'onRequest',
        check(() => rateClass),
      );
  });
}

export const rateLimit = fp(rateLimitPlugin, { name: 'image-extractor-rate-limit', fastify: '5.x' });
