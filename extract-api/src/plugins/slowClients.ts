/**
 * Clients too slow to be worth a connection. Node's own requestTimeout is one clock for the whole
 * request, which would cut a 2 GB video arriving on a slow link as surely as a trickled JSON body,
 * so it is off and the limits are kept here instead:
 * - every request's headers arrive within `headersTimeoutMs` (Node's headersTimeout, checked every
 *   second), and a connection that sends nothing at all is closed then too;
 * - a request that is not an upload arrives whole within `requestTimeoutMs` of its headers;
 * - an upload (multipart, or a body over UPLOAD_BODY_BYTES) keeps at least `uploadMinBytesPerS`,
 *   measured only while the server reads it: one waiting for its turn is not the client's fault.
 * Each limit answers 408 with a sentence while the answer has not started, and closes the connection.
 * Streaming answers (scans, frames, ZIPs) are not requests: nothing here times them.
 *
 *   const app = Fastify({ ...slowClientServerOptions(limits) });
 *   guardSlowClients(app, limits);   // before any route is registered
 */

import type { Server } from 'node:http';
import { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import type { FastifyHttpOptions, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from 'shared-contracts';

export type ClientLimits = {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  uploadMinBytesPerS: number;
};

/** Bodies larger than this (the app's own bodyLimit), and every multipart one, are uploads. */
export const UPLOAD_BODY_BYTES = 1024 * 1024;
/** An upload's rate is averaged over this long, so a link that stalls for a few seconds keeps its upload. */
export const UPLOAD_WINDOW_MS = 10_000;
/** An upload's first seconds are not measured: TCP's slow start, a client still opening its file. */
export const UPLOAD_GRACE_MS = 5_000;
/** How often an upload's rate is sampled, and Node checks the headers deadlines (its default, 30 s, would let them slip by as much). */
const TICK_MS = 1_000;

/** The server options these limits need: they must be given when the server is made. */
export function slowClientServerOptions(limits: ClientLimits) {
  return {
    http: { headersTimeout: limits.headersTimeoutMs, requestTimeout: 0, connectionsCheckingInterval: TICK_MS },
    // Fastify's own: 0 leaves the whole-request clock off, as above.
    requestTimeout: 0,
    clientErrorHandler: answerClientError(limits),
  } satisfies FastifyHttpOptions<Server>;
}

/** Node's refusals before any route sees the request (its headers timed out, too large, not HTTP), as sentences. */
function answerClientError(limits: ClientLimits) {
  return function (this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, text, message] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', MESSAGES.slowClient.headers(limits.headersTimeoutMs / 1000)]
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', MESSAGES.slowClient.headersTooLarge]
          : [400, 'Bad Request', MESSAGES.slowClient.unreadable];
    this.log.debug({ err: error }, 'client error');
    if (socket.writable) {
      const body = JSON.stringify({ success: false, error: message });
      socket.write(
        `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}

export function guardSlowClients(app: FastifyInstance, limits: ClientLimits): void {
  // Node's headers clock starts at a request's first byte: a connection that never sends one
  // would be held for ever.
  app.server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, limits.headersTimeoutMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });

  app.addHook('preParsing', async (request, reply, payload) => {
    if (!fromNetwork(request) || !hasBody(request) || request.raw.complete) return payload;
    if (isUpload(request)) {
      watchUploadRate(request, reply, limits.uploadMinBytesPerS);
      return payload;
    }
    // The body parser reads this stream: ended with a 408 error, it answers the sentence through
    // the app's error handler and closes the connection, as for any body it could not read.
    const body = new PassThrough();
    payload.pipe(body);
    payload.once('error', (error) => body.destroy(error));
    const timer = setTimeout(() => {
      if (!request.raw.complete) {
        const seconds = limits.requestTimeoutMs / 1000;
        request.log.info({ seconds }, 'request body too slow: cut');
        body.destroy(Object.assign(new Error(MESSAGES.slowClient.body(seconds)), { statusCode: 408 }));
      }
    }, limits.requestTimeoutMs);
    timer.unref();
    // Nobody may be reading it (a route without a body parser): an error then has nowhere to go.
    body.on('error', () => {});
    body.once('close', () => clearTimeout(timer));
    request.raw.once('close', () => clearTimeout(timer));
    return body;
  });

  // An answer given before its request arrived whole (refused at once, or cut) closes the
  // connection: otherwise Node would go on reading the rest, however large or slow, to discard it.
  // Node forgets a request once its answer is sent, so a route still reading it would wait for
  // ever: it is ended when the connection closes (after the answer is out), and its reader fails.
  app.addHook('onSend', async (request, reply, payload) => {
    if (fromNetwork(request) && !request.raw.complete) {
      reply.header('connection', 'close');
      request.raw.socket.once('close', () => request.raw.destroy());
    }
    return payload;
  });
}

/** A request from a connection (not one injected by a test): only those can be slow. */
function fromNetwork(request: FastifyRequest): boolean {
  return request.raw.socket instanceof Socket;
}

function hasBody(request: FastifyRequest): boolean {
  const { headers } = request;
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}

function isUpload(request: FastifyRequest): boolean {
  const { headers } = request;
  return (
    /^multipart\//i.test(headers['content-type'] ?? '') || Number(headers['content-length'] ?? 0) > UPLOAD_BODY_BYTES
  );
}

/**
 * Samples the bytes the connection has received once a second. While the server is not reading
 * (the socket is paused: the route waits for a place, or the disk) the window starts over.
 */
function watchUploadRate(request: FastifyRequest, reply: FastifyReply, minBytesPerS: number): void {
  const socket = request.raw.socket;
  const measureFrom = Date.now() + UPLOAD_GRACE_MS;
  let samples: Array<{ at: number; bytes: number }> = [];
  const tick = setInterval(() => {
    if (request.raw.complete || socket.destroyed || reply.raw.writableEnded) {
      clearInterval(tick);
      return;
    }
    const at = Date.now();
    if (at < measureFrom || socket.isPaused()) {
      samples = [];
      return;
    }
    samples.push({ at, bytes: socket.bytesRead });
    // The oldest sample kept is the last one at least a window old.
    while (samples.length > 1 && (samples[1]?.at ?? at) <= at - UPLOAD_WINDOW_MS) samples.shift();
    const first = samples[0];
    if (!first || at - first.at < UPLOAD_WINDOW_MS) return;
    const bytesPerS = ((socket.bytesRead - first.bytes) * 1000) / (at - first.at);
    if (bytesPerS >= minBytesPerS) return;
    clearInterval(tick);
    request.log.info({ bytesPerS: Math.round(bytesPerS) }, 'upload too slow: cut');
    if (reply.raw.headersSent) {
      socket.destroy();
      return;
    }
    const message = MESSAGES.slowClient.upload(Math.max(1, Math.round(minBytesPerS / 1024)));
    // `message` too: the document route's error answers carry it (ExtractImagesErrorSchema).
    void reply.code(408).header('connection', 'close').send({ success: false, error: message, message });
  }, TICK_MS);
  tick.unref();
  request.raw.once('close', () => clearInterval(tick));
}
