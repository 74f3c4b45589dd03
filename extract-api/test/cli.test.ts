import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ExtractedImageSchema } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusPath } from '../../tooling/corpus.mjs';
import { BUILD_STAMP, staleReason } from '../scripts/buildStamp.mjs';
import { type FileServer, startFileServer } from './fixtures/fileServer.ts';
import { fixtureSite } from './fixtures/site.ts';

const run = promisify(execFile);
const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The built CLI, as production runs it (the package's test script builds it first). */
const builtCli = path.join(packageDir, 'dist', 'cli.js');

/** Runs the CLI as `pnpm extract` does; resolves with its output and exit code. */
async function cli(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [builtCli, ...args], {
      cwd: packageDir,
      env: { ...process.env, EXTRACT_API_ALLOW_LOOPBACK: '1', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('pnpm extract', () => {
  let server: FileServer;
  let out: string;
  beforeAll(async () => {
    server = await startFileServer(fixtureSite());
    out = await mkdtemp(path.join(tmpdir(), 'cli-out-'));
  });
  afterAll(async () => {
    await server.close();
    await rm(out, { recursive: true, force: true });
  });

  it('should print one JSON image per line with --json', async () => {
    const { code, stdout } = await cli([server.url('/'), '--json']);
    expect(code).toBe(0);
    const images = stdout
      .trim()
      .split('\n')
      .map((line) => ExtractedImageSchema.parse(JSON.parse(line)));
    expect(images.map((i) => new URL(i.url).pathname).sort()).toEqual(['/img/bg.gif', '/img/hero.png']);
  });

  it('should end quietly with exit code 0 when its reader closes the pipe (| head -1)', async () => {
    const { spawn } = await import('node:child_process');
    // 21 images as data: URLs in JSON lines, megabytes: far more than a pipe holds, so writes
    // still go on after the reader has gone.
    const child = spawn(process.execPath, [builtCli, corpusPath('pdf/freeculture.pdf'), '--json'], {
      cwd: packageDir,
      env: { ...process.env, EXTRACT_API_ALLOW_LOOPBACK: '1' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    // What `head -1` does: read one line, then close the pipe.
    const firstLine = await new Promise<string>((resolve) => {
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('\n')) {
          child.stdout.destroy();
          resolve(text.slice(0, text.indexOf('\n')));
        }
      });
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(JSON.parse(firstLine)).toHaveProperty('url');
    expect(code).toBe(0);
    expect(stderr).not.toMatch(/EPIPE|Error/);
  });

  it('should scan a website and save every image, byte for byte, with --out', async () => {
    const { code, stderr } = await cli([server.url('/'), '--website', '--depth', '1', '--out', out]);
    expect(code).toBe(0);
    expect(stderr).toMatch(/4 images on 3 pages/);
    const saved = (await readdir(out)).sort();
    expect(saved).toEqual(['a.png', 'b.png', 'bg.gif', 'hero.png']);
    const site = fixtureSite();
    for (const name of saved) {
      const served = site[`/img/${name}`]?.body;
      expect(await readFile(path.join(out, name))).toEqual(served);
    }
  });

  it('should refuse a depth outside 1 to 10 with the reason', async () => {
    const { code, stderr } = await cli([server.url('/'), '--website', '--depth', '12']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/Scan depth must be between 1 and 10/);
  });

  it('should explain a refused private address and exit non-zero', async () => {
    const { code, stderr } = await cli(['http://10.1.2.3/'], { EXTRACT_API_ALLOW_LOOPBACK: '0' });
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/Extraction failed: .*private/i);
  });

  it('should read many pages in one call, each into a folder named after its host and path, one failing without the others', async () => {
    const dir = path.join(out, 'many');
    const { code, stdout, stderr } = await cli(
      [server.url('/b.html'), 'no-such-page', server.url('/d.html'), '--json', '--out', dir],
      { EXTRACT_API_DOCUMENT_WORKERS: '2' },
    );
    expect(code).toBe(2);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { input: string });
    const byInput = (input: string) =>
      lines
        .filter((line) => line.input === input)
        .map((line) => new URL(ExtractedImageSchema.parse(line).url).pathname);
    expect(byInput(server.url('/b.html'))).toEqual(['/img/b.png']);
    expect(byInput(server.url('/d.html'))).toEqual(['/img/d.png']);
    expect(lines).toHaveLength(2);
    const host = new URL(server.url('/')).host.replace(':', '-');
    expect((await readdir(dir)).sort()).toEqual([`${host}-b.html`, `${host}-d.html`]);
    expect(await readFile(path.join(dir, `${host}-d.html`, 'd.png'))).toEqual(fixtureSite()['/img/d.png']?.body);
    expect(stderr).toMatch(/^no-such-page: .*: no-such-page \(and no file of that name exists here either\)$/m);
    expect(stderr).toMatch(/^3 inputs: 2 read, 1 failed \(no-such-page\)$/m);
  });

  it('should refuse an option no input takes, before any work', async () => {
    const { code, stderr } = await cli([server.url('/'), server.url('/a.html'), '--password', 'x']);
    expect(code).toBe(2);
    expect(stderr).toBe('--password is for a document file on disk.\n');
  });

  it('should print its usage for a missing URL', async () => {
    const { code, stderr } = await cli([]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^Usage: pnpm extract/);
  });
});

describe('pnpm extract builds only when a source changed', () => {
  it('should find dist/ stale without a stamp, fresh after it, and stale again once a source is saved or gone', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'build-stamp-'));
    try {
      await mkdir(path.join(dir, 'src'));
      await mkdir(path.join(dir, 'dist'));
      await writeFile(path.join(dir, 'src', 'a.ts'), 'export {}');
      await writeFile(path.join(dir, 'src', 'b.ts'), 'export {}');
      const hourAgo = new Date(Date.now() - 3_600_000);
      for (const name of ['a.ts', 'b.ts']) await utimes(path.join(dir, 'src', name), hourAgo, hourAgo);
      expect(staleReason(dir)).toBe('dist/ has not been built');
      await writeFile(
        path.join(dir, 'dist', BUILD_STAMP),
        JSON.stringify({ startedAt: Date.now(), inputs: ['src/a.ts', 'src/b.ts'] }),
      );
      expect(staleReason(dir)).toBeUndefined();
      await writeFile(path.join(dir, 'src', 'b.ts'), 'export const b = 1;');
      expect(staleReason(dir)).toBe('src/b.ts changed');
      await utimes(path.join(dir, 'src', 'b.ts'), hourAgo, hourAgo);
      await rm(path.join(dir, 'src', 'a.ts'));
      expect(staleReason(dir)).toBe('src/a.ts is gone');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('should stamp the real build with every bundled source, so that `pnpm extract` then starts without building', async () => {
    const stamp = JSON.parse(await readFile(path.join(packageDir, 'dist', BUILD_STAMP), 'utf8')) as {
      inputs: string[];
    };
    expect(stamp.inputs).toEqual(
      expect.arrayContaining([
        'src/cli.ts',
        'src/cli/run.ts',
        'scripts/build.mjs',
        '../shared-contracts/src/limits.ts',
      ]),
    );
  });
});
