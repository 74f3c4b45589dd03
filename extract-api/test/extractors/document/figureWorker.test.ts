/**
 * Figures in the built document worker (dist/, as production runs it): pdf.js, its worker module
 * and @napi-rs/canvas (a native addon) are left out of the bundle and load from the packages
 * installed beside it, inside a pool thread with a small heap limit; a job that asks for images
 * only loads none of them (workerModules.test.ts checks that for the other kinds).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ExtractImagesResponseSchema } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentPool } from '../../../src/extractors/document/documentPool.ts';
import { plotAndTablePdf, pngSize } from '../../fixtures/figurePdfs.ts';

const distDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'dist');
/** The built worker, as production runs it (the package's test script builds it first). */
const builtWorker = pathToFileURL(path.join(distDir, 'documentWorker.js'));

const HOOKS = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.MODULES_LOG, url + '\\n');
  return next(url, context);
}`;

/** One job of the built worker in a thread of its own: the ES modules it imported, and the CommonJS ones it required. */
const THREAD = `
const { register } = require('node:module');
const { MessageChannel, parentPort, workerData } = require('node:worker_threads');
register(workerData.hooks);
(async () => {
  const readDocumentJob = (await import(workerData.worker)).default;
  const { port1, port2 } = new MessageChannel();
  const figures = [];
  const ended = new Promise((resolve) => port1.on('message', (message) => {
    if (message.type === 'image') figures.push(message.image.figure && message.image.figure.caption);
    if (message.type === 'done' || message.type === 'failed') resolve(message);
  }));
  await readDocumentJob({ bytes: workerData.bytes, password: undefined, answer: 'images', maxAnswerBytes: Infinity, find: workerData.find, port: port2 });
  const end = await ended;
  parentPort.postMessage({ ended: end.type, failure: end.failure, figures, required: Object.keys(require.cache) });
})();`;

let dir: string;
let hooks: string;
const paper = plotAndTablePdf();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'figure-worker-'));
  hooks = path.join(dir, 'hooks.mjs');
  await writeFile(hooks, HOOKS);
});

afterAll(() => rm(dir, { recursive: true, force: true }));

async function modulesOf(find: 'images' | 'figures') {
  const log = path.join(dir, `${find}.log`);
  await writeFile(log, '');
  const thread = new Worker(THREAD, {
    eval: true,
    workerData: { hooks: pathToFileURL(hooks).href, worker: builtWorker.href, bytes: paper.pdf.slice(), find },
    env: { ...process.env, MODULES_LOG: log },
  });
  try {
    const answer = await new Promise<{ ended: string; failure?: unknown; figures: string[]; required: string[] }>(
      (resolve, reject) => {
        thread.once('message', resolve);
        thread.once('error', reject);
      },
    );
    const modules = (await readFile(log, 'utf8')).split('\n').filter(Boolean);
    return { ...answer, modules };
  } finally {
    await thread.terminate();
  }
}

describe('figures in the built document worker', () => {
  it('should load pdf.js and its worker module from the pdfjs-dist package, and @napi-rs/canvas beside it', async () => {
    const { ended, failure, figures, modules, required } = await modulesOf('figures');
    expect(ended, JSON.stringify(failure)).toBe('done');
    expect(figures).toEqual(paper.figures.map((figure) => figure.caption));
    expect(modules).toContain(builtWorker.href);
    // outside the bundle: dist/ holds none of pdf.js's code
    expect(modules.some((url) => /\/node_modules\/pdfjs-dist\/legacy\/build\/pdf\.mjs$/.test(url))).toBe(true);
    expect(modules.some((url) => /\/node_modules\/pdfjs-dist\/legacy\/build\/pdf\.worker\.mjs$/.test(url))).toBe(true);
    expect(required.some((file) => /\/node_modules\/@napi-rs\/canvas\//.test(file))).toBe(true);
    expect(required.some((file) => file.endsWith('.node'))).toBe(true);
  }, 60_000);

  it('should load neither pdf.js nor the canvas for the same PDF when images only are asked', async () => {
    const { ended, figures, modules, required } = await modulesOf('images');
    expect(ended).toBe('done');
    expect(figures).toEqual([]);
    expect(modules.filter((url) => url.includes('pdfjs-dist'))).toEqual([]);
    expect(required.filter((file) => file.includes('@napi-rs/canvas'))).toEqual([]);
  }, 60_000);

  it('should draw figures at 600 dpi in a pool thread of 128 MB heap, as the built server runs it', async () => {
    const pool = createDocumentPool({
      workers: 1,
      heapMb: 128,
      timeLimitMs: 30_000,
      maxQueue: 1,
      workerFile: builtWorker,
    });
    try {
      let threadId: number | undefined;
      for (let round = 0; round < 3; round += 1) {
        const answer = await pool.readAnswer(paper.pdf.slice(), {
          maxAnswerBytes: 64 * 1024 * 1024,
          find: 'figures',
          dpi: 600,
        });
        const body = ExtractImagesResponseSchema.parse(JSON.parse(answer.body.toString('utf8')));
        expect(body.images.map((image) => image.figure?.dpi)).toEqual([600, 600]);
        const png = pngSize(Buffer.from(body.images[0]?.url.split(',')[1] ?? '', 'base64'));
        expect(png.width).toBeGreaterThan(2_000);
        expect(answer.heapBytes).toBeLessThan(128 * 1024 * 1024);
        // the same thread answered all three: none was lost to its heap limit and replaced
        threadId ??= pool.threads[0]?.threadId;
        expect(pool.threads.map((thread) => thread.threadId)).toEqual([threadId]);
      }
    } finally {
      await pool.close();
    }
  }, 60_000);
});
