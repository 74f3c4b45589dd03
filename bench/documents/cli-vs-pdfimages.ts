// The command line on ten PDFs in one call against poppler's `pdfimages -all` on the same ten,
// one process per file one after another (a user's shell loop) and two at a time (`xargs -P2`, the
// CLI's two document workers on two cores), each writing every image to its own temporary folder:
// median wall time of N interleaved runs, the ratios, and the images each gave per file.
//   node extract-api/scripts/build.mjs && extract-api/node_modules/.bin/tsx bench/documents/cli-vs-pdfimages.ts [--runs N] [--files a.pdf,b.pdf,…] [--before DIR/cli.js]
// Without --files: ten corpus PDFs (manifest.json) spread over its sizes, the largest included.
// --before: another build of the CLI (an earlier commit's, built in its own folder), timed the same way.
// Needs poppler-utils (apt-get install -y poppler-utils), the corpus (tooling/corpus.mjs) and the
// built CLI (extract-api/dist/cli.js).
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { corpusManifest, corpusPath } from '../../tooling/corpus.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = path.join(REPO, 'extract-api/dist/cli.js');
const COUNT = 10;

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, files: { type: 'string' }, before: { type: 'string' } },
});
const runs = Number(values.runs);
if (spawnSync('pdfimages', ['-v'], { stdio: 'ignore' }).error) {
  console.error('pdfimages is missing: apt-get install -y poppler-utils');
  process.exit(1);
}
if (!existsSync(CLI)) {
  console.error(`${CLI} is missing: cd extract-api && node scripts/build.mjs`);
  process.exit(1);
}

type Manifest = { files: Record<string, { kind: string; bytes: number; pdfinfo?: { Encrypted?: string } }> };

/** Ten corpus PDFs evenly spaced over the size order, the largest and smallest among them; none that needs a password. */
function corpusPick(): string[] {
  const { files } = corpusManifest() as Manifest;
  const pdfs = Object.entries(files)
    .filter(([, entry]) => entry.kind === 'pdf' && !entry.pdfinfo?.Encrypted?.startsWith('yes'))
    .sort(([, a], [, b]) => b.bytes - a.bytes)
    .map(([relative]) => corpusPath(relative));
  if (pdfs.length <= COUNT) return pdfs;
  return Array.from({ length: COUNT }, (_, i) => pdfs[Math.round((i * (pdfs.length - 1)) / (COUNT - 1))] as string);
}

const files = values.files ? values.files.split(',').map((file) => path.resolve(file)) : corpusPick();
const execFileAsync = promisify(execFile);

/**
 * A command run by `sh`, whose `times` then gives the CPU time its children used: a measure a
 * machine busy with other work skews far less than the wall clock.
 */
async function run(command: string, args: string[]): Promise<{ stderr: string; cpuMs: number }> {
  const script = '"$@" >/dev/null; code=$?; times >&2; exit $code';
  const split = (stderr: string) => {
    const lines = stderr.trimEnd().split('\n');
    const [user, system] = (lines.at(-1) ?? '').split(' ').map((time) => {
      const [, minutes, seconds] = /(\d+)m([\d.]+)s/.exec(time) ?? [];
      return (Number(minutes) * 60 + Number(seconds)) * 1000;
    });
    return { stderr: lines.slice(0, -2).join('\n'), cpuMs: (user ?? 0) + (system ?? 0) };
  };
  try {
    const { stderr } = await execFileAsync('sh', ['-c', script, 'sh', command, ...args], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return split(stderr);
  } catch (error) {
    const { stderr, code } = error as { stderr?: string; code?: number };
    // exit code 2: some input failed, the others were read (each counted as it is)
    if (stderr !== undefined && (command !== 'node' || code === 2)) return split(stderr);
    throw error;
  }
}

/** Our CLI, one call for every file; the images it gave per file, from its "N images in F" notes. */
async function ours(cli = CLI) {
  const out = mkdtempSync(path.join(tmpdir(), 'bench-cli-'));
  const started = performance.now();
  const { stderr, cpuMs } = await run('node', [cli, ...files, '--out', out]);
  const ms = performance.now() - started;
  const images = new Map<string, number>();
  for (const match of stderr.matchAll(/^(\d+) images in (.+) \(\w+\)$/gm))
    images.set(match[2] as string, Number(match[1]));
  const written = readdirSync(out, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
  rmSync(out, { recursive: true, force: true });
  return { ms, cpuMs, images, written };
}

/** `pdfimages -all` per file, `parallel` processes at a time; the files it wrote per input. */
async function pdfimages(parallel: number) {
  const out = mkdtempSync(path.join(tmpdir(), 'bench-pdfimages-'));
  const started = performance.now();
  const queue = [...files];
  let cpuMs = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        cpuMs += (await run('pdfimages', ['-all', file, path.join(out, path.basename(file))])).cpuMs;
      }
    }),
  );
  const ms = performance.now() - started;
  const written = new Map<string, number>();
  for (const name of readdirSync(out)) {
    const input = files.map((file) => path.basename(file)).find((base) => name.startsWith(`${base}-`));
    if (input) written.set(input, (written.get(input) ?? 0) + 1);
  }
  rmSync(out, { recursive: true, force: true });
  return { ms, cpuMs, written };
}

/**
 * The images pdfimages finds that ours should give: the rows of `pdfimages -list` that are images
 * or stencils (an smask or mask is merged into its image's view), each XObject once (a row per
 * drawing), every inline image.
 */
function listedImages(file: string): number {
  const list = spawnSync('pdfimages', ['-list', file], { encoding: 'utf8' }).stdout ?? '';
  const seen = new Set<string>();
  let inline = 0;
  for (const row of list.split('\n').slice(2)) {
    const cells = row.trim().split(/\s+/);
    const [type, object] = [cells[2], cells[10]];
    if (type !== 'image' && type !== 'stencil') continue;
    if (object === '[inline]') inline += 1;
    else seen.add(object ?? '');
  }
  return seen.size + inline;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const loadBefore = load();
await ours(); // warm-up: the file cache, as for every later run
await pdfimages(1);
const before = values.before ? path.resolve(values.before) : undefined;
if (before) await ours(before);
const o: Awaited<ReturnType<typeof ours>>[] = [];
const b: Awaited<ReturnType<typeof ours>>[] = [];
const p1: Awaited<ReturnType<typeof pdfimages>>[] = [];
const p2: Awaited<ReturnType<typeof pdfimages>>[] = [];
for (let i = 0; i < runs; i += 1) {
  o.push(await ours());
  if (before) b.push(await ours(before));
  p1.push(await pdfimages(1));
  p2.push(await pdfimages(2));
}
const lastWritten = p1.at(-1)?.written ?? new Map<string, number>();

const om = median(o.map((r) => r.ms));
const p1m = median(p1.map((r) => r.ms));
const p2m = median(p2.map((r) => r.ms));
const cpu = (rs: { cpuMs: number }[]) => `${median(rs.map((r) => r.cpuMs)).toFixed(0)} ms CPU`;
console.log(`${files.length} PDFs, ${runs} runs, median; load average ${loadBefore} before, ${load()} after`);
console.log('file                          bytes  ours  pdfimages: images (list)  files (-all)');
let ourTotal = 0;
let listedTotal = 0;
for (const file of files) {
  const base = path.basename(file);
  const ourImages = o[0]?.images.get(base) ?? 0;
  const listed = listedImages(file);
  ourTotal += ourImages;
  listedTotal += listed;
  const size = spawnSync('stat', ['-c', '%s', file], { encoding: 'utf8' }).stdout.trim();
  console.log(
    `${base.slice(0, 26).padEnd(26)} ${size.padStart(8)} ${String(ourImages).padStart(5)}  ${String(listed).padStart(22)}  ${String(lastWritten.get(base) ?? 0).padStart(12)}`,
  );
}
console.log(
  `images     ours ${ourTotal} (${o[0]?.written} files with the stored originals beside their views), pdfimages ${listedTotal} distinct images and stencils (${[...lastWritten.values()].reduce((a, b) => a + b, 0)} files: -all writes a file per drawing, smasks and masks apart, CCITT .params, JBIG2 globals)`,
);
console.log(
  `ours                         ${om.toFixed(0)} ms, ${cpu(o)} (node extract-api/dist/cli.js <${files.length} files> --out DIR)`,
);
if (before)
  console.log(`before                       ${median(b.map((r) => r.ms)).toFixed(0)} ms, ${cpu(b)} (${before})`);
console.log(`pdfimages, one after another ${p1m.toFixed(0)} ms, ${cpu(p1)}`);
console.log(`pdfimages, two at a time     ${p2m.toFixed(0)} ms, ${cpu(p2)}`);
console.log(
  `ratio      ours / pdfimages = ${(om / p1m).toFixed(2)}x one after another, ${(om / p2m).toFixed(2)}x two at a time (goal: at most 1x one after another)`,
);
