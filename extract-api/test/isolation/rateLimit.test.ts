/**
 * The built server with its DEFAULT rate limits, attacked as one client: a burst of 150 page
 * extractions inside a minute meets a 429 with Retry-After and the sentence that says how long to
 * wait, and the target page is read only as often as the limit lets through.
 */
import { API_PATHS, MESSAGES } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileServer, startFileServer } from '../fixtures/fileServer.ts';
import { type BuiltServer, startBuiltServer } from './builtServer.ts';

const BURST = 150;
/** Requests in flight at once: a script's burst, within what the server's admission takes. */
const AT_ONCE = 5;

describe('rate limits of the built server, as it ships', () => {
  let server: BuiltServer;
  let target: FileServer;

  beforeAll(async () => {
    target = await startFileServer({
      '/page.html': {
        body: Buffer.from('<!doctype html><title>target</title><p>No images here.</p>'),
        type: 'text/html',
      },
    });
    server = await startBuiltServer({
      EXTRACT_API_ALLOW_LOOPBACK: '1',
      // The defaults, not the harness's raised limits.
      EXTRACT_API_RATE_LIMIT_READS: undefined,
      EXTRACT_API_RATE_LIMIT_RELAY: undefined,
      EXTRACT_API_RATE_LIMIT_EXTRACTIONS: undefined,
      EXTRACT_API_RATE_LIMIT_HEAVY: undefined,
      EXTRACT_API_RATE_LIMIT_CONTACT: undefined,
      EXTRACT_API_CONTACT_PER_CLIENT_PER_DAY: undefined,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await target?.close();
  });

  it('should meet a burst of 150 extractions a minute from one client with 429, and read the page far fewer times', async () => {
    const started = Date.now();
    const answers: { status: number; retryAfter: string | null; error?: string }[] = [];
    let next = 0;
    const send = async () => {
      while (next < BURST) {
        next += 1;
        const response = await fetch(`${server.base}${API_PATHS.extract}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          // Each request its own address, as a script would vary them: the page is read afresh each time.
          body: JSON.stringify({ url: target.url(`/page.html?n=${next}`) }),
        });
        const body = (await response.json()) as { error?: string };
        answers.push({ status: response.status, retryAfter: response.headers.get('retry-after'), error: body.error });
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, send));
    expect(Date.now() - started).toBeLessThan(60_000);

    const refused = answers.filter((answer) => answer.status === 429);
    const served = answers.filter((answer) => answer.status === 200);
    expect(answers).toHaveLength(BURST);
    expect(refused.length).toBeGreaterThan(BURST / 2);
    expect(served.length).toBeGreaterThan(0);
    for (const answer of refused) {
      const wait = Number(answer.retryAfter);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect(answer.error).toBe(MESSAGES.rateLimit.wait(wait));
    }
    const pageReads = target.hits.filter((hit) => hit.path.startsWith('/page.html')).length;
    expect(pageReads).toBe(served.length);
    expect(pageReads).toBeLessThan(BURST / 2);

    // The other classes are counted apart: the same client still reads its health.
    expect((await fetch(`${server.base}${API_PATHS.health}`)).status).toBe(200);
  });

  it('should not let the client dodge the limit by naming other addresses in X-Forwarded-For', async () => {
    const response = await fetch(`${server.base}${API_PATHS.extract}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.23' },
      body: JSON.stringify({ url: target.url('/page.html?forwarded') }),
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
