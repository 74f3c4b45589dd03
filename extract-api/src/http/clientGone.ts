import type { FastifyReply } from 'fastify';

/**
 * A signal that fires when the client goes away before the answer is complete. The response's
 * 'close' is the one to watch: the request's own 'close' fires as soon as its body has been read.
 */
export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
