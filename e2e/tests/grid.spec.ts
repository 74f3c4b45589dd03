import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { MESSAGES } from 'shared-contracts/messages';
import { PATHS } from 'shared-contracts/routes';
import { INDEX_PAGE_IMAGES, sha256 } from '../fixtures/gallery.ts';
import { PAGE_HEADINGS } from '../fixtures/pages.ts';
import { expect, type Results, type Site, test, zipManifest } from '../fixtures/test.ts';

// The one results grid (shared-ui), driven on the URL screen over the fixture gallery: choosing
// images, naming files and the manifest every ZIP holds. The grid is the same on every
// screen; the URL screen's ZIP is the server's (/api/zip), the documents' and video's the browser's.

const g = MESSAGES.grid;

async function extractGallery(page: Page, site: Site, results: Results, url: string, count = INDEX_PAGE_IMAGES.length) {
  await page.getByRole('main').getByLabel('Web page URL', { exact: true }).fill(url);
  await site.main.getByRole('button', { name: 'Extract Images' }).click();
  await expect(results.cards).toHaveCount(count);
}

const selectBox = (results: Results, name: string) =>
  results.region.getByRole('checkbox', { name: g.select(name), exact: true });
const summary = (results: Results) => results.region.getByTestId('selection-summary');

/** Presses Tab (at most 60 times) until `target` has focus: the keyboard's way there. */
async function tabTo(page: Page, target: Locator) {
  // Backwards (Shift+Tab) to a control before the focus, as a keyboard user goes: not around the page.
  const before = await target.evaluate((element) => {
    const active = document.activeElement;
    return (
      !!active &&
      active !== document.body &&
      !!(element.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING)
    );
  });
  for (let i = 0; i < 60; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(before ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

test.beforeEach(async ({ page, site }) => {
  await page.goto(PATHS.urlExtractor);
  await expect(site.heading(PAGE_HEADINGS[PATHS.urlExtractor])).toBeVisible();
});

test('a selection of 2 gives a ZIP of exactly those 2, byte for byte, and the manifests', async ({
  page,
  site,
  gallery,
  results,
}) => {
  await extractGallery(page, site, results, gallery.url('index.html'));
  await expect(summary(results)).toHaveText(g.selected(0, '0 B'));
  const downloadSelected = results.region.getByRole('button', { name: g.downloadSelected });
  await expect(downloadSelected).toBeDisabled();
  await selectBox(results, 'photo.jpg').check();
  await selectBox(results, 'lazy.png').check();
  await expect(summary(results)).toContainText('2 selected · ');

  const download = page.waitForEvent('download');
  await downloadSelected.click();
  const zip = await zipManifest(await download);
  expect(zip.names).toEqual(['photo.jpg', 'lazy.png', 'manifest.csv', 'manifest.json']);
  for (const file of ['photo.jpg', 'lazy.png'] as const) {
    expect(Buffer.from(zip.entries[file] ?? []).equals(await gallery.bytes(file)), `${file} byte for byte`).toBe(true);
  }
  expect(zip.rows).toEqual([
    expect.objectContaining({
      file: 'photo.jpg',
      source: gallery.imageUrl('photo.jpg'),
      alt: 'Gallery sample',
      format: 'JPEG',
      bytes: (await gallery.bytes('photo.jpg')).length,
      sha256: gallery.sha256('photo.jpg'),
    }),
    expect.objectContaining({ file: 'lazy.png', format: 'PNG', sha256: gallery.sha256('lazy.png') }),
  ]);
  const lines = zip.csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'file,source,page,slide,time,foundOn,alt,width,height,bytes,format,sha256,shownUrl,shownWidth,shownHeight,figure,caption',
  );
  expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['photo.jpg', 'lazy.png']);
  expect(lines[1]).toContain(gallery.sha256('photo.jpg'));
});

test('a file-name template gives the names it previews, in the ZIP and for one download', async ({
  page,
  site,
  gallery,
  results,
}) => {
  await extractGallery(page, site, results, gallery.url('index.html'));
  // Closed at first: its one line says what the files will be called.
  await expect(results.downloadOptions).toHaveAttribute('aria-expanded', 'false');
  const optionsSummary = results.region.getByTestId('download-options-summary');
  await expect(optionsSummary).toHaveText(`${g.namesSummary('{name}')} · ${g.convertFormats.keep} · ${g.metadataKept}`);
  await results.openDownloadOptions();
  const field = results.region.getByLabel(g.fileNames, { exact: true });
  await expect(field).toHaveValue('{name}');
  await field.fill('{index:03}-{width}x{height}');
  const preview = results.region.getByTestId('names-preview');
  await expect(preview).toHaveText(/^First files: 001-\d+x\d+\.\w+, 002-/);
  const previewed = ((await preview.textContent()) ?? '').replace('First files: ', '').split(', ');
  expect(previewed).toHaveLength(3);

  const download = page.waitForEvent('download');
  await results.region.getByRole('button', { name: 'Download All' }).click();
  const zip = await zipManifest(await download);
  expect(zip.names.slice(0, 3)).toEqual(previewed);
  expect(zip.rows.map((row) => row.file).slice(0, 3)).toEqual(previewed);

  // One card's own Download is named as in the ZIP (the server names it: /api/image?download=).
  const [first] = await results.shown();
  const single = await results.download(first?.name ?? '');
  expect(single.suggestedFilename()).toBe(previewed[0]);

  // Remembered on this device: the template, and the options left open.
  await page.reload();
  await extractGallery(page, site, results, gallery.url('index.html'));
  await expect(results.downloadOptions).toHaveAttribute('aria-expanded', 'true');
  await expect(results.region.getByLabel(g.fileNames, { exact: true })).toHaveValue('{index:03}-{width}x{height}');
  await expect(optionsSummary).toContainText(g.namesSummary('{index:03}-{width}x{height}'));
});

test('selection by keyboard alone: Space, Shift+Space, Ctrl+A, Download Selected; axe finds nothing serious', async ({
  page,
  site,
  gallery,
  results,
}) => {
  await extractGallery(page, site, results, gallery.url('index.html'));
  const shown = await results.shown();
  const names = shown.map(({ name }) => name);
  const first = selectBox(results, names[0] ?? '');
  const third = selectBox(results, names[2] ?? '');
  await tabTo(page, first);
  await page.keyboard.press('Space');
  await expect(first).toBeChecked();
  await tabTo(page, third);
  await page.keyboard.press('Shift+Space');
  for (const name of names.slice(0, 3)) await expect(selectBox(results, name)).toBeChecked();
  await expect(selectBox(results, names[3] ?? '')).not.toBeChecked();
  await expect(summary(results)).toContainText('3 selected');
  await page.keyboard.press('Space');
  await expect(third).not.toBeChecked();
  await page.keyboard.press('Control+a');
  await expect(summary(results)).toContainText(`${names.length} selected`);
  for (const name of names) await expect(selectBox(results, name)).toBeChecked();

  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  const serious = violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  const selectNone = results.region.getByRole('button', { name: g.selectNone });
  await tabTo(page, selectNone);
  await page.keyboard.press('Enter');
  await expect(summary(results)).toContainText('0 selected');
  await tabTo(page, selectBox(results, names[1] ?? ''));
  await page.keyboard.press('Space');
  const downloadSelected = results.region.getByRole('button', { name: g.downloadSelected });
  await tabTo(page, downloadSelected);
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const zip = await zipManifest(await download);
  expect(zip.names).toEqual([names[1], 'manifest.csv', 'manifest.json']);
  expect(sha256(zip.entries[names[1] ?? ''] ?? new Uint8Array())).toBe(zip.rows[0]?.sha256);
  expect(zip.rows).toHaveLength(1);
});

test('one picture at three sizes, and again at another address: Find duplicates folds and groups them; Keep the largest leaves it', async ({
  page,
  site,
  gallery,
  results,
}) => {
  await extractGallery(page, site, results, gallery.url('sizes.html'), 5);
  const shown = await results.shown();
  const full = shown.find(({ url }) => url === gallery.imageUrl('lazy.png'))?.name ?? '';
  const again = shown.find(({ url }) => url.endsWith('lazy.png?copy=2'))?.name ?? '';
  await results.region.getByRole('button', { name: g.findDuplicates }).click();
  await expect(results.region.getByTestId('duplicates-status')).toHaveText(g.duplicatesFound(1, 1));
  await expect(results.cards).toHaveCount(4);
  const fullCard = results.card(full);
  const notes = fullCard.getByTestId('duplicate-note');
  await expect(notes).toHaveCount(2);
  // "Same file also at: <name>" (with its page, when the extractor says which).
  await expect(notes.first()).toContainText(g.alsoAt([again]));
  await expect(notes.last()).toHaveText(g.largestOf(3));
  for (const small of ['lazy-150.png', 'lazy-300.png']) {
    await expect(results.card(small).getByTestId('duplicate-note')).toHaveText(g.smallerCopyOf(full));
  }

  await results.region.getByRole('button', { name: g.keepLargest }).click();
  await expect(results.cards).toHaveCount(2);
  const zip = await zipManifest(await results.downloadAll());
  expect(zip.names).toEqual([full, 'photo.jpg', 'manifest.csv', 'manifest.json']);
  expect(sha256(zip.entries[full] ?? new Uint8Array())).toBe(gallery.sha256('lazy.png'));
});

test('on a phone the bar, "Download options" and the filters\' sheet fit the screen, every control at least 24 px tall', async ({
  page,
  site,
  gallery,
  results,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await extractGallery(page, site, results, gallery.url('index.html'));
  await results.openDownloadOptions();
  await results.region.getByLabel(g.fileNames, { exact: true }).fill('{source}-{index:03}-{width}x{height}-{alt}');
  // The filters and the selection's buttons are in a sheet on a phone: measured open.
  await results.region.getByRole('button', { name: /^Filters and selection/ }).click();
  await expect(page.getByRole('dialog', { name: g.phoneSheetTitle })).toBeVisible();
  const layout = await results.region.evaluate((region) => {
    const width = document.documentElement.clientWidth;
    const controls = [
      ...region.querySelectorAll(
        ':is(.ie-results__bar, .ie-results__options, .ie-sheet) :is(button, .ds-input, .ant-select, .ds-checkbox, .ds-choice__option)',
      ),
    ]
      .filter((control) => control.getClientRects().length > 0)
      .map((control) => {
        const box = control.getBoundingClientRect();
        const name = control.getAttribute('aria-label') ?? control.textContent ?? '';
        return { name: name.trim() || control.className, left: box.left, right: box.right, height: box.height };
      });
    return {
      overflow: document.documentElement.scrollWidth - width,
      count: controls.length,
      outOfPlace: controls.filter((c) => c.left < 0 || c.right > width || c.height < 24).map((c) => c.name),
      sortWidth: region.querySelector('select[aria-label="Sort"]')?.getBoundingClientRect().width ?? 0,
      barWidth: region.querySelector('.ie-results__filters')?.getBoundingClientRect().width ?? 0,
    };
  });
  expect(layout.overflow).toBe(0);
  expect(layout.count).toBeGreaterThan(10);
  expect(layout.outOfPlace).toEqual([]);
  // The filters take the whole line of the sheet.
  expect(layout.sortWidth).toBeGreaterThan(layout.barWidth - 2);
});
