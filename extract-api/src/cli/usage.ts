/**
 * The command line's usage text. Its defaults come from shared-contracts (and so zod): loaded only
 * for --help and a mistyped call, never on the way to the work.
 */
import { FIGURE_DPIS, FRAME_COUNT_DEFAULT, FRAME_INTERVAL_DEFAULT_SECONDS, SCAN_DEPTH_DEFAULT } from 'shared-contracts';

export const USAGE = `Usage: pnpm extract <url> [--website [--depth N]] [--render [--sprites]] [--no-original] [--original-formats] [--audit] [--json] [--out DIR]
       pnpm extract <file> [--password P] [--find images|figures|both [--dpi N] [--svg]] [--json] [--out DIR]
       pnpm extract <video> [--every N | --scenes [T] | --keyframes | --count N] [--from HH:MM:SS] [--to HH:MM:SS]
                            [--sharpest] [--sheet [--columns C] [--width PX]] [--format png|jpeg|webp] [--json] [--out DIR]
       pnpm extract <input> <input>… [--list FILE] [options] [--out DIR]

  <url>          a web page (http or https)
  <file>         a file on disk: PDF, Word (.docx, .doc, .odt, .rtf), PowerPoint (.pptx, .ppt, .odp), .ods, .odg,
                 Excel (.xlsx, .xls), .epub, e-mail (.eml, .msg), a saved page (.mhtml) or images in a .cbz or .zip
  --password P   the password of an encrypted document
  --find F       images (the default), figures or both: a PDF's figures and tables, found by their captions,
                 each as <name>.png (its render) and <name>.pdf (its vector original), with its caption
  --dpi N        the figures' PNG resolution in dots per inch: ${FIGURE_DPIS.join(', ')} (default ${FIGURE_DPIS[0]})
  --svg          with --find and --out, also <name>.svg beside each vector figure's <name>.pdf, drawn from it by
                 Inkscape (INKSCAPE_PATH) with its text as paths; without Inkscape the rest is written, and it says so
  --website      scan the whole site from that page, breadth-first
  --depth N      link hops a website scan follows, 1 to 10 (default ${SCAN_DEPTH_DEFAULT}); 1 = the page and the pages it links to
  --render       load pages in headless Chromium too, for script-built and lazy images
  --sprites      with --render, also each piece of a CSS sprite sheet the page shows, as a PNG
  --original     give the full-size original behind a resized copy, once checked (the default)
  --no-original  give each image as the page showed it
  --original-formats  ask servers for JPEG/PNG where they would send WebP or AVIF
  --audit        also audit the images (alt text, sizes, weight, loading, duplicates), each heavy or
                 oversized one re-encoded for real as WebP and AVIF; a summary on stderr, and with --out
                 image-audit.json, .csv, .xlsx and .html in DIR with the re-encoded files in audit-files/
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
  --format F     png (default), jpeg or webp

  Many inputs in one call (files, URLs, videos) are read EXTRACT_API_DOCUMENT_WORKERS at once, in one pool
  of document workers, all with the call's options (an option that no input takes is refused).
  --list FILE    also every input in FILE, one a line (blank lines and lines starting with # are skipped)
  With many inputs, --out DIR gives each input a folder of its own in DIR, named after it (the file's
  name, or the URL's host and path), and each --json line names its "input". An input that fails says
  why and the others go on; the exit code is 2 when any failed.
  --timing       print to stderr when the first input was read and the work ended (ms since the start)`;
