/**
 * What the ZIP container tests (EPUB, OpenDocument, XLSX, image archives) share: the corpus
 * pictures of corpusMedia.ts and one more PNG, and `unzip` (Info-ZIP) as the reference for what an
 * entry holds, byte for byte.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { readCorpus } from '../../tooling/corpus.mjs';
import { type CorpusMedia, corpusMedia, sha256 } from './corpusMedia.ts';

export type CorpusPictures = CorpusMedia & { png2: Uint8Array };

/** One picture of each format from the corpus's Word files (as Word stored them), and a second PNG. */
export function corpusPictures(): CorpusPictures {
  const png2 = unzipSync(readCorpus('docx/having-images.docx'))['word/media/image1.png'];
  if (!png2) throw new Error('The corpus file docx/having-images.docx no longer holds word/media/image1.png.');
  return { ...corpusMedia(), png2 };
}

export { sha256 };

/** Writes the archive to a temporary file, for the reference tools. */
export function onDisk(bytes: Uint8Array, name = 'archive.zip'): string {
  const path = join(mkdtempSync(join(tmpdir(), 'zip-containers-')), name);
  writeFileSync(path, bytes);
  return path;
}

/** `unzip -Z1`: the entry names, in the archive's order. */
export function unzipList(path: string): string[] {
  return execFileSync('unzip', ['-Z1', path], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

/** sha256 of `unzip -p archive entry` (the entry name taken literally, not as a pattern). */
export function unzipEntrySha(path: string, entry: string): string {
  const literal = entry.replace(/[[\]*?\\]/g, '\\$&');
  return sha256(new Uint8Array(execFileSync('unzip', ['-p', path, literal], { maxBuffer: 256 * 1024 * 1024 })));
}
