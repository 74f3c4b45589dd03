// @vitest-environment node
/**
 * The Worker unlocks a document once: decrypting a password-protected DOCX/PPTX derives a key
 * through up to 100,000 hash rounds, and the kind it reports must be the one it extracts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { corpusPath } from '../../tooling/corpus.mjs';
import type { FromWorker, ToWorker, WorkerScope } from '../src/worker/protocol.ts';
import { serveExtraction } from '../src/worker/serveExtraction.ts';

// The engine's own module, by path (the one place a test reaches inside the engine): a spy on
// the package's export would miss a call `extractDocument` makes inside the engine.
const unlock = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../../document-engine/src/documentKind.ts', async (importOriginal) => {
  const actual = await importOriginal<Pick<typeof import('document-engine'), 'unlockDocument'>>();
  return {
    ...actual,
    unlockDocument: (...args: Parameters<typeof actual.unlockDocument>) => {
      unlock.calls += 1;
      return actual.unlockDocument(...args);
    },
  };
});

const FIXTURE_PASSWORD = 'Pässwort-15';
const bufferOf = (file: Buffer) => file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;

/** Runs one start message through the Worker's code and gathers what it posts until it ends. */
function serve(bytes: ArrayBuffer, password?: string): Promise<FromWorker[]> {
  return new Promise((resolve) => {
    const posted: FromWorker[] = [];
    let listener: ((event: MessageEvent<ToWorker>) => void) | undefined;
    const scope: WorkerScope = {
      postMessage: (message: FromWorker) => {
        posted.push(message);
        if (message.type === 'done' || message.type === 'error') resolve(posted);
      },
      addEventListener: (_type, added) => {
        listener = added as typeof listener;
      },
    };
    serveExtraction(scope);
    listener?.({ data: { type: 'start', bytes, password } } as MessageEvent<ToWorker>);
  });
}

describe('serveExtraction', { timeout: 60_000 }, () => {
  it.each([
    ['a PDF', bufferOf(readFileSync(corpusPath('pdf/bug1755507.pdf'))), undefined, 'pdf'],
    [
      'a password-protected PPTX',
      bufferOf(
        readFileSync(createRequire(import.meta.url).resolve('document-engine/fixtures/shp-shapes-standard.pptx')),
      ),
      FIXTURE_PASSWORD,
      'pptx',
    ],
  ])('unlocks %s once, and extracts what it unlocked', async (_name, bytes, password, kind) => {
    unlock.calls = 0;
    const posted = await serve(bytes, password);
    expect(posted.at(-1)?.type).toBe('done');
    expect(posted.filter((message) => message.type === 'image').length).toBeGreaterThan(0);
    expect(posted.find((message) => message.type === 'kind')).toEqual({ type: 'kind', kind });
    expect(unlock.calls).toBe(1);
  });
});
