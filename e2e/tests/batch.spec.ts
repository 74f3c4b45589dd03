import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { MESSAGES } from 'shared-contracts/messages';
import { PATHS } from 'shared-contracts/routes';
import { corpusFile, engineImages, imageKey } from '../fixtures/documents.ts';
import { INDEX_PAGE_IMAGES } from '../fixtures/gallery.ts';
import { PAGE_HEADINGS } from '../fixtures/pages.ts';
import { expect, type Results, test, zipManifest } from '../fixtures/test.ts';

// Many inputs at once: a list of addresses on the URL screen and several files on a
// document screen give one grid grouped by source (a heading per input, with its count, in input
// order) and one ZIP with a folder per source, its manifest naming each file in its folder.

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The grid's source headings and the cards under each, in order. */
async function groups(results: Results) {
  const groups = results.region.getByTestId('source-group');
  return groups.evaluateAll((list) =>
    list.map((group) => ({
      heading: group.querySelector('h3')?.textContent ?? '',
      cards: group.querySelectorAll('[role="listitem"]').length,
    })),
  );
}

/** A ZIP's files by folder: the folder's name and the key of each file in it (SHA-256 by default), sorted. */
function byFolder(entries: Record<string, Uint8Array>, key: (bytes: Uint8Array) => string = sha256) {
  const folders = new Map<string, string[]>();
  for (const [name, bytes] of Object.entries(entries)) {
    if (name === 'manifest.csv' || name === 'manifest.json') continue;
    const [folder, file, ...deeper] = name.split('/');
    expect(deeper, `${name}: one folder deep`).toEqual([]);
    expect(file, `${name} is in a folder`).toBeTruthy();
    folders.set(folder as string, [...(folders.get(folder as string) ?? []), key(bytes)].sort());
  }
  return folders;
}

test('a list of 3 addresses is one scan: one grid in 3 groups, one ZIP with 3 folders', async ({
  page,
  site,
  gallery,
  results,
}) => {
  test.setTimeout(90_000);
  await page.goto(PATHS.urlExtractor);
  await expect(site.heading(PAGE_HEADINGS[PATHS.urlExtractor])).toBeVisible();
  // One address by default, in a one-line URL field; the switch turns it into the list.
  const field = page.getByRole('main').getByLabel('Web page URL', { exact: true });
  await expect(field).toHaveAttribute('type', 'url');
  await site.main.getByRole('checkbox', { name: MESSAGES.url.listSwitch }).check();
  await expect(field).not.toHaveAttribute('type', 'url');
  // page-3.html shows photo.jpg as index.html does: each source's group is whole.
  const addresses = [gallery.url('index.html'), gallery.url('page-2.html'), gallery.url('page-3.html')];
  const counts = [INDEX_PAGE_IMAGES.length, 1, 2];
  await field.fill(addresses.slice(0, 2).join('\n'));
  // Shift+Enter starts a line; Enter extracts.
  await field.press('End');
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type(addresses[2] as string);
  await expect(field).toHaveValue(addresses.join('\n'));
  await page.keyboard.press('Enter');
  const total = counts.reduce((a, b) => a + b, 0);
  const done = MESSAGES.url.listSuccess(total, 3);
  await expect(site.toast('success', done.title, done.description)).toBeVisible({ timeout: 60_000 });
  await expect(results.cards).toHaveCount(total);
  expect(await groups(results)).toEqual(
    addresses.map((address, i) => ({
      heading: MESSAGES.grid.sourceHeading(address, counts[i] as number),
      cards: counts[i],
    })),
  );

  const download = page.waitForEvent('download');
  await results.region.getByRole('button', { name: 'Download All' }).click();
  const zip = await zipManifest(await download);
  const folders = byFolder(zip.entries);
  expect([...folders.keys()]).toEqual(['localhost-index.html', 'localhost-page-2.html', 'localhost-page-3.html']);
  expect([...folders.values()].map((files) => files.length)).toEqual(counts);
  for (const file of ['hero.jpg', 'photo.jpg', 'lazy.png'] as const) {
    expect(folders.get('localhost-index.html')).toContain(gallery.sha256(file));
  }
  expect(folders.get('localhost-page-2.html')).toEqual([gallery.sha256('page-two.jpg')]);
  expect(folders.get('localhost-page-3.html')).toEqual(
    [gallery.sha256('page-three.png'), gallery.sha256('photo.jpg')].sort(),
  );
  // The manifest names each file in its folder, with the address it was found on.
  expect(zip.rows.map((row) => row.file.split('/')[0])).toEqual(
    counts.flatMap((n, i) => Array.from({ length: n }, () => [...folders.keys()][i])),
  );
  expect(zip.rows.filter((row) => row.foundOn === addresses[2]).map((row) => row.file)).toHaveLength(2);
});

test('a wrong line of a list is named, and nothing is sent', async ({ page, site, gallery, results }) => {
  await page.goto(PATHS.urlExtractor);
  await site.main.getByRole('checkbox', { name: MESSAGES.url.listSwitch }).check();
  const field = page.getByRole('main').getByLabel('Web page URL', { exact: true });
  await field.fill(`${gallery.url('index.html')}\n\nnot an address`);
  await site.main.getByRole('button', { name: 'Extract Images' }).click();
  const refused = MESSAGES.url.lineInvalid(3, 'Please enter a valid http:// or https:// address');
  await expect(site.toast('error', refused.title, refused.description)).toBeVisible();
  await expect(results.region).toHaveCount(0);
  await expect(field).toHaveValue(`${gallery.url('index.html')}\n\nnot an address`);
});

/** Files chosen at once in the picker (which takes several), as the visitor would. */
const pick = (page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) =>
  page.getByTestId('upload-input').setInputFiles(files);

test('3 PDFs picked at once: one grid in 3 groups with the engine’s counts, one ZIP with 3 folders', async ({
  page,
  site,
  results,
}) => {
  test.setTimeout(180_000);
  const relatives = ['pdf/bug1755507.pdf', 'pdf/S2.pdf', 'pdf/firefox_logo.pdf'];
  const expected = await Promise.all(relatives.map((relative) => engineImages(relative)));
  await page.goto(PATHS.pdfExtractor);
  await expect(site.heading(PAGE_HEADINGS[PATHS.pdfExtractor])).toBeVisible();
  const files = relatives.map((relative) => ({
    name: path.basename(relative),
    mimeType: 'application/pdf',
    buffer: readFileSync(corpusFile(relative)),
  }));
  // A file of another kind among them is named and refused; the others go on.
  await pick(page, [
    ...files.slice(0, 2),
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a PDF') },
    ...files.slice(2),
  ]);
  const refused = MESSAGES.pdf.invalidType;
  await expect(
    site.toast('error', refused.title, MESSAGES.documents.refusedFile('notes.txt', refused.description)),
  ).toBeVisible();
  await expect(page.getByTestId('selected-file')).toHaveCount(3);
  await site.main.getByRole('button', { name: 'Extract Images from PDF' }).click();
  const total = expected.reduce((sum, images) => sum + images.length, 0);
  const done = MESSAGES.pdf.complete(total);
  await expect(site.toast('success', done.title, done.description).first()).toBeVisible({ timeout: 120_000 });
  await expect(results.cards).toHaveCount(total);
  expect(await groups(results)).toEqual(
    files.map((file, i) => ({
      heading: MESSAGES.grid.sourceHeading(file.name, expected[i]?.length ?? 0),
      cards: expected[i]?.length,
    })),
  );

  const zip = await zipManifest(await results.downloadAll());
  const folders = byFolder(zip.entries, imageKey);
  expect([...folders.keys()]).toEqual(['bug1755507', 'S2', 'firefox_logo']);
  // Each folder holds its file's images as the grid shows them (a PNG view: the same rows).
  expected.forEach((images, i) => {
    const folder = [...folders.keys()][i] as string;
    expect(folders.get(folder), folder).toEqual(images.map((image) => imageKey(image.bytes)).sort());
  });
  expect(zip.rows.map((row) => row.source)).toEqual(files.flatMap((file, i) => expected[i]?.map(() => file.name)));
});
