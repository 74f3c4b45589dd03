import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ExtractedImageSchema } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusPath } from '../../tooling/corpus.mjs';
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

  it('should print its usage for a missing URL', async () => {
    const { code, stderr } = await cli([]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^Usage: pnpm extract/);
  });
});
