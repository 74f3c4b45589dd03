/**
 * One Inkscape job of a route, from its place at the gate to its answer: a place at the one gate of
 * Inkscape jobs (previews and figure SVGs share it, so the processes are bounded as one resource),
 * a temporary folder of its own, deleted with the place freed before the answer is sent, and the
 * failures answered alike (503 without Inkscape or when busy, 504 past the time limit, 422 when it
 * drew nothing).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from 'shared-contracts';
import { type Admission, BusyError, createGate, type Gate, TimeLimitError } from '../../admission/index.ts';
import type { GateLimits } from '../../config.ts';
import { ConversionFailed, ConverterMissing } from './runInkscape.ts';

const m = MESSAGES.documents.metafile;

/** The gate of every Inkscape job (EXTRACT_API_METAFILE_JOBS, _QUEUE, _TIME_LIMIT_S). */
export function createInkscapeGate(limits: GateLimits): Gate {
  return createGate({
    name: 'inkscape',
    ...limits,
    busyMessage: m.busy,
    timeLimitMessage: (limitMs) => m.timedOut(Math.round(limitMs / 1000)),
  });
}

/** A route's gate: the app's shared one, or its own from these limits (a route mounted alone in a test). */
export type InkscapeGateOption = { gate: Gate } | GateLimits;

export const gateOf = (option: InkscapeGateOption): Gate =>
  'gate' in option ? option.gate : createInkscapeGate(option);

export type InkscapeJobOutcome<T> = { done: T } | { error: unknown; stopped: unknown };

/**
 * Runs `work` with a place at the gate and a folder of its own under `tmpRoot`; both are gone when
 * this settles. `stopped` is why the admission's signal fired, if it did (the time limit).
 */
export async function inkscapeJob<T>(
  gate: Gate,
  job: { tmpRoot: string; prefix: string; signal: AbortSignal },
  work: (workDir: string, signal: AbortSignal) => Promise<T>,
): Promise<InkscapeJobOutcome<T>> {
  let admission: Admission | undefined;
  let workDir: string | undefined;
  try {
    admission = await gate.admit({ signal: job.signal });
    workDir = await mkdtemp(path.join(job.tmpRoot, job.prefix));
    return { done: await work(workDir, admission.signal) };
  } catch (error) {
    return { error, stopped: admission?.signal.reason };
  } finally {
    if (workDir) await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
    admission?.release();
  }
}

/**
 * A failed job's answer: BusyError rethrown (the app answers 503 with a Retry-After), 503 without
 * Inkscape, 504 past the time limit, 422 (`unreadable`) when it drew nothing; nothing when the
 * client has gone. Anything else is rethrown.
 */
export function answerInkscapeFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  failure: { error: unknown; stopped: unknown },
  clientGone: AbortSignal,
  unreadable: string,
): FastifyReply {
  const { error, stopped } = failure;
  const fail = (status: number, message: string) => reply.code(status).send({ success: false, error: message });
  if (error instanceof BusyError) throw error;
  if (error instanceof ConverterMissing) {
    request.log.warn({ err: error }, `${request.url}: Inkscape is not available`);
    return fail(503, m.converterUnavailable);
  }
  if (clientGone.aborted) return reply;
  if (stopped instanceof TimeLimitError) return fail(504, stopped.message);
  if (error instanceof ConversionFailed) {
    request.log.info({ err: error }, `${request.url}: Inkscape drew nothing`);
    return fail(422, unreadable);
  }
  throw error;
}
