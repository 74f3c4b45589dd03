/**
 * A figure's one-page PDF drawn as SVG by Inkscape. `--pdf-poppler` imports the page through
 * poppler and cairo, so every glyph is drawn from the PDF's own embedded font as a path (a
 * <symbol> per glyph, placed by <use href="#…">): the SVG looks exactly like the PDF on a machine
 * without its fonts, where Inkscape's own importer would write <text> in a substitute font. Its
 * size is the page's, in points. Inkscape 1.2 has no `--pdf-font-strategy` (1.3 added it).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runInkscape } from './runInkscape.ts';

/** The command line after `inkscape`: the PDF's first (only) page to a plain SVG. */
export function pdfToSvgArgs(input: string, output: string): string[] {
  return [
    '--pdf-poppler',
    '--pdf-page=1',
    '--export-type=svg',
    '--export-plain-svg',
    `--export-filename=${output}`,
    input,
  ];
}

/**
 * Draws the PDF's page in `workDir` (a folder of this job's own, which the caller deletes) and
 * returns the SVG's text. Rejects with ConverterMissing when Inkscape cannot be started,
 * ConversionFailed when it wrote no SVG.
 */
export async function pdfPageToSvg(options: {
  inkscapePath: string;
  bytes: Uint8Array;
  workDir: string;
  signal: AbortSignal;
}): Promise<string> {
  const { inkscapePath, bytes, workDir, signal } = options;
  const input = path.join(workDir, 'figure.pdf');
  const output = path.join(workDir, 'figure.svg');
  await writeFile(input, bytes);
  const svg = await runInkscape({
    inkscapePath,
    args: pdfToSvgArgs(input, output),
    output,
    workDir,
    signal,
    drewSomething: (written) => {
      const text = written.toString('utf8');
      return /<svg[\s>]/.test(text) && text.trimEnd().endsWith('</svg>');
    },
  });
  return svg.toString('utf8');
}
