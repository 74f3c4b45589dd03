import { MESSAGES, type ZipEntry, zipStream } from 'shared-contracts';
import type { DocumentResult } from './documentResult.ts';

/**
 * Download All: a ZIP of the original files, written in the browser by the project's one ZIP
 * writer and saved as one download. The archive streams from the images' Blobs into a Blob of
 * its own: two copies at most (the images, the archive), never a third in an array buffer.
 * Linked images have no bytes; they are listed in the archive's could-not-download.txt.
 */
export async function downloadAll(results: readonly DocumentResult[], zipName: string): Promise<void> {
  const entries: ZipEntry[] = results.map(({ image, blob }) => ({
    name: image.name,
    input: blob ?? (() => Promise.reject(new Error(`${image.url}: ${MESSAGES.documents.linkedInZip}`))),
  }));
  const archive = await new Response(zipStream(entries), { headers: { 'content-type': 'application/zip' } }).blob();
  saveBlob(archive, zipName);
}

/** Hands a Blob to the browser's downloads, under a name. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its own reference by the time the click returns in every current
  // browser, but Firefox needs the URL a moment longer; one minute is ample.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
