import { createEventChannel, type EventChannel } from 'browser-services/extraction';
import { startModuleWorker } from 'browser-services/workers';
import { type ExtractedImage, type ExtractionEvent, MESSAGES } from 'shared-contracts';
import type { FrameEvent, VideoInfo } from '../engine/index.ts';
import frameWorkerUrl from '../worker/frameWorker.ts?worker&url';
import type { FrameJobMessage, FrameJobRequest } from '../worker/protocol.ts';
import { fetchServerFrames } from './serverFrames.ts';
import { toFrameImage } from './toFrameImage.ts';
import { type FrameJob, proxiedVideoUrl, type VideoFramesInput } from './video.ts';

const absolute = (path: string) => new URL(path, globalThis.location.href).href;

type BrowserOutcome = 'done' | 'needs-server' | 'no-webcodecs';

/** Feeds engine events (from the worker or this thread) into the channel, turning frames into images. */
function frameSink(settings: FrameJob, channel: EventChannel) {
  let millis = false;
  let count = 0;
  return {
    start(info: VideoInfo, total: number | undefined, namesNeedMillis: boolean): boolean {
      if (!info.canDecode) return false;
      millis = namesNeedMillis;
      channel.push({
        type: 'start',
        runsOn: 'browser',
        total,
        unit: 'frames',
        video:
          info.width > 0 && info.height > 0
            ? {
                durationSeconds: info.durationSeconds,
                width: Math.round(info.width),
                height: Math.round(info.height),
                millis,
                codec: info.codec ?? undefined,
                hdr: info.hdr,
              }
            : undefined,
      });
      return true;
    },
    /** A scan reading every frame (scene changes, sharpest): how far it is. */
    scan(done: number, total: number) {
      channel.push({ type: 'progress', done, total, unit: 'frames' });
    },
    frame(event: Extract<FrameEvent, { kind: 'frame' }>) {
      channel.push({ type: 'image', image: toFrameImage(event.frame, count, settings.format, millis) });
      channel.push({ type: 'progress', done: event.done, total: event.total, unit: 'frames' });
      count += 1;
    },
    get count() {
      return count;
    },
  };
}

type FrameSink = ReturnType<typeof frameSink>;

/** The engine in a Worker; resolves with what the page should do next. Aborting terminates the worker. */
function runInWorker(
  request: FrameJobRequest,
  sink: FrameSink,
  signal: AbortSignal,
): Promise<BrowserOutcome | 'no-worker'> {
  if (typeof Worker === 'undefined') return Promise.resolve('no-worker');
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
        if (!sink.start(message.info, message.total, message.millis)) finish(() => resolve('needs-server'));
      } else if (message.type === 'scan') sink.scan(message.done, message.total);
      else if (message.type === 'frame') sink.frame({ kind: 'frame', ...message });
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
  settings: FrameJob,
  sink: FrameSink,
  signal: AbortSignal,
): Promise<BrowserOutcome> {
  if (typeof VideoDecoder === 'undefined') return 'no-webcodecs';
  const { extractFrames, UnreadableVideoError } = await import('../engine/index.ts');
  try {
    for await (const event of extractFrames(request.source, { ...settings, signal })) {
      if (event.kind === 'info') {
        if (!sink.start(event.info, event.total, event.millis)) return 'needs-server';
      } else if (event.kind === 'scan') sink.scan(event.done, event.total);
      else sink.frame(event);
    }
    return 'done';
  } catch (error) {
    if (error instanceof UnreadableVideoError) return 'needs-server';
    throw error;
  }
}

/**
 * The frames of one video at the chosen interval, as an extractor. In this browser (a Worker, else
 * this thread) when WebCodecs decodes it; otherwise on the server with ffmpeg, whose start event
 * then carries the note the page shows (the video left the device, and why). Frames arrive as
 * they are made, each an object URL the page releases; aborting `signal` stops the work wherever
 * it runs.
 */
export async function* videoFrameExtractor(
  { video, job: settings }: VideoFramesInput,
  signal: AbortSignal,
): AsyncGenerator<ExtractionEvent> {
  const request: FrameJobRequest = {
    source: video.kind === 'file' ? video.file : { url: absolute(proxiedVideoUrl(video.url)) },
    ...settings,
  };
  const channel = createEventChannel();
  const sink = frameSink(settings, channel);
  const inBrowser = (async () => {
    const outcome = await runInWorker(request, sink, signal);
    return outcome === 'no-worker' ? runOnPage(request, settings, sink, signal) : outcome;
  })();
  inBrowser.then(
    () => channel.end(),
    (error: unknown) => channel.fail(error),
  );
  yield* channel.events;
  const outcome = await inBrowser;
  if (outcome === 'done') {
    yield { type: 'done', found: sink.count };
    return;
  }
  const note = outcome === 'no-webcodecs' ? MESSAGES.video.noWebCodecs : MESSAGES.video.decodedOnServer;
  // The server has no "exactly at": the frame on screen at t is the one N=1 in [t, t + 1 ms) gives.
  const exact = settings.exactly?.[0];
  const selection =
    exact === undefined
      ? settings.selection
      : {
          mode: { kind: 'count' as const, count: 1 },
          range: { fromSeconds: exact, toSeconds: exact + 0.001 },
          sharpest: false,
        };
  const job = { ...settings, selection, ...(video.kind === 'file' ? { file: video.file } : { url: video.url }) };
  for await (const event of fetchServerFrames(job, signal)) {
    yield event.type === 'start' ? { ...event, note } : event;
  }
}

/**
 * Grab this frame: the frame on screen at `seconds` (what the paused player shows), decoded at full
 * size like the others, with the same fallback to the server. Undefined when the video has no frame then.
 */
export async function grabVideoFrame(
  video: VideoFramesInput['video'],
  job: FrameJob,
  seconds: number,
  signal: AbortSignal,
): Promise<ExtractedImage | undefined> {
  for await (const event of videoFrameExtractor({ video, job: { ...job, exactly: [seconds] } }, signal)) {
    if (event.type === 'image') return event.image;
    if (event.type === 'error') throw new Error(event.error);
  }
  return undefined;
}
