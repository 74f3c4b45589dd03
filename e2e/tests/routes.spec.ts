import { MESSAGES } from 'shared-contracts/messages';
import { type AppPath, NOT_FOUND_QUERY_PARAM, PATHS, REDIRECTS } from 'shared-contracts/routes';
import { PAGE_HEADINGS, SIGNED_OUT_REDIRECTS, UNKNOWN_PATH } from '../fixtures/pages.ts';
import { REMOTE_SERVERS } from '../fixtures/paths.ts';
import { expect, test } from '../fixtures/test.ts';

test.describe('every route of the route table shows its page', () => {
  for (const path of Object.keys(PAGE_HEADINGS) as AppPath[]) {
    const landsOn = SIGNED_OUT_REDIRECTS[path] ?? path;
    const heading = PAGE_HEADINGS[landsOn];
    test(`${path} shows "${heading}"`, async ({ page, site }) => {
      await page.goto(path);
      await expect(site.heading(heading)).toBeVisible();
      await expect(page).toHaveURL(landsOn);
      await expect(site.header).toBeVisible();
    });
  }
});

test.describe('old and trailing-slash addresses redirect without a history entry', () => {
  for (const [from, to] of Object.entries(REDIRECTS) as [string, AppPath][]) {
    test(`${from} shows ${to}, and Back returns to the page before`, async ({ page, site }) => {
      await page.goto(PATHS.home);
      await expect(site.heading(PAGE_HEADINGS[PATHS.home])).toBeVisible();

      await page.goto(from);
      await expect(page).toHaveURL(to);
      await expect(site.heading(PAGE_HEADINGS[to])).toBeVisible();

      await page.goBack();
      await expect(page).toHaveURL(PATHS.home);
      await expect(site.heading(PAGE_HEADINGS[PATHS.home])).toBeVisible();
    });
  }
});

test.describe('an unknown address', () => {
  test('shows Page Not Found and logs the address it was given', async ({ page, site, consoleMessages }) => {
    await page.goto(UNKNOWN_PATH);
    await expect(site.heading(MESSAGES.notFound.title)).toBeVisible();
    await expect(site.main).toContainText(UNKNOWN_PATH);
    await expect.poll(() => consoleMessages.filter((message) => message.includes(UNKNOWN_PATH))).not.toEqual([]);
  });

  test('Return to Homepage goes to the landing page', async ({ page, site }) => {
    await page.goto(UNKNOWN_PATH);
    await site.main.getByRole('link', { name: 'Return to Homepage' }).click();
    await expect(page).toHaveURL(PATHS.home);
    await expect(site.heading(PAGE_HEADINGS[PATHS.home])).toBeVisible();
  });

  test('Go Back returns to the page before', async ({ page, site }) => {
    await page.goto(PATHS.tools);
    await expect(site.heading(PAGE_HEADINGS[PATHS.tools])).toBeVisible();
    await page.goto(UNKNOWN_PATH);
    await expect(site.heading(MESSAGES.notFound.title)).toBeVisible();

    await site.main.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(PATHS.tools);
    await expect(site.heading(PAGE_HEADINGS[PATHS.tools])).toBeVisible();
  });
});

test.describe('an address with ?notfound', () => {
  test('is rewritten to / without reloading the page', async ({ page, site }) => {
    await page.goto(PATHS.tools);
    await expect(site.heading(PAGE_HEADINGS[PATHS.tools])).toBeVisible();
    await site.markDocument();

    // A client-side visit, as a static host's 404 fallback would leave it.
    await page.evaluate((param) => {
      window.history.pushState(null, '', `/faq?${param}=1`);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, NOT_FOUND_QUERY_PARAM);

    await expect(page).toHaveURL(PATHS.home);
    await expect(site.heading(PAGE_HEADINGS[PATHS.home])).toBeVisible();
    expect(await site.documentMark()).toBe(1);
  });

  test('opened directly lands on /', async ({ page, site }) => {
    await page.goto(`${PATHS.tools}?${NOT_FOUND_QUERY_PARAM}`);
    await expect(page).toHaveURL(PATHS.home);
    await expect(site.heading(PAGE_HEADINGS[PATHS.home])).toBeVisible();
  });
});

test('the landing page downloads no remote', async ({ page, site }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));

  await page.goto(PATHS.home);
  await expect(site.heading(PAGE_HEADINGS[PATHS.home])).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(requested).toContain(page.url());
  const remoteOrigins = REMOTE_SERVERS.map(({ port }) => `//localhost:${port}/`);
  const remoteRequests = requested.filter(
    (url) =>
      remoteOrigins.some((origin) => url.includes(origin)) ||
      url.includes('remoteEntry.js') ||
      url.includes('mf-manifest.json') ||
      url.includes('/remotes.json'),
  );
  expect(remoteRequests).toEqual([]);
});
