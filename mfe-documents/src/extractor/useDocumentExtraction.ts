import { logError } from 'browser-services/log';
import { toasts } from 'browser-services/toast';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';
import { type ExtractionFailure, type ExtractionMessages, useExtractionScreen } from 'shared-ui';
import { prepareDocumentWorker, type ReadableKind, releaseDocumentWorker } from '../worker/index.ts';
import { type BatchIssue, batchFiles, type DocumentBatchInput, documentBatchExtractor } from './documentBatch.ts';
import { type DocumentInput, documentExtractor, readFileAhead } from './documentEvents.ts';
import { type DocumentResult, metafilePreviewState, releaseResult } from './documentResult.ts';
import type { DocumentPageConfig } from './pageConfigs.ts';
import type { ShownSkip } from './SkippedImages.tsx';

/** A file asks for its password: `origin` names it in a batch (a single file is the chosen one). */
export type PasswordRequest = { wrong: boolean; origin?: string };

/** A linked image has no bytes to zip: the archive's could-not-download.txt says why. */
const linkedInZip = () => MESSAGES.documents.linkedInZip;

const isPasswordFailure = (failure: ExtractionFailure | undefined) =>
  failure?.code === 'password-required' || failure?.code === 'wrong-password';

/**
 * What the document screens add to the one extraction screen (shared-ui `useExtractionScreen`,
 * which runs the engine's Worker through `documentExtractor`): the password prompt, and EMF/WMF previews
 * drawn after the card shows. Each image's original bytes and preview state are kept beside it
 * (`resultOf`); object URLs live as long as their images are on screen (Save on a card reads
 * them) and no longer.
 */
export function useDocumentExtraction(config: DocumentPageConfig, find?: DocumentInput['find']) {
  /** The chosen files: one, or several read as one batch. */
  const [files, setFiles] = useState<File[]>([]);
  const file = files[0];
  /** A batch: the passwords given so far (by file), the files that gave nothing and why, the file being read. */
  const passwords = useRef(new Map<string, string>());
  const [issues, setIssues] = useState<BatchIssue[]>([]);
  const [reading, setReading] = useState<{ index: number; origin: string }>();
  const [passwordRequest, setPasswordRequest] = useState<PasswordRequest>();
  const [, setPreviewsDone] = useState(0);
  /** Images the document holds that could not be given out, with why: the page lists them. */
  const [skipped, setSkipped] = useState<ShownSkip[]>([]);
  /** The batch's file being read, which its skipped images name: a run of one file has none. */
  const readingOrigin = useRef<string | undefined>(undefined);
  /** The record of each image on screen (or arriving), by the image itself. */
  const results = useRef(new Map<ExtractedImage, DocumentResult>());
  const previewQueue = useRef<Promise<void>>(Promise.resolve());
  const m = config.messages;

  // EMF/WMF previews are drawn here, one at a time, while the grid already shows the card: rtf.js's
  // drawing, else the bitmap the metafile embeds (metafilePreviewState).
  const convertPreview = useCallback((result: DocumentResult) => {
    const { blob, image } = result;
    if (!blob || (image.format !== 'EMF' && image.format !== 'WMF')) return;
    const wanted = () => results.current.get(image) === result;
    previewQueue.current = previewQueue.current.then(async () => {
      if (!wanted()) return;
      const preview = await metafilePreviewState(result);
      if (!wanted()) {
        if (preview.kind === 'converted') URL.revokeObjectURL(preview.url);
        return;
      }
      // The result object stays the same (its URLs are owned by it); a render picks up the change.
      result.preview = preview;
      setPreviewsDone((n) => n + 1);
    });
  }, []);

  const extractor = useMemo(() => {
    const single = documentExtractor(
      (result) => {
        results.current.set(result.image, result);
        if (result.preview.kind === 'converting') convertPreview(result);
      },
      undefined,
      (one) => {
        const origin = readingOrigin.current;
        setSkipped((list) => [...list, origin ? { ...one, origin } : one]);
      },
    );
    const batch = documentBatchExtractor(single);
    // One hook, one run: a single file as it always was, several as a batch of the same extractor.
    return (input: DocumentInput | DocumentBatchInput, signal: AbortSignal) =>
      'files' in input ? batch(input, signal) : single(input, signal);
  }, [convertPreview]);

  const messages = useMemo<ExtractionMessages>(
    () => ({
      processing: () => m.processing,
      complete: (found) =>
        found > 0
          ? find?.mode === 'figures' || find?.mode === 'both'
            ? MESSAGES.figures.complete(found, config.noun, find.mode)
            : m.complete(found)
          : {
              kind: 'info',
              ...(find?.mode === 'figures'
                ? MESSAGES.figures.noFigures(config.noun)
                : MESSAGES.documents.noImages(config.noun)),
            },
      cancelled: (found) => MESSAGES.documents.cancelled(found),
      failed: (failure) => {
        if (isPasswordFailure(failure)) return undefined;
        logError('mfe-documents', failure.cause ?? failure, `the ${config.noun} could not be read`);
        return m.failed;
      },
    }),
    [m, config.noun, find?.mode],
  );

  const release = useCallback((image: ExtractedImage) => {
    const result = results.current.get(image);
    if (!result) return;
    results.current.delete(image);
    releaseResult(result);
  }, []);

  const extraction = useExtractionScreen({
    extractor,
    messages,
    release,
    zipName: config.zipName,
    remoteNote: linkedInZip,
  });
  const { status, failure, images } = extraction;

  // The screen is gone: the spare Worker goes too (the hook releases the images).
  useEffect(() => () => releaseDocumentWorker(), []);

  const runBatch = useCallback(async () => {
    setSkipped([]);
    setIssues([]);
    const found: BatchIssue[] = [];
    await extraction.run({
      files: batchFiles(files),
      passwords: passwords.current,
      expectedKind: config.kinds[0] as ReadableKind,
      page: config,
      find,
      onFile: (index, origin) => {
        readingOrigin.current = origin;
        setReading({ index, origin });
      },
      onIssue: (issue) => {
        found.push(issue);
        setIssues((list) => [...list, issue]);
      },
    });
    setReading(undefined);
    readingOrigin.current = undefined;
    // The others are read; now the first file waiting for its password asks for it.
    const locked = found.find((issue) => issue.locked);
    if (locked) setPasswordRequest({ wrong: locked.locked === 'wrong-password', origin: locked.origin });
  }, [files, config, find, extraction.run]);

  const run = useCallback(
    async (password?: string) => {
      if (!file) {
        toasts.error(m.noFile.title, m.noFile.description);
        return;
      }
      if (files.length > 1) return runBatch();
      setSkipped([]);
      const outcome = await extraction.run({
        file,
        password,
        expectedKind: config.kinds[0] as ReadableKind,
        page: config,
        find,
      });
      if (outcome.status === 'failed' && isPasswordFailure(outcome.failure)) {
        setPasswordRequest({ wrong: outcome.failure?.code === 'wrong-password' });
      }
    },
    [file, files.length, runBatch, config, find, m, extraction.run],
  );

  const choose = useCallback(
    (next: File | readonly File[]) => {
      extraction.reset();
      setSkipped([]);
      setIssues([]);
      passwords.current = new Map();
      const chosen = Array.isArray(next) ? [...next] : [next as File];
      // The worker loads, and a single file is read, while the user reaches for Extract.
      prepareDocumentWorker();
      if (chosen.length === 1 && chosen[0]) readFileAhead(chosen[0]);
      setFiles(chosen);
    },
    [extraction.reset],
  );

  const submitPassword = useCallback(
    (password: string) => {
      const origin = passwordRequest?.origin;
      setPasswordRequest(undefined);
      if (origin === undefined) {
        void run(password);
        return;
      }
      // The batch is read again with this password too: one grid, in the order the files were given.
      passwords.current.set(origin, password);
      void runBatch();
    },
    [run, runBatch, passwordRequest],
  );

  /** A batch: ask again for the password of a file the visitor dismissed the prompt of. */
  const askPassword = useCallback((origin: string) => setPasswordRequest({ wrong: false, origin }), []);

  const dismissPassword = useCallback(() => {
    setPasswordRequest(undefined);
    toasts.info(MESSAGES.documents.passwordCancelled.title, MESSAGES.documents.passwordCancelled.description);
  }, []);

  const outcome =
    status === 'done' && images.length === 0
      ? 'no-images'
      : status === 'failed' && !isPasswordFailure(failure)
        ? 'failed'
        : status === 'cancelled'
          ? 'cancelled'
          : 'none';

  return {
    /** The run and its Download All, for the results (`ExtractionResults`). */
    screen: extraction,
    file,
    files,
    issues,
    reading,
    askPassword,
    choose,
    running: extraction.busy,
    progress: extraction.progress,
    images,
    resultOf: (image: ExtractedImage) => results.current.get(image),
    outcome,
    failureDetail: outcome === 'failed' ? failure?.message || m.fallbackError : undefined,
    passwordRequest,
    skipped,
    extract: () => run(),
    cancel: extraction.cancel,
    submitPassword,
    dismissPassword,
  };
}
