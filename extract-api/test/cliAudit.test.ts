/**
 * `pnpm extract <url> --audit --out DIR`: the built CLI audits the seeded audit site (e2e/sites/audit)
 * as the service does, and writes the report in every format beside the files it re-encoded, the
 * report naming them by their paths in DIR.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { AuditReportSchema } from 'shared-contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_SITE_DIR } from './audit/seededSite.ts';

const run = promisify(execFile);
const builtCli = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli.js');

let assets: string;
let out: string;
let site: { origin: string; close: () => Promise<void> };
let stderr: string;

beforeAll(async () => {
  assets = mkdtempSync(path.join(tmpdir(), 'audit-site-'));
  out = mkdtempSync(path.join(tmpdir(), 'audit-out-'));
  const build = await import(pathToFileURL(path.join(AUDIT_SITE_DIR, 'build.mjs')).href);
  await build.buildAuditSite(assets);
  const serve = await import(pathToFileURL(path.join(AUDIT_SITE_DIR, 'serve.mjs')).href);
  site = await serve.startAuditSite(assets);
  const answer = await run(
    process.execPath,
    [builtCli, `${site.origin}/problems-weight.html`, '--audit', '--out', out],
    { env: { ...process.env, EXTRACT_API_ALLOW_LOOPBACK: '1' }, maxBuffer: 16 * 1024 * 1024 },
  );
  stderr = answer.stderr;
}, 120_000);

afterAll(async () => {
  await site?.close();
  for (const dir of [assets, out]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the CLI --audit', () => {
  it('prints a summary of what to fix', () => {
    expect(stderr).toMatch(/audit: \d+ findings on 1 pages/);
    expect(stderr).toContain('Heavy file');
  });

  it('writes the report as JSON, CSV, XLSX and HTML, with the re-encoded files it names', async () => {
    const names = await readdir(out);
    for (const name of ['image-audit.json', 'image-audit.csv', 'image-audit.xlsx', 'image-audit.html']) {
      expect(names).toContain(name);
    }
    const report = AuditReportSchema.parse(JSON.parse(await readFile(path.join(out, 'image-audit.json'), 'utf8')));
    const reencode = report.findings.find((f) => f.rule === 'weight-reencode');
    expect(reencode?.encoded?.length).toBeGreaterThan(0);
    for (const copy of reencode?.encoded ?? []) {
      expect(copy.url).toMatch(/^audit-files\//);
      const bytes = await readFile(path.join(out, copy.url));
      expect(bytes.length).toBe(copy.bytes);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe(copy.format === 'WEBP' ? 'webp' : 'heif');
    }
    const csv = await readFile(path.join(out, 'image-audit.csv'), 'utf8');
    expect(csv.trim().split('\r\n')).toHaveLength(report.findings.length + 1);
  });
});
