import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createContactInbox, InboxFullError } from '../../src/plugins/app/contactInbox.ts';
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
    const inbox = createContactInbox(dir);
    await inbox.append(message);
    await inbox.append({ ...message, subject: 'Again' });
    const lines = (await readFile(inbox.file, 'utf8')).trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { subject: string }).subject)).toEqual(['Hi', 'Again']);
  });

  it('should refuse new messages once the inbox reaches its size bound', async () => {
    const inbox = createContactInbox(dir, 10);
    await inbox.append(message);
    await expect(inbox.append(message)).rejects.toBeInstanceOf(InboxFullError);
  });
});
