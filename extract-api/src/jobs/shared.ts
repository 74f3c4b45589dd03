import { randomBytes } from 'node:crypto';
import { type ExtractionEvent, MESSAGES } from 'shared-contracts';

// What both job implementations (embedded and Redis) share: a scan's id and its end at the time limit.

/** The `code` of the error event a scan ends with when it reached its time limit. */
export const SCAN_TIME_LIMIT_CODE = 'time-limit';

/**
 * The last event of a scan stopped at its time limit. An error event, not a done: done has no
 * room for a sentence, and the visitor must read why the scan stopped; an error keeps the images
 * sent before it (the one event union's rule), so nothing found is lost.
 */
export function scanTimeLimitEvent(limitMs: number): ExtractionEvent {
  return { type: 'error', error: scanTimeLimitMessage(limitMs), code: SCAN_TIME_LIMIT_CODE };
}

export const scanTimeLimitMessage = (limitMs: number) =>
  MESSAGES.website.timeLimit(Math.max(1, Math.round(limitMs / 60_000)));

/** An unguessable, URL-safe id: whoever has it sees the scan, so it is the scan's only key. */
export function newJobId(): string {
  return randomBytes(16).toString('base64url');
}
