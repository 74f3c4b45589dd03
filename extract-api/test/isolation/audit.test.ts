/**
 * The image audit end to end, through the built server: a website job with `audit: true` over the
 * seeded audit site (e2e/sites/audit), its report asked for until the scan and the image pass are
 * done. Every seeded problem is reported, nothing on the clean pages; the bytes saved come from
 * files the server really made and serves; the exports say what the report says.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import { type AuditReport, AuditReportSchema, JOB_PATHS } from 'shared-contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_SITE_DIR, itReportsTheSeededSite } from '../audit/seededSite.ts';
import { type BuiltServer, startBuiltServer } from './builtServer.ts';

type Site = { origin: string; close: () => Promise<void> };
let assets: string;
let site: Site;
let server: BuiltServer;
let jobId: string;
let report: AuditReport;

async function auditOf(id: string): Promise<AuditReport> {
  const response = await fetch(`${server.base}${JOB_PATHS.websiteJobAudit(id)}`);
  expect(response.status).toBe(200);
  return AuditReportSchema.parse(await response.json());
}

beforeAll(async () => {
  assets = mkdtempSync(path.join(os.tmpdir(), 'audit-site-'));
  const build = await import(pathToFileURL(path.join(AUDIT_SITE_DIR, 'build.mjs')).href);
  await build.buildAuditSite(assets);
  const serve = await import(pathToFileURL(path.join(AUDIT_SITE_DIR, 'serve.mjs')).href);
  site = (await serve.startAuditSite(assets)) as Site;
  server = await startBuiltServer({ EXTRACT_API_ALLOW_LOOPBACK: '1' });
  const created = await fetch(`${server.base}${JOB_PATHS.websiteJobs}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: `${site.origin}/index.html`, depth: 1, audit: true }),
  });
  expect(created.status).toBe(202);
  jobId = ((await created.json()) as { id: string }).id;
  const deadline = Date.now() + 150_000;
  for (;;) {
    report = await auditOf(jobId);
    if (report.status === 'done' || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await site?.close();
  if (assets) rmSync(assets, { recursive: true, force: true });
});

describe('the image audit of the seeded site, through the server', () => {
  it('ends, with every image re-encoding done', () => {
    expect(report.status).toBe('done');
    expect(report.pages).toBe(8);
    expect(report.encoding.total).toBeGreaterThan(10);
    expect(report.encoding.done).toBe(report.encoding.total);
  });

  itReportsTheSeededSite(() => ({ report, origin: site.origin }));

  it('reports nothing the site does not hold', () => {
    const readme = readFileSync(path.join(AUDIT_SITE_DIR, 'README.md'), 'utf8');
    for (const f of report.findings) {
      expect(readme, `${f.rule} ${f.imageUrl}`).toContain(`| ${f.rule} | \`${f.imageUrl.replace(site.origin, '')}\``);
    }
  });

  it('saves bytes with files the server made: they download, decode, and are the size the report says', async () => {
    const reencode = report.findings.find((f) => f.rule === 'weight-reencode' && f.imageUrl.endsWith('/photo.png'));
    expect(reencode?.encoded?.map((copy) => copy.format).sort()).toEqual(['AVIF', 'WEBP']);
    for (const copy of reencode?.encoded ?? []) {
      const response = await fetch(`${server.base}${copy.url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(copy.mimeType);
      expect(response.headers.get('content-disposition')).toContain('attachment');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.length).toBe(copy.bytes);
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height]).toEqual([copy.width, copy.height]);
      expect(copy.ssim).toBeGreaterThan(0.95);
    }
    const original = (await fetch(reencode?.imageUrl ?? '')).headers.get('content-length');
    const smallest = Math.min(...(reencode?.encoded ?? []).map((copy) => copy.bytes));
    expect(reencode?.bytesSaved).toBe(Number(original) - smallest);

    const gif = report.findings.find((f) => f.rule === 'loading-animated-gif');
    expect(gif?.encoded?.map((copy) => copy.format).sort()).toEqual(['MP4', 'WEBM']);
    const mp4 = gif?.encoded?.find((copy) => copy.format === 'MP4');
    const video = Buffer.from(await (await fetch(`${server.base}${mp4?.url}`)).arrayBuffer());
    expect(video.subarray(4, 8).toString('latin1')).toBe('ftyp');
  });

  it('exports the same numbers as CSV, XLSX and a printable HTML report', async () => {
    const csv = await fetch(`${server.base}${JOB_PATHS.websiteJobAuditExport(jobId, 'csv')}`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows.length - 1).toBe(report.findings.length);

    const xlsx = await fetch(`${server.base}${JOB_PATHS.websiteJobAuditExport(jobId, 'xlsx')}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const sheets = book.worksheets.map((sheet) => sheet.name);
    expect(sheets[0]).toBe('Summary');
    expect(sheets.length - 1).toBe(report.summary.byRule.length);
    const counted = book.worksheets.slice(1).reduce((sum, sheet) => sum + sheet.actualRowCount - 1, 0);
    expect(counted).toBe(report.findings.length);

    const html = await fetch(`${server.base}${JOB_PATHS.websiteJobAuditExport(jobId, 'html')}`);
    expect(html.headers.get('content-security-policy')).toContain('sandbox');
    const page = await html.text();
    expect(page).not.toContain('<script');
    expect(page).toContain(report.summary.findings.toLocaleString('en-US'));
  });

  it('answers a job that was not audited with a sentence, and an unknown file with 404', async () => {
    const created = await fetch(`${server.base}${JOB_PATHS.websiteJobs}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${site.origin}/index.html`, depth: 0 }),
    });
    const { id } = (await created.json()) as { id: string };
    const answer = await fetch(`${server.base}${JOB_PATHS.websiteJobAudit(id)}`);
    expect(answer.status).toBe(409);
    expect(((await answer.json()) as { error: string }).error).toMatch(/audit/);
    const missing = await fetch(`${server.base}${JOB_PATHS.websiteJobAuditFile(jobId, 'nothing-here')}`);
    expect(missing.status).toBe(404);
  });
});
