// @vitest-environment node
/**
 * The page's client and the Worker's code, joined in-process by a stand-in Worker that clones
 * and transfers messages as a browser does: real corpus files, the real engine.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type DocumentImage, extractDocument, PasswordRequiredError } from 'document-engine';
import { MESSAGES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../../tooling/corpus.mjs';
import { documentExtractor } from '../src/extractor/documentEvents.ts';
import { extractInWorker, sniffInWorker, type WorkerLike, WorkerLostError } from '../src/worker/extractInWorker.ts';
import { inProcessWorker } from './inProcessWorker.ts';

/** The engine's password-protected fixtures (saved by LibreOffice: document-engine/tests/fixtures/README.md). */
const FIXTURE_PASSWORD = 'Pässwort-15';
const fixture = (name: string) => {
  const file = readFileSync(createRequire(import.meta.url).resolve(`document-engine/fixtures/${name}`));
  return file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
};

const read = (path: string) => {
  const file = readFileSync(corpusPath(path));
  return file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
};

async function runInWorker(path: string, password?: string) {
  const images: DocumentImage[] = [];
  const progress: number[] = [];
  const { worker, state } = inProcessWorker();
  await extractInWorker(read(path), {
    password,
    createWorker: () => worker,
    onImage: (image) => images.push(image),
    onProgress: (p) => progress.push(p.done),
  });
  return { images, progress, state };
}

async function inNode(path: string, password?: string) {
  const images: DocumentImage[] = [];
  for await (const image of extractDocument(new Uint8Array(read(path)), { password })) images.push(image);
  return images;
}

// The big PDF takes seconds on a busy 2-core machine.
describe('extractInWorker', { timeout: 60_000 }, () => {
  it.each([
    'pdf/bug1755507.pdf',
    'docx/VariousPictures.docx',
    'pptx/bug65228.pptx',
    'doc/testPictures.doc',
    'ppt/pictures.ppt',
  ])('gives the same images, byte for byte, as the engine in Node: %s', async (path) => {
    const [viaWorker, direct] = await Promise.all([runInWorker(path), inNode(path)]);
    expect(viaWorker.images.length).toBeGreaterThan(0);
    expect(viaWorker.images.map((i) => [i.name, i.format, i.width, i.height])).toEqual(
      direct.map((i) => [i.name, i.format, i.width, i.height]),
    );
    viaWorker.images.forEach((image, n) => {
      expect(Buffer.from(image.bytes).equals(Buffer.from(direct[n]?.bytes ?? []))).toBe(true);
    });
    expect(viaWorker.state.terminated).toBe(true);
  });

  it('reports progress as it goes', async () => {
    const { progress } = await runInWorker('pdf/freeculture.pdf');
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toBeGreaterThan(progress[0] ?? 0);
  });

  it('asks for a password, says when it is wrong, and opens with the right one', async () => {
    await expect(runInWorker('pdf/issue3371.pdf')).rejects.toMatchObject({
      name: 'PasswordRequiredError',
      code: 'password-required',
    });
    const wrong = await runInWorker('pdf/issue3371.pdf', 'nope').catch((error: unknown) => error);
    expect(wrong).toBeInstanceOf(PasswordRequiredError);
    expect(wrong).toMatchObject({ code: 'wrong-password' });
    const { images } = await runInWorker('pdf/issue3371.pdf', 'ELXRTQWS');
    expect(images.length).toBe((await inNode('pdf/issue3371.pdf', 'ELXRTQWS')).length);
    expect(images.length).toBeGreaterThan(0);
  });

  it('a password-protected PPTX: asks, says when it is wrong, opens with the right one, and names it PowerPoint', async () => {
    const pptx = fixture('shp-shapes-standard.pptx');
    const attempt = async (password?: string) => {
      const images: DocumentImage[] = [];
      const kinds: (string | undefined)[] = [];
      const { worker } = inProcessWorker();
      await extractInWorker(pptx.slice(0), {
        password,
        createWorker: () => worker,
        onKind: (kind) => kinds.push(kind),
        onImage: (image) => images.push(image),
      });
      return { images, kinds };
    };
    await expect(attempt()).rejects.toMatchObject({ name: 'PasswordRequiredError', code: 'password-required' });
    const wrong = await attempt('Passwort-15').catch((error: unknown) => error);
    expect(wrong).toBeInstanceOf(PasswordRequiredError);
    expect(wrong).toMatchObject({ code: 'wrong-password' });
    const { images, kinds } = await attempt(FIXTURE_PASSWORD);
    // Named by the package inside, once decrypted (sniffing the compound file alone says Word).
    expect(kinds).toEqual(['pptx']);
    const direct: DocumentImage[] = [];
    for await (const image of extractDocument(new Uint8Array(pptx), { password: FIXTURE_PASSWORD })) direct.push(image);
    expect(images.length).toBe(2);
    expect(images.map((i) => [i.name, i.format, Buffer.from(i.bytes).toString('base64')])).toEqual(
      direct.map((i) => [i.name, i.format, Buffer.from(i.bytes).toString('base64')]),
    );
  });

  it('the page refuses a password-protected Word file on the PowerPoint screen once it is decrypted, and the reverse', async () => {
    const extractOn = async (fileName: string, expectedKind: 'pptx' | 'docx') => {
      const { worker } = inProcessWorker();
      const extractor = documentExtractor(
        () => {},
        (bytes, options) => extractInWorker(bytes, { ...options, createWorker: () => worker }),
      );
      const file = new File([fixture(fileName)], fileName);
      const events: string[] = [];
      for await (const event of extractor(
        { file, password: FIXTURE_PASSWORD, expectedKind },
        new AbortController().signal,
      )) {
        events.push(event.type);
      }
      return events;
    };
    await expect(extractOn('having-images-standard.docx', 'pptx')).rejects.toMatchObject({
      code: 'invalid',
      message: MESSAGES.documents.wrongKind('PowerPoint presentation'),
    });
    await expect(extractOn('shp-shapes-standard.pptx', 'docx')).rejects.toMatchObject({
      code: 'invalid',
      message: MESSAGES.documents.wrongKind('Word document'),
    });
    expect((await extractOn('shp-shapes-standard.pptx', 'pptx')).filter((type) => type === 'image')).toHaveLength(2);
    expect((await extractOn('having-images-standard.docx', 'docx')).filter((type) => type === 'image')).toHaveLength(3);
  });

  it('refuses what is not a document with the engine error, not a crash', async () => {
    const { worker } = inProcessWorker();
    const bytes = new TextEncoder().encode('just some text, not a PDF').buffer as ArrayBuffer;
    await expect(extractInWorker(bytes, { createWorker: () => worker, onImage: () => {} })).rejects.toMatchObject({
      name: 'DocumentError',
      code: 'unsupported',
    });
  });

  it('stops when cancelled: tells the worker, ends it, and rejects as aborted', async () => {
    const { worker, state } = inProcessWorker();
    const controller = new AbortController();
    const images: DocumentImage[] = [];
    const run = extractInWorker(read('pdf/freeculture.pdf'), {
      signal: controller.signal,
      createWorker: () => worker,
      onImage: (image) => {
        images.push(image);
        controller.abort();
      },
    });
    await expect(run).rejects.toMatchObject({ code: 'aborted' });
    expect(state.sentToWorker.map((m) => m.type)).toEqual(['start', 'cancel']);
    expect(state.terminated).toBe(true);
    expect(images).toHaveLength(1);
  });
});

/** A worker that takes messages and never answers (a reader caught in a loop), or that dies. */
function brokenWorker(behaviour: 'silent' | 'dies') {
  const state = { terminated: false };
  const errorListeners: ((event: Event) => void)[] = [];
  const worker: WorkerLike = {
    postMessage: () => {
      if (behaviour === 'dies') {
        setTimeout(() => {
          for (const listener of errorListeners) listener(new Event('error'));
        }, 5);
      }
    },
    addEventListener: (type: string, listener: (event: never) => void) => {
      if (type === 'error') errorListeners.push(listener as (event: Event) => void);
    },
    removeEventListener: () => {},
    terminate: () => {
      state.terminated = true;
    },
  } as WorkerLike;
  return { worker, state };
}

describe('a reader that dies or freezes', () => {
  it('a silent worker is ended after the silence limit, with the unreadable message', async () => {
    const { worker, state } = brokenWorker('silent');
    const started = performance.now();
    const error = await extractInWorker(new ArrayBuffer(8), {
      createWorker: () => worker,
      onImage: () => {},
      silenceLimitMs: 100,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerLostError);
    expect((error as Error).message).toBe('This file could not be read: it is damaged or too complex.');
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    expect(state.terminated).toBe(true);
  });

  it('a worker that dies rejects at once and is ended', async () => {
    const { worker, state } = brokenWorker('dies');
    await expect(
      extractInWorker(new ArrayBuffer(8), { createWorker: () => worker, onImage: () => {} }),
    ).rejects.toBeInstanceOf(WorkerLostError);
    expect(state.terminated).toBe(true);
  });

  it('the kind of a file is read in the worker; a frozen sniff is ended too', async () => {
    const { worker } = inProcessWorker();
    await expect(sniffInWorker(read('doc/testPictures.doc'), { createWorker: () => worker })).resolves.toBe('doc');
    const { worker: other } = inProcessWorker();
    const text = new TextEncoder().encode('not a document').buffer as ArrayBuffer;
    await expect(sniffInWorker(text, { createWorker: () => other })).resolves.toBeUndefined();
    const { worker: silent, state } = brokenWorker('silent');
    await expect(sniffInWorker(new ArrayBuffer(8), { createWorker: () => silent, limitMs: 50 })).rejects.toBeInstanceOf(
      WorkerLostError,
    );
    expect(state.terminated).toBe(true);
  });
});
