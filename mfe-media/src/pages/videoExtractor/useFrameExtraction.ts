import { useCallback, useEffect, useRef, useState } from 'react';
import type { ExtractedImage } from 'shared-contracts';
import {
  type ChosenVideo,
  type DecodedBy,
  extractVideoFrames,
  type FrameJobResult,
  type FrameSettings,
} from '../../client/index.ts';

export type FrameProgress = { done: number; total: number; by: DecodedBy | undefined };

/**
 * The frames of the chosen video and the job making them. Frames keep their object URLs for as long
 * as they are on screen (downloads and Save-to-profile read them); they are released when replaced
 * or when the page goes away.
 */
export function useFrameExtraction() {
  const [frames, setFrames] = useState<ExtractedImage[]>([]);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<FrameProgress>({ done: 0, total: 0, by: undefined });
  const running = useRef<AbortController | null>(null);
  const shown = useRef<ExtractedImage[]>([]);

  const release = useCallback(() => {
    for (const frame of shown.current) URL.revokeObjectURL(frame.url);
    shown.current = [];
    setFrames([]);
  }, []);

  const cancel = useCallback(() => running.current?.abort(new DOMException('Cancelled', 'AbortError')), []);

  useEffect(
    () => () => {
      running.current?.abort();
      for (const frame of shown.current) URL.revokeObjectURL(frame.url);
    },
    [],
  );

  /** Resolves with where the frames were made, or null when cancelled; rejects with what went wrong. */
  const run = useCallback(
    async (video: ChosenVideo, settings: FrameSettings): Promise<(FrameJobResult & { count: number }) | null> => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      release();
      setBusy(true);
      setProgress({ done: 0, total: 0, by: undefined });
      try {
        const result = await extractVideoFrames(
          video,
          settings,
          {
            onStart: (total, by) => setProgress({ done: 0, total, by }),
            onFrame: (image, done, total) => {
              if (controller.signal.aborted) {
                URL.revokeObjectURL(image.url);
                return;
              }
              shown.current = [...shown.current, image];
              setFrames(shown.current);
              setProgress((p) => ({ ...p, done, total }));
            },
          },
          controller.signal,
        );
        return { ...result, count: shown.current.length };
      } catch (error) {
        if (controller.signal.aborted) return null;
        throw error;
      } finally {
        if (running.current === controller) {
          running.current = null;
          setBusy(false);
        }
      }
    },
    [release],
  );

  return { frames, busy, progress, run, cancel, release };
}
