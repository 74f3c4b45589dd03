import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, ContactMessageSchema, ContactResponseSchema, MESSAGES } from 'shared-contracts';
import { clientKeyOf } from '../../../plugins/rateLimit/index.ts';
import { type ContactInbox, InboxFullError, SenderLimitError } from '../../../services/contactInbox.ts';

/** A contact message is small; anything bigger than this is not one. */
const CONTACT_BODY_LIMIT_BYTES = 64 * 1024;

export function contactRoutes(inbox: ContactInbox): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      API_PATHS.contact,
      {
        bodyLimit: CONTACT_BODY_LIMIT_BYTES,
        schema: {
          summary: 'Deliver a message from the Contact Us form to the operator’s inbox',
          body: ContactMessageSchema,
          response: {
            200: ContactResponseSchema,
            400: ContactResponseSchema,
            429: ContactResponseSchema,
            503: ContactResponseSchema,
          },
        },
      },
      async (request, reply) => {
        try {
          const stored = await inbox.append(request.body, clientKeyOf(request));
          request.log.info({ contactId: stored.id }, 'contact message stored');
          return { success: true as const, id: stored.id };
        } catch (error) {
          if (error instanceof SenderLimitError) {
            return reply
              .code(429)
              .header('retry-after', error.retryAfterSeconds)
              .send({ success: false as const, error: MESSAGES.contact.perDay(error.max, error.retryAfterSeconds) });
          }
          if (error instanceof InboxFullError) {
            request.log.error(error.message);
            return reply.code(503).send({
              success: false as const,
              error: 'The inbox cannot take more messages right now. Please try again later.',
            });
          }
          throw error;
        }
      },
    );
  };
}
