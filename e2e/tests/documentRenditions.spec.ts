import path from 'node:path';
import type { Page } from '@playwright/test';
import { MESSAGES } from 'shared-contracts/messages';
import { PATHS } from 'shared-contracts/routes';
import { corpusFile, engineImages, sameImageFile } from '../fixtures/documents.ts';
import { PAGE_HEADINGS } from '../fixtures/pages.ts';
import { downloadedBytes, expect, type Results, type Site, test, zipEntries } from '../fixtures/test.ts';

/**
 * Issue 15's two renditions on the PDF screen: what a card shows and downloads is the image as the
 * page draws it (a PNG with the mask merged, a JPEG 2000 decoded), and the stored file is one
 * click away and in Download All's "Original files". Every file is read back and compared with the
 * engine's own output in Node.
 */
const r = MESSAGES.rendition;

async function extractPdf(page: Page, site: Site, relative: string, count: number) {
  await page.goto(PATHS.pdfExtractor);
  await expect(site.heading(PAGE_HEADINGS[PATHS.pdfExtractor])).toBeVisible();
  await page.getByTestId('upload-input').setInputFiles(corpusFile(relative));
  await expect(page.getByTestId('selected-file')).toContainText(path.basename(relative));
  await site.main.getByRole('button', { name: 'Extract Images from PDF' }).click();
  const done = MESSAGES.pdf.complete(count);
  await expect(site.toast('success', done.title, done.description).first()).toBeVisible({ timeout: 60_000 });
}

/** The alpha of a PNG's top-left pixel, as Chromium decodes it. */
function cornerAlpha(page: Page, png: Buffer): Promise<number> {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(bitmap, 0, 0);
    return context.getImageData(0, 0, 1, 1).data[3] ?? -1;
  }, png.toString('base64'));
}

async function downloadAllAs(results: Results, choice: string) {
  await results.openDownloadOptions();
  // The radio input is out of sight under its label (ChoiceGroup): the label is what a person clicks
  await results.region.getByText(choice, { exact: true }).click();
  await expect(results.region.getByRole('radio', { name: choice })).toBeChecked();
  return results.downloadAll();
}

test.describe('PDF images as the page draws them, and their stored files', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a transparent logo downloads as a PNG with a transparent corner; its JPEG is one click away and in "Original files"', async ({
    page,
    site,
    results,
  }) => {
    const [logo] = await engineImages('pdf/firefox_logo.pdf');
    if (!logo?.original || !logo.originalName)
      throw new Error('firefox_logo.pdf should give a view and its stored JPEG');
    await extractPdf(page, site, 'pdf/firefox_logo.pdf', 1);
    const card = results.card(logo.shownName);
    await expect(card).toContainText(r.shownAs([r.changes.transparency]));

    await card.hover();
    const view = await downloadedBytes(await results.download(logo.shownName));
    expect(view.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(sameImageFile(view, logo.bytes), "the view, the engine's PNG").toBe(true);
    expect(await cornerAlpha(page, view)).toBe(0);

    const originalDownload = page.waitForEvent('download');
    await card.getByRole('link', { name: r.originalFileLabel(logo.shownName) }).click();
    const original = await originalDownload;
    expect(original.suggestedFilename()).toBe(logo.originalName);
    expect((await downloadedBytes(original)).equals(Buffer.from(logo.original.bytes)), 'the stored JPEG').toBe(true);

    const asShown = await zipEntries(await downloadAllAs(results, r.zipAsShown));
    expect(Object.keys(asShown)).toEqual([logo.shownName]);
    expect(sameImageFile(asShown[logo.shownName] ?? new Uint8Array(), logo.bytes)).toBe(true);

    const originals = await zipEntries(await downloadAllAs(results, r.zipOriginals));
    expect(Object.keys(originals)).toEqual([logo.originalName]);
    expect(Buffer.from(originals[logo.originalName] ?? []).equals(Buffer.from(logo.original.bytes))).toBe(true);
  });

  test('JPEG 2000 images show as previews, and "Original files" holds the .jp2 files', async ({
    page,
    site,
    results,
  }) => {
    const expected = await engineImages('pdf/S2.pdf');
    const jpx = expected.filter((image) => image.original?.format === 'JPX');
    expect(jpx.length).toBeGreaterThan(0);
    await extractPdf(page, site, 'pdf/S2.pdf', expected.length);
    const shown = await results.shown();
    for (const image of jpx) {
      const card = results.card(image.shownName);
      await expect(card).toContainText(r.shownAs([r.changes.jpeg2000, r.changes.transparency]));
      await expect(card).not.toContainText(MESSAGES.documents.cannotPreview('JPX'));
      const url = shown.find((one) => one.name === image.shownName)?.url ?? '';
      expect(await results.naturalSize(url)).toEqual({ width: image.width, height: image.height });
    }
    const originals = await zipEntries(await downloadAllAs(results, r.zipOriginals));
    for (const image of expected) {
      const name = image.originalName ?? image.shownName;
      const bytes = image.original?.bytes ?? image.bytes;
      expect(sameImageFile(originals[name] ?? new Uint8Array(), bytes), `${name}: the stored file`).toBe(true);
    }
    expect(Object.keys(originals)).toHaveLength(expected.length);
  });
});
