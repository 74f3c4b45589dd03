import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createContactInbox,
  InboxFullError,
  SENDER_WINDOW_MS,
  SenderLimitError,
} from '../../src/services/contactInbox.ts';
import { tempDir } from '../helper.ts';

const message = { name: 'Grace', email: 'grace@example.org', subject: 'Hi', message: 'Hello' };

describe('contact inbox', () => {
  let dir: string;
  let remove: () => Promise<void>;
  beforeEach(async () => {
    ({ dir, remove } = await tempDir());
  });
  afterEach(() => remove());

  it('should write one JSON line per message', async () => {
    const inbox = createContactInbox(dir, { perClientPerDay: 10 });
    await inbox.append(message, 'a');
    await inbox.append({ ...message, subject: 'Again' }, 'a');
    const lines = (await readFile(inbox.file, 'utf8')).trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { subject: string }).subject)).toEqual(['Hi', 'Again']);
  });

  it('should refuse new messages once the inbox reaches its size bound', async () => {
    const inbox = createContactInbox(dir, { perClientPerDay: 10, maxBytes: 10 });
    await inbox.append(message, 'a');
    await expect(inbox.append(message, 'b')).rejects.toBeInstanceOf(InboxFullError);
  });

  it('should take a few messages a day from one sender, and still every other sender’s', async () => {
    const inbox = createContactInbox(dir, { perClientPerDay: 2 });
    await inbox.append({ ...message, subject: 'one' }, '203.0.113.7');
    await inbox.append({ ...message, subject: 'two' }, '203.0.113.7');
    const refused = await inbox.append({ ...message, subject: 'three' }, '203.0.113.7').catch((error) => error);
    expect(refused).toBeInstanceOf(SenderLimitError);
    expect(refused.max).toBe(2);
    // Until a day after the sender's first message.
    expect(refused.retryAfterSeconds).toBeGreaterThan(SENDER_WINDOW_MS / 1000 - 60);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(SENDER_WINDOW_MS / 1000);
    await inbox.append({ ...message, subject: 'other' }, '198.51.100.1');
    const subjects = (await readFile(inbox.file, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { subject: string }).subject);
    expect(subjects).toEqual(['one', 'two', 'other']);
  });

  it('should count a sender again a day after its first message', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const inbox = createContactInbox(dir, { perClientPerDay: 1 });
      await inbox.append(message, 'a');
      await expect(inbox.append(message, 'a')).rejects.toBeInstanceOf(SenderLimitError);
      vi.setSystemTime(Date.now() + SENDER_WINDOW_MS);
      await expect(inbox.append(message, 'a')).resolves.toMatchObject({ subject: 'Hi' });
    } finally {
      vi.useRealTimers();
    }
  });
});
