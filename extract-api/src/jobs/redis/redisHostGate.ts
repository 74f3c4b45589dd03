import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { type HostGate, MAX_POLITENESS_DELAY_MS, politeSleep } from '../../extractors/web/index.ts';

/**
 * Every key of the host gates starts with this, then the host. By host, not by scan: two scans of
 * one site (or a batch and a scan) share its manners, as the site would want. The host is a hash
 * tag ({host}), so a host's two keys live on one Redis Cluster slot.
 */
const KEY_PREFIX = 'ie:host:';
/**
 * The image probes' gate: the same mechanism under keys of its own, so a probe never waits behind a
 * page read (nor a page behind probes) and each has its own bound per host.
 */
export const PROBE_KEY_PREFIX = 'ie:probe:';
const keysOf = (prefix: string, host: string) => ({
  /** Sorted set: one token per request running at the host, scored by when its lease expires. */
  leases: `${prefix}{${host}}:leases`,
  /** Hash: `next`, when the next request may start (Crawl-delay, a pause); `delay`, the Crawl-delay. */
  state: `${prefix}{${host}}:state`,
});

/**
 * A lease is renewed every third of this while its request runs, and lapses this long after the
 * last renewal: a SIGKILLed worker's slot comes back by itself. Renewed rather than one long lease
 * because a page read has no short bound (its HTML within TOTAL_TIMEOUT_MS.html, then frames
 * three levels deep, 20 stylesheets 4 at a time, a Chromium render): no fixed lease could be both
 * longer than every read and short enough to give a dead worker's slot back soon. As BullMQ's
 * lock on a page task (a worker passes EXTRACT_API_WORKER_LOCK_MS for both): a dead worker's pages
 * and its places at their hosts come back together.
 */
export const HOST_LEASE_MS = 30_000;
/** A host's Crawl-delay and pause are kept this long after they last mattered. */
const STATE_KEEP_MS = 10 * 60_000;
/** A waiting request asks again after the time Redis answered, held between these (plus jitter). */
const MIN_NAP_MS = 10;
const MAX_NAP_MS = 250;

// Redis's clock, in ms: the only clock every worker agrees on.
const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local function keep(key, ms)
  if redis.call('PTTL', key) < ms then redis.call('PEXPIRE', key, ms) end
end
`;

// A request may start at the host: 0 when it did (its lease taken), else the ms to wait. Expired
// leases (their workers died) are dropped first; with a Crawl-delay (stored, or the caller's) one
// request at a time, and the next start that delay after this one.
// KEYS: leases, state. ARGV: limit, the caller's Crawl-delay ms, lease ms, token, keep ms.
const ACQUIRE = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local s = redis.call('HMGET', KEYS[2], 'next', 'delay')
local nextAt = tonumber(s[1] or '0')
local stored = tonumber(s[2] or '0')
local delay = math.max(stored, tonumber(ARGV[2]))
if now < nextAt then return nextAt - now end
local limit = tonumber(ARGV[1])
if delay > 0 then limit = 1 end
if redis.call('ZCARD', KEYS[1]) >= limit then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return math.max(1, tonumber(first[2]) - now)
end
local lease = tonumber(ARGV[3])
redis.call('ZADD', KEYS[1], now + lease, ARGV[4])
keep(KEYS[1], lease)
if delay > 0 then
  redis.call('HSET', KEYS[2], 'next', now + delay)
  if delay > stored then redis.call('HSET', KEYS[2], 'delay', delay) end
  keep(KEYS[2], delay + tonumber(ARGV[5]))
end
return 0`;

// The request still runs: its lease lapses a lease time from now. 0 when it had lapsed already.
// KEYS: leases. ARGV: token, lease ms.
const RENEW = `${NOW}
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 0 end
local lease = tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], 'XX', now + lease, ARGV[1])
keep(KEYS[1], lease)
return 1`;

// Nothing starts at the host before now + ms (a later pause already set stands).
// KEYS: state. ARGV: ms, keep ms.
const PAUSE = `${NOW}
local untilAt = now + tonumber(ARGV[1])
if untilAt > tonumber(redis.call('HGET', KEYS[1], 'next') or '0') then
  redis.call('HSET', KEYS[1], 'next', untilAt)
end
keep(KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[2]))
return 1`;

// KEYS: state. ARGV: the Crawl-delay ms, keep ms.
const SET_DELAY = `${NOW}
redis.call('HSET', KEYS[1], 'delay', ARGV[1])
keep(KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[2]))
return 1`;

type GateCommands = {
  hostGateAcquire(...args: (string | number)[]): Promise<number>;
  hostGateRenew(...args: (string | number)[]): Promise<number>;
  hostGatePause(...args: (string | number)[]): Promise<number>;
  hostGateSetDelay(...args: (string | number)[]): Promise<number>;
};

export type RedisHostGateOptions = {
  /** Requests at once per host, across every worker (each worker passes its own setting). */
  perHost: number;
  /** See HOST_LEASE_MS (tests shorten it). */
  leaseMs?: number;
  /** Whose gate: the pages' (KEY_PREFIX, the default) or the image probes' (PROBE_KEY_PREFIX). */
  keyPrefix?: string;
};

/** Crawl-delays this process read, kept to pass with every request (the stored one may have expired). */
const MAX_KNOWN_DELAYS = 1_000;

/**
 * The host gate of every `pnpm worker`, in Redis: at most `perHost` requests at a time per host
 * whatever the number of workers, a robots.txt Crawl-delay between two starts by any workers, a
 * 429/503's pause obeyed by all. Each step is one Lua script on Redis's own clock (TIME), so
 * workers' clocks never matter. A request holds a lease (a token in the host's sorted set, scored
 * by its expiry) renewed while it runs and removed when it ends; a waiting request sleeps the time
 * Redis answered (MIN_NAP_MS..MAX_NAP_MS, jittered) or until a request of its host ends in this
 * process, then asks again. Keys expire on their own (STATE_KEEP_MS after their last use, a lease
 * time after the last lease).
 */
export function createRedisHostGate(redis: Redis, options: RedisHostGateOptions): HostGate {
  const leaseMs = options.leaseMs ?? HOST_LEASE_MS;
  const prefix = options.keyPrefix ?? KEY_PREFIX;
  redis.defineCommand('hostGateAcquire', { numberOfKeys: 2, lua: ACQUIRE });
  redis.defineCommand('hostGateRenew', { numberOfKeys: 1, lua: RENEW });
  redis.defineCommand('hostGatePause', { numberOfKeys: 1, lua: PAUSE });
  redis.defineCommand('hostGateSetDelay', { numberOfKeys: 1, lua: SET_DELAY });
  const commands = redis as unknown as GateCommands;
  const delays = new Map<string, number>();
  /** Requests of this process waiting per host: woken when one of the host's requests here ends. */
  const waiting = new Map<string, { wakers: Set<() => void>; users: number }>();

  const nap = (wait: number) => {
    const ms = Math.min(Math.max(wait, MIN_NAP_MS), MAX_NAP_MS);
    return ms + Math.random() * ms * 0.2;
  };

  const acquire = async (host: string, token: string, signal?: AbortSignal) => {
    const keys = keysOf(prefix, host);
    let entry = waiting.get(host);
    if (!entry) {
      entry = { wakers: new Set(), users: 0 };
      waiting.set(host, entry);
    }
    entry.users += 1;
    try {
      for (;;) {
        if (signal?.aborted) throw signal.reason;
        const wait = Number(
          await commands.hostGateAcquire(
            keys.leases,
            keys.state,
            options.perHost,
            delays.get(host) ?? 0,
            leaseMs,
            token,
            STATE_KEEP_MS,
          ),
        );
        if (wait <= 0) return;
        await politeSleep(nap(wait), signal, entry.wakers);
      }
    } finally {
      if (--entry.users === 0) waiting.delete(host);
    }
  };

  const release = async (host: string, token: string) => {
    // A lease that cannot be removed (Redis gone) lapses by itself.
    await redis.zrem(keysOf(prefix, host).leases, token).catch(() => undefined);
    for (const wake of [...(waiting.get(host)?.wakers ?? [])]) wake();
  };

  return {
    async run(host, task, signal) {
      const token = randomUUID();
      await acquire(host, token, signal);
      if (signal?.aborted) {
        await release(host, token);
        throw signal.reason;
      }
      const renew = setInterval(
        () => commands.hostGateRenew(keysOf(prefix, host).leases, token, leaseMs).catch(() => undefined),
        Math.max(1, Math.floor(leaseMs / 3)),
      );
      renew.unref();
      try {
        return await task();
      } finally {
        clearInterval(renew);
        await release(host, token);
      }
    },
    async setCrawlDelay(host, seconds) {
      if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return;
      const ms = Math.round(Math.min(seconds * 1000, MAX_POLITENESS_DELAY_MS));
      delays.delete(host);
      delays.set(host, ms);
      if (delays.size > MAX_KNOWN_DELAYS) delays.delete(delays.keys().next().value as string);
      await commands.hostGateSetDelay(keysOf(prefix, host).state, ms, STATE_KEEP_MS);
    },
    async pause(host, ms) {
      const held = Math.round(Math.min(Math.max(ms, 0), MAX_POLITENESS_DELAY_MS));
      await commands.hostGatePause(keysOf(prefix, host).state, held, STATE_KEEP_MS);
    },
  };
}
