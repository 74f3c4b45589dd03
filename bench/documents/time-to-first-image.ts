// Time to first image, and to all images, for a 100-page PDF on the PDF screen in Chromium: the
// built site driven with Playwright (Debian's Chromium), the file chosen as a user would, timed
// in the page from the click on Extract to the first card in the grid and to the Extraction
// Complete toast. The same file through the engine in Node is printed beside it, for scale.
// With --find figures: the 100-page paper of hundredPagePaper.ts (42 figures and tables), "Find:
// Figures" chosen on the screen, and the engine's figure pass in Node beside it.
//   extract-api/node_modules/.bin/tsx bench/documents/time-to-first-image.ts [--url URL] [--runs N] [--find figures]
// The site must be running (default: the e2e layout, shell + API on 4300 and the documents
// remote previewed on 4303, so the Worker starts cross-origin as on a CDN). Needs pdfunite
// (poppler-utils) and the corpus (tooling/corpus.mjs).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { extractDocument, extractPdfFigures } from 'document-engine';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tooling/chromium.mjs';
import { corpusPath } from '../../tooling/corpus.mjs';
import { hundredPagePaper } from './hundredPagePaper.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:4300/image-extractor-pdf' },
    runs: { type: 'string', default: '5' },
    find: { type: 'string', default: 'images' },
  },
});
const figures = values.find === 'figures';
const runs = Number(values.runs);
const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = corpusPath('pdf');
const require = createRequire(path.resolve(here, '../../e2e/package.json'));
const { chromium } = require('@playwright/test') as typeof import('@playwright/test');

/**
 * 100 pages of real corpus PDFs: every single-page and short corpus PDF (not freeculture.pdf,
 * which is mostly text, nor the encrypted ones), repeated in name order until 100 pages. Each page
 * carries images, so the grid fills all along the run.
 */
function hundredPagePdf(dir: string): { file: string; pages: number } {
  const info = (file: string) => execFileSync('pdfinfo', [file], { stdio: ['ignore', 'pipe', 'ignore'] }).toString();
  const pagesOf = (file: string) => Number(/Pages:\s+(\d+)/.exec(info(file))?.[1] ?? 0);
  // pdfunite cannot merge encrypted files, even those with an empty password.
  const parts = readdirSync(corpus)
    .filter((f) => f.endsWith('.pdf') && f !== 'freeculture.pdf' && f !== 'issue3371.pdf')
    .sort()
    .map((f) => path.join(corpus, f))
    .filter((file) => !/Encrypted:\s+yes/.test(info(file)))
    .map((file) => ({ file, pages: pagesOf(file) }))
    .filter((p) => p.pages > 0);
  const chosen: string[] = [];
  let pages = 0;
  for (let i = 0; pages < 100; i++) {
    const part = parts[i % parts.length];
    if (!part) throw new Error('no corpus PDFs found');
    if (pages + part.pages > 100) continue;
    chosen.push(part.file);
    pages += part.pages;
  }
  const file = path.join(dir, 'hundred-pages.pdf');
  execFileSync('pdfunite', [...chosen, file], { stdio: 'ignore' });
  return { file, pages: pagesOf(file) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

async function inNode(file: string) {
  const bytes = new Uint8Array(readFileSync(file));
  const started = performance.now();
  let first = 0;
  let images = 0;
  for await (const _ of figures ? extractPdfFigures(bytes, { figureDpi: 150 }) : extractDocument(bytes)) {
    if (images++ === 0) first = performance.now() - started;
  }
  return { first, all: performance.now() - started, images };
}

async function inBrowser(file: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  const results: { first: number; all: number; images: number; marks: Record<string, number> }[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
      await page.goto(values.url);
      await page.getByTestId('upload-input').setInputFiles(file);
      await page.getByTestId('selected-file').waitFor();
      if (figures) await page.getByRole('radio', { name: 'Figures' }).check();
      // A person reads the file's name before pressing Extract: what choosing a file starts loading
      // (the results grid, preloadExtractionViews) has arrived, as it has for them.
      await page.waitForLoadState('networkidle');
      // Timed in the page: the click, the first card, the Extraction Complete toast.
      const timing = page.evaluate(
        () =>
          new Promise<{ first: number; all: number; images: number; marks: Record<string, number> }>((resolve) => {
            const button = [...document.querySelectorAll('button')].find((b) =>
              /^Extract (Images|Figures) from PDF$/.test(b.textContent ?? ''),
            );
            let clicked = 0;
            let first = 0;
            button?.addEventListener(
              'click',
              () => {
                clicked = performance.now();
              },
              { capture: true },
            );
            const observer = new MutationObserver(() => {
              if (!clicked) return;
              if (!first && document.querySelector('.ie-image-card')) first = performance.now() - clicked;
              const done = [...document.querySelectorAll('[role="status"]')].find((t) =>
                /Successfully extracted/.test(t.textContent ?? ''),
              );
              if (done) {
                observer.disconnect();
                const images = Number(/extracted (\d+)/.exec(done.textContent ?? '')?.[1] ?? 0);
                // The page's own marks (useDocumentExtraction), relative to the click.
                const marks = Object.fromEntries(
                  performance
                    .getEntriesByType('mark')
                    .filter((m) => m.name.startsWith('documents:'))
                    .map((m) => [m.name, m.startTime - clicked]),
                );
                resolve({ first, all: performance.now() - clicked, images, marks });
              }
            });
            observer.observe(document.body, { childList: true, subtree: true, characterData: true });
          }),
      );
      await page.getByRole('button', { name: /^Extract (Images|Figures) from PDF$/ }).click();
      results.push(await timing);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

const dir = mkdtempSync(path.join(tmpdir(), 'bench-ttfi-'));
try {
  const { file, pages } = figures ? { file: hundredPagePaper(dir).file, pages: 100 } : hundredPagePdf(dir);
  console.log(
    `input: ${pages} pages, ${(statSync(file).size / 1024 / 1024).toFixed(2)} MB, ${figures ? 'the figure paper (hundredPagePaper.ts), Find: Figures' : 'made with pdfunite from corpus PDFs'}`,
  );
  const node: { first: number; all: number; images: number }[] = [];
  for (let run = 0; run < runs; run++) node.push(await inNode(file));
  const browser = await inBrowser(file);
  const row = (label: string, xs: { first: number; all: number; images: number }[]) =>
    console.log(
      `${label.padEnd(28)} first image ${median(xs.map((x) => x.first))
        .toFixed(0)
        .padStart(6)} ms   all ${xs[0]?.images} images ${median(xs.map((x) => x.all))
        .toFixed(0)
        .padStart(6)} ms   (median of ${xs.length})`,
    );
  row('Chromium, PDF screen', browser);
  row('engine in Node (reference)', node);
  console.log(
    'browser runs (first/all ms):',
    browser.map((x) => `${x.first.toFixed(0)}/${x.all.toFixed(0)}`).join(' '),
  );
  for (const name of Object.keys(browser[0]?.marks ?? {})) {
    const ms = median(browser.map((x) => x.marks[name] ?? Number.NaN));
    console.log(`  page mark ${name.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms after the click (median)`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
