/// <reference lib="webworker" />
import { proxyRefusal } from '../extraction/proxyRefusal.ts';
import { fitWithin } from './conversion.ts';
import type { ConvertAnswer, ConvertRequest } from './protocol.ts';

// The conversion Worker: decodes an image (createImageBitmap), draws it at its new size on an
// OffscreenCanvas and encodes it (convertToBlob), off the page's thread. Re-encoding writes
// pixels only: no EXIF, XMP or ICC profile survives it.

const scope = self as unknown as DedicatedWorkerGlobalScope;

async function convert({ url, conversion }: ConvertRequest): Promise<Blob> {
  const response = await fetch(url);
  if (!response.ok) throw await proxyRefusal(response);
  const bitmap = await createImageBitmap(await response.blob(), { imageOrientation: 'from-image' });
  try {
    const size =
      conversion.width && conversion.height
        ? { width: conversion.width, height: conversion.height }
        : fitWithin(bitmap.width, bitmap.height, conversion.maxSide);
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('this browser gave no 2D canvas');
    if (conversion.format === 'JPEG') {
      // JPEG has no alpha: transparent parts become white, as the card shows them, not black.
      context.fillStyle = '#fff';
      context.fillRect(0, 0, size.width, size.height);
    }
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await canvas.convertToBlob({ type: conversion.mimeType, quality: conversion.quality });
    // A browser that cannot write the type writes PNG instead: better refused than misnamed.
    if (blob.type !== conversion.mimeType) throw new Error(`this browser cannot write ${conversion.format}`);
    return blob;
  } finally {
    bitmap.close();
  }
}

scope.addEventListener('message', async (event: MessageEvent<ConvertRequest>) => {
  let answer: ConvertAnswer;
  try {
    answer = { id: event.data.id, blob: await convert(event.data) };
  } catch (error) {
    answer = {
      id: event.data.id,
      error: `could not be converted: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  scope.postMessage(answer);
});
