import { saveBlob, zipToBlob } from 'browser-services/files';
import { logError } from 'browser-services/log';
import { toasts } from 'browser-services/toast';
import { stripMetadata, type ZipEntry } from 'media-files';
import { useCallback, useState } from 'react';
import { API_PATHS, type DownloadChoices, type ExtractedImage, MESSAGES } from 'shared-contracts';
import type { Conversion } from '../convert/conversion.ts';
import type { Converter } from '../convert/converter.ts';
import { bytesUrlOf } from './bytesUrl.ts';
import { type DownloadFile, manifestFactsOf, namedFiles } from './namedFiles.ts';
import { proxyRefusal } from './proxyRefusal.ts';

/**
 * Where the bytes of a set of images are, which says who writes their ZIP:
 * - `server`: web images (http/https; inline `data:` ones beside them), fetched and zipped by
 *   extract-api (`POST /api/zip`), which the browser cannot do across sites (CORS);
 * - `browser`: bytes made on this device (`blob:` URLs, or `data:` URLs only), zipped here by the
 *   one ZIP writer; nothing is uploaded. Also any set converted on download or without its
 *   metadata (web images read through the image proxy).
 */
export type ZipMaker = 'server' | 'browser';

const isRemote = (url: string) => /^https?:/i.test(url);
const isOnDevice = (url: string) => /^(blob|data):/i.test(url);

export function zipMakerFor(images: readonly ExtractedImage[]): ZipMaker {
  // A blob: URL lives in this tab only: the server can never read it.
  if (images.some((image) => /^blob:/i.test(image.url))) return 'browser';
  return images.some((image) => isRemote(image.url)) ? 'server' : 'browser';
}

/**
 * The server's ZIP, streamed while it fetches the images. A form POST lets the browser save the
 * stream straight to disk as it arrives, instead of holding the archive in this tab.
 */
export function postZipForm(images: readonly ExtractedImage[], zipName: string): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = API_PATHS.zip;
  form.style.display = 'none';
  const payload = document.createElement('input');
  payload.type = 'hidden';
  payload.name = 'payload';
  payload.value = JSON.stringify({
    name: zipName,
    images: images.map((image) => ({
      url: image.url,
      name: image.name,
      facts: manifestFactsOf(image),
      ...(image.originalFormat ? { originalFormat: true } : {}),
    })),
  });
  form.appendChild(payload);
  document.body.appendChild(form);
  form.submit();
  form.remove();
}

/** What the browser ZIP does with an image whose bytes must not be fetched (a document's linked image). */
export type RemoteInBrowserZip = (image: ExtractedImage) => string;

/** Streamed from the object, data: or proxy URL into the archive: no third copy of the bytes. */
const streamOf = (url: string) =>
  fetch(url).then(async (response) => {
    if (!response.ok) throw await proxyRefusal(response);
    return response.body ?? new Uint8Array(await response.arrayBuffer());
  });

/** The whole file, for the edits that need all of it (Remove metadata). */
const bytesOf = (url: string) =>
  fetch(url).then(async (response) => {
    if (!response.ok) throw await proxyRefusal(response);
    return new Uint8Array(await response.arrayBuffer());
  });

export type FileBytesOptions = {
  /** Only bytes on this device are read: any other file's read fails with this reason (a document's linked images). */
  remoteNote?: RemoteInBrowserZip | undefined;
  /** Remove metadata (byte-level, media-files' stripMetadata) from each file that is not converted. */
  removeMetadata?: boolean | undefined;
};

/** What a file of a download is read as: its bytes, a stream of them, or the converted Blob. */
export type FileBytes = Blob | Uint8Array | ReadableStream<Uint8Array>;

/**
 * The bytes of each file of a download as written: the one reader of the browser's ZIP and of
 * Save to folder. Bytes on this device as they are, web images through the site's image proxy,
 * converted on the way when asked (in a Worker, started with the first conversion, one image at a
 * time), or without their metadata. A converted file carries no metadata already. `close()` ends
 * the Worker.
 */
export function fileBytesReader(options: FileBytesOptions = {}) {
  let converter: Converter | undefined;
  const convert = async (url: string, conversion: Conversion) => {
    if (!converter) {
      const { startConverter } = await import('../convert/converter.ts');
      converter ??= startConverter();
    }
    return converter.convert(url, conversion);
  };
  const read = (file: DownloadFile): Promise<FileBytes> => {
    const { remoteNote } = options;
    // Not on this device: a web image, or a document's link to a file on its author's disk (file:, a relative path).
    if (!isOnDevice(file.url) && remoteNote !== undefined) {
      return Promise.reject(new Error(`${file.url}: ${remoteNote(file)}`));
    }
    const source = bytesUrlOf(file);
    if (file.conversion) return convert(source, file.conversion);
    if (options.removeMetadata) return bytesOf(source).then(stripMetadata);
    return streamOf(source);
  };
  return { read, close: () => converter?.close() };
}

/** A Blob as a stream for the ZIP writer (told by its shape: a Worker's or a test's Blob is of another realm). */
const isBlob = (bytes: FileBytes): bytes is Blob => typeof (bytes as Partial<Blob>).stream === 'function';
const asZipInput = (bytes: FileBytes) => (isBlob(bytes) ? bytes.stream() : bytes);

/**
 * The browser's ZIP, written by the one ZIP writer and saved as one file, each file read by
 * `fileBytesReader`. With `remoteNote`, web images are not fetched (a document's linked images):
 * each becomes a line of the archive's could-not-download.txt, in its words.
 */
export async function zipInBrowser(
  files: readonly DownloadFile[],
  zipName: string,
  remoteNote?: RemoteInBrowserZip,
  removeMetadata?: boolean,
): Promise<void> {
  const reader = fileBytesReader({ remoteNote, removeMetadata });
  const entries: ZipEntry[] = files.map((file) => ({
    name: file.name,
    facts: manifestFactsOf(file),
    input: () => reader.read(file).then(asZipInput),
  }));
  // The ZIP writer loads with the first archive, not with the page.
  const { zipStream } = await import('media-files/zip');
  try {
    saveBlob(await zipToBlob(zipStream(entries)), zipName);
  } finally {
    reader.close();
  }
}

/** The one options object of the one download path: where the ZIP goes, and the visitor's choices. */
export type DownloadAllOptions = Partial<DownloadChoices> & {
  /** The archive's file name. */
  zipName: string;
  remoteNote?: RemoteInBrowserZip;
};

/** Download All, Download Selected: one ZIP of `images`, made where their bytes are. */
export async function downloadAll(images: readonly ExtractedImage[], options: DownloadAllOptions): Promise<ZipMaker> {
  // One ZIP of several inputs has a folder per input.
  const files = namedFiles(images, { ...options, folders: true });
  // Converting and removing metadata happen here: the server's ZIP gives files as they are.
  const edited = options.removeMetadata || files.some((file) => file.conversion);
  const maker: ZipMaker = edited ? 'browser' : zipMakerFor(files);
  if (maker === 'server') postZipForm(files, options.zipName);
  else await zipInBrowser(files, options.zipName, options.remoteNote, options.removeMetadata);
  return maker;
}

/**
 * Download All for a screen: the toasts every screen shows (preparing; started or failed for a
 * ZIP made here), and whether a ZIP is being written (the button shows it).
 */
export function useDownloadAll(options: DownloadAllOptions) {
  const [busy, setBusy] = useState(false);
  const { zipName, remoteNote } = options;
  const start = useCallback(
    async (images: readonly ExtractedImage[], choices?: Partial<DownloadChoices>) => {
      toasts.info(MESSAGES.download.all.title, MESSAGES.download.all.description);
      setBusy(true);
      try {
        const maker = await downloadAll(images, { ...choices, zipName, remoteNote });
        if (maker === 'browser') toasts.success(MESSAGES.download.started.title);
      } catch (error) {
        logError('shared-ui', error, 'Download All failed');
        toasts.error(MESSAGES.download.zipFailed.title, MESSAGES.download.zipFailed.description);
      } finally {
        setBusy(false);
      }
    },
    [zipName, remoteNote],
  );
  return { downloadAll: start, busy };
}
