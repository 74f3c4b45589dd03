import type { FastifyInstance, InjectOptions } from 'fastify';
import { MESSAGES } from 'shared-contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { RATE_WINDOWS_MS, type RateLimits, rateClassOfRoute } from '../../src/plugins/rateLimit/index.ts';
import { type RedisServer, startRedisServer } from '../fixtures/redisServer.ts';
import { buildTestApp, RAISED_RATE_LIMITS, tempDir, writeBuiltSite } from '../helper.ts';

// Every request below is refused by validation (a bad address, a missing field) after it was
// counted, so no test here reaches the network: what is measured is the count alone.
const CLASS_REQUESTS: Record<keyof RateLimits, InjectOptions> = {
  reads: { method: 'GET', url: '/api/health' },
  relay: { method: 'GET', url: '/api/image?url=not-an-address' },
  extractions: { method: 'POST', url: '/api/extract', payload: { url: 'not-an-address' } },
  heavy: { method: 'POST', url: '/api/website-jobs', payload: { depth: 1 } },
  contact: { method: 'POST', url: '/api/contact', payload: { name: 'Ada' } },
};

let dir: { dir: string; remove: () => Promise<void> };
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  dir = await tempDir();
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});
afterAll(() => dir.remove());

async function appWith(limits: Partial<RateLimits>, more: Parameters<typeof buildTestApp>[0] | object = {}) {
  const app = await buildTestApp({ dataDir: dir.dir, rateLimits: { ...RAISED_RATE_LIMITS, ...limits }, ...more });
  apps.push(app);
  return app;
}

/** The status of each of `n` requests sent one after another. */
async function statuses(app: FastifyInstance, request: InjectOptions, n: number): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < n; i += 1) codes.push((await app.inject(request)).statusCode);
  return codes;
}

describe('per-client rate limits', () => {
  it.each(Object.keys(CLASS_REQUESTS) as (keyof RateLimits)[])(
    'should let a client send %s up to its limit, then answer 429 with Retry-After and a sentence',
    async (rateClass) => {
      const app = await appWith({ [rateClass]: 3 });
      const request = CLASS_REQUESTS[rateClass];
      const before = await statuses(app, request, 3);
      expect(before.every((status) => status !== 429)).toBe(true);

      const refused = await app.inject(request);
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(RATE_WINDOWS_MS[rateClass] / 1000);
      const body = refused.json<{ success: boolean; error: string; message?: string }>();
      expect(body).toMatchObject({ success: false, error: MESSAGES.rateLimit.wait(wait) });
      expect(body.error).toMatch(/^Too many requests .* Please wait \d+ (seconds?|minutes?|hour), then try again\.$/);
      expect(refused.headers['x-ratelimit-limit']).toBe('3');
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    },
  );

  it('should count each class apart: a client out of extractions still reads', async () => {
    const app = await appWith({ extractions: 1, reads: 5 });
    expect(await statuses(app, CLASS_REQUESTS.extractions, 2)).toEqual([400, 429]);
    expect(await statuses(app, CLASS_REQUESTS.reads, 2)).toEqual([200, 200]);
    expect((await app.inject(CLASS_REQUESTS.heavy)).statusCode).toBe(400);
    // The document route is an extraction too, refused in the spec's {success, error, message} shape.
    const document = await app.inject({ method: 'POST', url: '/v1/extract-images', payload: {} });
    expect(document.statusCode).toBe(429);
    expect(document.json()).toMatchObject({ success: false, message: document.json<{ error: string }>().error });
  });

  it('should count a rendered page as heavy work, not as an extraction', async () => {
    const app = await appWith({ heavy: 1, extractions: 5 });
    const render = { ...CLASS_REQUESTS.extractions, payload: { url: 'not-an-address', render: true } };
    expect(await statuses(app, render, 2)).toEqual([400, 429]);
    // The same route without render is still within the extractions' limit.
    expect(await statuses(app, CLASS_REQUESTS.extractions, 2)).toEqual([400, 400]);
  });

  it('should count each client apart, an IPv6 client by its /64', async () => {
    const app = await appWith({ reads: 1 });
    const from = (remoteAddress: string) => app.inject({ ...CLASS_REQUESTS.reads, remoteAddress });
    expect((await from('203.0.113.1')).statusCode).toBe(200);
    expect((await from('203.0.113.1')).statusCode).toBe(429);
    expect((await from('203.0.113.2')).statusCode).toBe(200);
    expect((await from('2001:db8:1:2::1')).statusCode).toBe(200);
    // Another address of the same /64 is the same machine.
    expect((await from('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).statusCode).toBe(429);
    expect((await from('2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('should ignore X-Forwarded-For by default: a client cannot dodge its limit by naming another address', async () => {
    const app = await appWith({ reads: 2 });
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await app.inject({
        ...CLASS_REQUESTS.reads,
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([200, 200, 429, 429]);
  });

  it('should believe X-Forwarded-For from the proxies EXTRACT_API_TRUST_PROXY names, and only from them', async () => {
    const { trustProxy } = loadConfig({ EXTRACT_API_TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' });
    expect(trustProxy).toEqual(['10.0.0.0/8', '192.0.2.1']);
    const app = await appWith({ reads: 1 }, { trustProxy });
    const via = (remoteAddress: string, client: string) =>
      app.inject({ ...CLASS_REQUESTS.reads, remoteAddress, headers: { 'x-forwarded-for': client } });
    // Through the proxy: each client counted by its own address.
    expect((await via('10.1.2.3', '198.51.100.1')).statusCode).toBe(200);
    expect((await via('10.1.2.3', '198.51.100.2')).statusCode).toBe(200);
    expect((await via('192.0.2.1', '198.51.100.1')).statusCode).toBe(429);
    // Not a proxy: its X-Forwarded-For is not believed.
    expect((await via('203.0.113.50', '198.51.100.3')).statusCode).toBe(200);
    expect((await via('203.0.113.50', '198.51.100.4')).statusCode).toBe(429);
  });

  it('should not count the site’s own files: a page load fetches dozens', async () => {
    const site = await tempDir();
    try {
      await writeBuiltSite(site.dir);
      const app = await appWith({ reads: 1 }, { siteDir: site.dir, serveSite: true });
      expect(await statuses(app, { method: 'GET', url: '/assets/App-abc123.js' }, 5)).toEqual([
        200, 200, 200, 200, 200,
      ]);
      expect(await statuses(app, { method: 'GET', url: '/remotes/mfe-media/remoteEntry.js' }, 3)).toEqual([
        200, 200, 200,
      ]);
      // remotes.json is read by the API: a cheap read, counted.
      expect(await statuses(app, { method: 'GET', url: '/remotes.json' }, 2)).toEqual([200, 429]);
    } finally {
      await site.remove();
    }
  });

  it('should give every route a class, and count an API route it does not know as an extraction', () => {
    expect(rateClassOfRoute('/api/website-jobs/:id')).toBe('reads');
    expect(rateClassOfRoute('/api/website-jobs/:id/events')).toBe('reads');
    expect(rateClassOfRoute('/api/website-jobs/:id/cancel')).toBe('reads');
    expect(rateClassOfRoute('/api/website-jobs/:id/zip')).toBe('extractions');
    expect(rateClassOfRoute('/api/video/source')).toBe('relay');
    expect(rateClassOfRoute('/api/video/frames')).toBe('heavy');
    expect(rateClassOfRoute('/v1/extract-images')).toBe('extractions');
    expect(rateClassOfRoute('/api/some-new-route')).toBe('extractions');
    expect(rateClassOfRoute('/assets/*')).toBeUndefined();
  });
});

describe('rate limit settings', () => {
  it('should refuse a burst of 150 extractions a minute by default, and let a person work', () => {
    const { rateLimits, trustProxy, contactPerClientPerDay } = loadConfig({});
    expect(rateLimits.extractions).toBeLessThan(150);
    expect(rateLimits.extractions).toBeGreaterThanOrEqual(30);
    expect(rateLimits.heavy).toBeLessThan(rateLimits.extractions);
    expect(rateLimits.contact).toBeLessThanOrEqual(10);
    expect(contactPerClientPerDay).toBeLessThanOrEqual(20);
    expect(trustProxy).toBeUndefined();
  });

  it.each(['true', '2', 'proxy.example', '10.0.0.0/8, *'])('should refuse EXTRACT_API_TRUST_PROXY=%s', (value) => {
    expect(() => loadConfig({ EXTRACT_API_TRUST_PROXY: value })).toThrow(/EXTRACT_API_TRUST_PROXY/);
  });

  it('should take 0 or nothing as no proxy', () => {
    expect(loadConfig({ EXTRACT_API_TRUST_PROXY: '0' }).trustProxy).toBeUndefined();
    expect(loadConfig({ EXTRACT_API_TRUST_PROXY: '' }).trustProxy).toBeUndefined();
    expect(loadConfig({ EXTRACT_API_TRUST_PROXY: 'loopback,::1/128' }).trustProxy).toEqual(['loopback', '::1/128']);
  });
});

describe('rate limits in Redis', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(() => redis?.stop());

  it('should hold one limit across two API instances on the same Redis', async () => {
    const first = await appWith({ extractions: 4 }, { redisUrl: redis.url });
    const second = await appWith({ extractions: 4 }, { redisUrl: redis.url });
    const request = { ...CLASS_REQUESTS.extractions, remoteAddress: '203.0.113.77' };
    const codes = [];
    for (const app of [first, second, first, second, first, second]) codes.push((await app.inject(request)).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 429, 429]);
    // Another client still has its own count on either instance.
    expect((await second.inject({ ...request, remoteAddress: '203.0.113.78' })).statusCode).toBe(400);
  });
});
