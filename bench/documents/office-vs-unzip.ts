// The document engine in Node against Info-ZIP's `unzip` on a large DOCX and a large PPTX (each
// at least 50 MB), both writing the same image files, in one run: median wall time of N, and the ratio.
//   extract-api/node_modules/.bin/tsx bench/documents/office-vs-unzip.ts [--runs N] [--mb 60]
// Needs zip, unzip, ffmpeg and poppler-utils. The documents are built from REAL media at bench time
// into /tmp/bench-documents (never committed): frames of the corpus videos (PNG and JPEG), images
// pdfimages takes out of the corpus PDFs, and the media of the corpus DOCX/PPTX files, packed
// with `zip` into a corpus DOCX and a corpus PPTX, each picture placed in the body or on a slide.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { extractDocument, type RawInflater } from 'document-engine';
import { nodeInflateRaw } from 'document-engine/node';
import { createNameAllocator, safeFileName } from 'media-files';
import { requireCorpus } from '../../tooling/corpus.mjs';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, mb: { type: 'string', default: '60' }, keep: { type: 'boolean' } },
});
const runs = Number(values.runs);
const targetBytes = Number(values.mb) * 1024 * 1024;
const corpus = requireCorpus();
const work = '/tmp/bench-documents';

for (const tool of [
  ['zip', '-v'],
  ['unzip', '-v'],
  ['ffmpeg', '-version'],
  ['pdfimages', '-v'],
]) {
  if (spawnSync(tool[0] ?? '', tool.slice(1), { stdio: 'ignore' }).error) {
    console.error(`${tool[0]} is missing: apt-get install -y zip unzip ffmpeg poppler-utils`);
    process.exit(1);
  }
}

/** Real images, distinct, JPEG and PNG only (what Word and PowerPoint embed as is), by name. */
function gatherMedia(): string[] {
  const media = path.join(work, 'media');
  if (existsSync(path.join(media, '.done'))) return listImages(media);
  rmSync(media, { recursive: true, force: true });
  mkdirSync(media, { recursive: true });
  for (const video of readdirSync(path.join(corpus, 'video')).sort()) {
    const stem = path.join(media, `frame-${video.replace(/\W/g, '_')}`);
    // two frames a second as PNG, and as JPEG a quarter second later: both formats documents carry
    for (const [ext, args] of [
      ['png', ['-vf', 'fps=2']],
      ['jpg', ['-vf', 'fps=2,setpts=PTS+0.25/TB', '-q:v', '2']],
    ] as const) {
      spawnSync(
        'ffmpeg',
        ['-v', 'quiet', '-i', path.join(corpus, 'video', video), ...args, '-frames:v', '24', `${stem}-%03d.${ext}`],
        { stdio: 'ignore' },
      );
    }
  }
  for (const pdf of readdirSync(path.join(corpus, 'pdf')).sort()) {
    const password = pdf === 'issue3371.pdf' ? ['-upw', 'ELXRTQWS'] : [];
    spawnSync('pdfimages', ['-all', ...password, path.join(corpus, 'pdf', pdf), path.join(media, `pdf-${pdf}`)], {
      stdio: 'ignore',
    });
  }
  for (const kind of ['docx', 'pptx']) {
    for (const file of readdirSync(path.join(corpus, kind)).sort()) {
      const into = path.join(work, 'unpacked', file);
      mkdirSync(into, { recursive: true });
      spawnSync('unzip', ['-o', '-q', path.join(corpus, kind, file), '*/media/*', '-d', into], { stdio: 'ignore' });
      for (const dir of ['word/media', 'ppt/media']) {
        const at = path.join(into, dir);
        if (!existsSync(at)) continue;
        for (const name of readdirSync(at)) {
          writeFileSync(path.join(media, `${kind}-${file}-${name}`), readFileSync(path.join(at, name)));
        }
      }
    }
  }
  writeFileSync(path.join(media, '.done'), '');
  return listImages(media);
}

function listImages(dir: string): string[] {
  const seen = new Set<string>();
  return readdirSync(dir)
    .filter((name) => /\.(png|jpe?g)$/i.test(name))
    .map((name) => path.join(dir, name))
    .filter((file) => {
      // identical bytes would be one picture twice: keep each once
      const hash = createHash('sha256').update(readFileSync(file)).digest('hex');
      if (seen.has(hash)) return false;
      seen.add(hash);
      return true;
    })
    .sort();
}

/** Distinct media adding up to the target; cycled (as copies under new part names) only if there is too little. */
function pickMedia(all: string[]): string[] {
  const picked: string[] = [];
  let total = 0;
  for (let i = 0; total < targetBytes && all.length > 0; i++) {
    const file = all[i % all.length] ?? '';
    picked.push(file);
    total += statSync(file).size;
  }
  return picked;
}

const ext = (file: string) => (path.extname(file).toLowerCase() === '.png' ? 'png' : 'jpeg');
const drawing = (id: number, rel: string) =>
  `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="1905000" cy="1071562"/><wp:docPr id="${id}" name="Picture ${id}"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="${id}" name="Picture ${id}"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="${rel}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="1905000" cy="1071562"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
const slidePicture = (id: number, rel: string) =>
  `<p:pic><p:nvPicPr><p:cNvPr id="${id}" name="Picture ${id}"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill><a:blip r:embed="${rel}"/><a:stretch><a:fillRect/></a:stretch></p:blipFill><p:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="1905000" cy="1071562"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>`;
const relationship = (id: string, target: string) =>
  `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${target}"/>`;

function insertBefore(file: string, marker: string, text: string, last = false) {
  const xml = readFileSync(file, 'utf8');
  const at = last ? xml.lastIndexOf(marker) : xml.indexOf(marker);
  if (at < 0) throw new Error(`${marker} not found in ${file}`);
  writeFileSync(file, xml.slice(0, at) + text + xml.slice(at));
}

function ensureDefaults(dir: string) {
  const types = path.join(dir, '[Content_Types].xml');
  const xml = readFileSync(types, 'utf8');
  const add = ['png', 'jpeg']
    .filter((e) => !xml.includes(`Extension="${e}"`))
    .map((e) => `<Default Extension="${e}" ContentType="image/${e}"/>`)
    .join('');
  if (add) insertBefore(types, '</Types>', add);
}

/** A real DOCX (corpus having-images.docx) with every picked image placed in its body. */
function buildDocx(media: string[]): string {
  const out = path.join(work, `large-${values.mb}mb.docx`);
  if (existsSync(out)) return out;
  const dir = path.join(work, 'docx-src');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('unzip', ['-q', path.join(corpus, 'docx/having-images.docx'), '-d', dir]);
  const rels: string[] = [];
  const body: string[] = [];
  media.forEach((file, i) => {
    const name = `bench${i + 1}.${ext(file)}`;
    writeFileSync(path.join(dir, 'word/media', name), readFileSync(file));
    rels.push(relationship(`rIdBench${i + 1}`, `media/${name}`));
    body.push(drawing(1000 + i, `rIdBench${i + 1}`));
  });
  insertBefore(path.join(dir, 'word/_rels/document.xml.rels'), '</Relationships>', rels.join(''));
  insertBefore(path.join(dir, 'word/document.xml'), '<w:sectPr', body.join(''), true);
  ensureDefaults(dir);
  execFileSync('zip', ['-q', '-X', '-r', out, '.'], { cwd: dir });
  return out;
}

/** A real PPTX (corpus shp-picture.pptx) with the picked images spread over its two slides. */
function buildPptx(media: string[]): string {
  const out = path.join(work, `large-${values.mb}mb.pptx`);
  if (existsSync(out)) return out;
  const dir = path.join(work, 'pptx-src');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('unzip', ['-q', path.join(corpus, 'pptx/shp-picture.pptx'), '-d', dir]);
  const perSlide: Record<number, { rels: string[]; pics: string[] }> = {
    1: { rels: [], pics: [] },
    2: { rels: [], pics: [] },
  };
  media.forEach((file, i) => {
    const name = `bench${i + 1}.${ext(file)}`;
    writeFileSync(path.join(dir, 'ppt/media', name), readFileSync(file));
    const slide = perSlide[(i % 2) + 1];
    slide?.rels.push(relationship(`rIdBench${i + 1}`, `../media/${name}`));
    slide?.pics.push(slidePicture(1000 + i, `rIdBench${i + 1}`));
  });
  for (const [n, slide] of Object.entries(perSlide)) {
    insertBefore(path.join(dir, `ppt/slides/_rels/slide${n}.xml.rels`), '</Relationships>', slide.rels.join(''));
    insertBefore(path.join(dir, `ppt/slides/slide${n}.xml`), '</p:spTree>', slide.pics.join(''));
  }
  ensureDefaults(dir);
  execFileSync('zip', ['-q', '-X', '-r', out, '.'], { cwd: dir });
  return out;
}

/**
 * Ours: read the file, extract with the engine, write each image under a unique safe name. With
 * Node's zlib (as extract-api and the CLI run it), or with no inflater given: DecompressionStream,
 * what the browser's Worker uses.
 */
async function ours(file: string, out: string, inflateRaw: RawInflater | undefined = nodeInflateRaw) {
  rmSync(out, { recursive: true, force: true });
  const started = performance.now();
  await mkdir(out, { recursive: true });
  const bytes = new Uint8Array(await readFile(file));
  const allocate = createNameAllocator();
  let count = 0;
  for await (const image of extractDocument(bytes, { inflateRaw })) {
    // written in place, as unzip does: the next images inflate on zlib's threads meanwhile
    // (on the 56 MB DOCX: 290-400 ms writing this way, 520-950 ms awaiting fs.promises.writeFile)
    writeFileSync(path.join(out, allocate(safeFileName(image.name))), image.bytes);
    count += 1;
  }
  return { ms: performance.now() - started, count };
}

function unzip(file: string, out: string, pattern: string) {
  rmSync(out, { recursive: true, force: true });
  const started = performance.now();
  execFileSync('unzip', ['-o', '-q', file, pattern, '-d', out]);
  return { ms: performance.now() - started };
}

function hashes(dir: string): string[] {
  const all: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else all.push(createHash('sha256').update(readFileSync(p)).digest('hex'));
    }
  };
  walk(dir);
  return all.sort();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

mkdirSync(work, { recursive: true });
const media = pickMedia(gatherMedia());
const documents = [
  { kind: 'DOCX', file: buildDocx(media), pattern: 'word/media/*' },
  { kind: 'PPTX', file: buildPptx(media), pattern: 'ppt/media/*' },
];
console.log(`${media.length} real images (${new Set(media).size} distinct), ${runs} runs each, median`);
for (const { kind, file, pattern } of documents) {
  const oursOut = path.join(work, 'out-ours');
  const unzipOut = path.join(work, 'out-unzip');
  await ours(file, oursOut); // warm-up (JIT), and the check that both wrote the same files
  unzip(file, unzipOut, pattern);
  const same = JSON.stringify(hashes(oursOut)) === JSON.stringify(hashes(unzipOut));
  const o: number[] = [];
  const b: number[] = [];
  const u: number[] = [];
  let count = 0;
  for (let i = 0; i < runs; i += 1) {
    const result = await ours(file, oursOut);
    count = result.count;
    o.push(result.ms);
    b.push((await ours(file, oursOut, undefined)).ms);
    u.push(unzip(file, unzipOut, pattern).ms);
  }
  const om = median(o);
  const bm = median(b);
  const um = median(u);
  const mb = (statSync(file).size / 1024 / 1024).toFixed(1);
  console.log(`\n${kind} ${path.basename(file)}: ${mb} MB, ${count} images`);
  console.log(`  ours   ${om.toFixed(0)} ms (read, extract, write ${count} files; zlib, as the API and CLI run)`);
  console.log(`  ours, DecompressionStream (the browser's inflater)  ${bm.toFixed(0)} ms`);
  console.log(`  unzip  ${um.toFixed(0)} ms (unzip -o -q file '${pattern}' -d out)`);
  console.log(`  same files (sha256 of every file): ${same ? 'yes' : 'NO'}`);
  console.log(
    `  ratio  ours / unzip = ${(om / um).toFixed(2)}x (goal: at most 1.2x); with DecompressionStream ${(bm / um).toFixed(2)}x`,
  );
}
if (!values.keep) {
  rmSync(path.join(work, 'out-ours'), { recursive: true, force: true });
  rmSync(path.join(work, 'out-unzip'), { recursive: true, force: true });
}
