// Whether dist/ is older than what it is built from. build.mjs writes dist/build-stamp.json last:
// the time it started and every file esbuild read (its metafile's inputs: extract-api's sources and
// those of the workspace packages it bundles), with the files that steer the build. A build is
// stale when the stamp is missing or one of those files is gone or was saved after the build started.
// Statting a few hundred files takes milliseconds, where a build takes a second or more.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const BUILD_STAMP = 'build-stamp.json';

/** Files that change the build without being bundled: a new export map, compiler settings, the build itself. */
export const BUILD_SETTINGS = [
  'package.json',
  'tsconfig.json',
  '../tsconfig.base.json',
  'scripts/build.mjs',
  'src/extractors/document/workerEntry.cjs',
  '../shared-contracts/package.json',
  '../media-files/package.json',
  '../document-engine/package.json',
];

// File times come from the kernel's coarse clock, which may lag Date.now() by a few milliseconds:
// a file saved just as a build starts counts as newer. The cost is one build too many, never one too few.
const CLOCK_SLACK_MS = 1000;

/** Why dist/ must be built again (a sentence), or undefined when it is up to date. */
export function staleReason(dir = packageDir) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(path.join(dir, 'dist', BUILD_STAMP), 'utf8'));
  } catch {
    return 'dist/ has not been built';
  }
  for (const input of stamp.inputs) {
    let modified;
    try {
      modified = statSync(path.resolve(dir, input)).mtimeMs;
    } catch {
      return `${input} is gone`;
    }
    if (modified > stamp.startedAt - CLOCK_SLACK_MS) return `${input} changed`;
  }
  return undefined;
}
