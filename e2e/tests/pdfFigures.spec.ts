import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { FigurePage } from 'document-engine/figure-pages';
import { decode } from 'fast-png';
import { MESSAGES } from 'shared-contracts/messages';
import { PATHS } from 'shared-contracts/routes';
import { PAGE_HEADINGS } from '../fixtures/pages.ts';
import { DATA_DIR } from '../fixtures/paths.ts';
import { downloadedBytes, expect, type Results, type Site, test, zipManifest } from '../fixtures/test.ts';

/**
 * The PDF screen's Figures: a paper built here with known figures (a plot and a table on page 1, a
 * photograph on page 2), found by their captions in the browser's Worker, each card a PNG drawn
 * at the resolution asked for with its vector PDF one click away, named by `{figure}-{caption}`
 * in a ZIP, and beside the images in "Both" with the grid's Show filter.
 */
const f = MESSAGES.figures;
const DPI = 150;

const CAPTIONS = {
  plot: 'Figure 1: Accuracy of the model over training epochs.',
  table: 'Table 1: Results on the benchmark datasets.',
  photo: 'Figure 2: A photograph of the apparatus.',
};

/** The paper: two pages joined by poppler's pdfunite, written once per run under e2e/.data. */
function paperPdf(): string {
  const dir = DATA_DIR;
  mkdirSync(dir, { recursive: true });
  const first = new FigurePage();
  first.paragraph(72, 740, 4, 93);
  first.begin('plot').plot(156, 500, 300, 170).end();
  first.text(156, 480, 9, CAPTIONS.plot);
  first.paragraph(72, 450, 3, 93);
  first.text(131, 390, 9, CAPTIONS.table);
  first.begin('table');
  first.table(131, 378, 5, 6);
  first.end();
  first.paragraph(72, 230, 5, 93);
  const second = new FigurePage();
  second.paragraph(72, 740, 4, 93);
  second.begin('photo').image(156, 480, 300, 180).end();
  second.text(156, 462, 9, CAPTIONS.photo);
  second.paragraph(72, 430, 6, 93);
  const parts = [first, second].map((page, i) => {
    const file = path.join(dir, `figures-part-${i + 1}.pdf`);
    writeFileSync(file, page.pdf());
    return file;
  });
  const out = path.join(dir, 'figures-paper.pdf');
  execFileSync('pdfunite', [...parts, out]);
  return out;
}

/** A PDF's page count and first page size in points, as poppler reads them. */
function pdfPages(file: string): { pages: number; width: number; height: number } {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info);
  return { pages, width: Number(size?.[1]), height: Number(size?.[2]) };
}

async function openPdfScreen(page: Page, site: Site, file: string) {
  await page.goto(PATHS.pdfExtractor);
  await expect(site.heading(PAGE_HEADINGS[PATHS.pdfExtractor])).toBeVisible();
  await page.getByTestId('upload-input').setInputFiles(file);
  await expect(page.getByTestId('selected-file')).toContainText(path.basename(file));
}

/** What to find, chosen as a visitor does it with the keyboard: the radio group's arrows. */
async function chooseFind(page: Page, site: Site, mode: 'Figures' | 'Both') {
  const images = site.main.getByRole('radio', { name: f.find.images });
  await images.focus();
  await page.keyboard.press(mode === 'Figures' ? 'ArrowRight' : 'ArrowLeft');
  await expect(site.main.getByRole('radio', { name: mode })).toBeChecked();
}

const figureCard = (results: Results, name: string) => results.card(name);

test.describe('figures on the PDF screen', () => {
  // A 2-core machine builds the page, runs pdf.js in the Worker and reads every file back.
  test.describe.configure({ timeout: 180_000 });

  test('Figures at 150 dpi: labelled cards, real PNGs, one-page vector PDFs, {figure}-{caption} names in the ZIP', async ({
    page,
    site,
    results,
  }, testInfo) => {
    const file = paperPdf();
    await openPdfScreen(page, site, file);
    // Images is the default: the resolution is asked only when figures are.
    await expect(site.main.getByRole('radio', { name: f.find.images })).toBeChecked();
    await expect(site.main.getByLabel(f.dpiLabel)).toHaveCount(0);
    await chooseFind(page, site, 'Figures');
    const dpi = site.main.getByLabel(f.dpiLabel);
    await expect(dpi).toHaveValue(String(DPI));
    await expect(dpi.locator('option')).toHaveText(['150 dpi', '300 dpi', '600 dpi']);
    await dpi.selectOption(String(DPI));
    const find = await new AxeBuilder({ page }).include('[data-testid="find-choice"]').analyze();
    const serious = find.violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('figures-choice.png') });

    await site.main.getByRole('button', { name: 'Extract Figures from PDF' }).click();
    await expect(results.cards).toHaveCount(3, { timeout: 90_000 });
    await expect(results.count).toHaveText('3 images');
    await expect(page.getByText(f.complete(3, 'PDF', 'figures').description)).toBeVisible();
    const expected = [
      { name: 'figure-1.png', line: 'Figure 1 · page 1 · vector', caption: CAPTIONS.plot },
      { name: 'table-1.png', line: 'Table 1 · page 1 · vector', caption: CAPTIONS.table },
      { name: 'figure-2.png', line: 'Figure 2 · page 2 · picture', caption: CAPTIONS.photo },
    ];
    for (const { name, line, caption } of expected) {
      const card = figureCard(results, name);
      await expect(card.getByTestId('figure-label')).toHaveText(line);
      await expect(card.getByTestId('figure-caption')).toHaveText(caption);
      await expect(card.getByRole('link', { name: f.vectorPdfLabel(name) })).toHaveText(f.vectorPdf);
    }
    await results.cards.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('figures-cards.png'), fullPage: true });

    // Each card's picture is its PNG at 150 dpi: the size of its vector PDF's page × 150 / 72.
    for (const { name } of expected) {
      const card = figureCard(results, name);
      await card.hover();
      const png = await downloadedBytes(await results.download(name));
      const decoded = decode(png);
      const pdfDownload = page.waitForEvent('download');
      await card.getByRole('link', { name: f.vectorPdfLabel(name) }).click();
      const pdf = await pdfDownload;
      expect(pdf.suggestedFilename()).toBe(name.replace(/\.png$/, '.pdf'));
      const bytes = await downloadedBytes(pdf);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const pdfFile = testInfo.outputPath(pdf.suggestedFilename());
      writeFileSync(pdfFile, bytes);
      const { pages, width, height } = pdfPages(pdfFile);
      expect(pages, `${name}: its vector PDF is one page`).toBe(1);
      expect(Math.abs(decoded.width - (width * DPI) / 72), `${name}: width at ${DPI} dpi`).toBeLessThanOrEqual(1);
      expect(Math.abs(decoded.height - (height * DPI) / 72), `${name}: height at ${DPI} dpi`).toBeLessThanOrEqual(1);
    }

    // Named by the figure and its caption, in the ZIP and its manifest; "Original files" gives the PDFs.
    await results.openDownloadOptions();
    await results.region.getByLabel(MESSAGES.grid.fileNames).fill('{figure}-{caption}');
    const zip = await zipManifest(await results.downloadAll());
    const named = [
      'figure-1-Accuracy of the model over training epochs.png',
      'table-1-Results on the benchmark datasets.png',
      'figure-2-A photograph of the apparatus.png',
    ];
    expect(zip.names.filter((name) => !name.startsWith('manifest.')).sort()).toEqual([...named].sort());
    for (const name of named) expect(decode(zip.entries[name] ?? new Uint8Array()).width).toBeGreaterThan(0);
    expect(zip.rows.map((row) => [row.file, row.figure, row.caption, row.page])).toEqual(
      expect.arrayContaining([
        [named[0], 'Figure 1', CAPTIONS.plot, 1],
        [named[1], 'Table 1', CAPTIONS.table, 1],
        [named[2], 'Figure 2', CAPTIONS.photo, 2],
      ]),
    );
    expect(zip.csv.split('\r\n')[0]).toContain(',figure,caption');

    await results.region.getByText(MESSAGES.rendition.zipOriginals, { exact: true }).click();
    await expect(results.region.getByRole('radio', { name: MESSAGES.rendition.zipOriginals })).toBeChecked();
    const originals = await zipManifest(await results.downloadAll());
    const pdfs = named.map((name) => name.replace(/\.png$/, '.pdf'));
    expect(originals.names.filter((name) => !name.startsWith('manifest.')).sort()).toEqual([...pdfs].sort());
    for (const name of pdfs) {
      expect(
        Buffer.from(originals.entries[name] ?? new Uint8Array())
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');
    }
  });

  test('Both: the images, then the figures; the Show filter and a figure naming the image it draws; axe finds nothing serious', async ({
    page,
    site,
    results,
  }, testInfo) => {
    const file = paperPdf();
    await openPdfScreen(page, site, file);
    await chooseFind(page, site, 'Both');
    await site.main.getByRole('button', { name: 'Extract Images and Figures from PDF' }).click();
    // One embedded image (the photograph, on page 2) and three figures.
    await expect(results.cards).toHaveCount(4, { timeout: 90_000 });
    const labels = results.region.getByTestId('figure-label');
    await expect(labels).toHaveText([
      'Figure 1 · page 1 · vector',
      'Table 1 · page 1 · vector',
      'Figure 2 · page 2 · picture',
    ]);
    const shown = await results.shown();
    const image = shown[0]?.name ?? '';
    expect(image).not.toMatch(/^(figure|table)-/);
    await expect(figureCard(results, 'figure-2.png').getByTestId('figure-draws')).toHaveText(f.draws([image]));

    const show = results.region.getByRole('combobox', { name: f.showLabel, exact: true });
    await expect(show.locator('option')).toHaveText([f.show.all, f.show.figures, f.show.images]);
    await show.selectOption('figures');
    await expect(results.cards).toHaveCount(3);
    await expect(results.count).toHaveText('3 of 4 images shown');
    await show.selectOption('images');
    await expect(results.cards).toHaveCount(1);
    await expect(results.card(image)).toHaveCount(1);
    await show.selectOption('all');
    await expect(results.cards).toHaveCount(4);
    await page.screenshot({ path: testInfo.outputPath('figures-both.png'), fullPage: true });

    // The pointer away: axe reads colours at rest, not the Extract button's hover colour.
    await page.mouse.move(0, 0);
    const { violations } = await new AxeBuilder({ page }).include('main').analyze();
    const serious = violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.html.slice(0, 160)} ${n.failureSummary}`).join(', ')}`),
    ).toEqual([]);
  });

  test("a vector figure's SVG: drawn by the server from its vector PDF, saved as figure-1.svg; a photograph has none", async ({
    page,
    site,
    results,
  }) => {
    await openPdfScreen(page, site, paperPdf());
    await chooseFind(page, site, 'Figures');
    await site.main.getByRole('button', { name: 'Extract Figures from PDF' }).click();
    await expect(results.cards).toHaveCount(3, { timeout: 90_000 });
    await expect(
      figureCard(results, 'figure-2.png').getByRole('button', { name: f.svgLabel('figure-2.png') }),
    ).toHaveCount(0);
    const button = figureCard(results, 'figure-1.png').getByRole('button', { name: f.svgLabel('figure-1.png') });
    await expect(button).toHaveText(f.svg);
    const saved = page.waitForEvent('download');
    await button.click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe('figure-1.svg');
    const svg = (await downloadedBytes(download)).toString('utf8');
    expect(svg).toMatch(/^<\?xml[^>]*>\s*<svg[\s>]/);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    // the plot's axes, ticks and line, and every glyph of its labels drawn as a path
    expect(svg.match(/<path/g)?.length ?? 0).toBeGreaterThan(40);
    expect(svg).not.toMatch(/<image|<text|<script/);
    // its size is the vector PDF's page, in points
    const pdfDownload = page.waitForEvent('download');
    await figureCard(results, 'figure-1.png')
      .getByRole('link', { name: f.vectorPdfLabel('figure-1.png') })
      .click();
    const pdfFile = test.info().outputPath('figure-1.pdf');
    writeFileSync(pdfFile, await downloadedBytes(await pdfDownload));
    const { width, height } = pdfPages(pdfFile);
    const viewBox =
      /<svg[^>]*\sviewBox="([^"]+)"/
        .exec(svg)?.[1]
        ?.split(/[\s,]+/)
        .map(Number) ?? [];
    expect(Math.abs((viewBox[2] ?? 0) - width)).toBeLessThanOrEqual(1);
    expect(Math.abs((viewBox[3] ?? 0) - height)).toBeLessThanOrEqual(1);
    await expect(button).toHaveAttribute('aria-busy', 'false');
  });

  test('the Word screen offers no figures', async ({ page, site }) => {
    await page.goto(PATHS.docxExtractor);
    await expect(site.heading(PAGE_HEADINGS[PATHS.docxExtractor])).toBeVisible();
    await expect(site.main.getByRole('button', { name: 'Extract Images from Word' })).toBeVisible();
    await expect(site.main.getByRole('radio', { name: f.find.figures })).toHaveCount(0);
  });
});
