/**
 * Manners toward each host a scan reads: at most `perHost` requests at a time, `Crawl-delay`
 * between the starts of two requests when robots.txt asks for one (then one at a time), and a
 * pause for the whole host after a 429 or 503 (its Retry-After, or a doubling back-off).
 * `createHostGate` keeps them in this process (an embedded scan); on Redis every `pnpm worker`
 * shares one gate per host (jobs/redis/redisHostGate.ts), so the host sees them whatever the
 * number of workers.
 */

import { onAbort } from '../../services/safeFetch/index.ts';

/** A robots.txt Crawl-delay or a Retry-After longer than this is held to it: a scan must end. */
export const MAX_POLITENESS_DELAY_MS = 60_000;

type HostState = { active: number; waiting: Array<() => void>; notBefore: number; delayMs: number; limit: number };

export type HostGate = {
  /** Runs `task` for `host` when its manners allow. */
  run<T>(host: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Robots.txt's Crawl-delay for this host (seconds as written there); settled once it holds. */
  setCrawlDelay(host: string, seconds: number | undefined): void | Promise<void>;
  /** The host said 429 or 503: nothing more starts there for `ms`; settled once it holds. */
  pause(host: string, ms: number): void | Promise<void>;
};

/**
 * Waits `ms`, or less when a function of `wakers` is called (it is taken out again either way);
 * rejects with the signal's reason when it aborts first.
 */
const sleep = (ms: number, signal?: AbortSignal, wakers?: Set<() => void>) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const settle = () => {
      clearTimeout(timer);
      wakers?.delete(wake);
      stopListening?.();
    };
    const wake = () => {
      settle();
      resolve();
    };
    const timer = setTimeout(wake, ms);
    wakers?.add(wake);
    // Through onAbort: every waiting page of a scan shares its signal.
    const stopListening = signal
      ? onAbort(signal, () => {
          settle();
          reject(signal.reason);
        })
      : undefined;
  });

export { sleep as politeSleep };

export function createHostGate(perHost: number, now: () => number = Date.now): HostGate {
  const hosts = new Map<string, HostState>();
  const stateOf = (host: string): HostState => {
    let state = hosts.get(host);
    if (!state) {
      state = { active: 0, waiting: [], notBefore: 0, delayMs: 0, limit: perHost };
      hosts.set(host, state);
    }
    return state;
  };

  const acquire = async (host: string, state: HostState, signal?: AbortSignal) => {
    if (state.active < state.limit) state.active += 1;
    // Woken by a release that hands its turn over, so the host is never counted idle in between.
    else await new Promise<void>((resolve) => state.waiting.push(resolve));
    // Wait for the host's next allowed start (Crawl-delay, a pause), re-checked since a pause may
    // come while waiting.
    for (let wait = state.notBefore - now(); wait > 0; wait = state.notBefore - now()) {
      try {
        await sleep(wait, signal);
      } catch (error) {
        release(host, state);
        throw error;
      }
    }
    if (state.delayMs > 0) state.notBefore = now() + state.delayMs;
  };
  const release = (host: string, state: HostState) => {
    const next = state.waiting.shift();
    if (next) return next();
    state.active -= 1;
    // A host with nothing to remember is forgotten: the image probes' gate lives as long as the
    // process and sees every host any visitor names.
    if (state.active === 0 && state.delayMs === 0 && state.notBefore <= now()) {
      hosts.delete(host);
    }
  };

  return {
    async run(host, task, signal) {
      const state = stateOf(host);
      await acquire(host, state, signal);
      try {
        return await task();
      } finally {
        release(host, state);
      }
    },
    setCrawlDelay(host, seconds) {
      if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return;
      const state = stateOf(host);
      state.delayMs = Math.min(seconds * 1000, MAX_POLITENESS_DELAY_MS);
      state.limit = 1;
    },
    pause(host, ms) {
      const state = stateOf(host);
      state.notBefore = Math.max(state.notBefore, now() + Math.min(Math.max(ms, 0), MAX_POLITENESS_DELAY_MS));
    },
  };
}

/** Retry-After as seconds or an HTTP date, in ms from now; undefined when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
