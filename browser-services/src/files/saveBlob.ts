/**
 * Saves bytes made on the device (a ZIP of frames or of document images) as a file, the way a
 * download link does. The object URL is released after the browser has taken the file: revoking it
 * in the same task cancels the download in some browsers.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A ZIP made in the browser with the one writer (`zipStream`), as a Blob ready to save. */
export async function zipToBlob(stream: ReadableStream<Uint8Array>): Promise<Blob> {
  return new Response(stream, { headers: { 'content-type': 'application/zip' } }).blob();
}
