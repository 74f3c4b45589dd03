import type { Page } from '@playwright/test';
import { formatBytes } from 'media-files';
import { SCAN_DEPTH_DEFAULT, SCAN_DEPTH_MAX, SCAN_DEPTH_MIN, SCAN_MAX_PAGES_DEFAULT } from 'shared-contracts';
import { MESSAGES } from 'shared-contracts/messages';
import { PATHS } from 'shared-contracts/routes';
import { type ExpectedImage, HELD_PAGE_3, INDEX_PAGE_IMAGES } from '../fixtures/gallery.ts';
import { PAGE_HEADINGS } from '../fixtures/pages.ts';
import { expect, type Gallery, pageHits, type Results, type Site, test, zipEntries } from '../fixtures/test.ts';

const m = MESSAGES.website;

/** A scan of the gallery at depth 3 reads index.html, page-2.html and page-3.html (the cycle back to index.html ends it). */
const SCANNED_PAGES = ['index.html', 'page-2.html', HELD_PAGE_3];

/** Each image once, with the first page it was found on (page-3's copy of photo.jpg is not listed again). */
const SCANNED_IMAGES: readonly (ExpectedImage & { page: string })[] = [
  ...INDEX_PAGE_IMAGES.map((image) => ({ ...image, page: 'index.html' })),
  { name: 'page-two.jpg', file: 'page-two.jpg', format: 'JPEG', page: 'page-2.html' },
  { name: 'page-three.png', file: 'page-three.png', format: 'PNG', page: HELD_PAGE_3 },
];

/** What the frameset manual (sites/gallery/frames/) shows in its frames and its same-site iframe. */
const FRAME_IMAGES = ['banner-large.png', 'hero.jpg', 'social.gif'] as const;

const urlField = (page: Page) => page.getByRole('main').getByLabel('Website URL', { exact: true });
const depthField = (page: Page) => page.getByRole('main').getByRole('spinbutton', { name: 'Scan Depth (pages)' });
const scanButton = (site: Site) => site.main.getByRole('button', { name: 'Scan Website' });
const busyButton = (site: Site) => site.main.getByRole('button', { name: /Scanning Website\.\.\./ });
const cancelButton = (site: Site) => site.main.getByRole('button', { name: 'Cancel' });
const progressText = (site: Site) => site.main.getByTestId('scan-progress');

async function startScan(page: Page, site: Site, url: string, depth: number) {
  await urlField(page).fill(url);
  await depthField(page).fill(String(depth));
  await scanButton(site).click();
}

/** Scans the whole gallery (depth 3) and waits for the success toast. */
async function scanGallery(page: Page, site: Site, gallery: Gallery, results: Results) {
  await startScan(page, site, gallery.url('index.html'), 3);
  const { title, description } = m.success(SCANNED_IMAGES.length, SCANNED_PAGES.length);
  await expect(site.toast('success', title, description)).toBeVisible();
  await expect(results.cards).toHaveCount(SCANNED_IMAGES.length);
}

test.beforeEach(async ({ page, site }) => {
  await page.goto(PATHS.websiteExtractor);
  await expect(site.heading(PAGE_HEADINGS[PATHS.websiteExtractor])).toBeVisible();
});

test('an empty address asks for a website URL, and the page still works afterwards', async ({
  page,
  site,
  gallery,
  results,
}) => {
  await scanButton(site).click();
  await expect(site.toast('error', m.required.title, m.required.description)).toBeVisible();
  await expect(results.region).toHaveCount(0);

  // Depth 1: the start page and the pages it links to (page-2.html; secret.html is robots-forbidden).
  await startScan(page, site, gallery.url('index.html'), 1);
  const { title, description } = m.success(INDEX_PAGE_IMAGES.length + 1, 2);
  await expect(site.toast('success', title, description)).toBeVisible();
  await expect(results.cards).toHaveCount(INDEX_PAGE_IMAGES.length + 1);
});

test('depth counts link hops: depth 1 on a chain of pages scans 2 pages, depth 2 scans 3', async ({
  page,
  site,
  gallery,
  results,
}) => {
  await expect(site.main).toContainText(m.depthHelp(SCAN_DEPTH_MIN, SCAN_DEPTH_MAX, SCAN_MAX_PAGES_DEFAULT));
  for (const [depth, pages] of [
    [1, ['chain/1.html', 'chain/2.html']],
    [2, ['chain/1.html', 'chain/2.html', 'chain/3.html']],
  ] as const) {
    const before = await gallery.lastSeq();
    await startScan(page, site, gallery.url('chain/1.html'), depth);
    // One new image per chain page.
    const { title, description } = m.success(pages.length, pages.length);
    await expect(site.toast('success', title, description)).toBeVisible();
    await expect(results.cards).toHaveCount(pages.length);
    const read = pageHits(await gallery.hitsAfter(before)).map(({ path }) => path.slice(1));
    expect(read.sort()).toEqual([...pages]);
  }
});

test("a frameset site gives its frames images, same-site iframes too, never another site's", async ({
  page,
  site,
  gallery,
  results,
}) => {
  const before = await gallery.lastSeq();
  await startScan(page, site, gallery.url('frames/index.html'), 1);
  // The frameset is one page: its frames (nav, content, and content's iframe) are read as part of it.
  const { title, description } = m.success(FRAME_IMAGES.length, 1);
  await expect(site.toast('success', title, description)).toBeVisible();
  const shown = await results.shown();
  expect(shown.map(({ name }) => name).sort()).toEqual([...FRAME_IMAGES].sort());
  for (const name of FRAME_IMAGES) {
    await expect(
      results.card(name).getByRole('link', { name: gallery.url('frames/index.html'), exact: true }),
    ).toBeVisible();
  }
  const hits = await gallery.hitsAfter(before);
  expect(
    pageHits(hits)
      .map(({ path }) => path)
      .sort(),
  ).toEqual(['/frames/content.html', '/frames/index.html', '/frames/inner.html', '/frames/nav.html']);
  expect(hits.every(({ host }) => host === new URL(gallery.origin).host)).toBe(true);
});

test('the scan depth starts at 2 and goes from 1 to 10, and the page limit is stated', async ({ page, site }) => {
  const depth = depthField(page);
  await expect(depth).toHaveValue(String(SCAN_DEPTH_DEFAULT));
  expect(SCAN_DEPTH_DEFAULT).toBe(2);
  await expect(depth).toHaveAttribute('min', String(SCAN_DEPTH_MIN));
  await expect(depth).toHaveAttribute('max', String(SCAN_DEPTH_MAX));
  expect([SCAN_DEPTH_MIN, SCAN_DEPTH_MAX]).toEqual([1, 10]);
  await expect(site.main).toContainText(
    `A scan reads at most ${SCAN_MAX_PAGES_DEFAULT.toLocaleString('en-US')} pages.`,
  );
});

test('scans the gallery with live progress: each image once, with the page it was found on', async ({
  page,
  site,
  gallery,
  results,
}) => {
  const before = await gallery.lastSeq();
  const page3 = await gallery.hold('page-3');
  await startScan(page, site, gallery.url('index.html'), 3);

  // While page 3 is held: the progress, and the grid filling with what is found so far.
  await expect(busyButton(site)).toBeDisabled();
  await expect(cancelButton(site)).toBeVisible();
  await expect(progressText(site)).toHaveText(/^\d+ pages scanned, \d+ queued, \d+ images found$/);
  await expect(progressText(site)).toHaveText(/^2 pages scanned, 1 queued, /);
  await expect(results.cards).toHaveCount(SCANNED_IMAGES.length - 1);
  await expect(cancelButton(site)).toBeVisible();
  await page3.release();

  const { title, description } = m.success(SCANNED_IMAGES.length, SCANNED_PAGES.length);
  await expect(site.toast('success', title, description)).toBeVisible();
  await expect(scanButton(site)).toBeEnabled();
  await expect(cancelButton(site)).toHaveCount(0);
  await expect(results.cards).toHaveCount(SCANNED_IMAGES.length);
  await expect(results.count).toHaveText(`${SCANNED_IMAGES.length} images`);

  const shown = await results.shown();
  expect(shown.map(({ name }) => name).sort()).toEqual(SCANNED_IMAGES.map(({ name }) => name).sort());
  for (const expected of SCANNED_IMAGES) {
    const card = results.card(expected.name);
    const pageUrl = gallery.url(expected.page);
    await expect(card).toContainText('Found on page:');
    await expect(card.getByRole('link', { name: pageUrl, exact: true })).toHaveAttribute('href', pageUrl);
    await expect(card.getByText(expected.format, { exact: true })).toBeVisible();
    if (expected.file) {
      await expect(card).toContainText(formatBytes((await gallery.bytes(expected.file)).length) ?? 'N/A');
    } else {
      await expect(card).toContainText(/\d+(\.\d)? (B|KB|MB)|N\/A/);
    }
  }

  // robots.txt keeps the crawl out of secret.html, and a link to another site is not followed.
  const names = shown.map(({ name }) => name);
  expect(names).not.toContain('private.gif');
  expect(names).not.toContain('elsewhere.jpg');
  const pagesRead = pageHits(await gallery.hitsAfter(before));
  expect(pagesRead.map(({ path, query }) => gallery.url(`${path}${query}`)).sort()).toEqual(
    SCANNED_PAGES.map((path) => gallery.url(path)).sort(),
  );
  expect(pagesRead.every(({ host }) => host === new URL(gallery.origin).host)).toBe(true);
});

test('Download All gives a ZIP of everything the scan found, byte for byte', async ({
  page,
  site,
  gallery,
  results,
}) => {
  await scanGallery(page, site, gallery, results);
  const shown = await results.shown();

  const download = await results.downloadAll();
  expect(download.suggestedFilename()).toBe('website-images.zip');
  const entries = await zipEntries(download);

  const names = Object.keys(entries);
  expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(names.length);
  expect(names.sort()).toEqual(shown.map(({ name }) => name).sort());
  for (const { name, url } of shown) {
    const entry = Buffer.from(entries[name] ?? []);
    const file = gallery.fileAt(url);
    if (file) {
      expect(entry.equals(await gallery.bytes(file)), `${name} is ${file} byte for byte`).toBe(true);
    } else {
      expect(entry.toString('utf8'), `${name} is an SVG`).toMatch(/^<svg[\s>][\s\S]*<\/svg>$/);
    }
  }
});

test('Cancel stops the scan, and the crawl on the server stops too', async ({ page, site, gallery }) => {
  const before = await gallery.lastSeq();
  const slowStart = 'index.html?delay=3000';
  await startScan(page, site, gallery.url(slowStart), 3);

  // The crawl is waiting for the slow start page.
  await expect
    .poll(async () => pageHits(await gallery.hitsAfter(before)).map(({ path, query }) => `${path}${query}`))
    .toEqual([`/${slowStart}`]);
  await expect(progressText(site)).toBeVisible();
  await cancelButton(site).click();

  await expect(scanButton(site)).toBeEnabled();
  await expect(cancelButton(site)).toHaveCount(0);
  await expect(site.main.getByRole('alert').filter({ hasText: 'Scan cancelled.' })).toBeVisible();

  // extract-api dropped the page it was waiting for...
  const slowRequest = async () => pageHits(await gallery.hitsAfter(before))[0];
  await expect.poll(async () => (await slowRequest())?.end).toBe('aborted');
  // ...and asked for nothing more, even once the page would have answered.
  const answerAt = (await slowRequest())?.answerAt ?? 0;
  await expect.poll(async () => (await gallery.log()).now, { timeout: 10_000 }).toBeGreaterThan(answerAt + 1_000);
  const slow = await slowRequest();
  expect(await gallery.hitsAfter(slow?.seq ?? before)).toEqual([]);
  await expect(site.toast('error', m.failed.title)).toHaveCount(0);
});

test('a scan is a job: the address names it, and a reload re-attaches, nothing found or read twice', async ({
  page,
  site,
  gallery,
  results,
}) => {
  const before = await gallery.lastSeq();
  const page3 = await gallery.hold('page-3');
  await startScan(page, site, gallery.url('index.html'), 3);
  await expect(page).toHaveURL(/[?&]job=[\w-]{16,}/);
  const address = page.url();
  // Page 3 is held: reload while the job waits for it.
  await expect(progressText(site)).toHaveText(/^2 pages scanned, 1 queued, /);
  await page.reload();
  await expect(page).toHaveURL(address);
  await expect(progressText(site)).toHaveText(/^2 pages scanned, 1 queued, /);
  await page3.release();
  const { title, description } = m.success(SCANNED_IMAGES.length, SCANNED_PAGES.length);
  await expect(site.toast('success', title, description)).toBeVisible();
  await expect(results.cards).toHaveCount(SCANNED_IMAGES.length);
  const names = (await results.shown()).map(({ name }) => name);
  expect(names.sort()).toEqual(SCANNED_IMAGES.map(({ name }) => name).sort());
  // The job went on on the server: each page was read once, the reload started nothing new.
  const pagesRead = pageHits(await gallery.hitsAfter(before));
  expect(pagesRead.map(({ path, query }) => gallery.url(`${path}${query}`)).sort()).toEqual(
    SCANNED_PAGES.map((path) => gallery.url(path)).sort(),
  );
});

test('Download All of a finished job after a reload gives every image it found', async ({
  page,
  site,
  gallery,
  results,
}) => {
  await scanGallery(page, site, gallery, results);
  await expect(page).toHaveURL(/[?&]job=/);
  await page.reload();
  await expect(results.cards).toHaveCount(SCANNED_IMAGES.length);
  const shown = await results.shown();
  const entries = await zipEntries(await results.downloadAll());
  expect(Object.keys(entries).sort()).toEqual(shown.map(({ name }) => name).sort());
  for (const { name, url } of shown) {
    const file = gallery.fileAt(url);
    if (file) expect(Buffer.from(entries[name] ?? []).equals(await gallery.bytes(file))).toBe(true);
  }
});

test('a page that fails is counted and listed with why, and the scan goes on', async ({
  page,
  site,
  gallery,
  results,
}) => {
  await startScan(page, site, gallery.url('broken/index.html'), 1);
  await expect(site.toast('success', m.success(1, 2).title, m.success(1, 2).description)).toBeVisible();
  await expect(results.cards).toHaveCount(1);
  await expect(progressText(site)).toHaveText(m.progress(2, 0, 1, 1));
  const failures = site.main.getByTestId('scan-failures');
  await failures.getByText(m.failedPages(1)).click();
  await expect(failures).toContainText(`${gallery.url('broken/missing.html')}: HTTP 404`);
});

test('an address naming a job that is not known says so', async ({ page, site }) => {
  await page.goto(`${PATHS.websiteExtractor}?job=${'x'.repeat(22)}`);
  await expect(site.toast('error', m.failed.title)).toContainText(m.notFound);
});
