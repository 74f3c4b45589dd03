#!/usr/bin/env node
// One set-up step for `npm start`, `npm test` and `npm run dev` on a machine that has only Node.
// It installs what is missing and nothing else, so running it twice costs a few seconds.
//   --browser  also make sure what the tests need is there: Debian's Chromium (the e2e suite drives
//              /usr/bin/chromium) and the reference tools the engine's tests compare against
//              (poppler's pdfimages, MuPDF's mutool, qpdf, which builds encrypted fixtures, exiftool,
//              which writes metadata into fixtures),
//              Inkscape, which the metafile preview's tests run, and pdfLaTeX with matplotlib,
//              which set the papers the figure finder is measured on, and LibreOffice, which makes
//              the real office files the container readers' tests read.
import { execSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync } from 'node:fs';
import { RENDER_USER } from '../tooling/chromium.mjs';

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

// Debian packages the product uses: ffmpeg for the videos a browser cannot decode (extract-api's
// POST /api/video/frames), and for the tests (--browser) Chromium and the reference tools. Installed together, with
// one `apt-get update`, when missing and run as root; otherwise say what to install.
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const missing = [];
const forTests = process.argv.includes('--browser');
if (forTests && !existsSync(CHROMIUM)) missing.push('chromium');
if (forTests && !has('pdfimages', ['-v'])) missing.push('poppler-utils');
if (forTests && !has('mutool', ['-v'])) missing.push('mupdf-tools');
if (forTests && !has('qpdf')) missing.push('qpdf');
// The container readers' tests check against unzip's entry lists and Python's email module.
if (forTests && !has('unzip', ['-v'])) missing.push('unzip');
// Info-ZIP's zip makes the real EPUB and CBZ files those tests read (plain, streamed, Zip64).
if (forTests && !has('zip', ['-v'])) missing.push('zip');
if (forTests && !has('python3', ['--version'])) missing.push('python3');
// exiftool writes real EXIF, XMP and IPTC into the files media-files' Remove metadata tests strip.
if (forTests && !has('exiftool', ['-ver'])) missing.push('libimage-exiftool-perl');
// A real Redis for extract-api's tests of website scans on BullMQ (each test starts its own).
if (forTests && !existsSync(process.env.REDIS_SERVER_PATH || '/usr/bin/redis-server')) missing.push('redis-server');
// opj_compress answers -h with status 1: only whether it runs at all is asked
if (forTests && spawnSync('opj_compress', ['-h'], { stdio: 'ignore' }).error) missing.push('libopenjp2-tools');
// The figure finder's tests set papers with pdfLaTeX (TikZ, pgfplots, booktabs) and draw their
// plots with Debian's matplotlib: without recommends, about 130 MB to download.
const paperTools = ['texlive-latex-base', 'texlive-latex-recommended', 'texlive-pictures', 'python3-matplotlib'];
if (forTests && !has('pdflatex')) missing.push('texlive-latex-base', 'texlive-latex-recommended', 'texlive-pictures');
if (forTests && !has('/usr/bin/python3', ['-c', 'import matplotlib'])) missing.push('python3-matplotlib');
if (!has(process.env.FFMPEG_PATH || 'ffmpeg', ['-version'])) missing.push('ffmpeg');
// Inkscape draws the EMF/WMF pictures a browser cannot (POST /api/metafile-preview). Without its
// recommends: 33 packages, 29 MB to download, 133 MB on disk, about 10 s to install (measured here).
if (!has(process.env.INKSCAPE_PATH || 'inkscape')) missing.push('inkscape');
// LibreOffice makes, at test time, the real OpenDocument, XLSX, XLS and RTF files the container
// readers are checked on. Without its recommends: 62 packages, 97 MB of archives, 305 MB on disk,
// 48 s to install here (most archives already cached, waiting for another install's lock included).
const libreOffice = ['writer', 'calc', 'impress', 'draw'].map((part) => `libreoffice-${part}-nogui`);
if (forTests && !has('soffice')) missing.push(...libreOffice);
/** What the product runs without, saying what is lost, unless the tests need it. */
const optional = forTests ? ['ffmpeg'] : ['ffmpeg', 'inkscape'];

if (missing.length > 0 && isRoot) {
  log(`Installing Debian's ${missing.join(', ')} with apt-get (Chromium is about 470 MB)`);
  run('apt-get update');
  const isLean = (name) => name === 'inkscape' || paperTools.includes(name) || libreOffice.includes(name);
  const lean = missing.filter(isLean);
  const rest = missing.filter((name) => !isLean(name));
  if (rest.length > 0) run(`DEBIAN_FRONTEND=noninteractive apt-get install -y ${rest.join(' ')}`);
  if (lean.length > 0)
    run(`DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${lean.join(' ')}`);
} else if (missing.some((name) => !optional.includes(name))) {
  console.error(
    `[setup] The tests need Debian's ${missing.join(', ')}. Install them with ` +
      `\`sudo apt-get install -y ${missing.join(' ')}\` (Chromium may also be given by CHROMIUM_PATH), then run npm test again.`,
  );
  process.exit(1);
} else {
  if (missing.includes('ffmpeg')) {
    log(
      'ffmpeg is missing: videos the browser cannot decode (AVI, FLV, MPEG-TS, HEVC) will be refused ' +
        'with a clear message. Install it with `sudo apt-get install -y ffmpeg` (or set FFMPEG_PATH).',
    );
  }
  if (missing.includes('inkscape')) {
    log(
      'Inkscape is missing: EMF/WMF pictures the browser cannot draw get no preview. Install it with ' +
        '`sudo apt-get install -y --no-install-recommends inkscape` (or set INKSCAPE_PATH).',
    );
  }
}

// Render JavaScript opens strangers' pages in Chromium, whose sandbox Chromium refuses to root: a
// service run as root hands Chromium to this unprivileged account (extract-api's render/sandbox.ts),
// which has no login shell and a home of its own, closed to others, for what Chromium keeps there.
const renderUser = process.env.EXTRACT_API_RENDER_USER || RENDER_USER;
const accountExists = () => spawnSync('getent', ['passwd', renderUser], { stdio: 'ignore' }).status === 0;
if (isRoot && !accountExists()) {
  const home = `/var/lib/${renderUser}`;
  log(`Creating the system account ${renderUser}, which runs Chromium for Render JavaScript (home ${home})`);
  const comment = 'Image Extractor, Chromium of Render JavaScript';
  const args = ['--system', '--user-group', '--create-home', '--home-dir', home, '--shell', '/usr/sbin/nologin'];
  if (spawnSync('useradd', [...args, '--comment', comment, renderUser], { stdio: 'inherit' }).status === 0) {
    chmodSync(home, 0o700);
  } else {
    log(
      `Could not create ${renderUser}: Render JavaScript will be refused while the service runs as root. ` +
        'Create an unprivileged account and name it in EXTRACT_API_RENDER_USER.',
    );
  }
}
// Chromium's sandbox needs unprivileged user namespaces: say so now rather than at the first render.
let sandboxTry;
if (!isRoot) sandboxTry = spawnSync('unshare', ['--user', 'true'], { stdio: 'ignore' });
else if (accountExists()) sandboxTry = spawnSync('runuser', ['-u', renderUser, '--', 'unshare', '--user', 'true']);
if (sandboxTry && !sandboxTry.error && sandboxTry.status !== 0) {
  log(
    "Chromium's sandbox cannot start here (unprivileged user namespaces are off), so Render JavaScript " +
      'will be refused. Allow them: sysctl user.max_user_namespaces above 0; kernel.unprivileged_userns_clone=1 ' +
      'and kernel.apparmor_restrict_unprivileged_userns=0 where those settings exist.',
  );
}
