import { describe, expect, it } from 'vitest';
import { ContactMessageSchema } from '../src/api/contact.ts';
import { CONTACT_MESSAGE_MAX_CHARS } from '../src/limits.ts';
import { MESSAGES } from '../src/messages/catalogue.ts';

const valid = { name: 'Ada Lovelace', email: 'ada@example.org', subject: 'Hello', message: 'A question about PDFs.' };

function firstError(input: unknown, field: string): string | undefined {
  const result = ContactMessageSchema.safeParse(input);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('ContactMessageSchema', () => {
  it('accepts a complete message and trims it', () => {
    expect(ContactMessageSchema.parse({ ...valid, name: '  Ada Lovelace ' }).name).toBe('Ada Lovelace');
  });

  it.each([
    ['name', MESSAGES.contact.nameRequired],
    ['email', MESSAGES.contact.emailRequired],
    ['subject', MESSAGES.contact.subjectRequired],
    ['message', MESSAGES.contact.messageRequired],
  ])('requires %s', (field, message) => {
    expect(firstError({ ...valid, [field]: '   ' }, field)).toBe(message);
  });

  it.each(['ada', 'ada@', '@example.org', 'ada example.org'])('refuses the email %s', (email) => {
    expect(firstError({ ...valid, email }, 'email')).toBe(MESSAGES.contact.invalidEmail);
  });

  it('bounds the message length', () => {
    expect(firstError({ ...valid, message: 'x'.repeat(CONTACT_MESSAGE_MAX_CHARS + 1) }, 'message')).toMatch(/at most/);
  });

  it('refuses a body that is not an object', () => {
    expect(ContactMessageSchema.safeParse('hello').success).toBe(false);
  });
});
