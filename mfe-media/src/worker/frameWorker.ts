/// <reference lib="webworker" />
import { extractFrames, UnreadableVideoError } from '../engine/index.ts';
import type { FrameJobMessage, FrameJobRequest } from './protocol.ts';

// Decoding and PNG encoding take whole seconds per frame of a 4K video: off the page's thread, the
// page stays responsive and Cancel is immediate (the page terminates this worker).
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: FrameJobMessage) => scope.postMessage(message);

scope.addEventListener('message', async (event: MessageEvent<FrameJobRequest>) => {
  if (typeof VideoDecoder === 'undefined' || typeof OffscreenCanvas === 'undefined') {
    post({ type: 'unsupported' });
    return;
  }
  const { source, selection, format, quality, exactly } = event.data;
  try {
    for await (const item of extractFrames(source, { selection, format, quality, exactly })) {
      if (item.kind === 'info') post({ type: 'info', info: item.info, total: item.total, millis: item.millis });
      else if (item.kind === 'scan') post({ type: 'scan', done: item.done, total: item.total });
      else post({ type: 'frame', frame: item.frame, done: item.done, total: item.total });
    }
    post({ type: 'done' });
  } catch (error) {
    post({
      type: 'failed',
      message: error instanceof Error ? error.message : String(error),
      unreadable: error instanceof UnreadableVideoError,
    });
  }
});
