import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { decode } from 'fast-png';
import { MESSAGES } from 'shared-contracts/messages';
import { PATHS } from 'shared-contracts/routes';
import { PAGE_HEADINGS } from '../fixtures/pages.ts';
import { GALLERY_IMG_DIR } from '../fixtures/paths.ts';
import { expect, test, zipManifest } from '../fixtures/test.ts';

// Convert on download: a WebP on a web page, converted to PNG in the browser's Worker
// as the ZIP is written, decodes as a PNG of the picture's size (and at a longest side, smaller).

const g = MESSAGES.grid;

/**
 * A WebP of the gallery's lazy.png, encoded by this Chromium (no WebP encoder is needed on the
 * machine), and a page showing it: both beside the gallery's copied images (not committed).
 */
test.beforeEach(async ({ page, gallery }) => {
  const png = await gallery.bytes('lazy.png');
  await page.goto('about:blank');
  const webp = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/webp', quality: 0.9 });
    const out = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (const byte of out) text += String.fromCharCode(byte);
    return { type: blob.type, base64: btoa(text) };
  }, png.toString('base64'));
  expect(webp.type).toBe('image/webp');
  await writeFile(path.join(GALLERY_IMG_DIR, 'lazy.webp'), Buffer.from(webp.base64, 'base64'));
  await writeFile(
    path.join(GALLERY_IMG_DIR, 'webp.html'),
    '<!doctype html><html lang="en"><title>WebP</title><img src="lazy.webp" alt="A banner"></html>',
  );
});

test('a WebP converts to a PNG that decodes, at its size, and within a longest side', async ({
  page,
  site,
  gallery,
  results,
}) => {
  await page.goto(PATHS.urlExtractor);
  await expect(site.heading(PAGE_HEADINGS[PATHS.urlExtractor])).toBeVisible();
  await page.getByRole('main').getByLabel('Web page URL', { exact: true }).fill(gallery.url('img/webp.html'));
  await site.main.getByRole('button', { name: 'Extract Images' }).click();
  await expect(results.cards).toHaveCount(1);

  await results.openDownloadOptions();
  await results.region.getByRole('combobox', { name: g.convertLabel }).selectOption({ label: g.convertFormats.png });

  const asPng = await zipManifest(await results.downloadAll());
  expect(asPng.names).toEqual(['lazy.png', 'manifest.csv', 'manifest.json']);
  const full = decode(asPng.entries['lazy.png'] ?? new Uint8Array());
  expect([full.width, full.height]).toEqual([595, 220]);
  expect(asPng.rows[0]).toMatchObject({ file: 'lazy.png', format: 'PNG', width: 595, height: 220 });

  // The same, no side longer than 300 px: scaled, proportions kept.
  await results.region.getByLabel(g.maxSide, { exact: true }).fill('300');
  await results.region.getByLabel(g.maxSide, { exact: true }).blur();
  const small = await zipManifest(await results.downloadAll());
  expect(small.names).toEqual(['lazy.png', 'manifest.csv', 'manifest.json']);
  const scaled = decode(small.entries['lazy.png'] ?? new Uint8Array());
  expect([scaled.width, scaled.height]).toEqual([300, 111]);
  expect(small.rows[0]).toMatchObject({ width: 300, height: 111, bytes: small.entries['lazy.png']?.length });
});
