import * as z from 'zod/mini';
import {
  CONTACT_EMAIL_MAX_CHARS,
  CONTACT_MESSAGE_MAX_CHARS,
  CONTACT_NAME_MAX_CHARS,
  CONTACT_SUBJECT_MAX_CHARS,
} from '../limits.ts';
import { MESSAGES } from '../messages/catalogue.ts';
import { ApiErrorSchema } from './errors.ts';

const m = MESSAGES.contact;

/** `POST /api/contact`: the form validates with this schema and so does extract-api. */
export const ContactMessageSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, m.nameRequired),
      z.maxLength(CONTACT_NAME_MAX_CHARS, m.tooLong('Full name', CONTACT_NAME_MAX_CHARS)),
    ),
  email: z.pipe(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, m.emailRequired),
        z.maxLength(CONTACT_EMAIL_MAX_CHARS, m.tooLong('Email address', CONTACT_EMAIL_MAX_CHARS)),
      ),
    z.email(m.invalidEmail),
  ),
  subject: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, m.subjectRequired),
      z.maxLength(CONTACT_SUBJECT_MAX_CHARS, m.tooLong('Subject', CONTACT_SUBJECT_MAX_CHARS)),
    ),
  message: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, m.messageRequired),
      z.maxLength(CONTACT_MESSAGE_MAX_CHARS, m.tooLong('Message', CONTACT_MESSAGE_MAX_CHARS)),
    ),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const ContactResponseSchema = z.discriminatedUnion('success', [
  z.object({ success: z.literal(true), id: z.string() }),
  ApiErrorSchema,
]);
export type ContactResponse = z.infer<typeof ContactResponseSchema>;
