/**
 * What the built document worker loads to read one document, in a thread of its own as the pool
 * runs it: a PDF loads neither the Office readers (saxes, fast-png) nor zod, and pdf.js's image
 * decoders only when an image needs them (they read Node's fetch, undici, as they load: a PDF
 * whose images need none loads no undici either). Every module file is listed by a loader hook
 * registered in that thread; undici, part of Node itself, shows in the thread's
 * process.moduleLoadList.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusPath } from '../../../../tooling/corpus.mjs';

/** The built worker, as production runs it (the package's test script builds it first). */
const builtWorker = pathToFileURL(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'dist', 'documentWorker.js'),
).href;

const HOOKS = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.MODULES_LOG, url + '\\n');
  return next(url, context);
}`;

/** Registers the hooks, runs one job on the file, answers the images' formats and Node's own modules. */
const THREAD = `
const { register } = require('node:module');
const { readFileSync } = require('node:fs');
const { MessageChannel, parentPort, workerData } = require('node:worker_threads');
register(workerData.hooks);
(async () => {
  const readDocumentJob = (await import(workerData.worker)).default;
  const { port1, port2 } = new MessageChannel();
  const formats = [];
  const ended = new Promise((resolve) => port1.on('message', (message) => {
    if (message.type === 'image') formats.push(message.image.format);
    if (message.type === 'done' || message.type === 'failed') resolve(message.type);
  }));
  const bytes = new Uint8Array(readFileSync(workerData.file));
  await readDocumentJob({ bytes, password: undefined, answer: 'images', maxAnswerBytes: Infinity, port: port2 });
  parentPort.postMessage({ ended: await ended, formats, builtins: process.moduleLoadList });
})();`;

let dir: string;
let hooks: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'worker-modules-'));
  hooks = path.join(dir, 'hooks.mjs');
  await writeFile(hooks, HOOKS);
});

afterAll(() => rm(dir, { recursive: true, force: true }));

async function modulesOf(corpusFile: string) {
  const log = path.join(dir, `${path.basename(corpusFile)}.log`);
  await writeFile(log, '');
  const thread = new Worker(THREAD, {
    eval: true,
    workerData: { hooks: pathToFileURL(hooks).href, worker: builtWorker, file: corpusPath(corpusFile) },
    env: { ...process.env, MODULES_LOG: log },
  });
  try {
    const answer = await new Promise<{ ended: string; formats: string[]; builtins: string[] }>((resolve, reject) => {
      thread.once('message', resolve);
      thread.once('error', reject);
    });
    const modules = (await readFile(log, 'utf8')).split('\n').filter(Boolean);
    return { ...answer, modules };
  } finally {
    await thread.terminate();
  }
}

const inPackage = (name: string) => (url: string) => url.includes(`/node_modules/${name}/`);
const undici = (builtins: string[]) => builtins.filter((name) => name.includes('undici'));

describe('the document worker reading one document', () => {
  it('loads no image decoder, Office reader, zod or undici for a PDF whose images need none', async () => {
    const { ended, formats, modules, builtins } = await modulesOf('pdf/bug1755507.pdf');
    expect(ended).toBe('done');
    expect(formats).toHaveLength(7);
    // the list is real: the worker's own chunks and the engine's packages were seen loading
    expect(modules).toContain(builtWorker);
    expect(modules.some(inPackage('fflate'))).toBe(true);
    expect(modules.filter((url) => url.includes('pdfjs-dist'))).toEqual([]);
    expect(modules.filter(inPackage('saxes'))).toEqual([]);
    expect(modules.filter(inPackage('fast-png'))).toEqual([]);
    expect(modules.filter(inPackage('zod'))).toEqual([]);
    expect(undici(builtins)).toEqual([]);
  }, 60_000);

  it('loads pdf.js’s decoders for a JPEG 2000 image', async () => {
    const { ended, formats, modules } = await modulesOf('pdf/jpx_smaskindata.pdf');
    expect(ended).toBe('done');
    expect(formats.length).toBeGreaterThan(0);
    expect(formats.every((format) => format === 'PNG')).toBe(true);
    expect(modules.some((url) => /pdfjs-dist\/legacy\/image_decoders\//.test(url))).toBe(true);
  }, 60_000);

  it('loads the XML parser for a Word document', async () => {
    const { ended, formats, modules } = await modulesOf('docx/Bug51170.docx');
    expect(ended).toBe('done');
    expect(formats.length).toBeGreaterThan(0);
    expect(modules.some(inPackage('saxes'))).toBe(true);
  }, 60_000);
});
