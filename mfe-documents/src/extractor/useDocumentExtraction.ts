import { toasts } from 'browser-services/toast';
import type { DocumentKind, SkippedImage } from 'document-engine';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';
import { type ExtractionFailure, type ExtractionMessages, useExtraction } from 'shared-ui';
import { prepareDocumentWorker, releaseDocumentWorker } from '../worker/index.ts';
import { documentExtractor } from './documentEvents.ts';
import { type DocumentResult, metafilePreviewState, releaseResult } from './documentResult.ts';
import type { DocumentPageConfig } from './pageConfigs.ts';

export type PasswordRequest = { wrong: boolean };

const isPasswordFailure = (failure: ExtractionFailure | undefined) =>
  failure?.code === 'password-required' || failure?.code === 'wrong-password';

/**
 * What the document screens add to the one extraction hook (shared-ui `useExtraction`, which runs
 * the engine's Worker through `documentExtractor`): the password prompt, and EMF/WMF previews
 * drawn after the card shows. Each image's original bytes and preview state are kept beside it
 * (`resultOf`); object URLs live as long as their images are on screen (Save on a card reads
 * them) and no longer.
 */
export function useDocumentExtraction(config: DocumentPageConfig) {
  const [file, setFile] = useState<File>();
  const [passwordRequest, setPasswordRequest] = useState<PasswordRequest>();
  const [, setPreviewsDone] = useState(0);
  /** Images the document holds that could not be given out, with why: the page lists them. */
  const [skipped, setSkipped] = useState<SkippedImage[]>([]);
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

  const extractor = useMemo(
    () =>
      documentExtractor(
        (result) => {
          results.current.set(result.image, result);
          if (result.preview.kind === 'converting') convertPreview(result);
        },
        undefined,
        (one) => setSkipped((list) => [...list, one]),
      ),
    [convertPreview],
  );

  const messages = useMemo<ExtractionMessages>(
    () => ({
      processing: () => m.processing,
      complete: (found) =>
        found > 0 ? m.complete(found) : { kind: 'info', ...MESSAGES.documents.noImages(config.noun) },
      cancelled: (found) => MESSAGES.documents.cancelled(found),
      failed: (failure) => {
        if (isPasswordFailure(failure)) return undefined;
        console.error(failure.cause ?? failure);
        return m.failed;
      },
    }),
    [m, config.noun],
  );

  const release = useCallback((image: ExtractedImage) => {
    const result = results.current.get(image);
    if (!result) return;
    results.current.delete(image);
    releaseResult(result);
  }, []);

  const extraction = useExtraction({ extractor, messages, release });
  const { status, failure, images } = extraction;

  // The screen is gone: the spare Worker goes too (the hook releases the images).
  useEffect(() => () => releaseDocumentWorker(), []);

  const run = useCallback(
    async (password?: string) => {
      if (!file) {
        toasts.error(m.noFile.title, m.noFile.description);
        return;
      }
      setSkipped([]);
      const outcome = await extraction.run({ file, password, expectedKind: config.kinds[0] as DocumentKind });
      if (outcome.status === 'failed' && isPasswordFailure(outcome.failure)) {
        setPasswordRequest({ wrong: outcome.failure?.code === 'wrong-password' });
      }
    },
    [file, config.kinds, m, extraction.run],
  );

  const choose = useCallback(
    (next: File) => {
      extraction.reset();
      setSkipped([]);
      // The worker loads while the user reaches for Extract.
      prepareDocumentWorker();
      setFile(next);
    },
    [extraction.reset],
  );

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

  const outcome =
    status === 'done' && images.length === 0
      ? 'no-images'
      : status === 'failed' && !isPasswordFailure(failure)
        ? 'failed'
        : status === 'cancelled'
          ? 'cancelled'
          : 'none';

  return {
    file,
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
