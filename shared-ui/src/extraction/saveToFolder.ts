import { logError } from 'browser-services/log';
import { toasts } from 'browser-services/toast';
import { type DownloadChoices, type ExtractedImage, MESSAGES } from 'shared-contracts';
import { type FileBytes, type FileBytesOptions, fileBytesReader } from './downloadAll.ts';
import { type DownloadFile, namedFiles } from './namedFiles.ts';

/**
 * Save to folder: the files of a download written into a folder the visitor picks (the File
 * System Access API, Chromium's), each under the name it has in the ZIP, in a sub-folder per
 * source when the set has several, its bytes read as the browser's ZIP reads them.
 */

type DirectoryPicker = (options?: { mode?: 'read' | 'readwrite'; id?: string }) => Promise<FileSystemDirectoryHandle>;

/** Whether this browser can write into a folder the visitor picks. */
export const canSaveToFolder = () => typeof window !== 'undefined' && 'showDirectoryPicker' in window;

export type FolderWrite = { written: string[]; failed: string[] };

const splitExtension = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
};

/** `name`, or name-2, name-3… when the folder has a file of that name already: nothing is overwritten. */
async function freeName(folder: FileSystemDirectoryHandle, name: string): Promise<string> {
  const [stem, extension] = splitExtension(name);
  for (let n = 1; n <= 1000; n += 1) {
    const candidate = n === 1 ? name : `${stem}-${n}${extension}`;
    try {
      await folder.getFileHandle(candidate);
    } catch (error) {
      if (error instanceof DOMException && (error.name === 'NotFoundError' || error.name === 'TypeMismatchError')) {
        return candidate;
      }
      throw error;
    }
  }
  throw new Error(`${name}: the folder has a thousand files of that name`);
}

async function writeBytes(file: FileSystemFileHandle, bytes: FileBytes): Promise<void> {
  const writable = await file.createWritable();
  if (typeof (bytes as Partial<ReadableStream>).pipeTo === 'function') {
    // pipeTo closes the file at the end, and aborts it (nothing half-written kept) on an error.
    await (bytes as ReadableStream<Uint8Array>).pipeTo(writable);
    return;
  }
  try {
    await writable.write(bytes as Blob | BufferSource);
    await writable.close();
  } catch (error) {
    await writable.abort().catch(() => undefined);
    throw error;
  }
}

/**
 * Writes each file into `folder` under its name ('source/name.png' in a sub-folder), one at a
 * time; a file that cannot be read or written is listed and the others go on.
 */
export async function writeToFolder(
  folder: FileSystemDirectoryHandle,
  files: readonly DownloadFile[],
  options: FileBytesOptions & { onProgress?: (done: number, total: number) => void } = {},
): Promise<FolderWrite> {
  const reader = fileBytesReader(options);
  const result: FolderWrite = { written: [], failed: [] };
  try {
    for (const file of files) {
      try {
        const parts = file.name.split('/').filter((part) => part !== '' && part !== '.' && part !== '..');
        const base = parts.pop() ?? 'image';
        let into = folder;
        for (const part of parts) into = await into.getDirectoryHandle(part, { create: true });
        const name = await freeName(into, base);
        await writeBytes(await into.getFileHandle(name, { create: true }), await reader.read(file));
        result.written.push([...parts, name].join('/'));
      } catch (error) {
        logError('shared-ui', error, `${file.name} could not be written to the folder`);
        result.failed.push(file.name);
      }
      options.onProgress?.(result.written.length + result.failed.length, files.length);
    }
  } finally {
    reader.close();
  }
  return result;
}

/**
 * Save to folder for the grid: asks for a folder, writes the images as `choices` name and edit
 * them, and says how it went (the count written; a refused folder; the files that failed).
 */
export async function saveToFolder(
  images: readonly ExtractedImage[],
  choices: Partial<DownloadChoices> & Pick<FileBytesOptions, 'remoteNote'>,
  onProgress?: (done: number, total: number) => void,
): Promise<FolderWrite | undefined> {
  const pick = (window as unknown as { showDirectoryPicker: DirectoryPicker }).showDirectoryPicker;
  let folder: FileSystemDirectoryHandle;
  try {
    folder = await pick({ mode: 'readwrite', id: 'image-extractor' });
  } catch (error) {
    // Closing the picker is a choice, not a failure.
    if (error instanceof DOMException && error.name === 'AbortError') return undefined;
    logError('shared-ui', error, 'the folder picker failed');
    toasts.error(MESSAGES.grid.folderRefused.title, MESSAGES.grid.folderRefused.description);
    return undefined;
  }
  // The names of the ZIP of the same images, a folder per source when there are several.
  const files = namedFiles(images, { ...choices, folders: true });
  const result = await writeToFolder(folder, files, {
    remoteNote: choices.remoteNote,
    removeMetadata: choices.removeMetadata,
    onProgress,
  });
  if (result.written.length > 0) {
    const { title, description } = MESSAGES.grid.savedToFolder(result.written.length, folder.name);
    toasts.success(title, description);
  }
  if (result.failed.length > 0) {
    const { title, description } = MESSAGES.grid.folderFileFailed(result.failed);
    toasts.error(title, description);
  }
  return result;
}
