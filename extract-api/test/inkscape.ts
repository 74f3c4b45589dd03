import { spawnSync } from 'node:child_process';
/** Debian's Inkscape as the tests run it (INKSCAPE_PATH, else on PATH). */
export const INKSCAPE = process.env.INKSCAPE_PATH ?? 'inkscape';

/** Throws a sentence saying what to install when Inkscape does not start: such a test fails, never skips. */
export function requireInkscape(): void {
  const check = spawnSync(INKSCAPE, ['--version']);
  if (check.error || check.status !== 0) {
    throw new Error(
      `Inkscape (${INKSCAPE}, or INKSCAPE_PATH) is needed: run scripts/setup.mjs or apt-get install inkscape`,
    );
  }
}
