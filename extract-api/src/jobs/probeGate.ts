import { createHostGate, type HostGate } from '../extractors/web/index.ts';
import { createRedisHostGate, PROBE_KEY_PREFIX } from './redis/redisHostGate.ts';
import { connect } from './redis/store.ts';

export type ProbeGate = { gate: HostGate; close: () => void };

/**
 * The one gate of image probes per host: at most `perHost` probes in flight to one host from every
 * extraction of this process, so that many visitors' extractions of pages naming one host cannot
 * add up against it. With Redis (`redisUrl`) the gate is shared with every API instance and
 * `pnpm worker`, as the scans' page gate is.
 */
export function createProbeGate(options: { perHost: number; redisUrl?: string | undefined }): ProbeGate {
  if (!options.redisUrl) return { gate: createHostGate(options.perHost), close: () => undefined };
  const redis = connect(options.redisUrl);
  return {
    gate: createRedisHostGate(redis, { perHost: options.perHost, keyPrefix: PROBE_KEY_PREFIX }),
    close: () => redis.disconnect(),
  };
}
