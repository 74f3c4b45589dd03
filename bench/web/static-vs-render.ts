// Static extraction against rendering the same page in headless Chromium: wall time and images
// found, in one run, and the ratio.
//   extract-api/node_modules/.bin/tsx bench/web/static-vs-render.ts [--runs N]
import { parseArgs } from 'node:util';
import { closeRenderer } from 'extract-api/render';
import { createSafeFetcher } from 'extract-api/safe-fetch';
import { readWebPage, toExtractedImages } from 'extract-api/web';
import { createNameAllocator } from 'media-files';
import { serveSite } from './site.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const site = await serveSite({ pages: 10 });
const fetcher = createSafeFetcher({ allowLoopback: true });

async function extract(url: string, render: boolean) {
  const started = performance.now();
  const page = await readWebPage(url, { fetch: fetcher.fetch, render, chromiumPath });
  const { images } = await toExtractedImages(page.candidates, {
    fetch: fetcher.fetch,
    source: 'page',
    allocateName: createNameAllocator(),
  });
  return { ms: performance.now() - started, images: images.length };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
console.log(`${runs} runs each, median; Chromium at ${chromiumPath} (launched once, before timing)`);
await extract(`${site.origin}/`, true); // launches the browser: a cost paid once per process
for (const path of ['/', '/scripted.html']) {
  const url = `${site.origin}${path}`;
  const plain = [];
  const rendered = [];
  for (let i = 0; i < runs; i += 1) {
    plain.push(await extract(url, false));
    rendered.push(await extract(url, true));
  }
  const s = median(plain.map((r) => r.ms));
  const r = median(rendered.map((x) => x.ms));
  console.log(
    `${path.padEnd(15)} static ${s.toFixed(0).padStart(5)} ms, ${plain[0]?.images} images | render ${r.toFixed(0).padStart(5)} ms, ${rendered[0]?.images} images | render / static = ${(r / s).toFixed(1)}x (goal: at least 10x)`,
  );
}
await closeRenderer();
await fetcher.close();
await site.close();
