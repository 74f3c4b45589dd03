/**
 * The command line's words: what it takes, and how it says no. Cheap to load (no extractor), so
 * `--help` and a mistyped option answer at once.
 */
import { parseArgs } from 'node:util';
import { FRAME_COUNT_DEFAULT, FRAME_INTERVAL_DEFAULT_SECONDS, SCAN_DEPTH_DEFAULT } from 'shared-contracts';

export const USAGE = `Usage: pnpm extract <url> [--website [--depth N]] [--render [--sprites]] [--no-original] [--original-formats] [--json] [--out DIR]
       pnpm extract <file> [--password P] [--json] [--out DIR]
       pnpm extract <video> [--every N | --scenes [T] | --keyframes | --count N] [--from HH:MM:SS] [--to HH:MM:SS]
                            [--sharpest] [--sheet [--columns C] [--width PX]] [--format png|jpeg|webp] [--json] [--out DIR]

  <url>          a web page (http or https)
  <file>         a PDF, Word (.docx, .doc) or PowerPoint (.pptx, .ppt) file on disk
  --password P   the password of an encrypted document
  --website      scan the whole site from that page, breadth-first
  --depth N      link hops a website scan follows, 1 to 10 (default ${SCAN_DEPTH_DEFAULT}); 1 = the page and the pages it links to
  --render       load pages in headless Chromium too, for script-built and lazy images
  --sprites      with --render, also each piece of a CSS sprite sheet the page shows, as a PNG
  --original     give the full-size original behind a resized copy, once checked (the default)
  --no-original  give each image as the page showed it
  --original-formats  ask servers for JPEG/PNG where they would send WebP or AVIF
  --json         print one JSON object per image (JSON lines)
  --out DIR      also save every image into DIR
  <video>        a video file on disk (MP4, MOV, MKV, WebM, AVI, MPEG-TS…), read with ffmpeg
  --every N      a frame every N seconds, 1 to 30 (the default, every ${FRAME_INTERVAL_DEFAULT_SECONDS})
  --scenes [T]   a frame at each scene change: ffmpeg's scene score above T (default 0.3)
  --keyframes    the key frames only (nothing else is decoded)
  --count N      N frames spread evenly (default ${FRAME_COUNT_DEFAULT})
  --from, --to   only this part of the video (HH:MM:SS, MM:SS or seconds)
  --sharpest     each frame replaced by the sharpest within half a second
  --sheet        also a contact sheet of the frames in DIR, as PNG and PDF (needs --out)
  --columns C    the sheet's columns, 1 to 10 (default 4); --width PX its width, 400 to 4000 (default 1600)
  --format F     png (default), jpeg or webp`;

export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

/** The threshold of a bare `--scenes`; `--scenes 0.4` gives its own. */
export const SCENES_DEFAULT_THRESHOLD = '0.3';

/** `--scenes` takes an optional value, which parseArgs cannot say: a bare one gets the default. */
function withSceneDefault(args: string[]): string[] {
  return args.map((arg, i) =>
    arg === '--scenes' && !/^\d*\.?\d+$/.test(args[i + 1] ?? '') ? `--scenes=${SCENES_DEFAULT_THRESHOLD}` : arg,
  );
}

export const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        website: { type: 'boolean', default: false },
        depth: { type: 'string' },
        render: { type: 'boolean', default: false },
        sprites: { type: 'boolean', default: false },
        'original-formats': { type: 'boolean', default: false },
        original: { type: 'boolean', default: true },
        'no-original': { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        out: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
        every: { type: 'string' },
        scenes: { type: 'string' },
        keyframes: { type: 'boolean', default: false },
        count: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        sharpest: { type: 'boolean', default: false },
        sheet: { type: 'boolean', default: false },
        columns: { type: 'string' },
        width: { type: 'string' },
        format: { type: 'string' },
      },
      args: withSceneDefault(process.argv.slice(2)),
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`);
  }
})();
