/**
 * The built server against clients too slow to be worth a connection, and uploads too heavy to
 * hold in memory: a trickled body, headers that never end, a connection that says nothing and an
 * upload below the minimum rate are each cut (408 with a sentence where the connection can still
 * take one); a full document queue refuses uploads before reading them, and the ones it takes
 * wait on disk, not in memory.
 * Run alone (vitest.isolation.config.ts), after the package's build.
 */
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpus } from '../../../tooling/corpus.mjs';
import { type BuiltServer, startBuiltServer } from './builtServer.ts';

type Outcome = { ms: number; status: number | undefined; body: string; closed: boolean };

/**
 * A raw TCP client: sends `head` at once, then `drip()` every `everyMs` until the server closes
 * the connection (or `giveUpMs` passes); what the server answered, and when it closed.
 */
function slowClient(
  base: string,
  head: string | Buffer,
  everyMs: number,
  drip: () => string | Buffer,
  giveUpMs = 45_000,
) {
  const { port } = new URL(base);
  return new Promise<Outcome>((resolve) => {
    const started = performance.now();
    let received = '';
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      if (head.length > 0) socket.write(head);
    });
    const dripping = everyMs > 0 ? setInterval(() => socket.writable && socket.write(drip()), everyMs) : undefined;
    const done = (closed: boolean) => {
      clearInterval(dripping);
      clearTimeout(giveUp);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
      resolve({
        ms: performance.now() - started,
        status: status ? Number(status) : undefined,
        body: received.slice(received.indexOf('\r\n\r\n') + 4),
        closed,
      });
    };
    const giveUp = setTimeout(() => {
      socket.destroy();
      done(false);
    }, giveUpMs);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    // Writing to a connection the server closed: the outcome is the close.
    socket.on('error', () => {});
    socket.on('close', () => done(true));
  });
}

const JSON_HEAD = (length: number) =>
  `POST /api/extract HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n{`;
const LORIS_HEAD = 'POST /api/extract HTTP/1.1\r\nHost: localhost\r\n';
const BOUNDARY = 'SlowClientsBoundary';
const FILE_PART_HEAD = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="doc.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
const UPLOAD_HEAD = (length: number) =>
  `POST /v1/extract-images HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${length}\r\n\r\n${FILE_PART_HEAD}`;

/** A whole multipart upload of `file` in the field both upload routes read. */
const uploadBody = (file: Uint8Array) =>
  Buffer.concat([Buffer.from(FILE_PART_HEAD), file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
const DOCUMENTS = '/v1/extract-images';
const VIDEO_FRAMES = '/api/video/frames';

type Sent = { status: number | undefined; body: string; sentAtAnswer: number; ms: number; error?: string };

/**
 * POSTs `body` to `route` a slice at a time as the connection takes it, at most
 * `bytesPerS` (unbounded when left out); stops sending once the answer came. `sentAtAnswer`: the
 * bytes handed to the connection when the answer (or the error) arrived.
 */
function sendUpload(base: string, route: string, body: Buffer, bytesPerS?: number) {
  return new Promise<Sent>((resolve) => {
    const started = performance.now();
    let sent = 0;
    let sentAtAnswer: number | undefined;
    const request = http.request(`${base}${route}`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(body.length) },
    });
    const finish = (outcome: Omit<Sent, 'sentAtAnswer' | 'ms'>) =>
      resolve({ ...outcome, sentAtAnswer: sentAtAnswer ?? sent, ms: performance.now() - started });
    request.on('response', (response) => {
      sentAtAnswer = sent;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      const done = () => finish({ status: response.statusCode, body: Buffer.concat(chunks).toString() });
      response.on('end', done);
      response.on('error', done);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      sentAtAnswer ??= sent;
      finish({ status: undefined, body: '', error: error.code });
    });
    void (async () => {
      // paced in small slices, so that the rate holds over every second
      const slice = bytesPerS ? 16 * 1024 : 256 * 1024;
      for (let at = 0; at < body.length && sentAtAnswer === undefined && !request.destroyed; at += slice) {
        const chunk = body.subarray(at, at + slice);
        request.write(chunk);
        sent += chunk.length;
        if (bytesPerS) await new Promise((r) => setTimeout(r, (chunk.length / bytesPerS) * 1000));
        if (request.writableNeedDrain) {
          await Promise.race([once(request, 'drain'), once(request, 'close'), once(request, 'response')]);
        }
      }
      if (sentAtAnswer === undefined && !request.destroyed) request.end();
    })().catch(() => undefined);
  });
}

const rssMb = async (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

describe('the built server against slow clients, with short limits', () => {
  let server: BuiltServer;
  let uploads: string;
  beforeAll(async () => {
    uploads = await mkdtemp(path.join(tmpdir(), 'slow-clients-uploads-'));
    server = await startBuiltServer({
      EXTRACT_API_REQUEST_TIMEOUT_S: '3',
      EXTRACT_API_HEADERS_TIMEOUT_S: '2',
      EXTRACT_API_DOCUMENT_WORKERS: '1',
      EXTRACT_API_VIDEO_JOBS: '1',
      EXTRACT_API_DOCUMENT_QUEUE: '2',
      EXTRACT_API_TMP_DIR: uploads,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(uploads, { recursive: true, force: true });
  });

  it('should cut a trickled JSON body at the request timeout, and headers that never end or a silent connection at the headers timeout', async () => {
    const [body, loris, silent] = await Promise.all([
      // Content-Length 1000, one byte every 5 s: 200 s to arrive
      slowClient(server.base, JSON_HEAD(1000), 5_000, () => ' '),
      slowClient(server.base, LORIS_HEAD, 500, () => 'X-Still-Coming: yes\r\n'),
      slowClient(server.base, '', 0, () => ''),
    ]);
    expect(body).toMatchObject({ closed: true, status: 408 });
    expect(JSON.parse(body.body)).toEqual({ success: false, error: MESSAGES.slowClient.body(3) });
    expect(body.ms).toBeGreaterThan(2_900);
    expect(body.ms).toBeLessThan(4_500);
    expect(loris).toMatchObject({ closed: true, status: 408 });
    expect(JSON.parse(loris.body)).toEqual({ success: false, error: MESSAGES.slowClient.headers(2) });
    expect(loris.ms).toBeLessThan(3_500);
    expect(silent).toMatchObject({ closed: true, status: undefined });
    expect(silent.ms).toBeLessThan(3_500);
    // the server is no worse for it
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
  });

  it('should cut an upload that trickles below the minimum rate, with a sentence', async () => {
    // 1 KB a second against the default 16 KiB: measured after a 5 s grace, over 10 s.
    const upload = await slowClient(server.base, UPLOAD_HEAD(10_000_000), 1_000, () => 'x'.repeat(1024));
    expect(upload).toMatchObject({ closed: true, status: 408 });
    expect(JSON.parse(upload.body)).toMatchObject({ success: false, error: MESSAGES.slowClient.upload(16) });
    expect(upload.ms).toBeGreaterThan(14_000);
    expect(upload.ms).toBeLessThan(18_000);
    expect(await readdir(uploads)).toEqual([]);
  });

  it('should take an upload that arrives slower than the request timeout but above the minimum rate', async () => {
    // 374 KB at 64 KB a second: about 6 s, twice the 3 s a body that is not an upload gets
    const sent = await sendUpload(server.base, DOCUMENTS, uploadBody(readCorpus('pdf/cmykjpeg.pdf')), 64 * 1024);
    expect(sent.status, sent.body).toBe(200);
    expect(sent.ms).toBeGreaterThan(4_500);
    expect(JSON.parse(sent.body)).toMatchObject({ success: true, kind: 'pdf' });
  });

  it('should not count the time an upload waits for its turn against its rate', async () => {
    // One conversion at once: A holds it while it arrives at 32 KB a second (above the minimum),
    // B, sent at full speed, waits its turn for 20 s with nothing read: longer than the 15 s in
    // which a stalled upload is cut. A's client then leaves, and B goes on.
    const video = readCorpus('video/sar_2x1.mp4');
    const aHead = Buffer.concat([
      Buffer.from(
        `POST ${VIDEO_FRAMES} HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: 100000000\r\n\r\n${FILE_PART_HEAD}`,
      ),
      video.subarray(0, 64 * 1024),
    ]);
    const a = slowClient(server.base, aHead, 1_000, () => Buffer.alloc(32 * 1024), 21_000);
    await new Promise((r) => setTimeout(r, 1_000));
    const b = await sendUpload(
      server.base,
      VIDEO_FRAMES,
      uploadBody(Buffer.concat([video, Buffer.alloc(8 * 1024 ** 2)])),
    );
    expect((await a).closed).toBe(false);
    expect(b.ms).toBeGreaterThan(19_000);
    expect(b.status, b.body.slice(0, 300)).not.toBe(408);
    expect(b.status, b.body.slice(0, 300)).toBe(200);
  });

  it('should refuse uploads past the document queue before reading them, and keep the ones it takes on disk, not in memory', async () => {
    // One worker and a queue of 2: 3 places for 8 uploads of 47 MB at once. Not documents: each
    // one taken is read whole, then answered 415. Held in memory, the 8 grew the server by 400 MB.
    const body = uploadBody(new Uint8Array(47 * 1024 * 1024));
    const pid = server.child.pid as number;
    const before = await rssMb(pid);
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await rssMb(pid));
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const answers = await Promise.all(Array.from({ length: 8 }, () => sendUpload(server.base, DOCUMENTS, body)));
    sampling = false;
    await sampler;
    const summary = JSON.stringify(answers.map(({ body: _body, ...answer }) => answer));
    const taken = answers.filter((a) => a.status === 415);
    const refused = answers.filter((a) => a.status !== 415);
    expect(taken, summary).toHaveLength(3);
    expect(refused, summary).toHaveLength(5);
    for (const answer of refused) {
      // Answered (or, when the client was still writing as the connection closed, cut) before a
      // tenth of the body was sent: only what the connection's buffers took was ever received.
      expect(answer.sentAtAnswer, summary).toBeLessThan(body.length / 10);
      if (answer.status === undefined) expect(['EPIPE', 'ECONNRESET'], summary).toContain(answer.error);
      else expect(JSON.parse(answer.body), summary).toMatchObject({ message: MESSAGES.documents.serverBusy });
    }
    expect(refused.filter((a) => a.status === 503).length, summary).toBeGreaterThan(0);
    expect(peak - before, `RSS ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB`).toBeLessThan(200);
    expect(await readdir(uploads)).toEqual([]);
  });
});

describe('the built server against slow clients, with the default limits', () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer({
      EXTRACT_API_REQUEST_TIMEOUT_S: undefined,
      EXTRACT_API_HEADERS_TIMEOUT_S: undefined,
    });
  });
  afterAll(() => server?.stop());

  it('should cut a body trickled one byte every 5 s, and headers that never end, within 30 s', async () => {
    const [body, loris] = await Promise.all([
      slowClient(server.base, JSON_HEAD(1000), 5_000, () => ' '),
      slowClient(server.base, LORIS_HEAD, 5_000, () => 'X-Still-Coming: yes\r\n'),
    ]);
    expect(body).toMatchObject({ closed: true, status: 408 });
    expect(JSON.parse(body.body)).toEqual({ success: false, error: MESSAGES.slowClient.body(30) });
    expect(body.ms).toBeLessThan(31_000);
    expect(loris).toMatchObject({ closed: true, status: 408 });
    expect(loris.ms).toBeLessThan(31_000);
  }, 60_000);
});
