// The document engine in Node against poppler's `pdfimages -all` over the corpus PDFs, in one
// run: wall time of each over all files (median of N), and the ratio.
//   extract-api/node_modules/.bin/tsx bench/documents/pdf-vs-pdfimages.ts [--runs N]
// Needs poppler-utils (apt-get install -y poppler-utils) and the corpus (tooling/corpus.mjs).
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { extractorFor } from 'document-engine';
import { corpusPath } from '../../tooling/corpus.mjs';

const extractPdf = extractorFor('pdf');

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);
const corpus = corpusPath('pdf');
if (spawnSync('pdfimages', ['-v'], { stdio: 'ignore' }).error) {
  console.error('pdfimages is missing: apt-get install -y poppler-utils');
  process.exit(1);
}
// issue3371.pdf needs its user password; pass it to both tools.
const PASSWORDS: Record<string, string> = { 'issue3371.pdf': 'ELXRTQWS' };
const files = readdirSync(corpus)
  .filter((f) => f.endsWith('.pdf'))
  .sort();
const run = promisify(execFile);

async function ours() {
  const started = performance.now();
  let images = 0;
  let bytes = 0;
  for (const file of files) {
    const data = new Uint8Array(readFileSync(path.join(corpus, file)));
    for await (const image of extractPdf(data, { password: PASSWORDS[file] })) {
      images += 1;
      bytes += image.bytes.length;
    }
  }
  return { ms: performance.now() - started, images, bytes };
}

async function pdfimages() {
  const out = mkdtempSync(path.join(tmpdir(), 'bench-pdfimages-'));
  const started = performance.now();
  for (const file of files) {
    const password = PASSWORDS[file];
    const args = ['-all', ...(password ? ['-upw', password] : []), path.join(corpus, file), path.join(out, file)];
    await run('pdfimages', args).catch(() => undefined);
  }
  const ms = performance.now() - started;
  const images = readdirSync(out).length;
  rmSync(out, { recursive: true, force: true });
  return { ms, images };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
await ours(); // warm-up
const o = [];
const p = [];
for (let i = 0; i < runs; i += 1) {
  o.push(await ours());
  p.push(await pdfimages());
}
const om = median(o.map((r) => r.ms));
const pm = median(p.map((r) => r.ms));
console.log(`${files.length} corpus PDFs, ${runs} runs, median`);
console.log(
  `ours       ${om.toFixed(0)} ms, ${o[0]?.images} images (${((o[0]?.bytes ?? 0) / 1e6).toFixed(1)} MB written in memory)`,
);
console.log(
  `pdfimages  ${pm.toFixed(0)} ms, ${p[0]?.images} files written (-all: one per drawing, smasks and masks as files of their own)`,
);
console.log(`ratio      ours / pdfimages = ${(om / pm).toFixed(2)}x (goal: at most 1.2x)`);
