/**
 * POST /api/metafile-preview on the corpus's vector pictures that the browser's renderer (rtf.js)
 * cannot draw whole: Word's and Excel's OLE previews made of text (word_with_embeded.doc,
 * FloatingPictures.doc), a standard WMF whose frame comes from its window (53446.ppt), the empty
 * EMF of bug65228.pptx; and what must be refused or stopped: not a metafile, too large, no
 * Inkscape, past the time limit, the job's folder deleted every time.
 *
 * Needs Debian's inkscape (scripts/setup.mjs installs it for the tests); without it these fail,
 * saying so. The PNGs are decoded by ffmpeg, not by us.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { extractDocument } from 'document-engine';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PATHS, MESSAGES } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpus } from '../../../../tooling/corpus.mjs';
import {
  METAFILE_JOB_DIR_PREFIX,
  METAFILE_MAX_BYTES,
  metafilePreviewRoutes,
} from '../../../src/routes/api/metafilePreview/index.ts';
import { png } from '../../fixtures/images.ts';
import { buildTestApp, tempDir } from '../../helper.ts';
import { INKSCAPE, requireInkscape } from '../../inkscape.ts';

const m = MESSAGES.documents.metafile;

async function metafileOf(key: string, name: string): Promise<Buffer> {
  for await (const image of extractDocument(readCorpus(key))) if (image.name === name) return Buffer.from(image.bytes);
  throw new Error(`${key} has no picture named ${name}`);
}

/** Width, height and the share of pixels with ink (not transparent, not white), decoded by ffmpeg. */
function inkOf(bytes: Buffer): { width: number; height: number; ink: number } {
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const run = spawnSync('ffmpeg', ['-v', 'error', '-i', 'pipe:0', '-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1'], {
    input: bytes,
    maxBuffer: 1 << 28,
  });
  if (run.error || run.status !== 0) throw new Error(`ffmpeg could not decode the PNG: ${run.error ?? run.stderr}`);
  let ink = 0;
  for (let i = 0; i < run.stdout.length; i += 4) {
    const [r, g, b, a] = [run.stdout[i] ?? 0, run.stdout[i + 1] ?? 0, run.stdout[i + 2] ?? 0, run.stdout[i + 3] ?? 0];
    if (a > 128 && r + g + b < 600) ink++;
  }
  expect(run.stdout.length).toBe(width * height * 4);
  return { width, height, ink: ink / (width * height) };
}

let dir: string;
let removeDir: () => Promise<void>;
let app: FastifyInstance;

beforeAll(async () => {
  requireInkscape();
  ({ dir, remove: removeDir } = await tempDir());
  app = await buildTestApp({ dataDir: dir, inkscapePath: INKSCAPE });
});
afterAll(async () => {
  await app.close();
  await removeDir();
});

const post = (target: FastifyInstance, payload: Buffer, type = 'image/emf') =>
  target.inject({ method: 'POST', url: API_PATHS.metafilePreview, payload, headers: { 'content-type': type } });

/** The route alone, with its own job folder and limits, to see what it leaves behind. */
async function bareApp(options: Partial<Parameters<typeof metafilePreviewRoutes>[0]>) {
  const jobs = path.join(dir, `jobs-${Math.random().toString(36).slice(2)}`);
  await mkdir(jobs);
  const bare = Fastify();
  bare.setValidatorCompiler(validatorCompiler);
  bare.setSerializerCompiler(serializerCompiler);
  await bare.register(
    metafilePreviewRoutes({
      inkscapePath: INKSCAPE,
      tmpDir: jobs,
      concurrency: 2,
      maxWaiting: 8,
      timeLimitMs: 30_000,
      ...options,
    }),
  );
  return { bare, jobs };
}

describe('the corpus pictures rtf.js cannot draw whole', () => {
  it.each([
    // text only: three lines of a Word document's OLE preview; frame 19770 × 3835
    ['doc/word_with_embeded.doc', 'image4.emf', 0.002, [1200, Math.round((1200 * 3835) / 19770)]],
    // text and grid lines (blits): an Excel table of month names; frame 5140 × 1040
    ['doc/FloatingPictures.doc', 'image16.emf', 0.02, [1200, Math.round((1200 * 1040) / 5140)]],
    // wide by its bounds (64 × 60), tall by its frame (2059 × 2298), which is what Inkscape draws
    ['doc/word_with_embeded.doc', 'image1.emf', 0.005, [Math.round((1200 * 2059) / 2298), 1200]],
  ] as const)(
    '%s %s: a PNG of its frame, long side 1200, with ink on it',
    { timeout: 30_000 },
    async (key, name, minimumInk, size) => {
      const answer = await post(app, await metafileOf(key, name));
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-type']).toBe('image/png');
      expect(answer.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'cross-origin-resource-policy': 'same-origin',
      });
      const picture = inkOf(answer.rawPayload);
      expect(picture.width).toBeCloseTo(size[0], -1);
      expect(picture.height).toBeCloseTo(size[1], -1);
      expect(Math.max(picture.width, picture.height)).toBe(1200);
      expect(picture.ink).toBeGreaterThan(minimumInk);
    },
  );

  it("a standard WMF (no placeable header) keeps its window's proportions", { timeout: 30_000 }, async () => {
    // 53446.ppt's image1.wmf: META_SETWINDOWEXT 722 × 439 in its records, the size PowerPoint gives it
    const answer = await post(app, await metafileOf('ppt/53446.ppt', 'image1.wmf'), 'application/octet-stream');
    expect(answer.statusCode, answer.body).toBe(200);
    const { width, height } = inkOf(answer.rawPayload);
    expect(width).toBe(1200);
    expect(height / width).toBeCloseTo(439 / 722, 1);
  });

  it('the empty EMF of bug65228.pptx (a header and EOF) is said to be empty, not converted', async () => {
    const answer = await post(app, await metafileOf('pptx/bug65228.pptx', 'image1.emf'));
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({ success: false, error: MESSAGES.documents.previewEmpty('EMF') });
  });
});

describe('what is refused or stopped', () => {
  it('no body, or bytes that are not an EMF or WMF', async () => {
    expect((await post(app, Buffer.alloc(0))).json()).toEqual({ success: false, error: m.notMetafile });
    const notOne = await post(app, png(4, 4), 'image/png');
    expect(notOne.statusCode).toBe(415);
    expect(notOne.json()).toEqual({ success: false, error: m.notMetafile });
  });

  it('a body over the limit is refused with the limit, and the server goes on', async () => {
    const answer = await post(app, Buffer.alloc(METAFILE_MAX_BYTES + 1));
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({ success: false, error: m.tooLarge(32) });
    expect((await app.inject({ method: 'GET', url: API_PATHS.health })).statusCode).toBe(200);
  });

  it('no Inkscape: 503 saying so, and no folder left', async () => {
    const { bare, jobs } = await bareApp({ inkscapePath: '/nonexistent/inkscape' });
    const answer = await post(bare, await metafileOf('doc/word_with_embeded.doc', 'image4.emf'));
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ success: false, error: m.converterUnavailable });
    expect(await readdir(jobs)).toEqual([]);
    await bare.close();
  });

  it('past the time limit: Inkscape is stopped, 504, and no folder left', async () => {
    const { bare, jobs } = await bareApp({ timeLimitMs: 50 });
    const answer = await post(bare, await metafileOf('doc/FloatingPictures.doc', 'image16.emf'));
    expect(answer.statusCode).toBe(504);
    expect(answer.json()).toEqual({ success: false, error: m.timedOut(0) });
    expect(await readdir(jobs)).toEqual([]);
    await bare.close();
  });

  it('one conversion at once and none waiting: the next is refused at once, 503 with a Retry-After', async () => {
    const { dir: data, remove } = await tempDir();
    const busy = await buildTestApp({ dataDir: data, inkscapePath: INKSCAPE, metafileJobs: 1, metafileQueue: 0 });
    try {
      const picture = await metafileOf('doc/FloatingPictures.doc', 'image16.emf');
      const answers = await Promise.all([post(busy, picture), post(busy, picture)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 503]);
      const refused = answers.find((answer) => answer.statusCode === 503);
      expect(refused?.headers['retry-after']).toBe('60');
      expect(refused?.json()).toEqual({ success: false, error: m.busy });
    } finally {
      await busy.close();
      await remove();
    }
  });

  it('a metafile Inkscape cannot open (records cut off) is 422 or a picture, never a crash; the folder goes', async () => {
    const { bare, jobs } = await bareApp({});
    const whole = await metafileOf('doc/FloatingPictures.doc', 'image16.emf');
    const cut = Buffer.from(whole.subarray(0, 2000));
    const answer = await post(bare, cut);
    expect([200, 422]).toContain(answer.statusCode);
    if (answer.statusCode === 422) expect(answer.json()).toEqual({ success: false, error: m.unreadable });
    const jobFolders = (await readdir(jobs)).filter((name) => name.startsWith(METAFILE_JOB_DIR_PREFIX));
    expect(jobFolders).toEqual([]);
    await bare.close();
  });
});
