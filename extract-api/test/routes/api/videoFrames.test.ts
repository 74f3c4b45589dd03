import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type ExtractedImage, type ExtractionEvent, ExtractionEventSchema, MESSAGES } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffprobeKeyframeTimes, makeKeyframeVideo } from '../../../../tooling/testVideos.mjs';
import { extractFrames, probeVideo } from '../../../src/extractors/video/index.ts';
import { corpusPath, expectedDisplaySize, manifestVideo, pngSize } from '../../extractors/video/corpusVideo.ts';
import { type FileServer, startFileServer } from '../../fixtures/fileServer.ts';
import { png } from '../../fixtures/images.ts';
import { readStoredZip } from '../../fixtures/readZip.ts';
import { buildTestApp, tempDir } from '../../helper.ts';

// An AVI made from the corpus's sar_2x1.mp4 by ffmpeg, stream copied: the same H.264 frames (640x360,
// 2:1 pixels) in the container browsers can't read, so the manifest's facts about it still hold.
const SOURCE = 'video/sar_2x1.mp4';
const FACTS = manifestVideo(SOURCE);
const DISPLAY = expectedDisplaySize(FACTS.video);
const LONG_VIDEO = corpusPath('video/annex-b-avc.mkv');

let dir: string;
let jobsDir: string;
let avi: Buffer;
let app: FastifyInstance;
let server: FileServer;
let removeDir: () => Promise<void>;

beforeAll(async () => {
  const temp = await tempDir();
  dir = temp.dir;
  removeDir = temp.remove;
  const aviPath = path.join(dir, 'sar_2x1.avi');
  execFileSync('ffmpeg', ['-v', 'error', '-i', corpusPath(SOURCE), '-c', 'copy', '-f', 'avi', aviPath]);
  avi = readFileSync(aviPath);
  jobsDir = path.join(dir, 'jobs');
  await mkdir(jobsDir);
  server = await startFileServer({
    '/clip.avi': { body: avi, type: 'video/x-msvideo' },
    '/page.html': { body: Buffer.from('<!doctype html><title>Video</title>'), type: 'text/html' },
  });
  app = await buildTestApp({ dataDir: dir, allowLoopback: true, videoTmpDir: jobsDir });
});

afterAll(async () => {
  await app.close();
  await server.close();
  await removeDir();
});

/** A multipart body as a browser's FormData sends it. */
async function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file)
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'video/x-msvideo' }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

function events(body: string): ExtractionEvent[] {
  return body
    .split('\n')
    .filter(Boolean)
    .map((line) => ExtractionEventSchema.parse(JSON.parse(line)));
}

/** A frame as the stream carries it: an image whose url is a data: URL; `data` is its base64. */
function frameEvents(list: ExtractionEvent[]): Array<ExtractedImage & { data: string }> {
  return list.flatMap((e) => {
    if (e.type !== 'image') return [];
    const match = /^data:([^;,]+);base64,(.*)$/.exec(e.image.url);
    expect(match?.[1]).toBe(e.image.mimeType);
    const data = match?.[2] ?? '';
    expect(Buffer.from(data, 'base64').length).toBe(e.image.size);
    return [{ ...e.image, data }];
  });
}

async function jobFolders(): Promise<string[]> {
  return readdir(jobsDir);
}

/** Processes whose command line names a job folder: ffmpeg or ffprobe still running for a job. */
function jobProcesses(): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.includes(jobsDir)) found.push(`${pid}: ${cmdline.replace(/\0/g, ' ')}`);
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('POST /api/video/frames: which frames', () => {
  it('takes the mode and range as form fields: key frames inside 00:00:01–00:00:04, named to the millisecond', async () => {
    const file = makeKeyframeVideo(path.join(dir, 'videos'));
    const expected = ffprobeKeyframeTimes(file).filter((t) => t >= 1 && t < 4);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    const body = await multipart(
      { mode: 'keyframes', from: '1', to: '4' },
      { name: 'keyframes.mp4', bytes: readFileSync(file), type: 'video/mp4' },
    );
    const response = await app.inject({ method: 'POST', url: '/api/video/frames', ...body });
    expect(response.statusCode).toBe(200);
    const list = events(response.body);
    expect(list[0]).toMatchObject({ type: 'start', runsOn: 'server', video: { millis: true } });
    const frames = frameEvents(list);
    expect(frames.map((f) => f.timeSeconds)).toEqual(expected);
    expect(frames.map((f) => f.name)).toEqual(
      expected.map((t) => `frame-00-00-0${Math.floor(t)}-${String(Math.round((t % 1) * 1000)).padStart(3, '0')}.png`),
    );
  });

  it('refuses a range that starts after the video ends, or runs backwards, with the catalogue’s words', async () => {
    const late = await app.inject({
      method: 'POST',
      url: '/api/video/frames',
      ...(await multipart({ mode: 'count', count: '3', from: '9999' }, { name: 'clip.avi', bytes: avi })),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toMatch(/^The range starts after the video ends/);
    const backwards = await app.inject({
      method: 'POST',
      url: '/api/video/frames',
      ...(await multipart({ mode: 'scenes', from: '3', to: '1' }, { name: 'clip.avi', bytes: avi })),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toContain(MESSAGES.video.range.fromNotBeforeTo);
  });
});

describe('POST /api/video/frames', () => {
  it('turns an uploaded AVI into a PNG every second, as NDJSON, at display size', async () => {
    const body = await multipart({ interval: '1' }, { name: 'sar_2x1.avi', bytes: avi });
    const response = await app.inject({ method: 'POST', url: '/api/video/frames', ...body });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'same-origin',
    });
    const list = events(response.body);
    const expected = FACTS.sampling.every_1s.expected_frames;
    expect(list[0]).toEqual({
      type: 'start',
      runsOn: 'server',
      total: expected,
      unit: 'frames',
      video: { durationSeconds: FACTS.duration_used_s, ...DISPLAY, millis: false, codec: 'h264' },
    });
    const frames = frameEvents(list);
    expect(frames.map((f) => f.name)).toEqual(Array.from({ length: expected }, (_, i) => `frame-00-00-0${i}.png`));
    expect(frames.map((f) => f.timestamp)).toEqual(Array.from({ length: expected }, (_, i) => `00:00:0${i}`));
    expect(list.filter((e) => e.type === 'progress').map((e) => e.type === 'progress' && e.done)).toEqual(
      Array.from({ length: expected }, (_, i) => i + 1),
    );
    for (const frame of frames) {
      expect(frame).toMatchObject({ mimeType: 'image/png', format: 'PNG', source: 'video', ...DISPLAY });
      expect(pngSize(Buffer.from(frame.data, 'base64'))).toEqual(DISPLAY);
    }
    expect(list.at(-1)).toEqual({ type: 'done', found: expected });

    // The first picture is the MP4's first picture: the container changes nothing. (Later ones are
    // not compared: AVI keeps no presentation times, so ffmpeg times this stream-copied H.264 two
    // frames later than the MP4 does, as every ffmpeg-based player shows it.)
    const original = corpusPath(SOURCE);
    const fromMp4 = extractFrames({
      ffmpegPath: 'ffmpeg',
      input: original,
      workDir: dir,
      video: await probeVideo('ffprobe', original),
      selection: { mode: { kind: 'interval', intervalSeconds: 5 }, sharpest: false },
      format: 'png',
      quality: 92,
      signal: new AbortController().signal,
    });
    const first = (await fromMp4.next()).value;
    await fromMp4.return(undefined);
    expect(Buffer.from(frames[0]?.data ?? '', 'base64').equals(first?.bytes ?? Buffer.alloc(0))).toBe(true);
    // Distinct moments give distinct pictures (the video moves).
    expect(new Set(frames.map((f) => f.data)).size).toBe(expected);
    await eventually(async () => (await jobFolders()).length === 0);
  });

  it('gives the manifest’s count at 5 s, as JPEG with the quality asked', async () => {
    const body = await multipart({ interval: '5', format: 'jpeg', quality: '60' }, { name: 'sar_2x1.avi', bytes: avi });
    const response = await app.inject({ method: 'POST', url: '/api/video/frames', ...body });
    expect(response.statusCode).toBe(200);
    const frames = frameEvents(events(response.body));
    expect(frames).toHaveLength(FACTS.sampling.every_5s.expected_frames);
    expect(frames[0]).toMatchObject({ name: 'frame-00-00-00.jpg', mimeType: 'image/jpeg', timestamp: '00:00:00' });
    expect(
      Buffer.from(frames[0]?.data ?? '', 'base64')
        .subarray(0, 3)
        .toString('hex'),
    ).toBe('ffd8ff');
  });

  it('streams a ZIP of the frames with ?as=zip, named after the upload', async () => {
    const body = await multipart({ interval: '1' }, { name: 'sar_2x1.avi', bytes: avi });
    const response = await app.inject({ method: 'POST', url: '/api/video/frames?as=zip', ...body });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain('filename="sar_2x1-frames.zip"');
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'same-origin',
    });
    const files = readStoredZip(response.rawPayload);
    expect(files.map((f) => f.name)).toEqual(
      Array.from({ length: FACTS.sampling.every_1s.expected_frames }, (_, i) => `frame-00-00-0${i}.png`),
    );
    for (const file of files) expect(pngSize(file.bytes)).toEqual(DISPLAY);
  });

  it('answers a ZIP for Accept: application/zip too', async () => {
    const body = await multipart({ interval: '5', format: 'webp' }, { name: 'clip.avi', bytes: avi });
    const response = await app.inject({
      method: 'POST',
      url: '/api/video/frames',
      payload: body.payload,
      headers: { ...body.headers, accept: 'application/zip' },
    });
    expect(response.statusCode).toBe(200);
    const files = readStoredZip(response.rawPayload);
    expect(files.map((f) => f.name)).toEqual(['frame-00-00-00.webp']);
    expect(files[0]?.bytes.toString('latin1', 8, 12)).toBe('WEBP');
  });

  it('fetches a video by address through the safe fetch', async () => {
    const body = await multipart({ url: server.url('/clip.avi'), interval: '1' });
    const response = await app.inject({ method: 'POST', url: '/api/video/frames', ...body });
    expect(response.statusCode).toBe(200);
    expect(frameEvents(events(response.body))).toHaveLength(FACTS.sampling.every_1s.expected_frames);
  });

  it('refuses a YouTube link, saying what to do instead', async () => {
    const body = await multipart({ url: 'https://youtu.be/dQw4w9WgXcQ' });
    const response = await app.inject({ method: 'POST', url: '/api/video/frames', ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: MESSAGES.video.platformUnsupported });
  });

  it('refuses an upload that is not a video (415) and keeps nothing of it', async () => {
    const body = await multipart({}, { name: 'holiday.avi', bytes: png(320, 200, 64 * 1024) });
    const response = await app.inject({ method: 'POST', url: '/api/video/frames', ...body });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe(MESSAGES.video.notAVideoFile);
    expect(await jobFolders()).toEqual([]);
  });

  it('refuses an address that is a web page (415)', async () => {
    const body = await multipart({ url: server.url('/page.html') });
    const response = await app.inject({ method: 'POST', url: '/api/video/frames', ...body });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe(MESSAGES.video.notAVideoUrl('text/html'));
  });

  it('says what is missing when neither a file nor an address is sent', async () => {
    const body = await multipart({ interval: '5' });
    const response = await app.inject({ method: 'POST', url: '/api/video/frames', ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(MESSAGES.video.noVideo);
  });

  it('names each bad field', async () => {
    const body = await multipart({ interval: '0', format: 'gif' }, { name: 'a.avi', bytes: avi });
    const response = await app.inject({ method: 'POST', url: '/api/video/frames', ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^Invalid request: interval: The frame interval must be between 1 and 30/);
    expect(response.json().error).toMatch(/format:/);
  });

  it('asks for multipart when sent JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/video/frames',
      payload: { url: server.url('/clip.avi') },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toMatch(/multipart\/form-data/);
  });

  it('answers 503 with the catalogue’s message when ffmpeg is not installed', async () => {
    const noFfmpeg = await buildTestApp({ dataDir: dir, ffmpegPath: path.join(dir, 'no-such-ffmpeg') });
    try {
      const body = await multipart({ interval: '5' }, { name: 'a.avi', bytes: avi });
      const response = await noFfmpeg.inject({ method: 'POST', url: '/api/video/frames', ...body });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        success: false,
        error:
          'Video conversion is unavailable on this server (ffmpeg is not installed). MP4, WebM and MKV with H.264, VP8, VP9 or AV1 still work in the browser.',
      });
    } finally {
      await noFfmpeg.close();
    }
  });

  it('stops a job at its time limit and says so', async () => {
    const quick = await buildTestApp({ dataDir: dir, videoTimeLimitMs: 1000, videoTmpDir: jobsDir });
    try {
      const body = await multipart({ interval: '1' }, { name: 'long.mkv', bytes: readFileSync(LONG_VIDEO) });
      const response = await quick.inject({ method: 'POST', url: '/api/video/frames', ...body });
      const message = MESSAGES.video.timedOut(1);
      if (response.statusCode === 200) expect(events(response.body).at(-1)).toEqual({ type: 'error', error: message });
      else expect(response.json()).toEqual({ success: false, error: message });
      await eventually(async () => (await jobFolders()).length === 0 && jobProcesses().length === 0);
    } finally {
      await quick.close();
    }
  });

  it('one conversion at once and none waiting: the next is refused before its upload is read, 503 with a Retry-After', async () => {
    const single = await buildTestApp({ dataDir: dir, videoJobs: 1, videoQueue: 0, videoTmpDir: jobsDir });
    try {
      const body = await multipart({ interval: '1' }, { name: 'a.avi', bytes: avi });
      const answers = await Promise.all([
        single.inject({ method: 'POST', url: '/api/video/frames', ...body }),
        single.inject({ method: 'POST', url: '/api/video/frames', ...body }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 503]);
      const refused = answers.find((answer) => answer.statusCode === 503);
      expect(refused?.headers['retry-after']).toBe('60');
      expect(refused?.json()).toEqual({ success: false, error: MESSAGES.video.busy });
      await eventually(async () => (await jobFolders()).length === 0);
    } finally {
      await single.close();
    }
  });
});

describe('POST /api/video/frames when the client goes away', () => {
  let origin: string;
  beforeAll(async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    origin = address;
  });

  it('kills ffmpeg and deletes the job’s files once the reader leaves mid-stream', async () => {
    const body = await multipart({ interval: '1' }, { name: 'long.mkv', bytes: readFileSync(LONG_VIDEO) });
    const url = new URL('/api/video/frames', origin);
    const sawFrame = await new Promise<boolean>((resolve, reject) => {
      const request = http.request(url, { method: 'POST', headers: body.headers }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          if (text.includes('"type":"image"')) {
            expect(jobProcesses().length).toBeGreaterThan(0);
            request.destroy();
            resolve(true);
          }
        });
        response.on('end', () => resolve(false));
      });
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
      request.end(body.payload);
    });
    expect(sawFrame).toBe(true);
    await eventually(async () => (await jobFolders()).length === 0 && jobProcesses().length === 0);
  });

  it('deletes a half-received upload when the sender leaves', async () => {
    const body = await multipart({ interval: '1' }, { name: 'long.mkv', bytes: readFileSync(LONG_VIDEO) });
    const url = new URL('/api/video/frames', origin);
    const socket = await new Promise<http.ClientRequest>((resolve) => {
      const request = http.request(url, {
        method: 'POST',
        headers: { ...body.headers, 'content-length': String(body.payload.length) },
      });
      request.on('error', () => undefined);
      request.write(body.payload.subarray(0, Math.floor(body.payload.length / 2)), () => resolve(request));
    });
    await eventually(async () => (await jobFolders()).length === 1);
    const folder = (await jobFolders())[0] ?? '';
    await eventually(
      async () => (await readFile(path.join(jobsDir, folder, 'input')).catch(() => Buffer.alloc(0))).length > 0,
    );
    socket.destroy();
    await eventually(async () => (await jobFolders()).length === 0);
  });
});
