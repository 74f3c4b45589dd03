// The image audit's encoders against the reference command-line tools, on real photos (the JPEGs
// and PNGs of the corpus's Office files and of the e2e gallery site, 4 KB and up): images a second
// of our WebP (sharp, decode + encode, quality Q, method 4, one libvips thread) against
// `cwebp -q Q -m 4` (no -mt), and of our AVIF (sharp effort 3 = libaom speed 6, 4:2:0) against
// `avifenc -s 6 -j 1 -y 420` at the quantizer sharp's quality maps to; then what the audit really
// does per image: the matched-SSIM search (5 encodes and 5 SSIMs a format).
// Each image is run by both sides in turn, so that a busy machine slows both alike.
//   apt-get install -y webp libavif-bin      # cwebp, avifenc
//   extract-api/node_modules/.bin/tsx bench/audit/encode-vs-cli.ts [--quality 75] [--runs 2] [--ssim 0.985]
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AVIF_EFFORT, encodeMatched, prepareStill, SSIM_METRIC, WEBP_EFFORT } from 'extract-api/image-pass';
import { corpusPath } from '../../tooling/corpus.mjs';

const { values } = parseArgs({
  options: {
    quality: { type: 'string', default: '75' },
    runs: { type: 'string', default: '2' },
    ssim: { type: 'string', default: '0.985' },
  },
});
const quality = Number(values.quality);
const runs = Number(values.runs);
const ssimTarget = Number(values.ssim);

// sharp and fflate are extract-api's: the bench borrows them rather than installing its own.
const fromApi = createRequire(createRequire(import.meta.url).resolve('extract-api/package.json'));
const sharp = fromApi('sharp') as typeof import('sharp');
const { unzipSync } = fromApi('fflate') as typeof import('fflate');
// As the image pass sets it (imagePass/sharp.ts): one libvips thread a pipeline.
sharp.concurrency(1);

for (const tool of ['cwebp', 'avifenc']) {
  try {
    execFileSync(tool, ['-version'], { stdio: 'ignore' });
  } catch {
    try {
      execFileSync(tool, ['--version'], { stdio: 'ignore' });
    } catch {
      throw new Error(`${tool} is not installed: apt-get install -y webp libavif-bin`);
    }
  }
}

const root = await mkdtemp(path.join(tmpdir(), 'bench-encode-'));
type Photo = { name: string; file: string; bytes: number; width: number; height: number };
const photos: Photo[] = [];

async function addPhoto(name: string, bytes: Uint8Array) {
  if (bytes.length < 4096) return;
  const meta = await sharp(bytes).metadata();
  if (!meta.width || !meta.height || (meta.format !== 'jpeg' && meta.format !== 'png')) return;
  if (Math.min(meta.width, meta.height) < 64) return;
  const file = path.join(root, `${photos.length}-${path.basename(name)}`.replace(/\.jpeg$/i, '.jpg'));
  await writeFile(file, bytes);
  photos.push({ name, file, bytes: bytes.length, width: meta.width, height: meta.height });
}

for (const folder of ['docx', 'pptx']) {
  for (const document of (await readdir(corpusPath(folder))).sort()) {
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(await readFile(corpusPath(`${folder}/${document}`)));
    } catch {
      continue; // an encrypted package
    }
    for (const [entry, bytes] of Object.entries(entries)) {
      if (/\/media\/[^/]+\.(jpe?g|png)$/i.test(entry)) await addPhoto(`${folder}/${document}:${entry}`, bytes);
    }
  }
}
const gallery = path.resolve(import.meta.dirname, '../../e2e/sites/gallery/img');
for (const file of (await readdir(gallery)).sort()) {
  if (/\.(jpe?g|png)$/i.test(file)) await addPhoto(`gallery/${file}`, await readFile(path.join(gallery, file)));
}
// The same bytes under two documents are one photo.
const seen = new Set<string>();
for (let i = photos.length - 1; i >= 0; i -= 1) {
  const photo = photos[i] as Photo;
  const key = `${photo.bytes}:${photo.width}x${photo.height}`;
  if (seen.has(key)) photos.splice(i, 1);
  else seen.add(key);
}
photos.reverse();

const megapixels = photos.reduce((sum, p) => sum + (p.width * p.height) / 1e6, 0);
console.log(
  `${photos.length} photos, ${megapixels.toFixed(1)} MP, ${(photos.reduce((s, p) => s + p.bytes, 0) / 1024).toFixed(0)} KB`,
);

/** The quantizer libheif's AOM encoder uses for sharp's quality (its cq-level), for avifenc. */
const cqLevel = Math.round(((100 - quality) * 63) / 100);

const time = async <T>(work: () => Promise<T> | T): Promise<{ ms: number; cpuMs: number; value: T }> => {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = await work();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000, value };
};
type Totals = { ms: number; cpuMs: number; bytes: number };
const zero = (): Totals => ({ ms: 0, cpuMs: 0, bytes: 0 });
const totals = { webp: zero(), cwebp: zero(), avif: zero(), avifenc: zero() };
const out = path.join(root, 'out');

for (let run = 0; run < runs; run += 1) {
  for (const photo of photos) {
    const input = await readFile(photo.file);
    const ourWebp = await time(() => sharp(input).webp({ quality, effort: WEBP_EFFORT }).toBuffer());
    const theirWebp = await time(() =>
      execFileSync('cwebp', ['-quiet', '-q', String(quality), '-m', '4', photo.file, '-o', `${out}.webp`]),
    );
    const ourAvif = await time(() =>
      sharp(input).avif({ quality, effort: AVIF_EFFORT, chromaSubsampling: '4:2:0' }).toBuffer(),
    );
    const theirAvif = await time(() =>
      execFileSync('avifenc', [
        ...['-s', '6', '-j', '1', '-y', '420', '-d', '8', '--min', '0', '--max', '63'],
        ...['-a', 'end-usage=q', '-a', `cq-level=${cqLevel}`, photo.file, `${out}.avif`],
      ]),
    );
    if (run === runs - 1) {
      totals.webp.bytes += ourWebp.value.length;
      totals.cwebp.bytes += (await stat(`${out}.webp`)).size;
      totals.avif.bytes += ourAvif.value.length;
      totals.avifenc.bytes += (await stat(`${out}.avif`)).size;
    }
    totals.webp.ms += ourWebp.ms;
    totals.webp.cpuMs += ourWebp.cpuMs;
    totals.cwebp.ms += theirWebp.ms;
    totals.avif.ms += ourAvif.ms;
    totals.avif.cpuMs += ourAvif.cpuMs;
    totals.avifenc.ms += theirAvif.ms;
  }
}

const perSecond = (t: Totals) => ((photos.length * runs) / t.ms) * 1000;
console.log(`\nFixed quality ${quality} (${runs} runs of ${photos.length} photos; images/s, wall clock):`);
console.log('| encoder | settings | images/s | our CPU / wall | output (last run) |');
console.log('|---|---|---:|---:|---:|');
const row = (name: string, settings: string, t: Totals, cpu: boolean) =>
  console.log(
    `| ${name} | ${settings} | ${perSecond(t).toFixed(2)} | ${cpu ? (t.cpuMs / t.ms).toFixed(2) : '-'} | ${(t.bytes / 1024).toFixed(0)} KB |`,
  );
row('sharp WebP', `quality ${quality}, effort ${WEBP_EFFORT}`, totals.webp, true);
row('cwebp 1.2.4', `-q ${quality} -m 4`, totals.cwebp, false);
row('sharp AVIF', `quality ${quality}, effort ${AVIF_EFFORT}, 4:2:0`, totals.avif, true);
row('avifenc 0.11.1 (aom 3.6)', `-s 6 -j 1 -y 420 cq-level ${cqLevel}`, totals.avifenc, false);
console.log(
  `ratios (ours / tool, images/s): WebP ${(perSecond(totals.webp) / perSecond(totals.cwebp)).toFixed(2)}x, AVIF ${(perSecond(totals.avif) / perSecond(totals.avifenc)).toFixed(2)}x`,
);

// What the audit does per image: decode and resize once, then per format the search.
const search = { prepare: 0, webp: 0, avif: 0, webpTries: 0, avifTries: 0, webpBytes: 0, avifBytes: 0, source: 0 };
const qualities: Record<'WEBP' | 'AVIF', number[]> = { WEBP: [], AVIF: [] };
for (const photo of photos) {
  const input = await readFile(photo.file);
  const prepared = await time(() =>
    prepareStill(
      input,
      { width: photo.width, height: photo.height },
      { maxPixels: 1e8, timeoutSeconds: 600, hasAlpha: false },
    ),
  );
  search.prepare += prepared.ms;
  search.source += photo.bytes;
  for (const format of ['WEBP', 'AVIF'] as const) {
    const found = await time(() => encodeMatched(prepared.value, format, ssimTarget, { timeoutSeconds: () => 600 }));
    const key = format === 'WEBP' ? 'webp' : 'avif';
    search[key] += found.ms;
    search[`${key}Tries`] += found.value.tries;
    search[`${key}Bytes`] += found.value.bytes.length;
    qualities[format].push(found.value.quality);
  }
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
console.log(`\nMatched SSIM ${ssimTarget} (${SSIM_METRIC}), each photo at its own size:`);
console.log('| step | per image | images/s | encodes | median quality | output vs source |');
console.log('|---|---:|---:|---:|---:|---:|');
const n = photos.length;
console.log(
  `| decode once | ${(search.prepare / n).toFixed(0)} ms | ${((n / search.prepare) * 1000).toFixed(2)} | - | - | - |`,
);
for (const [label, key, format] of [
  ['WebP search', 'webp', 'WEBP'],
  ['AVIF search', 'avif', 'AVIF'],
] as const) {
  console.log(
    `| ${label} | ${(search[key] / n).toFixed(0)} ms | ${((n / search[key]) * 1000).toFixed(2)} | ${(search[`${key}Tries`] / n).toFixed(1)} | ${median(qualities[format])} | ${((search[`${key}Bytes`] / search.source) * 100).toFixed(0)} % |`,
  );
}
const whole = search.prepare + search.webp + search.avif;
console.log(
  `| the audit's whole pass | ${(whole / n).toFixed(0)} ms | ${((n / whole) * 1000).toFixed(2)} | - | - | - |`,
);
console.log(`\nload average at the end: ${(await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')}`);
await rm(root, { recursive: true, force: true });
