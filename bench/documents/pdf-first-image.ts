// Time to first image: how long the PDF engine (in Node) takes to yield its first image of a
// 100-page PDF, and to yield them all; median of N after a warm-up.
//   extract-api/node_modules/.bin/tsx bench/documents/pdf-first-image.ts [--runs N]
// The PDF is built at bench time with poppler-utils (never committed): pages 1-80 of the corpus's
// freeculture.pdf (pdfseparate), then every other unencrypted corpus PDF, joined by pdfunite.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { extractorFor } from 'document-engine';
import { corpusPath } from '../../tooling/corpus.mjs';

const extractPdf = extractorFor('pdf');

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);
const corpus = corpusPath('pdf');
const work = '/tmp/bench-documents';
const target = path.join(work, 'pdf-100-pages.pdf');
if (spawnSync('pdfunite', ['-v'], { stdio: 'ignore' }).error) {
  console.error('pdfunite is missing: apt-get install -y poppler-utils');
  process.exit(1);
}

if (!existsSync(target)) {
  const pages = path.join(work, 'pdf-pages');
  rmSync(pages, { recursive: true, force: true });
  mkdirSync(pages, { recursive: true });
  execFileSync('pdfseparate', [
    '-f',
    '1',
    '-l',
    '80',
    path.join(corpus, 'freeculture.pdf'),
    path.join(pages, 'fc-%03d.pdf'),
  ]);
  const encrypted = new Set(['issue3371.pdf', 'bug900822.pdf']);
  const others = readdirSync(corpus)
    .filter((f) => f.endsWith('.pdf') && f !== 'freeculture.pdf' && !encrypted.has(f))
    .sort()
    .map((f) => path.join(corpus, f));
  const parts = [
    ...readdirSync(pages)
      .sort()
      .map((f) => path.join(pages, f)),
    ...others,
  ];
  execFileSync('pdfunite', [...parts, target]);
}
const pageCount = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [target], { encoding: 'utf8' }))?.[1]);

async function once() {
  const bytes = new Uint8Array(readFileSync(target));
  const started = performance.now();
  let first = Number.NaN;
  let images = 0;
  let walked = Number.NaN;
  for await (const _ of extractPdf(bytes, {
    onProgress: (p) => {
      if (p.done === p.total) walked = performance.now() - started;
    },
  })) {
    if (images === 0) first = performance.now() - started;
    images += 1;
  }
  return { first, walked, all: performance.now() - started, images };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
await once(); // warm-up
const results = [];
for (let i = 0; i < runs; i += 1) results.push(await once());
console.log(`${path.basename(target)}: ${pageCount} pages, ${results[0]?.images} images, ${runs} runs, median`);
console.log(`  first image     ${median(results.map((r) => r.first)).toFixed(0)} ms`);
console.log(
  `  pages walked    ${median(results.map((r) => r.walked)).toFixed(0)} ms (progress reached ${pageCount}/${pageCount})`,
);
console.log(`  all images      ${median(results.map((r) => r.all)).toFixed(0)} ms`);
