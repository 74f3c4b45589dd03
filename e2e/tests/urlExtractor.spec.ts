import type { Page } from '@playwright/test';
import { MESSAGES } from 'shared-contracts/messages';
import { PATHS } from 'shared-contracts/routes';
import { INDEX_PAGE_IMAGES, sha256 } from '../fixtures/gallery.ts';
import { PAGE_HEADINGS } from '../fixtures/pages.ts';
import { downloadedBytes, expect, type Results, type Site, test, zipEntries } from '../fixtures/test.ts';

const m = MESSAGES.url;

const urlField = (page: Page) => page.getByRole('main').getByLabel('Web page URL', { exact: true });
const extractButton = (site: Site) => site.main.getByRole('button', { name: 'Extract Images' });
const renderCheckbox = (site: Site) => site.main.getByRole('checkbox', { name: 'Render JavaScript' });

/** Extracts one address and waits for the success toast of `count` images. */
async function extract(page: Page, site: Site, url: string, count: number, timeout?: number) {
  await urlField(page).fill(url);
  await extractButton(site).click();
  const { title, description } = m.success(count);
  await expect(site.toast('success', title, description)).toBeVisible({ timeout });
}

/** Extracts the gallery's start page: every image of INDEX_PAGE_IMAGES, as cards. */
async function extractGallery(page: Page, site: Site, results: Results, url: string) {
  await extract(page, site, url, INDEX_PAGE_IMAGES.length);
  await expect(results.cards).toHaveCount(INDEX_PAGE_IMAGES.length);
}

test.beforeEach(async ({ page, site }) => {
  await page.goto(PATHS.urlExtractor);
  await expect(site.heading(PAGE_HEADINGS[PATHS.urlExtractor])).toBeVisible();
});

test('an empty address asks for a URL, and the page still works afterwards', async ({
  page,
  site,
  gallery,
  results,
}) => {
  await extractButton(site).click();
  await expect(site.toast('error', m.required.title, m.required.description)).toBeVisible();
  await expect(results.region).toHaveCount(0);

  await extractGallery(page, site, results, gallery.url('index.html'));
});

test('one address is a one-line URL field, its button beside it or, on a phone, under it; Enter extracts', async ({
  page,
  site,
  gallery,
  results,
}) => {
  const field = urlField(page);
  await expect(field).toHaveAttribute('type', 'url');
  await expect(field).toHaveAttribute('required', '');
  await expect(site.main.getByRole('checkbox', { name: m.listSwitch })).not.toBeChecked();
  const boxes = async () => {
    const [f, b] = [await field.boundingBox(), await extractButton(site).boundingBox()];
    if (!f || !b) throw new Error('the field and its button are shown');
    return { f, b };
  };
  const wide = await boxes();
  expect(wide.b.x).toBeGreaterThanOrEqual(wide.f.x + wide.f.width);
  expect(wide.b.y).toBeLessThan(wide.f.y + wide.f.height);
  await page.setViewportSize({ width: 390, height: 844 });
  const phone = await boxes();
  expect(phone.b.y).toBeGreaterThanOrEqual(phone.f.y + phone.f.height);
  expect(phone.b.width).toBeGreaterThanOrEqual(phone.f.width - 1);

  await field.fill(gallery.url('index.html'));
  await field.press('Enter');
  const { title, description } = m.success(INDEX_PAGE_IMAGES.length);
  await expect(site.toast('success', title, description)).toBeVisible();
  await expect(results.cards).toHaveCount(INDEX_PAGE_IMAGES.length);
});

test('extracts every image of the gallery page: lazy, srcset, CSS, og:image and inline SVG', async ({
  page,
  site,
  gallery,
  results,
  holdRequests,
}) => {
  const held = await holdRequests('**/api/extract');
  await urlField(page).fill(gallery.url('index.html'));
  await extractButton(site).click();
  const busy = site.main.getByRole('button', { name: /Extracting\.\.\./ });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  held.release();

  const { title, description } = m.success(INDEX_PAGE_IMAGES.length);
  await expect(site.toast('success', title, description)).toBeVisible();
  await expect(busy).toHaveCount(0);
  await expect(extractButton(site)).toBeEnabled();
  await expect(results.cards).toHaveCount(INDEX_PAGE_IMAGES.length);
  await expect(results.count).toHaveText(`${INDEX_PAGE_IMAGES.length} images`);

  const shown = await results.shown();
  expect(shown.map(({ name }) => name).sort()).toEqual(INDEX_PAGE_IMAGES.map(({ name }) => name).sort());
  for (const expected of INDEX_PAGE_IMAGES) {
    const card = results.card(expected.name);
    const { url } = shown.find(({ name }) => name === expected.name) ?? { url: '' };
    // The picture is the real file (the lazy image's data-src, not its placeholder).
    if (expected.file) expect(url, expected.name).toBe(gallery.imageUrl(expected.file));
    else expect(url, expected.name).toMatch(/^data:image\/svg\+xml[;,]/);
    // Width x height as the browser decodes the picture, and the true format.
    const { width, height } = await results.naturalSize(url);
    await expect(card).toContainText(`${width} x ${height}`);
    await expect(card.getByText(expected.format, { exact: true })).toBeVisible();
  }
  // The lazy image's placeholder (a 1x1 data: SVG) is no card; the one data: card is the inline SVG.
  const inline = shown.filter(({ url }) => url.startsWith('data:'));
  expect(inline.map(({ name }) => name)).toEqual(['inline-svg.svg']);
  expect(await (await fetch(inline[0]?.url ?? '')).text()).toContain('<circle');
});

test('Download saves the real file, named with its extension', async ({ page, site, gallery, results }) => {
  await extractGallery(page, site, results, gallery.url('index.html'));

  const download = await results.download('lazy.png');
  expect(download.suggestedFilename()).toBe('lazy.png');
  expect(sha256(await downloadedBytes(download))).toBe(gallery.sha256('lazy.png'));
  await expect(site.toast('info', MESSAGES.download.image.title)).toBeVisible();
});

test('Open shows the image in a new tab', async ({ page, site, gallery, results }) => {
  await extractGallery(page, site, results, gallery.url('index.html'));

  const popupPromise = page.waitForEvent('popup');
  const responsePromise = page
    .context()
    .waitForEvent(
      'response',
      (response) => response.url().includes('/api/image?') && response.request().isNavigationRequest(),
    );
  await results.openLink('social.gif').click();
  const [popup, response] = await Promise.all([popupPromise, responsePromise]);

  expect(response.headers()['content-type']).toMatch(/^image\//);
  expect(sha256(await response.body())).toBe(gallery.sha256('social.gif'));
  await expect(popup).toHaveURL(/\/api\/image\?url=/);
  await expect(popup.getByRole('img')).toBeVisible();
  await popup.close();
});

test('Download All gives a ZIP holding every image byte for byte, each under its own name', async ({
  page,
  site,
  gallery,
  results,
}) => {
  await extractGallery(page, site, results, gallery.url('index.html'));
  const shown = await results.shown();

  const download = await results.downloadAll();
  await expect(site.toast('info', MESSAGES.download.all.title, MESSAGES.download.all.description)).toBeVisible();
  expect(download.suggestedFilename()).toBe('images.zip');
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
      // The inline SVG: the markup the card shows.
      const markup = Buffer.from(await (await fetch(url)).arrayBuffer());
      expect(entry.equals(markup), `${name} is the inline SVG's markup`).toBe(true);
      expect(entry.toString('utf8')).toMatch(/^<svg[\s>]/);
    }
  }
});

test('a private address is refused with the server’s reason', async ({ page, site, results }) => {
  await urlField(page).fill('http://10.0.0.1/');
  await extractButton(site).click();

  const toast = site.toast('error', m.failed.title);
  await expect(toast).toContainText(m.failed.description);
  await expect(toast).toContainText('private network');
  await expect(results.region).toHaveCount(0);
  await expect(extractButton(site)).toBeEnabled();
});

test('Render JavaScript is off by default; on, it finds the image a script adds', async ({
  page,
  site,
  gallery,
  results,
}) => {
  // Headless Chromium starts inside extract-api, on the same two cores as this browser.
  test.setTimeout(120_000);
  await expect(renderCheckbox(site)).toBeVisible();
  await expect(renderCheckbox(site)).not.toBeChecked();

  // A static read sees the page's own <img> only.
  await extract(page, site, gallery.url('scripted.html'), 1);
  await expect(results.cards).toHaveCount(1);
  await expect(results.card('photo.jpg')).toBeVisible();

  await renderCheckbox(site).check();
  await expect(renderCheckbox(site)).toBeChecked();
  await extract(page, site, gallery.url('scripted.html'), 2, 90_000);
  await expect(results.cards).toHaveCount(2);
  await expect(results.card('scripted.png')).toBeVisible();
  const scripted = (await results.shown()).find(({ name }) => name === 'scripted.png');
  expect(scripted?.url).toBe(gallery.imageUrl('scripted.png'));
});

test("a frameset page gives the images of its frames and same-site iframes, never another site's", async ({
  page,
  site,
  gallery,
  results,
}) => {
  const before = await gallery.lastSeq();
  await extract(page, site, gallery.url('frames/index.html'), 3);
  await expect(results.cards).toHaveCount(3);
  const shown = await results.shown();
  expect(shown.map(({ name }) => name).sort()).toEqual(['banner-large.png', 'hero.jpg', 'social.gif']);
  const hits = await gallery.hitsAfter(before);
  expect(hits.some(({ path }) => path === '/frames/inner.html')).toBe(true);
  expect(hits.every(({ host }) => host === new URL(gallery.origin).host)).toBe(true);
});

test('gives the full-size original behind a CMS copy, checked: the copy stands where the original is another picture', async ({
  page,
  site,
  gallery,
  results,
}) => {
  await extract(page, site, gallery.url('fullsize.html'), 3);
  const wordpress = results.card('lazy.png');
  await expect(wordpress.getByTestId('full-size')).toHaveText(
    MESSAGES.originals.fullSize({ width: 595, height: 220 }, { width: 300, height: 111 }),
  );
  await expect(results.card('banner.png').getByTestId('full-size')).toHaveText(
    MESSAGES.originals.fullSize({ width: 259, height: 82 }, { width: 130, height: 41 }),
  );
  // The trap's name-sake "original" is the harbour, larger but another picture: the copy stands.
  const trap = results.card('trap-150x47.png');
  await expect(trap).toBeVisible();
  await expect(trap.getByTestId('full-size')).toHaveCount(0);
  // The card shows the page's copy; its Download is the original, byte for byte.
  expect((await results.shown()).map(({ url }) => url).join(' ')).toContain('lazy-300x111.png');
  await wordpress.hover();
  expect(sha256(await downloadedBytes(await results.download('lazy.png')))).toBe(gallery.sha256('lazy.png'));

  // The second run's toast says what the first said: the cards tell them apart.
  await site.main.getByRole('checkbox', { name: MESSAGES.originals.switchLabel }).uncheck();
  await extractButton(site).click();
  const shown = results.card('lazy-300x111.png');
  await expect(shown).toBeVisible();
  await expect(results.region.getByTestId('full-size')).toHaveCount(0);
});
