import type { Extractor } from 'browser-services/extraction';
import type { Toast } from 'browser-services/toast';
import { toasts } from 'browser-services/toast';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ExtractedImage, ExtractionEvent, ExtractionEventOf } from 'shared-contracts';

/** Why a run stopped short: an error event's words and code, or what the extractor threw. */
export class ExtractionFailure extends Error {
  override readonly name = 'ExtractionFailure';
  constructor(
    message: string,
    readonly code?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export type ExtractionStatus = 'idle' | 'running' | 'done' | 'failed' | 'cancelled';

export type ExtractionStart = ExtractionEventOf<'start'>;
export type ExtractionDone = ExtractionEventOf<'done'>;
export type ExtractionProgressState = Omit<ExtractionEventOf<'progress'>, 'type'>;

/** A toast to show: the screen's words from MESSAGES. `kind` defaults by the moment it is shown. */
export type ExtractionToast = Omit<Toast, 'kind'> & { kind?: Toast['kind'] };

/** The screen's words for each moment of a run, from the catalogue; undefined shows nothing. */
export type ExtractionMessages = {
  /** When a run starts (info). */
  processing?: () => ExtractionToast | undefined;
  /** When it is done (success): `found` images this run, and the extractor's done event. */
  complete?: (found: number, done: ExtractionDone | undefined) => ExtractionToast | undefined;
  /** When it stopped on an error (error). */
  failed?: (failure: ExtractionFailure) => ExtractionToast | undefined;
  /** When the user cancelled it (info), with the images kept. */
  cancelled?: (found: number) => ExtractionToast | undefined;
};

export type UseExtractionOptions<Input> = {
  extractor: Extractor<Input>;
  messages: ExtractionMessages;
  /** Frees what an image holds (its object URL) when results are replaced or the screen goes. */
  release?: (image: ExtractedImage) => void;
};

/** The abort reasons of runs the visitor cancelled, as against runs replaced or left with the screen. */
const cancelReasons = new WeakSet<object>();

/**
 * Whether a run's signal was aborted by Cancel. An extractor whose work goes on elsewhere (a
 * website job on the server) stops that work then, and only then: Cancel stays one call.
 */
export function cancelledByVisitor(signal: AbortSignal): boolean {
  const reason: unknown = signal.reason;
  return signal.aborted && typeof reason === 'object' && reason !== null && cancelReasons.has(reason);
}

/** How a run ended, for a screen that does more (a password prompt, a note on where it ran). */
export type ExtractionOutcome = {
  status: Exclude<ExtractionStatus, 'idle' | 'running'> | 'replaced';
  found: number;
  start?: ExtractionStart | undefined;
  done?: ExtractionDone | undefined;
  failure?: ExtractionFailure | undefined;
};

type Run = {
  controller: AbortController;
  cancelled: boolean;
  /** Draws what is waiting for a frame now; answers how many images the run kept. */
  flushNow: () => number;
};

const nextFrame = (callback: () => void): (() => void) => {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(callback);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(callback, 16);
  return () => clearTimeout(id);
};

function toFailure(error: unknown): ExtractionFailure {
  if (error instanceof ExtractionFailure) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return new ExtractionFailure(message, typeof code === 'string' ? code : undefined, { cause: error });
}

const show = (toast: ExtractionToast | undefined, kind: Toast['kind']) => {
  if (toast) toasts.publish({ kind, ...toast });
};

/**
 * The one way a screen runs an extractor: a new run aborts the last one (and so does leaving the
 * screen); results and progress reset; events stream in, drawn once per animation frame (a
 * document with thousands of images must not re-render the grid thousands of times); Cancel stops
 * the work and keeps what was found; the screen's catalogue messages become toasts. Images are
 * released (`release`) when replaced, when they arrive for a run no longer current, or when the
 * screen goes.
 */
export function useExtraction<Input>({ extractor, messages, release }: UseExtractionOptions<Input>) {
  const [images, setImages] = useState<ExtractedImage[]>([]);
  const [progress, setProgress] = useState<ExtractionProgressState>();
  const [start, setStart] = useState<ExtractionStart>();
  const [status, setStatus] = useState<ExtractionStatus>('idle');
  const [failure, setFailure] = useState<ExtractionFailure>();
  const current = useRef<Run | undefined>(undefined);
  /** Every image handed to the screen and not yet released. */
  const shown = useRef<ExtractedImage[]>([]);
  // The latest options, read by callbacks that outlive a render.
  const latest = useRef({ extractor, messages, release });
  latest.current = { extractor, messages, release };

  const releaseAll = useCallback((list: readonly ExtractedImage[]) => {
    const free = latest.current.release;
    if (free) for (const image of list) free(image);
  }, []);

  useEffect(
    () => () => {
      current.current?.controller.abort(new DOMException('The screen was closed', 'AbortError'));
      current.current = undefined;
      releaseAll(shown.current);
      shown.current = [];
    },
    [releaseAll],
  );

  /** Empties the results (releasing them) and forgets the last run's outcome. */
  const reset = useCallback(() => {
    current.current?.controller.abort(new DOMException('Replaced', 'AbortError'));
    current.current = undefined;
    releaseAll(shown.current);
    shown.current = [];
    setImages([]);
    setProgress(undefined);
    setStart(undefined);
    setFailure(undefined);
    setStatus('idle');
  }, [releaseAll]);

  const run = useCallback(
    async (input: Input): Promise<ExtractionOutcome> => {
      reset();
      const run: Run = { controller: new AbortController(), cancelled: false, flushNow: () => 0 };
      current.current = run;
      const { signal } = run.controller;
      const isCurrent = () => current.current === run;
      const { messages: words } = latest.current;
      setStatus('running');
      show(words.processing?.(), 'info');

      const found: ExtractedImage[] = [];
      let started: ExtractionStart | undefined;
      let doneEvent: ExtractionDone | undefined;
      let pendingProgress: ExtractionProgressState | undefined;
      let cancelFrame: (() => void) | undefined;
      /** Images of `found` handed to the screen; the rest are this run's to release if it is replaced. */
      let drawn = 0;
      const flush = () => {
        cancelFrame?.();
        cancelFrame = undefined;
        if (!isCurrent()) return;
        if (pendingProgress) setProgress(pendingProgress);
        pendingProgress = undefined;
        if (found.length !== drawn) {
          drawn = found.length;
          shown.current = [...found];
          setImages(shown.current);
        }
      };
      const schedule = () => {
        cancelFrame ??= nextFrame(flush);
      };
      run.flushNow = () => {
        flush();
        return found.length;
      };
      const replaced = (): ExtractionOutcome => {
        cancelFrame?.();
        releaseAll(found.slice(drawn));
        return { status: 'replaced', found: found.length };
      };

      try {
        for await (const event of latest.current.extractor(input, signal)) {
          if (!isCurrent() || signal.aborted) {
            if (event.type === 'image') releaseAll([event.image]);
            if (signal.aborted) break;
            continue;
          }
          if (handle(event)) break;
        }
        if (run.cancelled) return { status: 'cancelled', found: found.length, start: started };
        if (!isCurrent()) return replaced();
        if (signal.aborted) throw signal.reason;
        flush();
        setStatus('done');
        show(words.complete?.(found.length, doneEvent), 'success');
        return { status: 'done', found: found.length, start: started, done: doneEvent };
      } catch (error) {
        if (run.cancelled) return { status: 'cancelled', found: found.length, start: started };
        if (!isCurrent()) return replaced();
        flush();
        const failed = toFailure(error);
        setFailure(failed);
        setStatus('failed');
        show(words.failed?.(failed), 'error');
        return { status: 'failed', found: found.length, start: started, failure: failed };
      } finally {
        if (isCurrent()) current.current = undefined;
      }

      /** One event; true when it ends the run. */
      function handle(event: ExtractionEvent): boolean {
        switch (event.type) {
          case 'start':
            started = event;
            setStart(event);
            return false;
          case 'progress': {
            const { type: _type, ...rest } = event;
            pendingProgress = rest;
            schedule();
            return false;
          }
          case 'image':
            found.push(event.image);
            schedule();
            return false;
          case 'done':
            doneEvent = event;
            return true;
          case 'error':
            throw new ExtractionFailure(event.error, event.code);
        }
      }
    },
    [reset, releaseAll],
  );

  /** Stops the run at once; what it found stays on screen, and nothing more arrives. */
  const cancel = useCallback(() => {
    const run = current.current;
    if (!run || run.cancelled) return;
    run.cancelled = true;
    const reason = new DOMException('Cancelled', 'AbortError');
    cancelReasons.add(reason);
    run.controller.abort(reason);
    const kept = run.flushNow();
    setStatus('cancelled');
    show(latest.current.messages.cancelled?.(kept), 'info');
  }, []);

  return {
    images,
    progress,
    start,
    status,
    failure,
    busy: status === 'running',
    run,
    cancel,
    reset,
  };
}
