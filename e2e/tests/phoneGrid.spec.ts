import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { MESSAGES } from 'shared-contracts/messages';
import { PATHS } from 'shared-contracts/routes';
import { corpusFile, type ExpectedImage, engineImages } from '../fixtures/documents.ts';
import { PAGE_HEADINGS } from '../fixtures/pages.ts';
import { expect, type Results, type Site, test } from '../fixtures/test.ts';

// A phone: the results bar folds its filters and selection into one sheet, so the first picture
// shows under the heading without scrolling past controls.
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const g = MESSAGES.grid;
// 22 images: the filters and the selection are all shown.
const PDF = 'pdf/freeculture.pdf';

async function extract(page: Page, site: Site, results: Results): Promise<ExpectedImage[]> {
  const expected = await engineImages(PDF);
  await page.goto(PATHS.pdfExtractor);
  await expect(site.heading(PAGE_HEADINGS[PATHS.pdfExtractor])).toBeVisible();
  await page.getByTestId('upload-input').setInputFiles(corpusFile(PDF));
  await site.main.getByRole('button', { name: 'Extract Images from PDF' }).click();
  const done = MESSAGES.pdf.complete(expected.length);
  await expect(site.toast('success', done.title, done.description).first()).toBeVisible({ timeout: 60_000 });
  await expect(results.cards).toHaveCount(expected.length);
  return expected;
}

const sheetButton = (results: Results) => results.region.getByRole('button', { name: /^Filters and selection/ });
const sheet = (page: Page) => page.getByRole('dialog', { name: g.phoneSheetTitle });

test('with the heading at the top, the first picture is on screen whole; the filters wait in the sheet', async ({
  page,
  site,
  results,
}) => {
  const expected = await extract(page, site, results);
  expect(expected.length).toBeGreaterThan(10);
  const heading = results.region.getByRole('heading', { name: 'Extracted Images', level: 2 });
  await heading.evaluate((element) => element.scrollIntoView({ block: 'start' }));

  // Just under the fixed header, not hidden by it.
  const headerBottom = await site.header.evaluate((element) => element.getBoundingClientRect().bottom);
  const headingTop = await heading.evaluate((element) => element.getBoundingClientRect().top);
  expect(headingTop).toBeGreaterThanOrEqual(headerBottom - 1);
  expect(headingTop).toBeLessThan(headerBottom + 32);

  const picture = results.cards.first().locator('.ie-image-card__frame > img');
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  const box = await picture.evaluate((element) => {
    const { top, bottom, left, right } = element.getBoundingClientRect();
    return { top, bottom, left, right };
  });
  expect(box.top).toBeGreaterThanOrEqual(headerBottom);
  expect(box.bottom).toBeLessThanOrEqual(PHONE.height);
  expect(box.left).toBeGreaterThanOrEqual(0);
  expect(box.right).toBeLessThanOrEqual(PHONE.width);

  // The bar keeps the sheet's button, what is chosen and Download All; the rest is in the sheet.
  await expect(sheetButton(results)).toHaveText(g.phoneSheet(0));
  await expect(results.region.getByTestId('selection-summary')).toHaveText(g.selected(0, '0 B'));
  await expect(results.region.getByRole('button', { name: 'Download All' })).toBeVisible();
  await expect(results.region.getByRole('button', { name: g.downloadSelected })).toHaveCount(0);
  await expect(results.region.getByRole('combobox', { name: 'Sort' })).toBeHidden();
  await expect(results.region.getByRole('button', { name: g.selectAll })).toBeHidden();
  // The download options' line of what is set stays one line beside its button.
  const options = await results.region.locator('.ie-results__options-head').evaluate((element) => element.clientHeight);
  expect(options).toBeLessThanOrEqual(40);
});

test('the sheet by keyboard: Enter opens it with focus inside, a filter and a sort apply, Escape closes it back to its button', async ({
  page,
  site,
  results,
}) => {
  const expected = await extract(page, site, results);
  const button = sheetButton(results);
  await button.focus();
  await page.keyboard.press('Enter');
  const opened = sheet(page);
  await expect(opened).toBeVisible();
  await expect.poll(() => opened.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await expect(opened.getByRole('button', { name: g.phoneSheetClose })).toBeVisible();

  // A minimum size that hides some pictures, and the largest first.
  const sides = expected
    .map((image) => Math.min(image.width ?? Infinity, image.height ?? Infinity))
    .sort((a, b) => a - b);
  const threshold = sides[Math.floor(sides.length / 2)] ?? 0;
  const kept = expected.filter((image) => Math.min(image.width ?? Infinity, image.height ?? Infinity) >= threshold);
  expect(kept.length).toBeGreaterThan(0);
  expect(kept.length).toBeLessThan(expected.length);
  await opened.getByRole('combobox', { name: 'Sort' }).selectOption('largest');
  const minSize = opened.getByRole('spinbutton', { name: 'Minimum size' });
  await minSize.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(String(threshold));
  await page.keyboard.press('Escape');

  await expect(opened).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveText(g.phoneSheet(1));
  await expect(results.count).toHaveText(`${kept.length} of ${expected.length} images shown`);
  await expect(results.cards).toHaveCount(kept.length);
  const area = (image: ExpectedImage) => (image.width ?? 0) * (image.height ?? 0);
  const largest = Math.max(...kept.map(area));
  const first = (await results.shown())[0]?.name;
  expect(kept.filter((image) => area(image) === largest).map((image) => image.shownName)).toContain(first);

  // Select all in the sheet: the bar says so and offers Download Selected.
  await button.click();
  await opened.getByRole('button', { name: g.selectAll }).click();
  await opened.getByRole('button', { name: g.phoneSheetClose }).click();
  await expect(opened).toBeHidden();
  await expect(button).toBeFocused();
  await expect(results.region.getByTestId('selection-summary')).toContainText(`${kept.length} selected`);
  await expect(results.region.getByRole('button', { name: g.downloadSelected })).toBeEnabled();
});

test('at 390 px the results have no target under 24 px, and the open sheet no serious accessibility violation', async ({
  page,
  site,
  results,
}) => {
  // One extraction and four axe runs.
  test.slow();
  await extract(page, site, results);
  const targets = await new AxeBuilder({ page }).include('section.ie-results').withRules(['target-size']).analyze();
  expect(targets.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' ')))).toEqual([]);

  // Opened by keyboard, the pointer away: axe reads colours as they are, not a hover fading in
  // under the pointer left where the sheet's button was.
  await page.mouse.move(0, 0);
  await sheetButton(results).focus();
  await page.keyboard.press('Enter');
  await expect(sheet(page)).toBeVisible();
  const inSheet = await new AxeBuilder({ page }).include('dialog.ie-sheet').analyze();
  const serious = inSheet.violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  const sheetTargets = await new AxeBuilder({ page }).include('dialog.ie-sheet').withRules(['target-size']).analyze();
  expect(sheetTargets.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' ')))).toEqual(
    [],
  );
});
