/**
 * Both ends of the document Worker in this process: the page's client and the Worker's
 * `serveExtraction`, with structuredClone doing what postMessage does (transfers included).
 * `state` records what the page sent (a start's bytes left out) and whether it terminated.
 */
import type { WorkerLike } from '../src/worker/extractInWorker.ts';
import type { FromWorker, ToWorker, WorkerScope } from '../src/worker/protocol.ts';
import { serveExtraction } from '../src/worker/serveExtraction.ts';

type Listener = (event: MessageEvent) => void;

export function inProcessWorker() {
  const toWorker: Listener[] = [];
  const toPage: Listener[] = [];
  const state = { terminated: false, sentToWorker: [] as ToWorker[] };
  const deliver = (listeners: Listener[], message: unknown, transfer?: Transferable[]) => {
    const data = structuredClone(message, { transfer: transfer as Transferable[] | undefined });
    queueMicrotask(() => {
      if (!state.terminated) for (const listener of listeners) listener({ data } as MessageEvent);
    });
  };
  const scope: WorkerScope = {
    postMessage: (message: FromWorker, transfer?: Transferable[]) => deliver(toPage, message, transfer),
    addEventListener: (_type, listener) => toWorker.push(listener as Listener),
  };
  serveExtraction(scope);
  const worker: WorkerLike = {
    postMessage: (message: ToWorker, transfer?: Transferable[]) => {
      state.sentToWorker.push(message.type === 'start' ? { ...message, bytes: new ArrayBuffer(0) } : message);
      deliver(toWorker, message, transfer);
    },
    addEventListener: (type: string, listener: Listener) => {
      if (type === 'message') toPage.push(listener);
    },
    removeEventListener: (type: string, listener: Listener) => {
      if (type === 'message' && toPage.includes(listener)) toPage.splice(toPage.indexOf(listener), 1);
    },
    terminate: () => {
      state.terminated = true;
    },
  } as WorkerLike;
  return { worker, state };
}
