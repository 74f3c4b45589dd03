// The reference corpus: real documents, pages and videos with what the reference tools report of
// them (manifest.json). It is part of the tests' contract, so one module names it and a run
// without it fails saying where it looked; no suite skips for lack of it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `<repo>/../shared/corpus`, or the folder `IMAGE_EXTRACTOR_CORPUS` names. */
export const CORPUS_DIR = path.resolve(
  process.env.IMAGE_EXTRACTOR_CORPUS || path.join(REPO_ROOT, '..', 'shared', 'corpus'),
);

/** Throws, saying where the corpus was expected, when it is not there. */
export function requireCorpus() {
  if (!existsSync(path.join(CORPUS_DIR, 'manifest.json'))) {
    throw new Error(
      `The reference corpus was not found at ${CORPUS_DIR} (no manifest.json there). Put it there, beside the repository as shared/corpus, or set IMAGE_EXTRACTOR_CORPUS to its folder.`,
    );
  }
  return CORPUS_DIR;
}

/** The absolute path of a corpus file from its place in the corpus (`pdf/S2.pdf`). */
export function corpusPath(relative = '') {
  return path.join(requireCorpus(), relative);
}

/** A corpus file's bytes. */
export function readCorpus(relative) {
  return new Uint8Array(readFileSync(corpusPath(relative)));
}

/** manifest.json, parsed. */
export function corpusManifest() {
  return JSON.parse(readFileSync(corpusPath('manifest.json'), 'utf8'));
}
