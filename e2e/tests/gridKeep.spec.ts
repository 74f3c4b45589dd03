import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { MESSAGES } from 'shared-contracts/messages';
import { PATHS } from 'shared-contracts/routes';
import { EXIF_GALLERY_IMAGE, sha256 } from '../fixtures/gallery.ts';
import { PAGE_HEADINGS } from '../fixtures/pages.ts';
import { GALLERY_IMG_DIR } from '../fixtures/paths.ts';
import { expect, type Results, type Site, test, zipManifest } from '../fixtures/test.ts';

// The grid's metadata and the other ways to keep images: Details, Remove metadata,
// Save to folder and Save selected, on the URL screen over the fixture gallery.

const g = MESSAGES.grid;
const md = MESSAGES.metadata;
const EXIF = EXIF_GALLERY_IMAGE.file;

async function extract(page: Page, site: Site, results: Results, url: string, count: number) {
  await page.goto(PATHS.urlExtractor);
  await expect(site.heading(PAGE_HEADINGS[PATHS.urlExtractor])).toBeVisible();
  await page.getByRole('main').getByLabel('Web page URL', { exact: true }).fill(url);
  await site.main.getByRole('button', { name: 'Extract Images' }).click();
  await expect(results.cards).toHaveCount(count);
}

/** A JPEG from its first scan (SOS) on: the picture's data. */
function scanOf(bytes: Uint8Array): Buffer {
  let at = 2;
  while (at + 3 < bytes.length && bytes[at + 1] !== 0xda) at += 2 + ((bytes[at + 2] ?? 0) << 8) + (bytes[at + 3] ?? 0);
  return Buffer.from(bytes.subarray(at));
}

const contains = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(Buffer.from(text, 'latin1'));

test('Details of a JPEG with EXIF shows its camera and warns about its GPS; an image without any says so', async ({
  page,
  site,
  gallery,
  results,
}) => {
  await extract(page, site, results, gallery.url('exif.html'), 2);
  await results.region.getByRole('button', { name: md.detailsLabel(EXIF) }).click();
  const dialog = page.getByRole('dialog', { name: md.title(EXIF) });
  await expect(dialog.getByText(`${EXIF_GALLERY_IMAGE.make} ${EXIF_GALLERY_IMAGE.model}`)).toBeVisible();
  await expect(dialog.getByText(md.gpsWarning)).toBeVisible();
  await expect(dialog.getByText('48.858400, 2.294500')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await results.region.getByRole('button', { name: md.detailsLabel('lazy.png') }).click();
  await expect(page.getByRole('dialog', { name: md.title('lazy.png') }).getByText(md.none)).toBeVisible();
});

test('Remove metadata gives a ZIP whose JPEG has no EXIF or XMP, and the same scan data', async ({
  page,
  site,
  gallery,
  results,
}) => {
  await extract(page, site, results, gallery.url('exif.html'), 2);
  const original = await readFile(path.join(GALLERY_IMG_DIR, EXIF));
  expect(contains(original, 'Exif\0\0')).toBe(true);
  await results.openDownloadOptions();
  await results.region.getByRole('checkbox', { name: g.removeMetadata }).check();
  const zip = await zipManifest(await results.downloadAll());
  const written = zip.entries[EXIF] ?? new Uint8Array();
  expect(written.length).toBeGreaterThan(0);
  expect(written.length).toBeLessThan(original.length);
  expect(contains(written, 'Exif\0\0')).toBe(false);
  expect(contains(written, 'http://ns.adobe.com/xap/1.0/')).toBe(false);
  expect(contains(written, EXIF_GALLERY_IMAGE.make)).toBe(false);
  expect(scanOf(written).equals(scanOf(original))).toBe(true);
  // A PNG without metadata goes byte for byte.
  expect(sha256(zip.entries['lazy.png'] ?? new Uint8Array())).toBe(gallery.sha256('lazy.png'));
});

test('Save to folder writes the selection, each under its ZIP name (Chromium, an OPFS folder for the picker)', async ({
  page,
  site,
  gallery,
  results,
}) => {
  // Playwright cannot answer the native folder picker: the page is given one that returns a real
  // folder of the origin-private file system, which the test reads back.
  await page.addInitScript(() => {
    Object.assign(window, {
      showDirectoryPicker: async () =>
        (await navigator.storage.getDirectory()).getDirectoryHandle('picked', { create: true }),
    });
  });
  await extract(page, site, results, gallery.url('exif.html'), 2);
  await results.openDownloadOptions();
  const saveToFolder = results.region.getByRole('button', { name: g.saveToFolder });
  await expect(saveToFolder).toBeDisabled();
  await results.region.getByRole('checkbox', { name: g.select(EXIF), exact: true }).check();
  await results.region.getByRole('checkbox', { name: g.select('lazy.png'), exact: true }).check();
  await saveToFolder.click();
  const { title, description } = g.savedToFolder(2, 'picked');
  await expect(site.toast('success', title, description)).toBeVisible();

  const written = await page.evaluate(async () => {
    const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle('picked');
    const files: Record<string, number[]> = {};
    for await (const [name, handle] of folder as unknown as AsyncIterable<[string, FileSystemFileHandle]>) {
      files[name] = [...new Uint8Array(await (await handle.getFile()).arrayBuffer())];
    }
    return files;
  });
  expect(Object.keys(written).sort()).toEqual([EXIF, 'lazy.png']);
  expect(sha256(Uint8Array.from(written[EXIF] ?? []))).toBe(sha256(await readFile(path.join(GALLERY_IMG_DIR, EXIF))));
  expect(sha256(Uint8Array.from(written['lazy.png'] ?? []))).toBe(gallery.sha256('lazy.png'));
});

test('Save selected, signed in, puts every selected image in My Downloads on /profile', async ({
  page,
  site,
  gallery,
  results,
}) => {
  await page.goto(PATHS.signUp);
  const form = page.getByRole('main').getByRole('tabpanel');
  await form.getByLabel('Full Name', { exact: true }).fill('Ada Lovelace');
  await form.getByLabel('Email Address', { exact: true }).fill('ada.keep@example.com');
  await form.getByLabel('Password', { exact: true }).fill('analytical-42');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(PATHS.profile, { timeout: 15_000 });

  await extract(page, site, results, gallery.url('index.html'), 6);
  for (const name of ['photo.jpg', 'lazy.png', 'hero.jpg']) {
    await results.region.getByRole('checkbox', { name: g.select(name), exact: true }).check();
  }
  await results.region.getByRole('button', { name: g.saveSelected }).click();
  const { title, description } = g.savedSelected(3, 0);
  await expect(site.toast('success', title, description)).toBeVisible();
  for (const name of ['photo.jpg', 'lazy.png', 'hero.jpg']) {
    await expect(results.region.getByRole('button', { name: `${name} is saved` })).toBeDisabled();
  }

  await page.goto(PATHS.profile);
  const saved = page.getByRole('region', { name: 'Saved Images' });
  await expect(saved.getByRole('listitem')).toHaveCount(3);
  for (const name of ['photo.jpg', 'lazy.png', 'hero.jpg']) {
    await expect(saved.getByRole('listitem').filter({ hasText: name })).toHaveCount(1);
  }
});
