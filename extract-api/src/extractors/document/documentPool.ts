/**
 * The document engine, isolated: a piscina pool of worker threads, each with its own heap limit,
 * and a wall-clock limit per job that terminates the thread. The engine is synchronous between
 * its awaits, so in the main thread one hostile file would stall every request; here it can only
 * lose its own worker, which is replaced.
 *
 *   const pool = createDocumentPool({ workers: 2, heapMb: 512, timeLimitMs: 120_000, maxQueue: 20 });
 *   const place = pool.reserve();                 // before the upload is read: .busy (503) when full
 *   const { kind, body } = await pool.readAnswer(bytes or { file }, { password, signal, maxAnswerBytes, place });
 *   … readAnswer(bytes, { find: 'figures', dpi: 300, … })    // figures of a PDF (or 'both'), see readDocument.ts
 *   const { kind, images } = await pool.readImages(bytes, { password, signal });  // the CLI
 *   await pool.close();
 *
 * Failures are the errors toHttpFailure (src/errors.ts) maps: the engine's own (rebuilt from the
 * worker), DocumentLimitError.tooSlow (422) past the time limit, .unreadable (422) when the
 * worker dies (heap exhausted, crash, exit), .busy (503) when the queue is full, and
 * DocumentError('aborted') when the caller's signal fires (the worker is terminated and replaced).
 */
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import type { DocumentImage } from 'document-engine';
// the errors alone: the engine itself loads in the workers, never in the thread that starts them
import { DocumentError, PasswordRequiredError } from 'document-engine/errors';
import { Piscina } from 'piscina';
import type { DocumentFind, ExtractKind } from 'shared-contracts';
import type { FigureLimits } from './defaults.ts';
import { DocumentLimitError } from './failure.ts';
import type { DocumentJob, JobMessage, SerializedFailure } from './workerProtocol.ts';

export type DocumentPoolOptions = {
  /** Worker threads; each reads one document at a time. */
  workers: number;
  /** V8 heap of each worker (old generation), in MB. */
  heapMb: number;
  /** How long one job may run once a worker has it; then the worker is terminated. */
  timeLimitMs: number;
  /** Jobs that may wait for a worker; beyond, DocumentLimitError.busy (503). */
  maxQueue: number;
  /** The worker module (default: documentWorker next to this file). Tests pass misbehaving ones. */
  workerFile?: URL;
  /**
   * How far below the main thread's priority the workers run (default 10): a server's event loop
   * must still answer while every core reads. The CLI's main thread only waits for its workers, so
   * it passes 0 and its documents compete for the cores as any other command would.
   */
  niceIncrement?: number;
  /** Figures: most per answer, and each render's bounds (FIGURE_LIMITS when left out). */
  figures?: FigureLimits | undefined;
};

export type ReadDocumentJobOptions = {
  password?: string | undefined;
  /** The caller is gone: the job leaves the queue, or its worker is terminated. */
  signal?: AbortSignal | undefined;
  /** The place reserve() took for this job; the job releases it when it ends. Taken now when left out. */
  place?: DocumentPlace | undefined;
  /** Images (the default), figures (PDF only) or both. */
  find?: DocumentFind | undefined;
  /** Figures: their PNG's resolution. */
  dpi?: number | undefined;
};

/** A document's bytes, or the temporary file a large upload was written to (the worker reads it). */
export type DocumentInput = Uint8Array | { file: string };

/** A place in the pool, a worker's or the queue's, held from before an upload is read until its job ends. */
export type DocumentPlace = { release(): void };

export type DocumentAnswer = {
  kind: ExtractKind;
  imageCount: number;
  /** `{success: true, kind, images}` as UTF-8 JSON, ready to send. */
  body: Buffer;
  /** The worker's V8 heap when the job ended. */
  heapBytes: number;
};

/** The pool takes the document's bytes: they are transferred to the worker, so the caller's copy is emptied. */
export type DocumentPool = {
  /**
   * Takes a place for a job to come, so that an upload is refused before it is read rather than
   * after (DocumentLimitError.busy when every worker and the queue are taken).
   */
  reserve(): DocumentPlace;
  readAnswer(
    input: DocumentInput,
    options: ReadDocumentJobOptions & { maxAnswerBytes: number },
  ): Promise<DocumentAnswer>;
  readImages(
    bytes: Uint8Array,
    options?: ReadDocumentJobOptions,
  ): Promise<{ kind: ExtractKind; images: AsyncGenerator<DocumentImage> }>;
  /** Starts the workers now rather than on the first job (a listening server does, see app.ts). */
  warm(): void;
  /** Ends every worker; jobs still running fail. */
  close(): Promise<void>;
  /** The pool's worker threads, for measurements. */
  readonly threads: readonly import('node:worker_threads').Worker[];
};

type Done = Extract<JobMessage, { type: 'done' }>;

/**
 * Under tsx (and vitest) this file is .ts and so is the worker; once built, both are .js. Every
 * worker starts from workerEntry.cjs (copied beside the build), which imports the real one (see
 * there why).
 */
const ownExtension = /\.[cm]?[jt]s$/.exec(fileURLToPath(import.meta.url))?.[0] ?? '.js';
export const DOCUMENT_WORKER_FILE = new URL(`./documentWorker${ownExtension}`, import.meta.url);
const WORKER_ENTRY = new URL('./workerEntry.cjs', import.meta.url);

function entryFor(workerFile: URL): { filename: string; workerData: { workerFile: string } } {
  return { filename: fileURLToPath(WORKER_ENTRY), workerData: { workerFile: workerFile.href } };
}

export function createDocumentPool(options: DocumentPoolOptions): DocumentPool {
  const workerFile = options.workerFile ?? DOCUMENT_WORKER_FILE;
  // Made by warm() (a listening server) or on the first job, so tests and CLI runs that read no
  // document start no thread; from then on every worker stays, so one that dies is replaced at
  // once. (With fewer minThreads than maxThreads, piscina leaves queued jobs waiting when a
  // worker dies, until another job comes.)
  let made: Piscina | undefined;
  const pool = () => {
    if (made) return made;
    made = new Piscina({
      ...entryFor(workerFile),
      // the server's own flags (tsx's loader among them) are for the main thread only
      execArgv: [],
      minThreads: options.workers,
      maxThreads: options.workers,
      concurrentTasksPerWorker: 1,
      // Below the event loop's priority: with every core reading documents, the main thread still
      // gets one at once to answer other requests (Linux: per thread, via @napi-rs/nice).
      niceIncrement: options.niceIncrement ?? 10,
      // bounded below: piscina 5 keeps tasks that carry an AbortSignal in a queue maxQueue ignores
      resourceLimits: {
        maxOldGenerationSizeMb: options.heapMb,
        maxYoungGenerationSizeMb: Math.max(8, Math.min(64, Math.round(options.heapMb / 8))),
        stackSizeMb: 4,
      },
    });
    // A worker that dies between jobs (nothing to fail) is reported here; piscina replaces it.
    made.on('error', () => {});
    return made;
  };

  // Jobs running or waiting, and places reserved for uploads still arriving: at most one per
  // worker plus the queue.
  let inFlight = 0;

  const reserve = (): DocumentPlace => {
    if (inFlight >= options.workers + options.maxQueue) throw DocumentLimitError.busy();
    inFlight += 1;
    let held = true;
    return {
      release: () => {
        if (held) inFlight -= 1;
        held = false;
      },
    };
  };

  function run(
    job: Omit<DocumentJob, 'port'>,
    { signal, place: reserved }: ReadDocumentJobOptions,
    onMessage: (message: JobMessage) => void = () => {},
  ): Promise<Done> {
    let place: DocumentPlace;
    try {
      place = reserved ?? reserve();
    } catch (error) {
      return Promise.reject(error);
    }
    if (signal?.aborted) {
      place.release();
      return Promise.reject(new DocumentError('aborted'));
    }
    const { port1, port2 } = new MessageChannel();
    const overTime = new AbortController();
    const jobSignal = signal ? AbortSignal.any([signal, overTime.signal]) : overTime.signal;
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const outcome = new Promise<Done>((resolve, reject) => {
      port1.on('message', (message: JobMessage) => {
        if (message.type === 'start') timer = setTimeout(() => overTime.abort(), options.timeLimitMs);
        else if (message.type === 'done') resolve(message);
        else if (message.type === 'failed') reject(rebuild(message.failure));
        onMessage(message);
      });
      // The worker closes its end after done/failed; a close without them is a worker gone, which
      // piscina reports with its reason (out of memory, exit code) as the job's failure.
      port1.once('close', () => {
        void ranSettled.then(() => reject(DocumentLimitError.unreadable()));
      });
    });
    outcome.catch(() => {});
    // Transfer the document when it owns its whole buffer (never a slice of Node's shared pool).
    const owned =
      job.bytes && job.bytes.byteOffset === 0 && job.bytes.byteLength === job.bytes.buffer.byteLength
        ? job.bytes
        : job.bytes?.slice();
    const ran = pool()
      .run({ ...job, bytes: owned, figures: options.figures, port: port2 } satisfies DocumentJob, {
        transferList: owned ? [owned.buffer as ArrayBuffer, port2] : [port2],
        signal: jobSignal,
      })
      .catch((error: unknown) => {
        if (settled) return;
        if (overTime.signal.aborted) throw DocumentLimitError.tooSlow(options.timeLimitMs);
        if (signal?.aborted) throw new DocumentError('aborted');
        throw Object.assign(DocumentLimitError.unreadable(), { cause: error });
      });
    const ranSettled = ran.then(
      () => {},
      () => {},
    );
    return Promise.all([outcome, ran])
      .finally(() => {
        place.release();
        settled = true;
        clearTimeout(timer);
        port1.close();
      })
      .then(([done]) => done);
  }

  return {
    reserve,

    async readAnswer(input, { password, signal, place, maxAnswerBytes, find, dpi }) {
      const source = input instanceof Uint8Array ? { bytes: input } : { file: input.file };
      const done = await run({ ...source, password, answer: 'json', maxAnswerBytes, find, dpi }, { signal, place });
      const body = done.body ?? new Uint8Array();
      return {
        kind: done.kind,
        imageCount: done.imageCount,
        body: Buffer.from(body.buffer, body.byteOffset, body.length),
        heapBytes: done.heapBytes,
      };
    },

    async readImages(bytes, { password, signal, place, find, dpi } = {}) {
      // the consumer leaving early (break, an error) ends the job too
      const left = new AbortController();
      const queue: DocumentImage[] = [];
      let wake: (() => void) | undefined;
      let resolveKind: (kind: ExtractKind) => void = () => {};
      const kindKnown = new Promise<ExtractKind>((resolve) => {
        resolveKind = resolve;
      });
      const finished = run(
        { bytes, password, answer: 'images', maxAnswerBytes: Number.POSITIVE_INFINITY, find, dpi },
        { signal: signal ? AbortSignal.any([signal, left.signal]) : left.signal, place },
        (message) => {
          if (message.type === 'kind') resolveKind(message.kind);
          else if (message.type === 'image') queue.push(message.image);
          wake?.();
        },
      );
      let ended = false;
      let failure: unknown;
      finished.then(
        () => {
          ended = true;
          wake?.();
        },
        (error: unknown) => {
          ended = true;
          failure = error;
          wake?.();
        },
      );
      const kind = await Promise.race([kindKnown, finished.then(({ kind }) => kind)]);
      async function* images(): AsyncGenerator<DocumentImage> {
        try {
          for (;;) {
            const image = queue.shift();
            if (image) {
              yield image;
              continue;
            }
            if (ended) {
              if (failure) throw failure;
              return;
            }
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
            wake = undefined;
          }
        } finally {
          if (!ended) left.abort();
        }
      }
      return { kind, images: images() };
    },

    warm: () => {
      pool();
    },

    close: async () => {
      await made?.close({ force: true });
    },

    get threads() {
      return made?.threads ?? [];
    },
  };
}

/** The engine's and the server's own errors back in their classes, so toHttpFailure maps them. */
function rebuild(failure: SerializedFailure): Error {
  switch (failure.name) {
    case 'DocumentLimitError':
      return new DocumentLimitError((failure.status ?? 422) as DocumentLimitError['status'], failure.message);
    case 'PasswordRequiredError':
      return new PasswordRequiredError(failure.code === 'wrong-password' ? 'wrong-password' : 'password-required');
    case 'DocumentError':
      return new DocumentError((failure.code ?? 'invalid') as DocumentError['code'], failure.message);
    default:
      // An engine bug (TypeError, RangeError, a blown stack): the file is what it could not take.
      return Object.assign(DocumentLimitError.unreadable(), {
        cause: new Error(`${failure.name}: ${failure.message}`),
      });
  }
}
