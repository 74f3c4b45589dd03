import { randomUUID } from 'node:crypto';
import { mkdir, open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ContactMessage } from 'shared-contracts';

/**
 * The contact inbox: one JSON object per line in `<dataDir>/contact/messages.ndjson`, which the
 * operator reads with any tool. It is the one local file that outlives a request,
 * kept behind this small module so it can move to a real store without touching routes.
 */
export const INBOX_MAX_BYTES = 50 * 1024 * 1024;
/** A sender's messages are counted over this long from their first one. */
export const SENDER_WINDOW_MS = 24 * 3_600_000;
/** Senders counted at once; past it the one counted longest ago is forgotten, so memory stays bounded. */
const MAX_SENDERS = 100_000;

export class InboxFullError extends Error {
  override readonly name = 'InboxFullError';
}

/** One sender reached its messages for the day; `retryAfterSeconds` until it may send again. */
export class SenderLimitError extends Error {
  override readonly name = 'SenderLimitError';
  constructor(
    readonly max: number,
    readonly retryAfterSeconds: number,
  ) {
    super(`a sender reached ${max} contact messages in a day`);
  }
}

export type StoredContactMessage = ContactMessage & { id: string; receivedAt: string };

export type ContactInboxOptions = {
  /** Messages taken from one sender in SENDER_WINDOW_MS. */
  perClientPerDay: number;
  maxBytes?: number;
};

/**
 * Besides its size bound, the inbox takes at most `perClientPerDay` messages from one sender (the
 * caller names it: the rate limits' client key), so that one sender cannot fill it and leave
 * everyone else a 503. Counted in memory: the inbox is a file of this instance, and so is what
 * guards it; across instances the contact route's rate limit (in Redis when set) bounds a sender.
 * A restart forgets the counts, which the hourly route limit still bounds.
 */
export function createContactInbox(
  dataDir: string,
  { perClientPerDay, maxBytes = INBOX_MAX_BYTES }: ContactInboxOptions,
) {
  const file = path.join(dataDir, 'contact', 'messages.ndjson');
  // Appends are chained so two requests never interleave their lines, nor pass a sender's count together.
  let queue: Promise<unknown> = Promise.resolve();
  /** Each sender's messages since `since`, in the order they were first counted. */
  const senders = new Map<string, { count: number; since: number }>();

  function countFor(sender: string, now: number) {
    const counted = senders.get(sender);
    if (counted && now - counted.since < SENDER_WINDOW_MS) return counted;
    senders.delete(sender);
    const fresh = { count: 0, since: now };
    senders.set(sender, fresh);
    for (const oldest of senders.keys()) {
      if (senders.size <= MAX_SENDERS) break;
      senders.delete(oldest);
    }
    return fresh;
  }

  async function write(message: ContactMessage, sender: string): Promise<StoredContactMessage> {
    const now = Date.now();
    const counted = countFor(sender, now);
    if (counted.count >= perClientPerDay) {
      throw new SenderLimitError(perClientPerDay, Math.ceil((counted.since + SENDER_WINDOW_MS - now) / 1000));
    }
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
    counted.count += 1;
    return stored;
  }

  return {
    file,
    /** Appends one message from `sender`; rejects with InboxFullError or SenderLimitError, writing nothing. */
    append(message: ContactMessage, sender: string): Promise<StoredContactMessage> {
      const result = queue.then(() => write(message, sender));
      queue = result.catch(() => undefined);
      return result;
    },
  };
}

export type ContactInbox = ReturnType<typeof createContactInbox>;
