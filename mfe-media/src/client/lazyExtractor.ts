import type { ExtractionEvent } from 'shared-contracts';
import type { VideoFramesInput } from './video.ts';

// The extractor the page hands to useExtraction, as a door: videoFrames.ts (the Worker plumbing,
// frame times, the server's ffmpeg path) loads when a video is chosen (preload) or at the latest when
// Extract Frames starts, not with the page.
let loading: Promise<typeof import('./videoFrames.ts')> | undefined;

const load = () => {
  loading ??= import('./videoFrames.ts').catch((error: unknown) => {
    loading = undefined; // a failed fetch (offline) is tried again next time
    throw error;
  });
  return loading;
};

/** Starts loading the extractor: call it when a video is chosen, Extract Frames being the next step. */
export function preloadVideoFrames(): void {
  void load().catch(() => undefined);
}

/** videoFrames.ts's `videoFrameExtractor`, loaded on first use. */
export async function* videoFrameExtractor(
  input: VideoFramesInput,
  signal: AbortSignal,
): AsyncGenerator<ExtractionEvent> {
  const { videoFrameExtractor: extract } = await load();
  yield* extract(input, signal);
}

/** videoFrames.ts's `grabVideoFrame`, loaded on first use. */
export async function grabVideoFrame(
  ...args: Parameters<typeof import('./videoFrames.ts').grabVideoFrame>
): ReturnType<typeof import('./videoFrames.ts').grabVideoFrame> {
  const { grabVideoFrame: grab } = await load();
  return grab(...args);
}
