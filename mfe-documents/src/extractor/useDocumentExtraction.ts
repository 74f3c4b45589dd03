import { DocumentError, type DocumentKind, type EngineProgress, PasswordRequiredError } from 'document-engine';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createNameAllocator, MESSAGES, toasts } from 'shared-contracts';
import { extractInWorker, prepareDocumentWorker, releaseDocumentWorker } from '../extraction/index.ts';
import { metafileToPng } from '../preview/index.ts';
import type { DocumentPageConfig } from './documentKinds.ts';
import { type DocumentResult, releaseResult, toDocumentResult } from './documentResult.ts';

export type PasswordRequest = { wrong: boolean };

/**
 * The screen's state for one document at a time: run the engine in its Worker, show images as
 * they arrive, count progress, cancel, ask for a password, convert EMF/WMF previews. Object URLs
 * live as long as their results are on screen (Save on a card reads them) and no longer.
 */
export function useDocumentExtraction(config: DocumentPageConfig) {
  const [file, setFile] = useState<File>();
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<EngineProgress>();
  const [results, setResults] = useState<DocumentResult[]>([]);
  const [outcome, setOutcome] = useState<'none' | 'no-images' | 'failed' | 'cancelled'>('none');
  const [failureDetail, setFailureDetail] = useState<string>();
  const [passwordRequest, setPasswordRequest] = useState<PasswordRequest>();
  const current = useRef<AbortController | undefined>(undefined);
  const shown = useRef<DocumentResult[]>([]);
  const previewQueue = useRef<Promise<void>>(Promise.resolve());
  const [, setPreviewsDone] = useState(0);
  const m = config.messages;

  const replaceResults = useCallback((next: DocumentResult[]) => {
    const keep = new Set(next);
    for (const result of shown.current) if (!keep.has(result)) releaseResult(result);
    shown.current = next;
    setResults(next);
  }, []);

  useEffect(
    () => () => {
      current.current?.abort();
      releaseDocumentWorker();
      for (const result of shown.current) releaseResult(result);
      shown.current = [];
    },
    [],
  );

  const run = useCallback(
    async (password?: string) => {
      if (!file) {
        toasts.error(m.noFile.title, m.noFile.description);
        return;
      }
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      const isCurrent = () => current.current === controller;
      replaceResults([]);
      setOutcome('none');
      setFailureDetail(undefined);
      setProgress(undefined);
      setRunning(true);
      toasts.info(m.processing.title);

      const found: DocumentResult[] = [];
      // Images and progress are shown once per frame, not once per message: a PDF with thousands
      // of small images would otherwise re-render the grid thousands of times.
      let frame = 0;
      let latest: EngineProgress | undefined;
      const flush = () => {
        frame = 0;
        if (!isCurrent()) return;
        if (latest) setProgress(latest);
        if (found.length !== shown.current.length) replaceResults([...found]);
      };
      const schedule = () => {
        if (!frame) frame = requestAnimationFrame(flush);
      };
      // Marks for profiling the time to first image (DevTools' Performance panel, the bench).
      performance.mark('documents:extract');
      try {
        const bytes = await file.arrayBuffer();
        performance.mark('documents:file-read');
        // The Worker says what the bytes are before its first image.
        let source: DocumentKind = config.kinds[0] as DocumentKind;
        const allocate = createNameAllocator();
        await extractInWorker(bytes, {
          password,
          signal: controller.signal,
          onKind: (kind) => {
            if (kind) source = kind;
          },
          onProgress: (p) => {
            latest = p;
            schedule();
          },
          onImage: (image) => {
            if (found.length === 0) performance.mark('documents:first-image-received');
            const result = toDocumentResult(image, found.length, source, allocate);
            found.push(result);
            if (result.preview.kind === 'converting') convertPreview(result);
            schedule();
          },
        });
        if (frame) cancelAnimationFrame(frame);
        flush();
        if (found.length > 0) {
          const done = m.complete(found.length);
          toasts.success(done.title, done.description);
        } else {
          setOutcome('no-images');
          const none = MESSAGES.documents.noImages(config.noun);
          toasts.info(none.title, none.description);
        }
      } catch (error) {
        if (frame) cancelAnimationFrame(frame);
        if (!isCurrent()) {
          for (const result of found) releaseResult(result);
          return;
        }
        flush();
        if (error instanceof DocumentError && error.code === 'aborted') {
          setOutcome('cancelled');
          const cancelled = MESSAGES.documents.cancelled(found.length);
          toasts.info(cancelled.title, cancelled.description);
        } else if (error instanceof PasswordRequiredError) {
          setPasswordRequest({ wrong: error.code === 'wrong-password' });
        } else {
          console.error(error);
          setOutcome('failed');
          // A reader that died or froze (WorkerLostError) says so in the user's words; the next
          // Extract starts a fresh one.
          setFailureDetail(error instanceof Error && error.message ? error.message : m.fallbackError);
          toasts.error(m.failed.title, m.failed.description);
        }
      } finally {
        if (isCurrent()) setRunning(false);
      }

      // EMF/WMF previews are drawn here, one at a time, while the grid already shows the card.
      function convertPreview(result: DocumentResult) {
        const { blob, image } = result;
        if (!blob || (image.format !== 'EMF' && image.format !== 'WMF')) return;
        const format = image.format;
        previewQueue.current = previewQueue.current.then(async () => {
          const wanted = () => isCurrent() || shown.current.includes(result);
          if (!wanted()) return;
          let preview: DocumentResult['preview'];
          try {
            const png = await metafileToPng(new Uint8Array(await blob.arrayBuffer()), format, image);
            preview = { kind: 'converted', url: URL.createObjectURL(png) };
          } catch (error) {
            console.warn(`The ${format} preview of ${image.name} failed:`, error);
            preview = { kind: 'failed' };
          }
          if (!wanted()) {
            if (preview.kind === 'converted') URL.revokeObjectURL(preview.url);
            return;
          }
          // The result object stays the same (its URLs are owned by it); a render picks up the change.
          result.preview = preview;
          setPreviewsDone((n) => n + 1);
        });
      }
    },
    [file, config, m, replaceResults],
  );
  const cancel = useCallback(() => current.current?.abort(), []);

  const choose = useCallback((next: File) => {
    current.current?.abort();
    // The worker loads while the user reaches for Extract.
    prepareDocumentWorker();
    setFile(next);
    setOutcome('none');
    setFailureDetail(undefined);
  }, []);

  const submitPassword = useCallback(
    (password: string) => {
      setPasswordRequest(undefined);
      void run(password);
    },
    [run],
  );

  const dismissPassword = useCallback(() => {
    setPasswordRequest(undefined);
    toasts.info(MESSAGES.documents.passwordCancelled.title, MESSAGES.documents.passwordCancelled.description);
  }, []);

  return {
    file,
    choose,
    running,
    progress,
    results,
    outcome,
    failureDetail,
    passwordRequest,
    extract: () => run(),
    cancel,
    submitPassword,
    dismissPassword,
  };
}
