/**
 * With many inputs, each input's images go to a folder of its own under --out, named after the
 * input and unique (case-insensitively, as file systems on Windows and macOS compare names).
 */
import path from 'node:path';
import { createNameAllocator, safeFileName } from 'media-files';
import type { Input } from './inputs.ts';

/** What an input's folder under --out is named after: its file's name, or the URL's host and path. */
function folderBaseOf(input: Input): string {
  if (input.kind !== 'web') return path.basename(input.file);
  try {
    const url = new URL(input.arg);
    return `${url.host}${url.pathname}`.replace(/\/+$/, '').replaceAll('/', '-');
  } catch {
    return input.arg;
  }
}

/** Each input's folder under `outRoot`, in the inputs' order: `a.pdf`, `a-2.pdf`, `example.com-docs`. */
export function inputFolders(inputs: readonly Input[], outRoot: string): string[] {
  const allocate = createNameAllocator();
  return inputs.map((input) => path.join(outRoot, allocate(safeFileName(folderBaseOf(input), 'input'))));
}
