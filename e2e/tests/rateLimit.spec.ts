import { MESSAGES } from 'shared-contracts/messages';
import { PATHS } from 'shared-contracts/routes';
import { type BuiltApi, startBuiltApi } from '../fixtures/builtApi.ts';
import { INDEX_PAGE_IMAGES } from '../fixtures/gallery.ts';
import { PAGE_HEADINGS } from '../fixtures/pages.ts';
import { expect, test } from '../fixtures/test.ts';

// Issue 24: a visitor over a per-client rate limit is told, in the spec's failure toast, to wait and
// for how long. This spec starts its own API (the suite's has its limits raised) allowing one page
// extraction a minute: the first extraction is served, the second answered 429.

const m = MESSAGES.url;
let api: BuiltApi | undefined;

test.beforeAll(async () => {
  api = await startBuiltApi({ EXTRACT_API_RATE_LIMIT_EXTRACTIONS: '1' });
});

test.afterAll(async () => {
  await api?.stop();
});

test('a visitor over the extraction limit is told in the failure toast to wait, and for how long', async ({
  page,
  site,
  gallery,
  results,
}) => {
  if (!api) throw new Error('the API did not start');
  await page.goto(`${api.origin}${PATHS.urlExtractor}`);
  await expect(site.heading(PAGE_HEADINGS[PATHS.urlExtractor])).toBeVisible();
  const urlField = page.getByRole('main').getByLabel('Web page URL', { exact: true });
  const extract = site.main.getByRole('button', { name: 'Extract Images' });

  await urlField.fill(gallery.url('index.html'));
  await extract.click();
  await expect(site.toast('success', m.success(INDEX_PAGE_IMAGES.length).title)).toBeVisible();
  await expect(results.cards).toHaveCount(INDEX_PAGE_IMAGES.length);

  const refused = page.waitForResponse((response) => response.url().endsWith('/api/extract'));
  await urlField.fill(gallery.url('page-2.html'));
  await extract.click();
  const answer = await refused;
  expect(answer.status()).toBe(429);
  const wait = Number(answer.headers()['retry-after']);
  expect(wait).toBeGreaterThan(0);

  const toast = site.toast('error', m.failed.title);
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(m.failed.description);
  await expect(toast).toContainText(MESSAGES.rateLimit.wait(wait));
});
