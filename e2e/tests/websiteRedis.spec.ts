import type { Page } from '@playwright/test';
import { MESSAGES } from 'shared-contracts/messages';
import { PATHS } from 'shared-contracts/routes';
import { type ApiOnRedis, startApiOnRedis } from '../fixtures/apiOnRedis.ts';
import { HELD_PAGE_3, INDEX_PAGE_IMAGES } from '../fixtures/gallery.ts';
import { PAGE_HEADINGS } from '../fixtures/pages.ts';
import { expect, pageHits, type Site, test } from '../fixtures/test.ts';

// Issue 17: with Redis, a scan lives in Redis and in `pnpm worker` processes, not in the API. This
// spec starts its own redis-server, API (REDIS_URL set, on another port) and one worker, and kills
// the API mid-scan: the page, reloaded on the API started again, re-attaches to the scan, which
// finishes with every image once. The suite's own API (playwright.config) runs scans embedded.

const m = MESSAGES.website;

/** The start page answers after this long: the scan is still on it when the API is killed. */
const START_DELAY_MS = 8_000;
const START_PAGE = `index.html?delay=${START_DELAY_MS}`;
/**
 * Depth 3 from the slow start page: page-2, page-3, then page-3's link to index.html,
 * another address than the start page's, read once more and giving nothing new.
 */
const SCANNED_PAGES = [START_PAGE, 'page-2.html', HELD_PAGE_3, 'index.html'];
const SCANNED_NAMES = [...INDEX_PAGE_IMAGES.map(({ name }) => name), 'page-two.jpg', 'page-three.png'];

const urlField = (page: Page) => page.getByRole('main').getByLabel('Website URL', { exact: true });
const depthField = (page: Page) => page.getByRole('main').getByRole('spinbutton', { name: 'Scan Depth (pages)' });
const progressText = (site: Site) => site.main.getByTestId('scan-progress');

let api: ApiOnRedis | undefined;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  api = await startApiOnRedis();
});

test.afterAll(async () => {
  await api?.stop();
});

test('a scan on Redis survives an API restart: the reloaded page re-attaches, every image once', async ({
  page,
  site,
  gallery,
  results,
}) => {
  test.setTimeout(60_000);
  if (!api) throw new Error('the API on Redis did not start');
  await page.goto(`${api.origin}${PATHS.websiteExtractor}`);
  await expect(site.heading(PAGE_HEADINGS[PATHS.websiteExtractor])).toBeVisible();

  const before = await gallery.lastSeq();
  await urlField(page).fill(gallery.url(START_PAGE));
  await depthField(page).fill('3');
  await site.main.getByRole('button', { name: 'Scan Website' }).click();
  await expect(page).toHaveURL(/[?&]job=[\w-]{16,}/);
  const address = page.url();
  const jobId = new URL(address).searchParams.get('job');

  // The worker is waiting for the slow start page: the API dies (SIGKILL) and starts again.
  await expect
    .poll(async () => pageHits(await gallery.hitsAfter(before)).map(({ path, query }) => `${path}${query}`))
    .toEqual([`/${START_PAGE}`]);
  await api.killApi();
  await api.startApi();

  // The new API knows the job (it lives in Redis), still running: the reloaded page follows it.
  const snapshot = await (await fetch(`${api.origin}/api/website-jobs/${jobId}`)).json();
  expect(snapshot.status).toMatch(/^(queued|running)$/);
  await page.reload();
  await expect(page).toHaveURL(address);
  await expect(progressText(site)).toBeVisible();
  const { title, description } = m.success(SCANNED_NAMES.length, SCANNED_PAGES.length);
  await expect(site.toast('success', title, description)).toBeVisible({ timeout: 20_000 });
  await expect(results.cards).toHaveCount(SCANNED_NAMES.length);
  const names = (await results.shown()).map(({ name }) => name);
  expect(names.sort()).toEqual([...SCANNED_NAMES].sort());

  // Nothing twice: the job's image list has each address once, and each page was read once.
  const finished = await (await fetch(`${api.origin}/api/website-jobs/${jobId}`)).json();
  expect(finished.status).toBe('done');
  const urls = (finished.images as { url: string }[]).map(({ url }) => url);
  expect(new Set(urls).size).toBe(urls.length);
  expect(urls).toHaveLength(SCANNED_NAMES.length);
  const pagesRead = pageHits(await gallery.hitsAfter(before)).map(({ path, query }) => `${path}${query}`);
  expect(pagesRead.sort()).toEqual(SCANNED_PAGES.map((p) => `/${p}`).sort());
});
