import {
  API_PATHS,
  type ExtractedImage,
  type FrameFormat,
  frameTimes,
  startModuleWorker,
  timestampsNeedMillis,
} from 'shared-contracts';
import type { FrameEvent, VideoInfo } from '../engine/index.ts';
import frameWorkerUrl from '../worker/frameWorker.ts?worker&url';
import type { FrameJobMessage, FrameJobRequest } from '../worker/protocol.ts';
import { fetchServerFrames, frameBlob } from './serverFrames.ts';
import { toFrameImage } from './toFrameImage.ts';

/** A video the user chose: a file on this device, or the address of one (fetched through our proxy). */
export type ChosenVideo = { kind: 'file'; file: File } | { kind: 'url'; url: string };

export type FrameSettings = { intervalSeconds: number; format: FrameFormat; quality: number };

/** Where the frames were decoded, for the page to say so. */
export type DecodedBy = 'browser' | 'server';

export type FrameCallbacks = {
  /** Once the video is read: how many frames will come, and from where. */
  onStart: (total: number, by: DecodedBy) => void;
  onFrame: (image: ExtractedImage, done: number, total: number) => void;
};

/** The address the browser reads a linked video from: our Range-passing proxy, since other sites do not allow CORS. */
export function proxiedVideoUrl(url: string): string {
  return `${API_PATHS.videoSource}?url=${encodeURIComponent(url)}`;
}

const absolute = (path: string) => new URL(path, globalThis.location.href).href;

type BrowserOutcome = 'done' | 'needs-server' | 'no-webcodecs';

/** Feeds engine events (from the worker or this thread) to the page, turning frames into images. */
function frameSink(settings: FrameSettings, callbacks: FrameCallbacks) {
  let millis = false;
  let count = 0;
  return {
    start(info: VideoInfo, total: number): boolean {
      if (!info.canDecode) return false;
      millis = timestampsNeedMillis(frameTimes(info.durationSeconds, settings.intervalSeconds));
      callbacks.onStart(total, 'browser');
      return true;
    },
    frame(event: Extract<FrameEvent, { kind: 'frame' }>) {
      callbacks.onFrame(toFrameImage(event.frame, count, settings.format, millis), event.done, event.total);
      count += 1;
    },
  };
}

/** The engine in a Worker; resolves with what the page should do next. Aborting terminates the worker. */
function runInWorker(
  request: FrameJobRequest,
  settings: FrameSettings,
  callbacks: FrameCallbacks,
  signal: AbortSignal,
): Promise<BrowserOutcome | 'no-worker'> {
  if (typeof Worker === 'undefined') return Promise.resolve('no-worker');
  const sink = frameSink(settings, callbacks);
  return new Promise((resolve, reject) => {
    const worker = startModuleWorker(frameWorkerUrl, { name: 'video-frames' });
    const finish = (settle: () => void) => {
      signal.removeEventListener('abort', onAbort);
      worker.terminate();
      settle();
    };
    const onAbort = () => finish(() => reject(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      finish(() => reject(new Error(`The video decoder could not start: ${event.message || 'worker error'}`)));
    });
    worker.addEventListener('message', (event: MessageEvent<FrameJobMessage>) => {
      const message = event.data;
      if (message.type === 'unsupported') finish(() => resolve('no-worker'));
      else if (message.type === 'info') {
        if (!sink.start(message.info, message.total)) finish(() => resolve('needs-server'));
      } else if (message.type === 'frame') sink.frame({ kind: 'frame', ...message });
      else if (message.type === 'done') finish(() => resolve('done'));
      else if (message.unreadable) finish(() => resolve('needs-server'));
      else finish(() => reject(new Error(message.message)));
    });
    worker.postMessage(request);
  });
}

/** The same engine on the page's thread, for browsers whose workers lack WebCodecs or OffscreenCanvas. */
async function runOnPage(
  request: FrameJobRequest,
  settings: FrameSettings,
  callbacks: FrameCallbacks,
  signal: AbortSignal,
): Promise<BrowserOutcome> {
  if (typeof VideoDecoder === 'undefined') return 'no-webcodecs';
  const { extractFrames, UnreadableVideoError } = await import('../engine/index.ts');
  const sink = frameSink(settings, callbacks);
  try {
    for await (const event of extractFrames(request.source, { ...settings, signal })) {
      if (event.kind === 'info') {
        if (!sink.start(event.info, event.total)) return 'needs-server';
      } else sink.frame(event);
    }
    return 'done';
  } catch (error) {
    if (error instanceof UnreadableVideoError) return 'needs-server';
    throw error;
  }
}

/** The server's ffmpeg, for what this browser cannot decode. */
async function runOnServer(
  video: ChosenVideo,
  settings: FrameSettings,
  callbacks: FrameCallbacks,
  signal: AbortSignal,
) {
  let total = 0;
  let done = 0;
  await fetchServerFrames(
    {
      ...settings,
      ...(video.kind === 'file' ? { file: video.file } : { url: video.url }),
    },
    (event) => {
      if (event.type === 'start') {
        total = event.frames;
        callbacks.onStart(total, 'server');
      } else if (event.type === 'frame') {
        done += 1;
        const blob = frameBlob(event.data, event.mimeType);
        const image = toFrameImage(
          { timeSeconds: event.timeSeconds, blob, width: event.width, height: event.height },
          event.index,
          settings.format,
          false,
        );
        // The server names and times frames by the same shared rules; keep its words when it added millis.
        callbacks.onFrame({ ...image, name: event.name, timestamp: event.timestamp }, done, total);
      }
    },
    signal,
  );
}

export type FrameJobResult = {
  by: DecodedBy;
  /** Set when WebCodecs is missing altogether (an insecure context): the page says why the server did the work. */
  webCodecsMissing: boolean;
};

/**
 * The frames of one video at the chosen interval. In this browser (a Worker, else this thread) when
 * WebCodecs decodes it; otherwise on the server with ffmpeg. Frames arrive through `callbacks` as
 * they are made; aborting `signal` stops the work wherever it runs.
 */
export async function extractVideoFrames(
  video: ChosenVideo,
  settings: FrameSettings,
  callbacks: FrameCallbacks,
  signal: AbortSignal,
): Promise<FrameJobResult> {
  const request: FrameJobRequest = {
    source: video.kind === 'file' ? video.file : { url: absolute(proxiedVideoUrl(video.url)) },
    ...settings,
  };
  let outcome = await runInWorker(request, settings, callbacks, signal);
  if (outcome === 'no-worker') outcome = await runOnPage(request, settings, callbacks, signal);
  if (outcome === 'done') return { by: 'browser', webCodecsMissing: false };
  await runOnServer(video, settings, callbacks, signal);
  return { by: 'server', webCodecsMissing: outcome === 'no-webcodecs' };
}
