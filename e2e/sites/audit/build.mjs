// Makes the images of the audit test site into a folder, from real pictures: frames of two videos of
// the shared corpus (live footage of water, a rendered film's clouds and tree) and two photographs
// stored in its Office files. Nothing heavy is committed: the site's pages are, its images are made here.
//
//   node sites/audit/build.mjs /tmp/audit-assets      (then AUDIT_ASSETS=/tmp/audit-assets node sites/audit/serve.mjs)
//
// Needs ffmpeg on the PATH and extract-api's sharp. Every file's size is checked against what its
// page seeds (a heavy PNG is heavy, the clean files are light), so a changed encoder fails here,
// not as a puzzling audit result.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORPUS_DIR } from '../../../tooling/corpus.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');
const requireFromApi = createRequire(path.join(repo, 'extract-api/package.json'));
const sharp = requireFromApi('sharp');
const { unzipSync } = requireFromApi('fflate');
const CORPUS = process.env.AUDIT_CORPUS_DIR ?? CORPUS_DIR;

/** A picture stored in a corpus Office file (a ZIP), written to `out`: a photograph to build from. */
function storedPicture(document, entry, out) {
  const file = path.join(CORPUS, document);
  const bytes = unzipSync(readFileSync(file), { filter: ({ name }) => name === entry })[entry];
  if (!bytes) throw new Error(`${file} has no ${entry}: the audit site is built from it.`);
  writeFileSync(out, bytes);
  return out;
}

/** A still frame of a corpus video, as PNG, oriented as it plays. */
function frame(video, seconds, out) {
  execFileSync(
    'ffmpeg',
    ['-v', 'error', '-y', '-ss', String(seconds), '-i', path.join(CORPUS, 'video', video), '-frames:v', '1', out],
    {
      stdio: ['ignore', 'ignore', 'ignore'],
    },
  );
  return out;
}

/**
 * Every generated file: its path under the site, its source, the part of the source it shows
 * (fractions of the source's width and height), its size and its encoding. Distinct pictures have
 * distinct aspect ratios, so no two of them can pass for one picture by chance.
 */
function plan(src) {
  const { bunny, water, fish, dog } = src;
  const webp = (quality = 60) => ({ format: 'webp', quality });
  const avif = (quality = 40) => ({ format: 'avif', quality });
  return [
    // problems-alt.html
    { file: 'img/alt/no-alt.webp', src: bunny, crop: [0, 0.05, 1, 0.4], size: [300, 190], ...webp() },
    { file: 'img/alt/empty-large.webp', src: water, crop: [0, 0, 0.6, 1], size: [330, 300], ...webp() },
    { file: 'img/alt/empty-link.webp', src: bunny, crop: [0, 0.6, 0.5, 0.3], size: [150, 81], ...webp() },
    { file: 'img/alt/IMG_1234.webp', src: water, crop: [0.5, 0, 0.5, 1], size: [240, 270], ...webp() },
    { file: 'img/alt/photo-1.webp', src: bunny, crop: [0.3, 0.3, 0.7, 0.3], size: [280, 217], ...webp() },
    { file: 'img/alt/long.webp', src: bunny, crop: [0.5, 0.1, 0.5, 0.25], size: [260, 250], ...webp() },
    { file: 'img/alt/team-a.webp', src: fish, size: [128, 128], ...webp(70) },
    { file: 'img/alt/team-b.webp', src: dog, size: [120, 120], ...webp(70) },
    { file: 'img/alt/divider.webp', src: water, crop: [0, 0.45, 1, 0.1], size: [300, 10], ...webp() },
    { file: 'img/alt/spacer.webp', src: water, crop: [0, 0.8, 0.5, 0.1], size: [40, 4], ...webp() },
    { file: 'img/alt/thumb-labelled.webp', src: bunny, crop: [0, 0.75, 0.4, 0.25], size: [160, 179], ...webp() },
    // problems-size.html
    { file: 'img/size/oversized.webp', src: bunny, crop: [0, 0.35, 1, 0.45], size: [1080, 864], ...webp(50) },
    { file: 'img/size/unsized.webp', src: water, crop: [0.2, 0.1, 0.6, 0.8], size: [320, 250], ...webp() },
    { file: 'img/size/no-srcset.webp', src: bunny, crop: [0, 0, 1, 0.3], size: [900, 480], ...webp(50) },
    // problems-weight.html
    { file: 'img/weight/photo.png', src: bunny, crop: [0, 0.4, 1, 0.6], size: [1000, 1067], format: 'png' },
    // problems-loading.html
    { file: 'img/loading/hero-lazy.webp', src: bunny, crop: [0, 0.2, 1, 0.35], size: [360, 225], ...webp() },
    { file: 'img/loading/second.webp', src: water, crop: [0.1, 0.2, 0.5, 0.6], size: [300, 190], ...webp() },
    { file: 'img/loading/eager-below.webp', src: water, crop: [0.3, 0, 0.7, 1], size: [340, 380], ...webp(90) },
    { file: 'img/loading/redirected.webp', src: water, crop: [0.4, 0.3, 0.6, 0.7], size: [300, 170], ...webp() },
    { file: 'img/private/blocked.webp', src: bunny, crop: [0.4, 0, 0.6, 0.5], size: [300, 310], ...webp() },
    // problems-duplicate.html: one picture, then the same at half size
    { file: 'img/dup/harbour.webp', src: bunny, crop: [0, 0.5, 1, 0.5], size: [360, 240], ...webp(75) },
    { file: 'img/dup/harbour-small.webp', src: bunny, crop: [0, 0.5, 1, 0.5], size: [180, 120], ...webp(75) },
    // clean-article.html, clean-gallery.html: AVIF, light, each picture its own shape
    { file: 'img/clean/hero-400.avif', src: water, crop: [0.1, 0, 0.8, 1], size: [400, 240], ...avif() },
    { file: 'img/clean/hero-800.avif', src: water, crop: [0.1, 0, 0.8, 1], size: [800, 480], ...avif() },
    { file: 'img/clean/detail.avif', src: bunny, crop: [0.05, 0.62, 0.5, 0.3], size: [320, 333], ...avif() },
    { file: 'img/clean/story.avif', src: bunny, crop: [0.55, 0.45, 0.45, 0.2], size: [160, 141], ...avif() },
    { file: 'img/clean/rule.avif', src: water, crop: [0, 0.3, 1, 0.05], size: [320, 8], ...avif() },
    { file: 'img/clean/banner.avif', src: bunny, crop: [0.1, 0.15, 0.9, 0.2], size: [320, 170], ...avif() },
    { file: 'img/clean/g1.avif', src: bunny, crop: [0.5, 0.05, 0.5, 0.3], size: [300, 310], ...avif() },
    { file: 'img/clean/g2.avif', src: water, crop: [0.55, 0.05, 0.45, 0.5], size: [300, 162], ...avif() },
    { file: 'img/clean/g3.avif', src: fish, size: [128, 100], ...avif(50) },
    { file: 'img/clean/g4.avif', src: bunny, crop: [0.6, 0.7, 0.4, 0.3], size: [300, 370], ...avif() },
    { file: 'img/clean/g5.avif', src: water, crop: [0.2, 0.6, 0.8, 0.4], size: [300, 126], ...avif() },
  ];
}

/** What each file must weigh for its page to seed what it says (bytes). */
const BOUNDS = {
  'img/weight/photo.png': { min: 300 * 1024 },
  'img/loading/animated.gif': { min: 1.1 * 1024 * 1024 },
  'img/loading/eager-below.webp': { min: 5 * 1024 },
  clean: { max: 12 * 1024 },
};

async function make(item) {
  let image = sharp(item.src);
  const meta = await sharp(item.src).metadata();
  if (item.crop) {
    const [x, y, w, h] = item.crop;
    image = image.extract({
      left: Math.round(x * meta.width),
      top: Math.round(y * meta.height),
      width: Math.min(meta.width - Math.round(x * meta.width), Math.round(w * meta.width)),
      height: Math.min(meta.height - Math.round(y * meta.height), Math.round(h * meta.height)),
    });
  }
  image = image.resize(item.size[0], item.size[1], { fit: 'fill' });
  if (item.format === 'webp') image = image.webp({ quality: item.quality });
  else if (item.format === 'avif') image = image.avif({ quality: item.quality });
  else image = image.png({ compressionLevel: 6 });
  return image.toBuffer();
}

/** Builds every image of the site into `outDir`; returns each file's bytes by site path. */
export async function buildAuditSite(outDir) {
  const work = mkdtempSync(path.join(os.tmpdir(), 'audit-src-'));
  try {
    const src = {
      bunny: frame('rotate-buck-bunny.mp4', 1.9, path.join(work, 'bunny.png')),
      water: frame('no-initial-keyframe.ts', 1.5, path.join(work, 'water.png')),
      fish: storedPicture('pptx/backgrounds.pptx', 'ppt/media/image1.jpeg', path.join(work, 'fish.jpg')),
      dog: storedPicture('docx/headerPic.docx', 'word/media/image1.jpeg', path.join(work, 'dog.jpg')),
    };
    const sizes = {};
    const write = (file, bytes) => {
      const target = path.join(outDir, file);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, bytes);
      sizes[file] = bytes.length;
    };
    for (const item of plan(src)) write(item.file, await make(item));

    write(
      'img/clean/logo.svg',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" rx="6" fill="#1d4ed8"/><text x="60" y="26" font-family="sans-serif" font-size="16" fill="#fff" text-anchor="middle">Audit Co.</text></svg>',
      ),
    );

    // The same file under several addresses: copies on disk, plus query strings in the page.
    const harbour = readFileSync(path.join(outDir, 'img/dup/harbour.webp'));
    write('img/dup/copy-of-harbour.webp', harbour);
    write('media/harbour.webp', harbour);

    // A large animated GIF from live footage: 2.5 s of water played twice, full size, 25 frames a second.
    const gif = path.join(outDir, 'img/loading/animated.gif');
    mkdirSync(path.dirname(gif), { recursive: true });
    execFileSync(
      'ffmpeg',
      [
        '-v',
        'error',
        '-y',
        '-stream_loop',
        '1',
        '-i',
        path.join(CORPUS, 'video', 'no-initial-keyframe.ts'),
        '-vf',
        'fps=25,split[a][b];[a]palettegen[p];[b][p]paletteuse=dither=floyd_steinberg',
        '-loop',
        '0',
        gif,
      ],
      { stdio: ['ignore', 'ignore', 'ignore'] },
    );
    sizes['img/loading/animated.gif'] = statSync(gif).size;

    for (const [file, bytes] of Object.entries(sizes)) {
      const bound = BOUNDS[file] ?? (file.startsWith('img/clean/') ? BOUNDS.clean : undefined);
      if (process.env.AUDIT_NO_BOUNDS) continue;
      if (bound?.min !== undefined && bytes < bound.min)
        throw new Error(`${file} is ${bytes} bytes, under ${bound.min}`);
      if (bound?.max !== undefined && bytes > bound.max)
        throw new Error(`${file} is ${bytes} bytes, over ${bound.max}`);
    }
    return sizes;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = path.resolve(process.argv[2] ?? path.join(os.tmpdir(), 'audit-assets'));
  const sizes = await buildAuditSite(out);
  for (const [file, bytes] of Object.entries(sizes)) console.log(`${String(bytes).padStart(9)}  ${file}`);
  console.log(`audit site images: ${out}`);
}
