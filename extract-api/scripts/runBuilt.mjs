// `pnpm extract` and `pnpm worker`: builds dist/ only when its sources changed (buildStamp.mjs),
// then runs the built program in this same process, so a call pays one Node start, not a build.
//   node extract-api/scripts/runBuilt.mjs cli|worker [its arguments]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { staleReason } from './buildStamp.mjs';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PROGRAMS = new Set(['cli', 'worker']);

const [program = '', ...args] = process.argv.slice(2);
if (!PROGRAMS.has(program)) {
  console.error(`runBuilt.mjs runs one of ${[...PROGRAMS].join(', ')}, not "${program}".`);
  process.exit(2);
}

const stale = staleReason();
if (stale) {
  console.error(`extract-api: building (${stale})`);
  const built = spawnSync(process.execPath, [path.join(packageDir, 'scripts', 'build.mjs')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// The program reads its own arguments from process.argv, as if started as `node dist/<program>.js`.
const entry = path.join(packageDir, 'dist', `${program}.js`);
process.argv = [process.argv[0] ?? process.execPath, entry, ...args];
await import(pathToFileURL(entry).href);
