import type { Extractor } from 'browser-services/extraction';
import { createNameAllocator } from 'media-files';
import type { ExtractionEvent } from 'shared-contracts';
import type { ReadableKind } from '../worker/index.ts';
import type { DocumentInput } from './documentEvents.ts';

/** A file of a batch and the name its images carry (`origin`): its own, made unique in the batch. */
export type BatchFile = { file: File; origin: string };

/** A file of a batch that gave nothing, and why; `locked` when it waits for its password. */
export type BatchIssue = { origin: string; reason: string; locked?: 'password-required' | 'wrong-password' };

/** Several files at once: read one after another, in the order given. */
export type DocumentBatchInput = {
  files: readonly BatchFile[];
  /** Passwords the visitor gave, by file (origin). */
  passwords: ReadonlyMap<string, string>;
  expectedKind: ReadableKind;
  /** The screen the files were given on (see `DocumentInput.page`). */
  page?: DocumentInput['page'];
  /** PDFs: what to find in each, as for one file. */
  find?: DocumentInput['find'];
  /** The file being read (0-based), for the progress line. */
  onFile?: (index: number, origin: string) => void;
  /** A file that could not be read (the others go on). */
  onIssue?: (issue: BatchIssue) => void;
};

/**
 * Names for the files of a batch, as the visitor sees them: each file's own name, and `name (2).pdf`,
 * `name (3).pdf`… for a name already taken (two files of one name from different folders).
 */
export function batchFiles(files: readonly File[]): BatchFile[] {
  const taken = new Set<string>();
  return files.map((file) => {
    const dot = file.name.lastIndexOf('.');
    const stem = dot > 0 ? file.name.slice(0, dot) : file.name;
    const ext = dot > 0 ? file.name.slice(dot) : '';
    let origin = file.name;
    for (let n = 2; taken.has(origin.toLowerCase()); n += 1) origin = `${stem} (${n})${ext}`;
    taken.add(origin.toLowerCase());
    return { file, origin };
  });
}

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/**
 * A batch as one run of the one document extractor: each file in turn through the same Worker
 * path, its images carrying its name (`origin`), their names unique across the batch. A file that
 * fails (a password it has not been given yet, a file that is not what it claims) is told to
 * `onIssue` and the next one is read: one bad file never costs the others. Cancelling stops the run.
 */
export function documentBatchExtractor(single: Extractor<DocumentInput>): Extractor<DocumentBatchInput> {
  return async function* extractBatch({ files, passwords, expectedKind, page, find, onFile, onIssue }, signal) {
    yield { type: 'start', runsOn: 'browser' } satisfies ExtractionEvent;
    const allocate = createNameAllocator();
    let found = 0;
    for (const [index, { file, origin }] of files.entries()) {
      onFile?.(index, origin);
      signal.throwIfAborted();
      const input: DocumentInput = {
        file,
        password: passwords.get(origin),
        expectedKind,
        page,
        find,
        batch: { origin, key: String(index + 1), allocate },
      };
      try {
        for await (const event of single(input, signal)) {
          if (event.type === 'image') found += 1;
          // Each file's start and done are the batch's own business; an error ends this file only.
          if (event.type === 'image' || event.type === 'progress') yield event;
          if (event.type === 'error') throw Object.assign(new Error(event.error), { code: event.code });
        }
      } catch (error) {
        if (signal.aborted) throw error;
        const code = codeOf(error);
        const locked = code === 'password-required' || code === 'wrong-password' ? code : undefined;
        onIssue?.({
          origin,
          reason: error instanceof Error ? error.message : String(error),
          ...(locked ? { locked } : {}),
        });
      }
    }
    yield { type: 'done', found, done: files.length };
  };
}
