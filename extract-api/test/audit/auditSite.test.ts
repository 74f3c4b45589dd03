/**
 * The seeded audit site (e2e/sites/audit), read and audited here with the audit's pure parts:
 * its images are made from real footage and photographs, served over loopback, fetched, hashed and
 * re-encoded by sharp as a stand-in for the image pass, then every seeded problem must be reported
 * and the clean pages must have none. The server's own scan and image pass are the lead's to wire.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sniffImageFormat } from 'media-files';
import robotsParser from 'robots-parser';
import type { AuditReport, EncodedCopy, ExtractedImage, ImageFetchFacts, ImageUse } from 'shared-contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAudit, type ImagePassResult, readImageUses } from '../../src/audit/index.ts';
import { pictureHash } from '../../src/extractors/originals/pictureHash.ts';
import { AUDIT_SITE_DIR, CLEAN, SEEDED } from './seededSite.ts';

const SITE_DIR = AUDIT_SITE_DIR;
const PAGES = [
  'index.html',
  'problems-alt.html',
  'problems-size.html',
  'problems-weight.html',
  'problems-loading.html',
  'problems-duplicate.html',
  'clean-article.html',
  'clean-gallery.html',
];

type Site = { origin: string; close: () => Promise<void> };
let assets: string;
let site: Site;
let report: AuditReport;

async function fetchFacts(url: string, robots: ReturnType<typeof robotsParser>) {
  const redirects: string[] = [];
  let current = url;
  for (let hop = 0; hop < 5; hop++) {
    const response = await fetch(current, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.arrayBuffer();
      current = new URL(location, current).href;
      redirects.push(current);
      continue;
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    const facts: ImageFetchFacts = { url, status: response.status, redirects };
    const type = response.headers.get('content-type');
    if (type) facts.contentType = type;
    if (response.status < 400 && !sniffImageFormat(bytes)) facts.notAnImage = true;
    if (robots.isDisallowed(url, 'Googlebot-Image')) facts.robotsBlocked = true;
    return { facts, bytes: response.status < 400 ? bytes : undefined };
  }
  return { facts: { url, error: 'Too many redirects.' } as ImageFetchFacts, bytes: undefined };
}

/** What the image pass learns of one file, made with sharp: hashes, size, frames, an AVIF copy. */
async function passOf(url: string, bytes: Uint8Array): Promise<ImagePassResult> {
  const format = sniffImageFormat(bytes)?.format;
  const result: ImagePassResult = {
    url,
    bytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
  if (format) result.format = format;
  if (format === 'SVG' || !format) return result;
  const meta = await sharp(bytes).metadata();
  result.width = meta.width;
  result.height = meta.pageHeight ?? meta.height;
  result.frames = meta.pages ?? 1;
  result.animated = (meta.pages ?? 1) > 1;
  const hash = await pictureHash(bytes, 100_000_000);
  if (hash) result.dhash = hash;
  if (!result.animated) {
    const avif = await sharp(bytes).avif({ quality: 50 }).toBuffer({ resolveWithObject: true });
    const copy: EncodedCopy = {
      format: 'AVIF',
      mimeType: 'image/avif',
      url: `/files/${path.basename(new URL(url).pathname)}.avif`,
      name: 'copy.avif',
      bytes: avif.data.length,
      width: avif.info.width,
      height: avif.info.height,
    };
    result.encoded = [copy];
  }
  return result;
}

beforeAll(async () => {
  assets = mkdtempSync(path.join(os.tmpdir(), 'audit-site-'));
  const build = await import(pathToFileURL(path.join(SITE_DIR, 'build.mjs')).href);
  await build.buildAuditSite(assets);
  const serve = await import(pathToFileURL(path.join(SITE_DIR, 'serve.mjs')).href);
  site = (await serve.startAuditSite(assets)) as Site;

  const uses: ImageUse[] = [];
  for (const page of PAGES) {
    const pageUrl = `${site.origin}/${page}`;
    uses.push(...readImageUses(await (await fetch(pageUrl)).text(), pageUrl));
  }
  const robots = robotsParser(`${site.origin}/robots.txt`, await (await fetch(`${site.origin}/robots.txt`)).text());
  const fetches: ImageFetchFacts[] = [];
  const pass: ImagePassResult[] = [];
  const images: ExtractedImage[] = [];
  for (const url of new Set(uses.map((u) => u.imageUrl))) {
    const { facts, bytes } = await fetchFacts(url, robots);
    fetches.push(facts);
    if (!bytes || facts.notAnImage) continue;
    const result = await passOf(url, bytes);
    pass.push(result);
    images.push({
      id: url,
      name: path.basename(new URL(url).pathname),
      url,
      source: 'website',
      pageUrl: uses.find((u) => u.imageUrl === url)?.pageUrl,
      ...(result.width ? { width: result.width, height: result.height } : {}),
      size: bytes.length,
      format: result.format,
    } as ExtractedImage);
  }
  report = buildAudit({
    jobId: 'audit-site',
    status: 'done',
    pages: PAGES.length,
    render: false,
    uses,
    fetches,
    images,
    pass,
    encoding: { done: pass.length, total: pass.length },
  });
}, 120_000);

afterAll(async () => {
  await site?.close();
  if (assets) rmSync(assets, { recursive: true, force: true });
});

describe('the seeded audit site', () => {
  it.each(SEEDED)('reports %s on %s', (rule, image, page) => {
    const found = report.findings.find((f) => f.rule === rule && f.imageUrl === `${site.origin}${image}`);
    expect(found, `${rule} ${image}`).toBeDefined();
    expect(found?.pages).toContain(`${site.origin}/${page}`);
    expect(found?.detail.length).toBeGreaterThan(10);
  });

  it('names the other copies of the duplicated picture and the other picture of the shared alt', () => {
    const dup = report.findings.find(
      (f) => f.rule === 'duplicate' && f.imageUrl === `${site.origin}/img/dup/harbour.webp`,
    );
    expect(dup?.sameAs?.map((u) => u.replace(site.origin, '')).sort()).toEqual([
      '/img/dup/copy-of-harbour.webp',
      '/img/dup/harbour-small.webp',
      '/img/dup/harbour.webp?size=large',
      '/img/dup/harbour.webp?v=2',
      '/media/harbour.webp',
    ]);
    expect(dup?.bytesSaved).toBeGreaterThan(0);
    const alt = report.findings.find((f) => f.rule === 'alt-duplicate');
    expect(alt?.sameAs).toEqual([`${site.origin}/img/alt/team-b.webp`]);
    // The six copies share one alt, but they are one picture.
    expect(report.findings.filter((f) => f.rule === 'alt-duplicate')).toHaveLength(1);
  });

  it('reports nothing on the clean pages', () => {
    const onClean = report.findings.filter((f) => f.pages.some((p) => CLEAN.some((c) => p === `${site.origin}/${c}`)));
    expect(onClean.map((f) => `${f.rule} ${f.imageUrl}`)).toEqual([]);
    expect(report.summary.topPages.map((p) => p.pageUrl)).not.toContain(`${site.origin}/clean-article.html`);
  });

  it('reports nothing the README does not list', () => {
    const readme = readFileSync(path.join(SITE_DIR, 'README.md'), 'utf8');
    for (const f of report.findings) {
      const row = `| ${f.rule} | \`${f.imageUrl.replace(site.origin, '')}\``;
      expect(readme, `${f.rule} ${f.imageUrl}`).toContain(row);
    }
  });
});
