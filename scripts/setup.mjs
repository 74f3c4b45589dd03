#!/usr/bin/env node
// One set-up step for `npm start`, `npm test` and `npm run dev` on a machine that has only Node.
// It installs what is missing and nothing else, so running it twice costs a few seconds.
//   --browser  also make sure Debian's Chromium is there (the e2e suite drives /usr/bin/chromium).
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PNPM_VERSION = '12.21.0';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const log = (msg) => console.log(`[setup] ${msg}`);
const run = (cmd) => execSync(cmd, { stdio: 'inherit' });
const has = (cmd, args = ['--version']) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`[setup] Node ${process.versions.node} is too old: Image Extractor needs Node 20.19 or newer.`);
  process.exit(1);
}

if (!has('pnpm')) {
  log(`pnpm is missing: installing pnpm@${PNPM_VERSION} with npm`);
  run(`npm install -g pnpm@${PNPM_VERSION}`);
}

// --frozen-lockfile: a fresh clone gets exactly the versions that were tested.
run('pnpm install --frozen-lockfile');

if (process.argv.includes('--browser') && !existsSync(CHROMIUM)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `[setup] The e2e tests need Debian's Chromium at ${CHROMIUM}. Install it with ` +
        '`sudo apt-get install -y chromium` (or set CHROMIUM_PATH), then run npm test again.',
    );
    process.exit(1);
  }
  log("Chromium is missing: installing Debian's chromium with apt-get (about 470 MB)");
  run('apt-get update');
  run('DEBIAN_FRONTEND=noninteractive apt-get install -y chromium');
}
