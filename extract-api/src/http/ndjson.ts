/**
 * The one NDJSON writer of the API: an extractor's events, one JSON object per line, written as
 * they happen (`POST /api/extract-website/stream`, `POST /api/video/frames`). The browser reads them
 * with shared-ui's `readNdjson`, against the same `ExtractionEventSchema`.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { ExtractionEvent } from 'shared-contracts';

export const NDJSON_CONTENT_TYPE = 'application/x-ndjson; charset=utf-8';

export type NdjsonOptions = {
  /**
   * The last line when the events throw, worded for the user; undefined ends the stream without
   * one (the client left: nobody reads it). Log what needs logging here.
   */
  onError: (error: unknown) => ExtractionEvent | undefined;
  /** Runs once the lines are written, the events failed or the client stopped reading. */
  onEnd?: () => Promise<void> | void;
};

/** One line: the event as JSON, then a newline (JSON.stringify never writes a raw newline). */
export function ndjsonLine(event: ExtractionEvent): string {
  return `${JSON.stringify(event)}\n`;
}

/** The lines of an event stream, a failure turned into its error line. */
export async function* ndjsonLines(
  events: AsyncIterable<ExtractionEvent>,
  options: NdjsonOptions,
): AsyncGenerator<string> {
  try {
    for await (const event of events) yield ndjsonLine(event);
  } catch (error) {
    const last = options.onError(error);
    if (last) yield ndjsonLine(last);
  } finally {
    await options.onEnd?.();
  }
}

/**
 * Answers with the events as NDJSON. Closing the answer (the client's Cancel, or it going away)
 * ends the events' iteration, which runs their `finally` and `onEnd`. The route turns off
 * compression: each line must reach the browser as it happens, not when a gzip block fills.
 */
export function sendNdjson(
  reply: FastifyReply,
  events: AsyncIterable<ExtractionEvent>,
  options: NdjsonOptions & { onClose?: () => void },
): FastifyReply {
  const stream = Readable.from(ndjsonLines(events, options), { objectMode: false });
  if (options.onClose) stream.once('close', options.onClose);
  return reply
    .type(NDJSON_CONTENT_TYPE)
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
    .header('x-content-type-options', 'nosniff')
    .send(stream);
}
