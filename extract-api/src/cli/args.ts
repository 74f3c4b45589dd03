/**
 * The command line's words: what it takes, and how it says no. Cheap to load (no extractor), so
 * `--help` and a mistyped option answer at once.
 */
import { parseArgs } from 'node:util';
import { SCAN_DEPTH_DEFAULT } from 'shared-contracts';

export const USAGE = `Usage: pnpm extract <url> [--website [--depth N]] [--render] [--json] [--out DIR]
       pnpm extract <file> [--password P] [--json] [--out DIR]

  <url>          a web page (http or https)
  <file>         a PDF, Word (.docx, .doc) or PowerPoint (.pptx, .ppt) file on disk
  --password P   the password of an encrypted document
  --website      scan the whole site from that page, breadth-first
  --depth N      link hops a website scan follows, 1 to 10 (default ${SCAN_DEPTH_DEFAULT}); 1 = the page and the pages it links to
  --render       load pages in headless Chromium too, for script-built and lazy images
  --json         print one JSON object per image (JSON lines)
  --out DIR      also save every image into DIR`;

export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

export const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        website: { type: 'boolean', default: false },
        depth: { type: 'string' },
        render: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        out: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`);
  }
})();
