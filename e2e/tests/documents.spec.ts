import { readFileSync } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { MESSAGES } from 'shared-contracts/messages';
import { PATHS } from 'shared-contracts/routes';
import { corpusFile, engineImages, longPdf, sameImageFile } from '../fixtures/documents.ts';
import { PAGE_HEADINGS } from '../fixtures/pages.ts';
import { downloadedBytes, expect, type Results, type Site, test, zipEntries } from '../fixtures/test.ts';

type Screen = {
  path: (typeof PATHS)['pdfExtractor' | 'docxExtractor' | 'pptExtractor'];
  m: typeof MESSAGES.pdf | typeof MESSAGES.docx | typeof MESSAGES.ppt;
  button: string;
};
const PDF: Screen = { path: PATHS.pdfExtractor, m: MESSAGES.pdf, button: 'Extract Images from PDF' };
const WORD: Screen = { path: PATHS.docxExtractor, m: MESSAGES.docx, button: 'Extract Images from Word' };
const POWERPOINT: Screen = { path: PATHS.pptExtractor, m: MESSAGES.ppt, button: 'Extract Images from PowerPoint' };

const d = MESSAGES.documents;

async function openScreen(page: Page, site: Site, screen: Screen) {
  await page.goto(screen.path);
  await expect(site.heading(PAGE_HEADINGS[screen.path])).toBeVisible();
}

const chooseFile = (page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }) =>
  page.getByTestId('upload-input').setInputFiles(file);

const extractButton = (site: Site, screen: Screen) => site.main.getByRole('button', { name: screen.button });

/** Uploads a corpus file, extracts it and waits for the Extraction Complete toast with `count` images. */
async function extract(page: Page, site: Site, screen: Screen, relative: string, count: number) {
  await chooseFile(page, corpusFile(relative));
  await expect(page.getByTestId('selected-file')).toContainText(path.basename(relative));
  await extractButton(site, screen).click();
  // A second extraction on the same page may find the first one's toasts still showing.
  await expect(site.toast('info', screen.m.processing.title).first()).toBeVisible();
  const done = screen.m.complete(count);
  await expect(site.toast('success', done.title, done.description).first()).toBeVisible({ timeout: 60_000 });
}

/** The grid holds exactly the engine's images, and the ZIP holds each one's file (a PNG view: the same rows). */
async function expectGridAndZip(results: Results, relative: string) {
  const expected = await engineImages(relative);
  await expect(results.cards).toHaveCount(expected.length);
  await expect(results.count).toHaveText(`${expected.length} ${expected.length === 1 ? 'image' : 'images'}`);
  const names = await results.cards.evaluateAll((cards) =>
    cards.map((card) => card.querySelector('a[aria-label^="Download "]')?.getAttribute('aria-label')?.slice(9)),
  );
  expect(names).toEqual(expected.map((image) => image.shownName));

  const download = await results.downloadAll();
  const entries = await zipEntries(download);
  const embedded = expected.filter((image) => !image.linkedUrl);
  for (const image of embedded) {
    const entry = entries[image.shownName];
    expect(entry, `${image.shownName} in the ZIP`).toBeDefined();
    expect(sameImageFile(entry ?? new Uint8Array(), image.bytes), `${image.shownName} is the engine's file`).toBe(true);
  }
  const linked = expected.length - embedded.length;
  expect(Object.keys(entries)).toHaveLength(embedded.length + (linked > 0 ? 1 : 0));
  return { expected, entries };
}

test.describe('document screens', () => {
  // A 2-core machine runs the servers, the browser and the engine twice (page and reference).
  test.describe.configure({ timeout: 120_000 });

  const cases: [Screen, string][] = [
    [PDF, 'pdf/bug1755507.pdf'],
    [PDF, 'pdf/S2.pdf'],
    [WORD, 'docx/VariousPictures.docx'],
    [WORD, 'doc/testPictures.doc'],
    [POWERPOINT, 'pptx/bug65228.pptx'],
    [POWERPOINT, 'ppt/pictures.ppt'],
  ];
  for (const [screen, relative] of cases) {
    test(`${relative}: the grid shows what the engine finds, and the ZIP holds the real bytes`, async ({
      page,
      site,
      results,
    }) => {
      await openScreen(page, site, screen);
      const expected = await engineImages(relative);
      await extract(page, site, screen, relative, expected.length);
      await expectGridAndZip(results, relative);
    });
  }

  test('a single Download gives the real file, and each card says where the image is', async ({
    page,
    site,
    results,
  }) => {
    await openScreen(page, site, POWERPOINT);
    const expected = await engineImages('pptx/bug65228.pptx');
    await extract(page, site, POWERPOINT, 'pptx/bug65228.pptx', expected.length);
    for (const image of expected) {
      const card = results.card(image.shownName);
      if (image.slideNumbers?.length)
        await expect(card).toContainText(
          `Slide${image.slideNumbers.length > 1 ? 's' : ''} ${image.slideNumbers.join(', ')}`,
        );
      await expect(card).toContainText(image.format);
    }
    const first = expected[0];
    if (!first) throw new Error('bug65228.pptx should hold images');
    await results.card(first.shownName).hover();
    const download = await results.download(first.shownName);
    expect(download.suggestedFilename()).toBe(first.shownName);
    expect((await downloadedBytes(download)).equals(Buffer.from(first.bytes))).toBe(true);
    await expect(site.toast('info', MESSAGES.download.image.title)).toBeVisible();
  });

  test('EMF and WMF get a converted preview; TIFF and linked images say why they are not shown', async ({
    page,
    site,
    results,
  }) => {
    await openScreen(page, site, WORD);
    const various = await engineImages('docx/VariousPictures.docx');
    await extract(page, site, WORD, 'docx/VariousPictures.docx', various.length);
    // rtf.js draws all three; image4.emf (an Adobe EMF whose bounds lie far from 0,0) was once
    // clipped away entirely, and its card said it could not be converted.
    for (const name of ['image1.wmf', 'image3.emf', 'image4.emf']) {
      const image = various.find((i) => i.shownName === name);
      if (!image) throw new Error(`VariousPictures.docx should hold ${name}`);
      const card = results.card(name);
      await expect(card).toContainText(d.previewConverted(image.format));
      const preview = card.getByRole('img', { name: `${name} (preview)` });
      const size = await preview.evaluate((img: HTMLImageElement) => ({ w: img.naturalWidth, h: img.naturalHeight }));
      expect(size.w).toBeGreaterThan(0);
      expect(size.h).toBeGreaterThan(0);
    }

    const linkedDoc = 'docx/shp-inline-shape-access.docx';
    const withLinks = await engineImages(linkedDoc);
    await extract(page, site, WORD, linkedDoc, withLinks.length);
    const { entries } = await expectGridAndZip(results, linkedDoc);
    for (const image of withLinks.filter((i) => i.linkedUrl)) {
      await expect(results.card(image.shownName)).toContainText(d.linked(image.linkedUrl ?? ''));
    }
    expect(new TextDecoder().decode(entries['could-not-download.txt'])).toContain(d.linkedInZip);

    await openScreen(page, site, POWERPOINT);
    const tiffDeck = await engineImages('pptx/bug65228.pptx');
    await extract(page, site, POWERPOINT, 'pptx/bug65228.pptx', tiffDeck.length);
    const tiff = tiffDeck.find((i) => i.format === 'TIFF');
    if (!tiff) throw new Error('bug65228.pptx should hold a TIFF');
    await expect(results.card(tiff.shownName)).toContainText(d.cannotPreview('TIFF'));
  });

  test('wrong type, too large, not really a PDF, and no file: the catalogue messages, and the page still works', async ({
    page,
    site,
    results,
  }) => {
    await openScreen(page, site, PDF);
    await extractButton(site, PDF).click();
    await expect(site.toast('error', PDF.m.noFile.title, PDF.m.noFile.description)).toBeVisible();

    await chooseFile(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf') });
    await expect(site.toast('error', PDF.m.invalidType.title, PDF.m.invalidType.description)).toBeVisible();

    await chooseFile(page, { name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('hello, not a PDF') });
    await expect(site.toast('error', PDF.m.invalidType.title, d.wrongKind('PDF'))).toBeVisible();

    // One byte over the limit, sparse on disk: the size is refused before a byte is read.
    const big = path.join(os.tmpdir(), `too-large-${process.pid}.pdf`);
    const handle = await open(big, 'w');
    await handle.truncate(100 * 1024 * 1024 + 1);
    await handle.close();
    try {
      await chooseFile(page, big);
      await expect(site.toast('error', PDF.m.tooLarge.title, PDF.m.tooLarge.description)).toBeVisible();
    } finally {
      await unlink(big);
    }
    await expect(page.getByTestId('selected-file')).toHaveCount(0);

    await openScreen(page, site, WORD);
    await chooseFile(page, corpusFile('pdf/issue1350.pdf'));
    await expect(site.toast('error', WORD.m.invalidType.title, WORD.m.invalidType.description)).toBeVisible();
    await extractButton(site, WORD).click();
    await expect(site.toast('error', WORD.m.noFile.title, WORD.m.noFile.description)).toBeVisible();

    await openScreen(page, site, POWERPOINT);
    await chooseFile(page, corpusFile('docx/WithGIF.docx'));
    await expect(
      site.toast('error', POWERPOINT.m.invalidType.title, POWERPOINT.m.invalidType.description),
    ).toBeVisible();
    await extract(page, site, POWERPOINT, 'ppt/backgrounds.ppt', (await engineImages('ppt/backgrounds.ppt')).length);
    await expect(results.cards).not.toHaveCount(0);
  });

  test('an encrypted PDF asks for its password, says when it is wrong, and opens with the right one', async ({
    page,
    site,
    results,
  }) => {
    await openScreen(page, site, PDF);
    await chooseFile(page, corpusFile('pdf/issue3371.pdf'));
    await expect(page.getByTestId('selected-file')).toContainText('issue3371.pdf');
    await extractButton(site, PDF).click();
    const dialog = page.getByRole('dialog', { name: d.passwordTitle });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await dialog.getByLabel('Password').fill('not-it');
    await dialog.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByRole('dialog', { name: d.passwordTitle })).toContainText(d.wrongPassword, {
      timeout: 30_000,
    });
    const expected = await engineImages('pdf/issue3371.pdf', 'ELXRTQWS');
    await page.getByRole('dialog', { name: d.passwordTitle }).getByLabel('Password').fill('ELXRTQWS');
    await page.getByRole('dialog', { name: d.passwordTitle }).getByLabel('Password').press('Enter');
    const done = PDF.m.complete(expected.length);
    await expect(site.toast('success', done.title, done.description)).toBeVisible({ timeout: 30_000 });
    await expect(results.cards).toHaveCount(expected.length);
  });

  test('an encrypted PowerPoint 97 file opens after its password', async ({ page, site, results }) => {
    await openScreen(page, site, POWERPOINT);
    await chooseFile(page, corpusFile('ppt/ppt_with_png_encrypted.ppt'));
    await expect(page.getByTestId('selected-file')).toContainText('ppt_with_png_encrypted.ppt');
    await extractButton(site, POWERPOINT).click();
    const dialog = page.getByRole('dialog', { name: d.passwordTitle });
    await expect(dialog).toContainText('ppt_with_png_encrypted.ppt');
    await dialog.getByLabel('Password').fill('password');
    await dialog.getByRole('button', { name: 'Open' }).click();
    const expected = await engineImages('ppt/ppt_with_png_encrypted.ppt', 'password');
    const done = POWERPOINT.m.complete(expected.length);
    await expect(site.toast('success', done.title, done.description)).toBeVisible({ timeout: 30_000 });
    await expect(results.cards).toHaveCount(expected.length);
  });

  test('a password-protected PPTX asks for its password, opens, and its pictures download as the unencrypted ones', async ({
    page,
    site,
    results,
  }) => {
    // Saved with a password by LibreOffice from the corpus's shp-shapes.pptx (document-engine/tests/fixtures/README.md)
    const file = createRequire(import.meta.url).resolve('document-engine/fixtures/shp-shapes-standard.pptx');
    await openScreen(page, site, POWERPOINT);
    await chooseFile(page, file);
    await expect(page.getByTestId('selected-file')).toContainText('shp-shapes-standard.pptx');
    await extractButton(site, POWERPOINT).click();
    const dialog = page.getByRole('dialog', { name: d.passwordTitle });
    await expect(dialog).toContainText('shp-shapes-standard.pptx', { timeout: 30_000 });
    await dialog.getByLabel('Password').fill('Passwort-15');
    await dialog.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByRole('dialog', { name: d.passwordTitle })).toContainText(d.wrongPassword, {
      timeout: 30_000,
    });
    await page.getByRole('dialog', { name: d.passwordTitle }).getByLabel('Password').fill('Pässwort-15');
    await page.getByRole('dialog', { name: d.passwordTitle }).getByRole('button', { name: 'Open' }).click();
    // The pictures of the unencrypted presentation it was saved from, byte for byte.
    const unencrypted = await engineImages('pptx/shp-shapes.pptx');
    expect(unencrypted).toHaveLength(2);
    const done = POWERPOINT.m.complete(unencrypted.length);
    await expect(site.toast('success', done.title, done.description)).toBeVisible({ timeout: 30_000 });
    await expect(results.cards).toHaveCount(unencrypted.length);
    for (const image of unencrypted) await expect(results.card(image.shownName)).toContainText(image.format);
    const gif = unencrypted.find((image) => image.format === 'GIF');
    if (!gif) throw new Error('shp-shapes.pptx should hold a GIF');
    await results.card(gif.shownName).hover();
    const download = await results.download(gif.shownName);
    expect(download.suggestedFilename()).toBe(gif.shownName);
    expect((await downloadedBytes(download)).equals(Buffer.from(gif.bytes))).toBe(true);
  });

  test('a password-protected Word file named .pptx is refused on the PowerPoint screen once it is opened', async ({
    page,
    site,
    results,
  }) => {
    // Until it is decrypted it could be either (the name decides); then the package inside says Word.
    const docx = createRequire(import.meta.url).resolve('document-engine/fixtures/having-images-standard.docx');
    await openScreen(page, site, POWERPOINT);
    await chooseFile(page, {
      name: 'renamed.pptx',
      mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      buffer: readFileSync(docx),
    });
    await expect(page.getByTestId('selected-file')).toContainText('renamed.pptx');
    await extractButton(site, POWERPOINT).click();
    const dialog = page.getByRole('dialog', { name: d.passwordTitle });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await dialog.getByLabel('Password').fill('Pässwort-15');
    await dialog.getByRole('button', { name: 'Open' }).click();
    await expect(site.main).toContainText(d.wrongKind('PowerPoint presentation'), { timeout: 30_000 });
    await expect(results.cards).toHaveCount(0);
  });

  test('Cancel stops a long run, keeps what was found and frees the button', async ({ page, site, results }) => {
    await openScreen(page, site, PDF);
    await chooseFile(page, longPdf());
    // As a user does: Extract once the chosen file is shown (its kind is read in the Worker first).
    await expect(page.getByTestId('selected-file')).toContainText('long-freeculture.pdf');
    await extractButton(site, PDF).click();
    const progress = page.getByTestId('progress-text');
    await expect(progress).toHaveText(/^\d+ of \d+ pages$/, { timeout: 30_000 });
    await expect(site.main.getByRole('button', { name: /Extracting Images\.\.\./ })).toBeDisabled();
    await results.cards.first().waitFor({ timeout: 30_000 });
    await site.main.getByRole('button', { name: 'Cancel' }).click();
    await expect(site.toast('info', 'Extraction cancelled')).toBeVisible();
    await expect(extractButton(site, PDF)).toBeEnabled();
    await expect(progress).toHaveCount(0);
    const found = await results.cards.count();
    const all = await engineImages('pdf/freeculture.pdf');
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(all.length * 5);
    await expect(site.toast('success', 'Extraction Complete')).toHaveCount(0);
  });

  test('the grid has 1, 2, 3 or 4 columns by width', async ({ page, site, results }) => {
    await openScreen(page, site, PDF);
    const expected = await engineImages('pdf/bug1755507.pdf');
    await extract(page, site, PDF, 'pdf/bug1755507.pdf', expected.length);
    for (const [width, columns] of [
      [480, 1],
      [700, 2],
      [1000, 3],
      [1300, 4],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expect
        .poll(async () => {
          const lefts = await results.cards.evaluateAll((cards) =>
            cards.map((c) => Math.round(c.getBoundingClientRect().left)),
          );
          return new Set(lefts).size;
        })
        .toBe(columns);
      // For looking at: what a user sees at this width.
      await results.region.screenshot({ path: path.join(os.tmpdir(), `documents-grid-${width}.png`) });
    }
  });
});

test.describe('office pictures as the document shows them', () => {
  test.describe.configure({ timeout: 120_000 });

  test("a cropped picture's card shows the crop; every vector picture gets a card that says how its preview was made", async ({
    page,
    site,
    results,
  }) => {
    // shp-picture.pptx shows each of its two pictures whole and cropped (a:srcRect)
    await openScreen(page, site, POWERPOINT);
    const deck = await engineImages('pptx/shp-picture.pptx');
    await extract(page, site, POWERPOINT, 'pptx/shp-picture.pptx', deck.length);
    await expect(results.cards).toHaveCount(4);
    for (const image of deck.filter((i) => i.viewChanges?.includes('crop'))) {
      const picture = results.card(image.shownName).getByRole('img', { name: image.shownName });
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
        .toEqual([image.width, image.height]);
      expect([image.width, image.height]).not.toEqual([image.original?.width, image.original?.height]);
    }

    // bug65228.pptx's EMF draws nothing: its card is there (the grid counts what the toast counts) and says so
    const emptyDeck = await engineImages('pptx/bug65228.pptx');
    await extract(page, site, POWERPOINT, 'pptx/bug65228.pptx', emptyDeck.length);
    await expect(results.cards).toHaveCount(emptyDeck.length);
    const emf = emptyDeck.find((i) => i.format === 'EMF');
    if (!emf) throw new Error('bug65228.pptx should hold an EMF');
    await expect(results.card(emf.shownName)).toContainText(d.previewEmpty('EMF'));

    // word_with_embeded.doc's four EMFs are OLE previews of text, which rtf.js does not draw: the server does
    await openScreen(page, site, WORD);
    const doc = await engineImages('doc/word_with_embeded.doc');
    await extract(page, site, WORD, 'doc/word_with_embeded.doc', doc.length);
    await expect(results.cards).toHaveCount(doc.length);
    for (const image of doc.filter((i) => i.format === 'EMF')) {
      const card = results.card(image.shownName);
      await expect(card).toContainText(d.previewFromServer('EMF'), { timeout: 30_000 });
      const preview = card.getByRole('img', { name: `${image.shownName} (preview)` });
      const size = await preview.evaluate((img: HTMLImageElement) => Math.max(img.naturalWidth, img.naturalHeight));
      expect(size).toBe(1200);
    }
  });
});
