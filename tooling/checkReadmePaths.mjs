// Fails when a README names a file or folder that does not exist, so that the written map of the
// repository cannot drift from the tree without `npm test` saying so.
//
// What it reads: every README.md of the repository (not node_modules, dist or dot folders), the
// text outside fenced code blocks (those are commands and sample files, not the map).
// What it checks: each `inline code` span and each [link](target) that looks like a path, that
// is, it contains a `/` or ends in a source or document extension (EXTENSIONS below).
// Where a path is looked for, in order:
//   - a link's target: the README's folder only (a link must work when clicked);
//   - the README's folder, its package's folder, the package's src/, the repository's root;
//   - the folders other paths of the same table row (or, outside tables, the same line) name, and
//     their parents: `src/extractors/page/`, `web/` reads `web/` beside `page/`; a bare file name
//     in a row is searched for anywhere under that row's folders, so a row that places a file in
//     the wrong folder fails;
//   - outside tables, or in a row that names no folder: anywhere in the package (the whole
//     repository for the root README), by its trailing path (`redis/store.ts`);
//   - last, in the reference corpus beside the repository (`docx/having-images.docx`), which the
//     tests need anyway: without it, such a path is reported with a note saying so.
// What it skips, as not paths of this repository:
//   - anything with whitespace (commands, routes with a verb), a `:` (URLs, `data:`, `ie:host:*`)
//     or a leading `/` (site routes, API paths, system paths such as `/usr/bin/chromium`);
//   - placeholders and patterns: `<name>`, `*`, `{…}`, `…`, `$VAR`, `=`;
//   - npm scopes (`@module-federation/vite`), MIME types (`image/png`), and a workspace package's
//     export subpath (`shared-ui/design-system/button`, `document-engine/fixtures/<name>`): that
//     one is checked against the package's `exports` instead;
//   - a bare extension (`.mjs`), paths that leave the repository (`../shared/corpus`, the
//     reference corpus beside it), build outputs that exist only after a build (any `dist/`,
//     `.vite/`, `.data/` segment, and the files named in GENERATED) and what the server writes
//     while it runs (RUNTIME).
// Run: `node tooling/checkReadmePaths.mjs` (part of `pnpm run lint`); `--verbose` also prints
// what each path resolved to.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORPUS_DIR } from './corpus.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const VERBOSE = process.argv.includes('--verbose');
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);
const EXTENSIONS = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|json|md|yml|yaml|sh|py|html|css|toml|txt|d\.mts|d\.ts)$/;
const GENERATED = new Set([
  'mf-stats.json',
  'chunk-packages.json',
  'remoteEntry.js',
  'lifecycles.js',
  'server.js',
  'cli.js',
  'worker.js',
]);
const RUNTIME = new Set(['extract-api/data', 'contact/messages.ndjson']);
const MIME = /^(image|video|audio|application|text|font|multipart)\/[\w.+-]+$/;

/** Every file and folder of the repository, as paths relative to its root (folders end in /). */
function walk(dir, out) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    const rel = relative(ROOT, path).split(sep).join('/');
    if (entry.isDirectory()) {
      out.push(`${rel}/`);
      walk(path, out);
    } else out.push(rel);
  }
  return out;
}

const tree = walk(ROOT, []);
const readmes = tree.filter((p) => p === 'README.md' || p.endsWith('/README.md'));
const packages = new Map(
  tree
    .filter((p) => /^[^/]+\/package\.json$/.test(p))
    .map((p) => [p.split('/')[0], JSON.parse(readFileSync(join(ROOT, p), 'utf8'))]),
);

function isDirectory(abs) {
  return existsSync(abs) && statSync(abs).isDirectory();
}

/** The path `ref` from folder `base` (repo-relative), if it exists: its repo-relative form. */
function at(base, ref) {
  const abs = resolve(ROOT, base, ref);
  if (!abs.startsWith(ROOT + sep) && abs !== ROOT) return undefined;
  if (!existsSync(abs)) return undefined;
  if (ref.endsWith('/') && !isDirectory(abs)) return undefined;
  const rel = relative(ROOT, abs).split(sep).join('/');
  return isDirectory(abs) ? `${rel}/` : rel;
}

/** A path's folder for the paths named after it: a folder itself, or a file's folder. */
function folderOf(rel) {
  return rel.endsWith('/') ? rel : rel.slice(0, rel.lastIndexOf('/') + 1);
}

function parentOf(folder) {
  const trimmed = folder.replace(/\/$/, '');
  return trimmed.includes('/') ? trimmed.slice(0, trimmed.lastIndexOf('/') + 1) : '';
}

/** Whether `sub` (e.g. `./design-system/button`) is one of the package's export keys. */
function exported(pkg, sub) {
  return Object.keys(pkg.exports ?? {}).some((key) => {
    if (!key.includes('*')) return key === sub;
    const [head, tail] = key.split('*');
    return sub.startsWith(head) && sub.endsWith(tail) && sub.length > head.length + tail.length;
  });
}

function packageFolderOf(readme) {
  const first = readme.split('/')[0];
  return readme.includes('/') && packages.has(first) ? `${first}/` : '';
}

/** Why `ref` is not a path of this repository to check, or undefined when it is one. */
function skipReason(ref) {
  if (/\s/.test(ref)) return 'whitespace';
  if (/^\.\w+$/.test(ref)) return 'an extension';
  if (RUNTIME.has(ref)) return 'written at run time';
  if (ref.includes(':')) return 'url';
  if (ref.startsWith('/')) return 'absolute';
  if (/[<>*{}…$=]/.test(ref) || ref.includes('...')) return 'placeholder';
  if (ref.startsWith('@')) return 'npm scope';
  if (MIME.test(ref)) return 'mime';
  if (!ref.includes('/') && !EXTENSIONS.test(ref)) return 'not a path';
  if (/^[\d./]+$/.test(ref)) return 'numbers';
  const segments = ref.split('/');
  if (segments.some((s) => s === 'dist' || s === '.vite' || s === '.data')) return 'build output';
  if (GENERATED.has(segments.at(-1))) return 'build output';
  return undefined;
}

const problems = [];
let checked = 0;

for (const readme of readmes) {
  const readmeFolder = folderOf(readme);
  const packageFolder = packageFolderOf(readme);
  const lines = readFileSync(join(ROOT, readme), 'utf8').split('\n');
  let fenced = false;
  lines.forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    const inTable = line.trimStart().startsWith('|');
    const links = [...line.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
    const spans = [...line.replace(/\]\(([^)\s]+)\)/g, ']').matchAll(/`([^`]+)`/g)].map((m) => m[1]);

    for (const link of links) {
      if (/^[a-z]+:/i.test(link) || link.startsWith('#')) continue;
      checked++;
      const target = link.split('#')[0];
      if (!at(readmeFolder, target)) problems.push(`${readme}:${index + 1}: link \`${link}\` leads nowhere`);
    }

    // Folders this line (row) names, which the bare names after them are read against.
    const bases = [];
    for (const raw of spans) {
      const ref = raw.replace(/^\.\//, '');
      const reason = skipReason(ref);
      if (reason) continue;
      const first = ref.split('/')[0];
      if (ref.includes('/') && packages.has(first) && !at('', ref)) {
        checked++;
        const pkg = packages.get(first);
        if (!exported(pkg, `./${ref.slice(first.length + 1)}`))
          problems.push(`${readme}:${index + 1}: \`${raw}\` is neither a path nor an export of ${first}`);
        continue;
      }
      if (ref.startsWith('../') && !at(readmeFolder, ref) && !resolve(ROOT, ref).startsWith(ROOT + sep)) continue;
      checked++;
      const direct = [readmeFolder, packageFolder, `${packageFolder}src/`, ''];
      const contextual = bases.flatMap((b) => [b, parentOf(b)]);
      let found;
      for (const base of ref.includes('/')
        ? [...direct, ...contextual]
        : [readmeFolder, packageFolder, ...contextual]) {
        found = at(base, ref);
        if (found) break;
      }
      const rowFolders = inTable ? bases : [];
      if (!found && rowFolders.length > 0) {
        // A bare name in a row lives somewhere under the row's folders, and nowhere else.
        found = tree.find((p) => rowFolders.some((b) => p.startsWith(b)) && (p === ref || p.endsWith(`/${ref}`)));
      } else if (!found) {
        found = tree.find((p) => p.startsWith(packageFolder) && (p === ref || p.endsWith(`/${ref}`)));
      }
      if (!found && existsSync(join(CORPUS_DIR, ref))) found = `corpus: ${ref}`;
      if (!found) {
        problems.push(`${readme}:${index + 1}: \`${raw}\` does not exist`);
        continue;
      }
      if (VERBOSE) console.log(`${readme}:${index + 1}: ${raw} -> ${found}`);
      if (ref.includes('/')) bases.push(folderOf(found));
    }
  });
}

if (problems.length > 0) {
  const corpusNote = existsSync(CORPUS_DIR)
    ? ''
    : `\n(The reference corpus is not at ${CORPUS_DIR}: corpus paths could not be checked.)`;
  console.error(`READMEs name ${problems.length} path(s) that do not exist:\n${problems.join('\n')}${corpusNote}`);
  process.exit(1);
}
console.log(`README paths: ${checked} checked in ${readmes.length} READMEs, all exist.`);
