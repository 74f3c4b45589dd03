/**
 * `pnpm extract <file>` on containers built around the corpus's pictures (a workbook, an e-mail,
 * an e-book): taken by their bytes as the server takes them, the table saying where each picture
 * was, the JSON lines and --out files byte for byte what was put in.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DocumentApiImageSchema } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusPictures, emlOf, epubOf, sha256, xlsxOf } from './fixtures/containerFiles.ts';

const run = promisify(execFile);
const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The built CLI, as production runs it (the package's test script builds it first). */
const builtCli = path.join(packageDir, 'dist', 'cli.js');
const media = corpusPictures();

describe('pnpm extract <container>', () => {
  let dir: string;
  async function cli(args: string[]) {
    try {
      const { stdout, stderr } = await run(process.execPath, [builtCli, ...args], {
        cwd: packageDir,
        env: { ...process.env, INIT_CWD: dir },
        maxBuffer: 64 * 1024 * 1024,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cli-containers-'));
    await writeFile(path.join(dir, 'book.xlsx'), xlsxOf(media));
    // the name says nothing: the bytes say e-mail
    await writeFile(path.join(dir, 'message.dat'), emlOf(media));
    await writeFile(path.join(dir, 'book.epub'), epubOf(media));
    await writeFile(path.join(dir, 'notes.txt'), 'Just some notes.\n'.repeat(100));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('should print a workbook’s pictures with sheet!cell, and write them byte for byte with --out', async () => {
    const out = path.join(dir, 'xlsx-out');
    const { code, stdout, stderr } = await cli(['book.xlsx', '--out', out]);
    expect(code, stderr).toBe(0);
    expect(stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/^Sales!B3 +PNG +130 x 92 +\d+ (B|KB) +image1\.png$/),
      expect.stringMatching(/^Photos!D10 +JPEG +192 x 176 +\d+ (B|KB) +image2\.jpg$/),
    ]);
    expect(stderr).toMatch(/2 images in book\.xlsx \(XLSX\)/);
    expect(await readdir(out)).toEqual(['image1.png', 'image2.jpg']);
    expect(sha256(await readFile(path.join(out, 'image1.png')))).toBe(sha256(media.png));
    expect(sha256(await readFile(path.join(out, 'image2.jpg')))).toBe(sha256(media.jpeg));
  });

  it('should print an e-mail’s pictures with their file names and Content-IDs, and give them as JSON lines', async () => {
    const table = await cli(['message.dat']);
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[1]).toMatch(/^inline +GIF .* image2\.gif {2}<- cid:logo@example$/);
    expect(lines[2]).toMatch(/^attachment +JPEG .* €-photo\.jpg {2}<- €-photo\.jpg$/);
    expect(table.stderr).toMatch(/6 images in message\.dat \(EML\)/);

    const json = await cli(['message.dat', '--json']);
    expect(json.code, json.stderr).toBe(0);
    const images = json.stdout
      .trim()
      .split('\n')
      .map((line) => DocumentApiImageSchema.parse(JSON.parse(line)));
    expect(images.map((image) => image.contentId ?? image.fileName ?? null)).toEqual([
      null,
      'logo@example',
      '€-photo.jpg',
      'élève.png',
      null,
      'drawing.emf',
    ]);
    const shas = images.map((image) => sha256(Buffer.from(image.url.slice(image.url.indexOf(',') + 1), 'base64')));
    expect(shas).toEqual([media.png, media.gif, media.jpeg, media.png, media.wmf, media.emf].map(sha256));
  });

  it('should print an e-book’s pictures by chapter, and refuse a text file with the sentence naming what is read', async () => {
    const book = await cli(['book.epub', '--json']);
    expect(book.code, book.stderr).toBe(0);
    const images = book.stdout
      .trim()
      .split('\n')
      .map((line) => DocumentApiImageSchema.parse(JSON.parse(line)));
    expect(images.map((image) => [image.chapter, image.chapterTitle])).toEqual([
      [1, 'One'],
      [2, 'The second chapter'],
      [2, 'The second chapter'],
    ]);
    const table = await cli(['book.epub']);
    expect(table.stdout.trim().split('\n')[0]).toMatch(/^chapter 1 +JPEG +192 x 176/);

    const text = await cli(['notes.txt']);
    expect(text.code).toBe(2);
    expect(text.stderr).toMatch(/This file is not one the service reads: it takes PDF, Word \(DOCX, DOC, ODT, RTF\)/);
  });
});
