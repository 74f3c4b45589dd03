import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  ContactMessageSchema,
  EmailFieldSchema,
  NameFieldSchema,
  NewPasswordFieldSchema,
  PhoneFieldSchema,
  PublicUrlSchema,
  SignInPasswordFieldSchema,
  SignInSchema,
  SignUpSchema,
} from '../src/index.ts';
import { MESSAGES } from '../src/messages/catalogue.ts';

/**
 * The contracts validate with zod/mini, which loads no locale: an issue without a message of its
 * own says only "Invalid input". Every message a form or a page shows must therefore be the
 * schema's own, from the catalogue. These run with no locale loaded, as the browser does.
 */
const m = MESSAGES.account;

function messages(schema: z.ZodMiniType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('user-facing messages without a zod locale', () => {
  it('runs with no locale loaded (as in the browser)', () => {
    expect(z.config().localeError).toBeUndefined();
  });

  it('signing up with a short name or a bad email says the catalogue’s words', () => {
    const result = SignUpSchema.safeParse({ method: 'email', name: ' A ', email: 'ada@', password: 'secret' });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error?.issues.map((issue) => [issue.path[0], issue.message]) ?? []);
    expect(byField).toEqual({ name: m.nameTooShort, email: m.invalidEmail });
  });

  it('signing up by phone with a bad number or a short password says the catalogue’s words', () => {
    const result = SignUpSchema.safeParse({ method: 'phone', name: 'Ada', phone: '12345', password: 'short' });
    const byField = Object.fromEntries(result.error?.issues.map((issue) => [issue.path[0], issue.message]) ?? []);
    expect(byField).toEqual({ phone: m.invalidPhone, password: m.passwordTooShort });
  });

  it('signing in without a password says the catalogue’s words', () => {
    const result = SignInSchema.safeParse({ method: 'email', email: 'ada@example.org', password: '' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([m.passwordRequired]);
  });

  // What the forms' fields (zodRule) are given: always text, '' when empty.
  it.each([
    [
      'the email field',
      EmailFieldSchema,
      ['', '   ', 'ada', 'ada@', '@example.org', 'ada example.org'],
      [m.invalidEmail],
    ],
    ['the phone field', PhoneFieldSchema, ['', '123', 'phone number', '+1 555 12', '1'.repeat(16)], [m.invalidPhone]],
    ['the name field', NameFieldSchema, ['', ' ', ' A '], [m.nameTooShort]],
    ['the new password field', NewPasswordFieldSchema, ['', '12345'], [m.passwordTooShort]],
    ['the sign-in password field', SignInPasswordFieldSchema, [''], [m.passwordRequired]],
    ['the contact name', ContactMessageSchema.shape.name, ['', '  '], [MESSAGES.contact.nameRequired]],
    ['the contact email', ContactMessageSchema.shape.email, [''], [MESSAGES.contact.emailRequired]],
    ['the contact email', ContactMessageSchema.shape.email, ['ada', 'ada@'], [MESSAGES.contact.invalidEmail]],
    ['the contact subject', ContactMessageSchema.shape.subject, [' '], [MESSAGES.contact.subjectRequired]],
    ['the contact message', ContactMessageSchema.shape.message, [''], [MESSAGES.contact.messageRequired]],
    ['the video URL', PublicUrlSchema, [''], ['Please enter a URL']],
    [
      'the video URL',
      PublicUrlSchema,
      ['example.org', 'ftp://example.org/x'],
      ['Please enter a valid http:// or https:// address'],
    ],
  ] as const)('%s says the schema’s own message', (_label, schema, inputs, expected) => {
    for (const input of inputs) expect(messages(schema, input)).toEqual(expected);
  });

  it('a contact field that is too long says so', () => {
    expect(messages(ContactMessageSchema.shape.name, 'x'.repeat(201))).toEqual([
      MESSAGES.contact.tooLong('Full name', 200),
    ]);
  });
});
