/**
 * Debian's Inkscape, run once per job: the one way this package starts it, for every conversion
 * (an EMF/WMF drawn to PNG, a figure's PDF page to SVG). Each run has its own home in the job's
 * folder (Inkscape writes preferences and caches there, so runs share nothing), no shell, an
 * address-space and a file-size limit (prlimit) and the caller's time limit.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runProcess } from '../../extractors/video/index.ts';

/** Inkscape's address space at most (it needs about 90 MB for a small picture). */
const ADDRESS_SPACE_BYTES = 2 * 1024 ** 3;
/**
 * The largest file Inkscape may write: a figure's SVG is kilobytes (its pictures as data: URLs a few
 * MB), and what it writes is read into this process. Past it the kernel stops Inkscape (SIGXFSZ)
 * and the cut file counts as nothing drawn.
 */
const FILE_SIZE_BYTES = 64 * 1024 ** 2;

/** Inkscape ran but wrote nothing usable: the input is damaged or draws nothing. */
export class ConversionFailed extends Error {}
/** Inkscape (or prlimit) could not be started: not installed, or not where INKSCAPE_PATH says. */
export class ConverterMissing extends Error {}

export type InkscapeRun = {
  inkscapePath: string;
  /** Inkscape's arguments: the export options, then the input (both files in `workDir`). */
  args: readonly string[];
  /** The file the arguments export to. */
  output: string;
  /** This job's own folder, which the caller deletes. */
  workDir: string;
  signal: AbortSignal;
  /** Whether what it wrote is the picture asked for (a PNG's signature, an SVG's root). */
  drewSomething: (bytes: Buffer) => boolean;
};

/**
 * Runs Inkscape and returns the file it exported. Rejects with ConverterMissing when Inkscape (or
 * prlimit) cannot be started, ConversionFailed when it drew nothing, the signal's reason when the
 * caller stopped it.
 */
export async function runInkscape(run: InkscapeRun): Promise<Buffer> {
  const { inkscapePath, args, output, workDir, signal } = run;
  const home = path.join(workDir, 'home');
  const limits = [`--as=${ADDRESS_SPACE_BYTES}`, `--fsize=${FILE_SIZE_BYTES}`];
  const running = runProcess('prlimit', [...limits, '--', inkscapePath, ...args], signal, undefined, {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, 'config'),
    XDG_CACHE_HOME: path.join(home, 'cache'),
    XDG_DATA_HOME: path.join(home, 'data'),
    LANG: 'C.UTF-8',
  });
  let result: Awaited<typeof running.exited>;
  try {
    result = await running.exited;
  } catch (error) {
    throw new ConverterMissing(`Inkscape (${inkscapePath}) or prlimit could not be started`, { cause: error });
  }
  if (signal.aborted) throw signal.reason;
  // prlimit answers 127 (or 126) when it cannot run the program it was given
  if (result.code === 127 || result.code === 126) throw new ConverterMissing(`${inkscapePath}: ${result.stderr}`);
  // Inkscape exits 0 even when it could not open the file; what counts is the file it wrote
  const written = await readFile(output).catch(() => undefined);
  if (!written || !run.drewSomething(written)) {
    throw new ConversionFailed(`Inkscape drew nothing (exit ${result.code}): ${result.stderr.slice(-500)}`);
  }
  return written;
}
