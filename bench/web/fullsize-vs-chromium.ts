// A page of resized copies, the way a CMS serves them, extracted through our page step with
// full-size originals on (each copy's original guessed, its size read, the picture compared),
// with them off, and loaded by headless Chromium: wall time of each, in one run, and the ratio.
//   extract-api/node_modules/.bin/tsx bench/web/fullsize-vs-chromium.ts [--runs N] [--delay MS] [--images N]
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fullSizeChecks } from 'extract-api/originals';
import { createSafeFetcher } from 'extract-api/safe-fetch';
import { readWebPage, toExtractedImages } from 'extract-api/web';
import { createNameAllocator } from 'media-files';
import { corpusPath, readCorpus } from '../../tooling/corpus.mjs';
import { serveDirectory } from './site.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    delay: { type: 'string', default: '20' },
    images: { type: 'string', default: '12' },
  },
});
const runs = Number(values.runs);
const wanted = Number(values.images);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// sharp, fflate and playwright-core are extract-api's: the bench borrows them rather than installing its own.
const fromApi = createRequire(createRequire(import.meta.url).resolve('extract-api/package.json'));
const sharp = fromApi('sharp') as typeof import('sharp');
const { unzipSync } = fromApi('fflate') as typeof import('fflate');
const { chromium } = fromApi('playwright-core') as typeof import('playwright-core');

// Photos of the corpus's Office files, at least 400 px wide: the uploads of a blog.
const DOCUMENTS = (await readdir(corpusPath('docx')))
  .map((file) => `docx/${file}`)
  .concat((await readdir(corpusPath('pptx'))).map((file) => `pptx/${file}`))
  .filter((file) => /\.(docx|pptx)$/.test(file))
  .sort();
const root = await mkdtemp(path.join(tmpdir(), 'bench-fullsize-'));
const uploads = path.join(root, 'wp-content', 'uploads', '2024', '05');
await mkdir(uploads, { recursive: true });
const shown: string[] = [];
for (const document of DOCUMENTS) {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(readCorpus(document));
  } catch {
    continue; // an encrypted or broken file of the corpus
  }
  for (const [entry, bytes] of Object.entries(files)) {
    if (shown.length >= wanted || !/media\/.+\.(png|jpe?g)$/i.test(entry)) continue;
    const meta = await sharp(bytes)
      .metadata()
      .catch(() => undefined);
    if (!meta?.width || !meta.height || meta.width < 400) continue;
    const ext = path.extname(entry).toLowerCase();
    const name = `photo${shown.length + 1}`;
    await writeFile(path.join(uploads, `${name}${ext}`), bytes);
    const width = 300;
    const height = Math.round((meta.height * width) / meta.width);
    const copy = `${name}-${width}x${height}${ext}`;
    await writeFile(path.join(uploads, copy), await sharp(bytes).resize(width, height).toBuffer());
    shown.push(`/wp-content/uploads/2024/05/${copy}`);
  }
}
await writeFile(
  path.join(root, 'index.html'),
  `<!doctype html><title>A post</title>${shown.map((src) => `<img src="${src}" width="300">`).join('\n')}`,
);
const site = await serveDirectory({ root, delayMs: Number(values.delay) });
const url = `${site.origin}/`;
const fetcher = createSafeFetcher({ allowLoopback: true });
const LIMITS = { maxCandidates: 4, maxBytes: 32 * 1024 * 1024, maxPixels: 100_000_000 };

async function ours(original: boolean) {
  const started = performance.now();
  const page = await readWebPage(url, { fetch: fetcher.fetch });
  const { images } = await toExtractedImages(page.candidates, {
    fetch: fetcher.fetch,
    source: 'page',
    allocateName: createNameAllocator(),
    ...fullSizeChecks({ original }, LIMITS),
  });
  return { ms: performance.now() - started, images: images.length, full: images.filter((i) => i.shownOnPage).length };
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
async function chromiumLoad() {
  const context = await browser.newContext();
  const page = await context.newPage();
  const started = performance.now();
  await page.goto(url, { waitUntil: 'load' });
  const ms = performance.now() - started;
  await context.close();
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
await ours(true);
await chromiumLoad();
const withOriginals: number[] = [];
const without: number[] = [];
const loads: number[] = [];
let found = { images: 0, full: 0 };
for (let i = 0; i < runs; i += 1) {
  const run = await ours(true);
  found = run;
  withOriginals.push(run.ms);
  without.push((await ours(false)).ms);
  loads.push(await chromiumLoad());
}
const [a, b, c] = [median(withOriginals), median(without), median(loads)];
console.log(
  `page of ${shown.length} WordPress copies (300 px wide), ${values.delay} ms a request; ${runs} runs, median`,
);
console.log(
  `ours, originals on   ${a.toFixed(0).padStart(6)} ms  (${found.images} images, ${found.full} given at full size)`,
);
console.log(`ours, originals off  ${b.toFixed(0).padStart(6)} ms`);
console.log(`Chromium, load event ${c.toFixed(0).padStart(6)} ms`);
console.log(`ratio ours (originals on) / Chromium = ${(a / c).toFixed(2)}x (goal: at most 1.5x)`);
await browser.close();
await fetcher.close();
await site.close();
await rm(root, { recursive: true, force: true });
