/**
 * `pnpm extract <file> --find figures|both [--dpi N]`, the built CLI run as users run it, on PDFs
 * built at test time with the engine's FigurePage: each figure written as its PNG and, beside it,
 * its vector PDF; the table and JSON lines carry its caption; mistakes are refused with a sentence.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DocumentApiImageSchema } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusPath } from '../../tooling/corpus.mjs';
import { diagramAndPhotoPdf, pdfPageBox, plotAndTablePdf, pngSize } from './fixtures/figurePdfs.ts';

const run = promisify(execFile);
const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The built CLI, as production runs it (the package's test script builds it first). */
const builtCli = path.join(packageDir, 'dist', 'cli.js');

async function cli(args: string[], typedIn: string, env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [builtCli, ...args], {
      cwd: packageDir,
      env: { ...process.env, INIT_CWD: typedIn, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('pnpm extract <pdf> --find figures', () => {
  let dir: string;
  const plotAndTable = plotAndTablePdf();
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cli-figures-'));
    await writeFile(path.join(dir, 'paper.pdf'), plotAndTable.pdf);
    await writeFile(path.join(dir, 'photo.pdf'), diagramAndPhotoPdf().pdf);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('should write each figure as <name>.png and its vector <name>.pdf, the table naming both and the caption', async () => {
    const out = path.join(dir, 'figures');
    const { code, stdout, stderr } = await cli(['paper.pdf', '--find', 'figures', '--out', 'figures'], dir);
    expect(code, stderr).toBe(0);
    expect(stdout.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^page 1 +PNG +\d+ x \d+ +\d+ KB +figure-1\.png \+ figure-1\.pdf {2}Figure 1: Accuracy of the model over training epochs\.$/,
      ),
      expect.stringMatching(
        /^page 1 +PNG +\d+ x \d+ +\d+ KB +table-1\.png \+ table-1\.pdf {2}Table 1: Results on the benchmark datasets\.$/,
      ),
    ]);
    expect(stderr).toMatch(/^2 figures and tables in paper\.pdf \(PDF\)$/m);
    expect(stderr).toMatch(/saved 4 files to/);
    expect((await readdir(out)).sort()).toEqual(['figure-1.pdf', 'figure-1.png', 'table-1.pdf', 'table-1.png']);
    for (const name of ['figure-1', 'table-1']) {
      const pdf = new Uint8Array(await readFile(path.join(out, `${name}.pdf`)));
      expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      const page = await pdfPageBox(pdf);
      const png = pngSize(new Uint8Array(await readFile(path.join(out, `${name}.png`))));
      // 150 dpi, the default
      expect(Math.abs(png.width - (page.width * 150) / 72)).toBeLessThanOrEqual(1);
      expect(Math.abs(png.height - (page.height * 150) / 72)).toBeLessThanOrEqual(1);
    }
  });

  it('should print JSON lines with each figure, its caption and dpi, and its vector PDF as the original (--dpi 300)', async () => {
    const { code, stdout, stderr } = await cli(['paper.pdf', '--find', 'figures', '--dpi', '300', '--json'], dir);
    expect(code, stderr).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => DocumentApiImageSchema.parse(JSON.parse(line)));
    expect(lines.map((image) => image.figure)).toEqual([
      { kind: 'figure', number: '1', caption: plotAndTable.figures[0]?.caption, vector: true, dpi: 300 },
      { kind: 'table', number: '1', caption: plotAndTable.figures[1]?.caption, vector: true, dpi: 300 },
    ]);
    for (const image of lines) {
      expect(image.original).toMatchObject({ format: 'PDF', mimeType: 'application/pdf' });
      const pdf = Buffer.from((image.original?.url ?? '').split(',')[1] ?? '', 'base64');
      const png = pngSize(new Uint8Array(Buffer.from(image.url.split(',')[1] ?? '', 'base64')));
      const page = await pdfPageBox(new Uint8Array(pdf));
      expect(Math.abs(png.width - (page.width * 300) / 72)).toBeLessThanOrEqual(1);
    }
  });

  it('should give images and figures with --find both, a figure naming the image it draws', async () => {
    const { code, stdout, stderr } = await cli(['photo.pdf', '--find', 'both', '--json'], dir);
    expect(code, stderr).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => DocumentApiImageSchema.parse(JSON.parse(line)));
    const [jpeg, ...figures] = lines;
    expect(jpeg).toMatchObject({ format: 'JPEG' });
    expect(figures.map((image) => [image.figure?.number, image.figure?.imageIds])).toEqual(
      expect.arrayContaining([
        ['2', undefined],
        ['3', [jpeg?.name]],
      ]),
    );
    expect(figures).toHaveLength(2);
  });

  it.each([
    [
      ['paper.pdf', '--find', 'figures', '--dpi', '96'],
      /^--dpi: "96" is not a resolution figures are drawn at: choose 150, 300 or 600 dots per inch\.$/m,
    ],
    [
      ['paper.pdf', '--find', 'pictures'],
      /^--find: "pictures" is not something to find: ask for images, figures or both\.$/m,
    ],
    [['https://example.com/', '--find', 'figures'], /^--find and --dpi are for a document file on disk/m],
    [['paper.pdf', '--dpi', '300'], /^--dpi is the figures’ resolution: give --find figures or both with it\.$/m],
  ])('should refuse %j with a sentence and exit code 2', async (args, sentence) => {
    const { code, stdout, stderr } = await cli(args, dir);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(sentence);
  });

  it('should say figures are found in PDFs only, for a Word document', async () => {
    const { code, stderr } = await cli([corpusPath('docx/Bug51170.docx'), '--find', 'figures'], dir);
    expect(code).toBe(2);
    expect(stderr.trim()).toBe('Extraction failed: Figures are found in PDFs only for now.');
  });

  it('should write <name>.svg beside each vector figure with --svg: its page size in points, its text as paths', {
    timeout: 60_000,
  }, async () => {
    const out = path.join(dir, 'svgs');
    const { code, stderr } = await cli(['paper.pdf', '--find', 'figures', '--svg', '--out', 'svgs'], dir);
    expect(code, stderr).toBe(0);
    expect(stderr).toMatch(/saved 6 files to/);
    expect((await readdir(out)).sort()).toEqual([
      'figure-1.pdf',
      'figure-1.png',
      'figure-1.svg',
      'table-1.pdf',
      'table-1.png',
      'table-1.svg',
    ]);
    for (const name of ['figure-1', 'table-1']) {
      const page = await pdfPageBox(new Uint8Array(await readFile(path.join(out, `${name}.pdf`))));
      const svg = await readFile(path.join(out, `${name}.svg`), 'utf8');
      const viewBox =
        /<svg[^>]*\sviewBox="([^"]+)"/
          .exec(svg)?.[1]
          ?.split(/[\s,]+/)
          .map(Number) ?? [];
      expect(Math.abs((viewBox[2] ?? 0) - page.width)).toBeLessThanOrEqual(1);
      expect(Math.abs((viewBox[3] ?? 0) - page.height)).toBeLessThanOrEqual(1);
      expect(svg.match(/<path/g)?.length ?? 0).toBeGreaterThan(20);
      expect(svg).not.toMatch(/<text|<image|<script/);
    }
  });

  it('should write the rest and say once that SVGs were not written, without Inkscape', {
    timeout: 60_000,
  }, async () => {
    const { code, stderr } = await cli(['paper.pdf', '--find', 'figures', '--svg', '--out', 'no-svgs'], dir, {
      INKSCAPE_PATH: '/nonexistent/inkscape',
    });
    expect(code, stderr).toBe(0);
    expect(stderr.match(/SVGs were not written/g)).toHaveLength(1);
    expect(stderr).toMatch(/^SVGs were not written: Inkscape \(\/nonexistent\/inkscape\) could not be started/m);
    expect((await readdir(path.join(dir, 'no-svgs'))).sort()).toEqual([
      'figure-1.pdf',
      'figure-1.png',
      'table-1.pdf',
      'table-1.png',
    ]);
  });

  it('should refuse --svg without --find figures or --out, with a sentence', async () => {
    for (const args of [
      ['paper.pdf', '--svg', '--out', 'x'],
      ['paper.pdf', '--find', 'figures', '--svg'],
    ]) {
      const { code, stderr } = await cli(args, dir);
      expect(code).toBe(2);
      expect(stderr.trim()).toBe(
        '--svg writes each vector figure’s SVG beside its PDF: give --find figures or both, and --out DIR.',
      );
    }
  });

  it('should explain --find and --dpi in --help', async () => {
    const { code, stdout } = await cli(['--help'], dir);
    expect(code).toBe(0);
    expect(stdout).toMatch(/--find F +images \(the default\), figures or both/);
    expect(stdout).toMatch(/--dpi N +the figures' PNG resolution in dots per inch: 150, 300, 600 \(default 150\)/);
    expect(stdout).toMatch(/--svg +with --find and --out, also <name>\.svg beside each vector figure's <name>\.pdf/);
  });
});
