/**
 * The inputs of one call: the words typed and the lines of `--list FILE`, each told apart by a
 * look at the disk (a file, and whether its first bytes are a video's) and nothing heavier, so the
 * first input is read before any extractor is loaded.
 */
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { sniffVideoContainer, VIDEO_SNIFF_BYTES } from 'media-files';
import { fail } from './args.ts';

export type Input =
  /** A file on disk: a document, or a video told by its first bytes (whatever its name says). */
  | { arg: string; kind: 'document' | 'video'; file: string; bytes: number }
  /** Anything else must be a web address (checked when the web code is loaded). */
  | { arg: string; kind: 'web' };

/** A failure of one input, in the sentence to show (other inputs go on). */
export class InputFailure extends Error {
  override name = 'InputFailure';
}

/** Whether the file's first bytes are a video container's. */
function isVideoFile(file: string): boolean {
  const bytes = new Uint8Array(VIDEO_SNIFF_BYTES);
  const fd = openSync(file, 'r');
  try {
    const read = readSync(fd, bytes, 0, bytes.length, 0);
    return sniffVideoContainer(bytes.subarray(0, read)) !== undefined;
  } finally {
    closeSync(fd);
  }
}

/** A path that names a file on disk is a document or a video; anything else must be a web address. */
export function inputOf(arg: string, typedIn: string): Input {
  const candidate = path.resolve(typedIn, arg);
  let stats: ReturnType<typeof statSync> | undefined;
  try {
    stats = statSync(candidate);
  } catch {}
  if (!stats?.isFile()) return { arg, kind: 'web' };
  return { arg, kind: isVideoFile(candidate) ? 'video' : 'document', file: candidate, bytes: Number(stats.size) };
}

/** The inputs of `--list FILE`: one a line, blank lines and `#` comments skipped. */
export function listedInputs(list: string, typedIn: string): string[] {
  let text: string;
  try {
    text = readFileSync(path.resolve(typedIn, list), 'utf8');
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    fail(`--list ${list}: ${code === 'ENOENT' ? 'there is no file of that name here' : message}`);
  }
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}
