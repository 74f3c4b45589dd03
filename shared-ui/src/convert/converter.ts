import { startModuleWorker } from 'browser-services/workers';
import type { Conversion } from './conversion.ts';
import workerUrl from './convertWorker.ts?worker&url';
import type { ConvertAnswer, ConvertRequest } from './protocol.ts';

/** A conversion Worker for one download: convert() one image after another, close() at the end. */
export function startConverter() {
  const worker = startModuleWorker(workerUrl, { name: 'image-converter' });
  const waiting = new Map<number, { resolve: (blob: Blob) => void; reject: (error: Error) => void }>();
  let next = 0;
  worker.addEventListener('message', (event: MessageEvent<ConvertAnswer>) => {
    const answer = event.data;
    const pending = waiting.get(answer.id);
    waiting.delete(answer.id);
    if ('blob' in answer) pending?.resolve(answer.blob);
    else pending?.reject(new Error(answer.error));
  });
  worker.addEventListener('error', (event) => {
    for (const pending of waiting.values()) pending.reject(new Error(event.message || 'the converter stopped'));
    waiting.clear();
  });
  return {
    convert(url: string, conversion: Conversion): Promise<Blob> {
      const id = next++;
      return new Promise<Blob>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, url, conversion } satisfies ConvertRequest);
      });
    },
    close() {
      worker.terminate();
    },
  };
}
export type Converter = ReturnType<typeof startConverter>;
