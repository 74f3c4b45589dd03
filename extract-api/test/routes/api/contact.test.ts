import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from 'shared-contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, tempDir } from '../../helper.ts';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  subject: 'PDF question',
  message: 'Does it read JBIG2?',
};

describe('POST /api/contact', () => {
  let app: FastifyInstance;
  let dir: string;
  let remove: () => Promise<void>;

  beforeEach(async () => {
    ({ dir, remove } = await tempDir());
    app = await buildTestApp({ dataDir: dir });
  });
  afterEach(async () => {
    await app.close();
    await remove();
  });

  const inbox = () => path.join(dir, 'contact', 'messages.ndjson');
  const readInbox = async () =>
    (await readFile(inbox(), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, string>);

  it('should store a valid message durably and answer with its id', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/contact', payload: valid });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; id: string }>();
    expect(body.success).toBe(true);
    const [stored] = await readInbox();
    expect(stored).toMatchObject({ ...valid, id: body.id });
    expect(Date.parse(stored?.receivedAt ?? '')).not.toBeNaN();
  });

  it('should append, never overwrite, when messages arrive together', async () => {
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        app.inject({ method: 'POST', url: '/api/contact', payload: { ...valid, subject: `subject ${i}` } }),
      ),
    );
    const subjects = (await readInbox()).map((m) => m.subject).sort();
    expect(subjects).toEqual(['subject 0', 'subject 1', 'subject 2', 'subject 3', 'subject 4']);
  });

  it('should refuse a bad email with the field named and store nothing', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...valid, email: 'not-an-email' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ success: boolean; fieldErrors: Record<string, string> }>();
    expect(body.success).toBe(false);
    expect(body.fieldErrors.email).toBe('Please enter a valid email address');
    await expect(readFile(inbox(), 'utf8')).rejects.toThrow();
  });

  it('should refuse missing fields', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Ada' } });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ fieldErrors: object }>().fieldErrors).sort()).toEqual([
      'email',
      'message',
      'subject',
    ]);
  });

  it('should refuse a body that is not JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ success: boolean }>().success).toBe(false);
  });

  it('should take a few messages a day from one sender, so that it cannot fill the inbox for everyone', async () => {
    const limited = await buildTestApp({ dataDir: dir, contactPerClientPerDay: 2 });
    try {
      const send = (remoteAddress: string, subject: string) =>
        limited.inject({ method: 'POST', url: '/api/contact', remoteAddress, payload: { ...valid, subject } });
      expect((await send('203.0.113.4', 'one')).statusCode).toBe(200);
      expect((await send('203.0.113.4', 'two')).statusCode).toBe(200);
      const refused = await send('203.0.113.4', 'three');
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(23 * 3600);
      expect(refused.json()).toEqual({ success: false, error: MESSAGES.contact.perDay(2, wait) });
      // Someone else is still heard.
      expect((await send('198.51.100.4', 'other')).statusCode).toBe(200);
      expect((await readInbox()).map((m) => m.subject)).toEqual(['one', 'two', 'other']);
    } finally {
      await limited.close();
    }
  });

  it('should refuse an oversized body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...valid, message: 'x'.repeat(100 * 1024) },
    });
    expect(response.statusCode).toBe(413);
  });
});
