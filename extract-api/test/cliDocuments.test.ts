/**
 * `pnpm extract <file>` on real corpus documents, run as users run it: the table, JSON lines, and
 * --out files byte for byte against the manifest (what unzip and pdfimages -all wrote).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DocumentApiImageSchema } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusManifest, requireCorpus } from '../../tooling/corpus.mjs';

const run = promisify(execFile);
const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The built CLI, as production runs it (the package's test script builds it first). */
const builtCli = path.join(packageDir, 'dist', 'cli.js');
// Without the corpus this throws, saying where it looked: the file fails, it is never skipped.
const CORPUS = requireCorpus();
const manifest = () => corpusManifest().files;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** As `pnpm extract` runs it: in extract-api/, with INIT_CWD where the command was typed. */
async function cli(args: string[], typedIn = CORPUS, env: Record<string, string> = {}) {
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

describe('pnpm extract <file>', () => {
  let out: string;
  beforeAll(async () => {
    out = await mkdtemp(path.join(tmpdir(), 'cli-documents-'));
  });
  afterAll(() => rm(out, { recursive: true, force: true }));

  it('should print a table of a presentation’s images with their slides, the path relative to where it was typed', async () => {
    const { code, stdout, stderr } = await cli(['pptx/shp-picture.pptx']);
    expect(code).toBe(0);
    // each picture is shown whole and cropped (a:srcRect): the crop is an image of its own
    expect(stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/^slide 1 +PNG +140 x 56 +6 KB +image1\.png$/),
      expect.stringMatching(/^slide 1 +PNG +103 x 28 +\d+ KB +image1-cropped\.png$/),
      expect.stringMatching(/^slide 2 +PNG +150 x 214 +63 KB +image2\.png$/),
      expect.stringMatching(/^slide 2 +PNG +149 x 150 +\d+ KB +image2-cropped\.png$/),
    ]);
    expect(stderr).toMatch(/4 images in shp-picture\.pptx \(PPTX\)/);
  });

  it('should write a PDF’s images with --out (JPEG 2000 byte-identical to pdfimages -all, JBIG2 as PNG) and JSON lines', async () => {
    const dir = path.join(out, 'pdf');
    const { code, stdout, stderr } = await cli(['pdf/issue3371.pdf', '--password', 'ELXRTQWS', '--json', '--out', dir]);
    expect(code).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => DocumentApiImageSchema.parse(JSON.parse(line)));
    const written = (await readdir(dir)).sort();
    // Each image's view, and beside it its stored file where the two differ (its two renditions).
    const originals = lines.flatMap((image) => (image.original ? [image.original] : []));
    expect([...lines.map((image) => image.name), ...originals.map((file) => file.name)].sort()).toEqual(written);
    expect(stderr).toMatch(new RegExp(`saved ${written.length} files to`));
    const rows = manifest()['pdf/issue3371.pdf'].images as { enc: string; extracted: { sha256: string }[] }[];
    const expected = rows.filter((row) => row.enc === 'jpx').map((row) => row.extracted[0]?.sha256);
    // Every JPEG 2000 is shown as a PNG (browsers cannot show JPX); its stored file is pdfimages' byte for byte.
    const jpxFiles = originals.filter((file) => file.format === 'JPX').map((file) => file.name);
    const actual = await Promise.all(jpxFiles.map(async (name) => sha256(await readFile(path.join(dir, name)))));
    expect(actual.sort()).toEqual(expected.sort());
    expect(lines.every((image) => image.format === 'PNG')).toBe(true);
    // and the JBIG2 stencil, decoded to a PNG, which is its only rendition
    expect(lines.filter((image) => !image.original)).toEqual([
      expect.objectContaining({ format: 'PNG', width: 2480, height: 3507 }),
    ]);
    for (const file of originals) expect(file.url).toBe(`file://${path.join(dir, file.name)}`);
    for (const image of lines) expect(image.url).toBe(`file://${path.join(dir, image.name)}`);
  });

  it('should give every file a unique safe name, the same media as the manifest', async () => {
    const dir = path.join(out, 'docx');
    const { code } = await cli(['docx/having-images.docx', '--out', dir]);
    expect(code).toBe(0);
    const written = await readdir(dir);
    const media = manifest()['docx/having-images.docx'].media as { sha256: string }[];
    const hashes = await Promise.all(written.map(async (name) => sha256(await readFile(path.join(dir, name)))));
    expect(hashes.sort()).toEqual(media.map((m) => m.sha256).sort());
    expect(new Set(written.map((n) => n.toLowerCase())).size).toBe(written.length);
  });

  it('should read legacy PowerPoint', async () => {
    const { code, stdout } = await cli(['ppt/pictures.ppt', '--json']);
    expect(code).toBe(0);
    const images = stdout
      .trim()
      .split('\n')
      .map((line) => DocumentApiImageSchema.parse(JSON.parse(line)));
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image.url.startsWith(`data:${image.mimeType};base64,`)).toBe(true);
  });

  it('should ask for the password, and refuse a wrong one, exiting non-zero', async () => {
    const missing = await cli(['pdf/issue3371.pdf']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /Extraction failed: This document is protected by a password\. Give it with --password\./,
    );
    const wrong = await cli(['pdf/issue3371.pdf', '--password', 'nope']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/That password is not right/);
  });

  it('should explain a file that is no document, and web-only options on a file', async () => {
    const notDocument = await cli(['manifest.json']);
    expect(notDocument.code).toBe(2);
    expect(notDocument.stderr).toMatch(/not one the service reads: it takes PDF, Word .* PowerPoint .* EPUB/);
    const website = await cli(['docx/having-images.docx', '--website']);
    expect(website.code).toBe(2);
    expect(website.stderr).toMatch(/--website, --depth and --render are for web pages/);
    const missing = await cli(['no-such-file.pdf']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no file of that name exists here either/);
  });

  it('should read many documents in one call with one pool, each into its own folder, one failing without the others', async () => {
    const dir = path.join(out, 'many');
    const { code, stdout, stderr } = await cli(
      ['pptx/shp-picture.pptx', 'manifest.json', 'docx/having-images.docx', '--json', '--out', dir],
      CORPUS,
    );
    expect(code).toBe(2);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { input: string });
    const docx = lines.filter((line) => line.input === 'docx/having-images.docx');
    const pptx = lines.filter((line) => line.input === 'pptx/shp-picture.pptx');
    expect(docx.length + pptx.length).toBe(lines.length);
    expect(pptx.map((line) => DocumentApiImageSchema.parse(line).name).sort()).toEqual([
      'image1-cropped.png',
      'image1.png',
      'image2-cropped.png',
      'image2.png',
    ]);
    // a folder per input that was read, named after its file; none for the one that failed
    expect((await readdir(dir)).sort()).toEqual(['having-images.docx', 'shp-picture.pptx']);
    const written = await readdir(path.join(dir, 'having-images.docx'));
    const hashes = await Promise.all(
      written.map(async (name) => sha256(await readFile(path.join(dir, 'having-images.docx', name)))),
    );
    const media = manifest()['docx/having-images.docx'].media as { sha256: string }[];
    expect(hashes.sort()).toEqual(media.map((m) => m.sha256).sort());
    expect(docx).toHaveLength(written.length);
    for (const line of docx) {
      const image = DocumentApiImageSchema.parse(line);
      expect(image.url).toBe(`file://${path.join(dir, 'having-images.docx', image.name)}`);
    }
    expect(stderr).toMatch(/^manifest\.json: Extraction failed: .*not one the service reads: it takes PDF, Word/m);
    expect(stderr).toMatch(/^3 inputs: 2 read, 1 failed \(manifest\.json\)$/m);
  });

  it('should take --list, keep each table whole under its input in the order given, and give like-named inputs unique folders', async () => {
    const list = path.join(out, 'inputs.txt');
    await writeFile(
      list,
      '# two files of one name, and a presentation\npdf/red_stamp.pdf\n\npptx/shp-picture.pptx\npdf/red_stamp.pdf\n',
    );
    const dir = path.join(out, 'listed');
    const { code, stdout, stderr } = await cli(['--list', list, '--out', dir], CORPUS);
    expect(code).toBe(0);
    const blocks = stdout.split(/\n?==> /).filter(Boolean);
    expect(blocks.map((block) => block.slice(0, block.indexOf(' <==')))).toEqual([
      'pdf/red_stamp.pdf',
      'pptx/shp-picture.pptx',
      'pdf/red_stamp.pdf',
    ]);
    // each block holds its own input's rows only
    expect(blocks[1]?.trim().split('\n').slice(1)).toEqual([
      expect.stringMatching(/^slide 1 +PNG .* image1\.png$/),
      expect.stringMatching(/^slide 1 +PNG .* image1-cropped\.png$/),
      expect.stringMatching(/^slide 2 +PNG .* image2\.png$/),
      expect.stringMatching(/^slide 2 +PNG .* image2-cropped\.png$/),
    ]);
    expect(blocks[0]).toEqual(blocks[2]);
    expect((await readdir(dir)).sort()).toEqual(['red_stamp-2.pdf', 'red_stamp.pdf', 'shp-picture.pptx']);
    expect(await readdir(path.join(dir, 'red_stamp-2.pdf'))).toEqual(await readdir(path.join(dir, 'red_stamp.pdf')));
    expect((await readdir(path.join(dir, 'red_stamp.pdf'))).length).toBeGreaterThan(0);
    expect(stderr).toMatch(/^3 inputs: 3 read$/m);
  });

  it('should start the largest file first, so it does not run alone at the end, and print tables in the order given', async () => {
    // one worker: the inputs are read one after another, JSON lines go out as they come
    const inputs = ['pdf/red_stamp.pdf', 'pdf/issue5747.pdf', 'pdf/bug1755507.pdf'];
    const workers = { EXTRACT_API_DOCUMENT_WORKERS: '1' };
    const json = await cli([...inputs, '--json'], CORPUS, workers);
    expect(json.code).toBe(0);
    const order = json.stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { input: string }).input)
      .filter((input, index, all) => all.indexOf(input) === index);
    expect(order).toEqual(['pdf/bug1755507.pdf', 'pdf/issue5747.pdf', 'pdf/red_stamp.pdf']);
    const table = await cli(inputs, CORPUS, workers);
    expect(table.stdout.match(/^==> .* <==$/gm)).toEqual(inputs.map((input) => `==> ${input} <==`));
  });

  it('should say when a list cannot be read, or names no input', async () => {
    const missing = await cli(['--list', 'no-such-list.txt']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('--list no-such-list.txt: there is no file of that name here\n');
    const empty = path.join(out, 'empty.txt');
    await writeFile(empty, '# nothing yet\n\n');
    const none = await cli(['--list', empty]);
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(`--list ${empty}: there is no input in it\n`);
  });
});
