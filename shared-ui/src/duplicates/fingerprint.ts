import { startModuleWorker } from 'browser-services/workers';
import type { ExtractedImage } from 'shared-contracts';
import { bytesUrlOf } from '../extraction/bytesUrl.ts';
import workerUrl from './hashWorker.ts?worker&url';
import type { ImageFingerprint } from './perceptualHash.ts';
import type { FromHashWorker, HashResult } from './protocol.ts';

/** Fingerprints of the images, hashed in a Worker started for this and ended after it. */
export function fingerprintImages(
  images: readonly ExtractedImage[],
  onResult?: (result: HashResult) => void,
): Promise<ImageFingerprint[]> {
  const byId = new Map(images.map((image) => [image.id, image]));
  const worker = startModuleWorker(workerUrl, { name: 'image-hashes' });
  const results = new Map<string, HashResult>();
  return new Promise<ImageFingerprint[]>((resolve, reject) => {
    worker.addEventListener('message', (event: MessageEvent<FromHashWorker>) => {
      if (event.data.kind === 'result') {
        results.set(event.data.result.id, event.data.result);
        onResult?.(event.data.result);
        return;
      }
      worker.terminate();
      resolve(
        images.map((image) => {
          const result = results.get(image.id);
          return {
            id: image.id,
            sha256: result?.sha256,
            dhash: result?.dhash,
            width: byId.get(image.id)?.width,
            height: byId.get(image.id)?.height,
            bytes: result?.bytes ?? image.size,
          };
        }),
      );
    });
    worker.addEventListener('error', (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The hashing Worker failed'));
    });
    worker.postMessage({ images: images.map((image) => ({ id: image.id, url: bytesUrlOf(image) })) });
  });
}
