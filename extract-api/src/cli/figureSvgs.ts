/**
 * `--svg`: each vector figure's SVG written beside its vector PDF, drawn from that PDF by the same
 * Inkscape runner as POST /api/figure-svg, one at a time, each under the Inkscape time limit
 * (EXTRACT_API_METAFILE_TIME_LIMIT_S) and checked as the server checks it before it is written.
 * Without Inkscape it says so once for the whole call and writes the rest as usual.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from 'shared-contracts/messages';
import type { AppConfig } from '../config.ts';
import { activeContentOf, ConverterMissing, pdfPageToSvg } from '../services/inkscape/index.ts';
import type { InputOutput } from './output.ts';

export type SvgWriter = {
  /** Writes `target` from the figure's one-page PDF; false when it was not written (and said why). */
  write(pdf: Uint8Array, target: string, out: InputOutput): Promise<boolean>;
};

export function createSvgWriter(config: Pick<AppConfig, 'inkscapePath' | 'metafileTimeLimitMs'>, signal: AbortSignal) {
  // once Inkscape could not be started, no other figure of the call tries it
  let missing = false;
  const writer: SvgWriter = {
    async write(pdf, target, out) {
      if (missing) return false;
      const workDir = await mkdtemp(path.join(tmpdir(), 'image-extractor-figure-svg-'));
      try {
        const svg = await pdfPageToSvg({
          inkscapePath: config.inkscapePath,
          bytes: pdf,
          workDir,
          signal: AbortSignal.any([signal, AbortSignal.timeout(config.metafileTimeLimitMs)]),
        });
        const active = activeContentOf(svg);
        if (active) {
          out.note(`${path.basename(target)} not written: ${MESSAGES.figures.svgRoute.activeContent}`);
          return false;
        }
        await writeFile(target, svg);
        return true;
      } catch (error) {
        if (signal.aborted) throw error;
        if (error instanceof ConverterMissing) {
          missing = true;
          out.note(MESSAGES.figures.svgNotWritten(MESSAGES.figures.svgNoInkscape(config.inkscapePath)));
          return false;
        }
        const why =
          error instanceof Error && error.name === 'TimeoutError'
            ? MESSAGES.documents.metafile.timedOut(Math.round(config.metafileTimeLimitMs / 1000))
            : MESSAGES.figures.svgRoute.unreadable;
        out.note(`${path.basename(target)} not written: ${why}`);
        return false;
      } finally {
        await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
      }
    },
  };
  return writer;
}
