import type { SafeFetch } from '../../../services/safeFetch/index.ts';
import type { HostGate } from '../hostGate.ts';
import { fetchRobots, type RobotsRules } from './robots.ts';

export type RobotsCache = (url: string, signal?: AbortSignal) => Promise<RobotsRules>;

/**
 * robots.txt of each origin, read once before the first page of that origin, its Crawl-delay set
 * on the host's gate before that page is read (so it governs that page too). A failed read is not
 * kept: the next page asks again. At most `maxOrigins` are kept, the oldest dropped first (a
 * `pnpm worker` reads pages of every scan for as long as it lives).
 */
export function createRobotsCache(
  fetch: SafeFetch,
  gate: HostGate,
  maxOrigins = Number.POSITIVE_INFINITY,
): RobotsCache {
  const byOrigin = new Map<string, Promise<RobotsRules>>();
  return (url, signal) => {
    const { origin, host } = new URL(url);
    let rules = byOrigin.get(origin);
    if (!rules) {
      rules = fetchRobots(origin, fetch, signal).then(async (read) => {
        await gate.setCrawlDelay(host, read.crawlDelay);
        return read;
      });
      rules.catch(() => byOrigin.delete(origin));
      byOrigin.set(origin, rules);
      if (byOrigin.size > maxOrigins) byOrigin.delete(byOrigin.keys().next().value as string);
    }
    return rules;
  };
}
