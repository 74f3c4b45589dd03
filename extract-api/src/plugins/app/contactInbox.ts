import { randomUUID } from 'node:crypto';
import { mkdir, open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ContactMessage } from 'shared-contracts';

/**
 * The contact inbox: one JSON object per line in `<dataDir>/contact/messages.ndjson`, which the
 * operator reads with any tool. It is the one local file that outlives a request (DESIGN.md §9),
 * kept behind this small module so it can move to a real store without touching routes.
 */
export const INBOX_MAX_BYTES = 50 * 1024 * 1024;

export class InboxFullError extends Error {
  override readonly name = 'InboxFullError';
}

export type StoredContactMessage = ContactMessage & { id: string; receivedAt: string };

export function createContactInbox(dataDir: string, maxBytes = INBOX_MAX_BYTES) {
  const file = path.join(dataDir, 'contact', 'messages.ndjson');
  // Appends are chained so two requests never interleave their lines.
  let queue: Promise<unknown> = Promise.resolve();

  async function write(message: ContactMessage): Promise<StoredContactMessage> {
    await mkdir(path.dirname(file), { recursive: true });
    const size = await stat(file).then(
      (s) => s.size,
      () => 0,
    );
    if (size >= maxBytes) throw new InboxFullError(`contact inbox ${file} is full (${size} bytes)`);
    const stored: StoredContactMessage = { id: randomUUID(), receivedAt: new Date().toISOString(), ...message };
    const handle = await open(file, 'a', 0o600);
    try {
      await handle.appendFile(`${JSON.stringify(stored)}\n`, 'utf8');
      // Durable before we tell the sender it was delivered.
      await handle.sync();
    } finally {
      await handle.close();
    }
    return stored;
  }

  return {
    file,
    append(message: ContactMessage): Promise<StoredContactMessage> {
      const result = queue.then(() => write(message));
      queue = result.catch(() => undefined);
      return result;
    },
  };
}

export type ContactInbox = ReturnType<typeof createContactInbox>;
