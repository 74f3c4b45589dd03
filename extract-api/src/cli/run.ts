/**
 * What `pnpm extract` does once its words are read (cli/args.ts): a web page, a website scan or a
 * document on disk, printed and optionally saved. Loaded only after --help is ruled out.
 */
import { createWriteStream, statSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { createNameAllocator, formatBytes, formatDimensions, safeFileName, withFormatExtension } from 'media-files';
import {
  type DocumentApiImage,
  type ExtractedImage,
  ExtractWebsiteRequestSchema,
  PublicUrlSchema,
} from 'shared-contracts';
import { documentPoolOptions, loadConfig } from '../config.ts';
import { toHttpFailure } from '../errors.ts';
import { createDocumentPool } from '../extractors/document/documentPool.ts';
import { dataUrlOf, toApiImage } from '../extractors/document/index.ts';
import { fullSizeChecks } from '../extractors/originals/index.ts';
import { setBrowserLaunch } from '../extractors/render/index.ts';
import { extractWebsite, readWebPage, toExtractedImages } from '../extractors/web/index.ts';
import { createSafeFetcher, type SafeFetch } from '../services/safeFetch/index.ts';
import { fail, positionals, USAGE, values } from './args.ts';

if (positionals.length !== 1) fail(USAGE);

// pnpm runs this in extract-api/; paths are relative to where the command was typed.
const typedIn = process.env.INIT_CWD ?? process.cwd();
const outDir = values.out ? path.resolve(typedIn, values.out) : undefined;

/** A path that names a file on disk is a document; anything else must be a web address. */
function documentPath(arg: string): string | undefined {
  const candidate = path.resolve(typedIn, arg);
  try {
    return statSync(candidate).isFile() ? candidate : undefined;
  } catch {
    return undefined;
  }
}
const inputFile = documentPath(positionals[0] ?? '');
// A video is told by its first bytes; its options are refused for anything else.
const videoCli = inputFile ? await import('./video.ts') : undefined;
const inputIsVideo = inputFile !== undefined && videoCli?.isVideoFile(inputFile) === true;
if (!inputIsVideo) {
  const given = (await import('./video.ts')).videoOptionsGiven();
  if (given.length > 0) fail(`${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} for a video file on disk.`);
}
if (inputFile && (values.website || values.render || values.depth !== undefined)) {
  fail('--website, --depth and --render are for web pages; a document is read as it is.');
}
if (!inputFile && values.password !== undefined) fail('--password is for a document file on disk.');

const parsedUrl = inputFile ? undefined : PublicUrlSchema.safeParse(positionals[0]);
if (parsedUrl && !parsedUrl.success) {
  fail(
    `${parsedUrl.error.issues[0]?.message ?? 'Not a URL'}: ${positionals[0]} (and no file of that name exists here either)`,
  );
}
const startUrl: string = parsedUrl?.data ?? '';
const config = loadConfig();
/** Full-size originals unless `--no-original` (node's parseArgs of this Node has no negated options). */
const original = values.original && !values['no-original'];
setBrowserLaunch(config);
const fetcher = createSafeFetcher({ allowLoopback: config.allowLoopback });
const controller = new AbortController();
process.once('SIGINT', () => controller.abort());

function print(image: ExtractedImage) {
  if (values.json) {
    process.stdout.write(`${JSON.stringify(image)}\n`);
    return;
  }
  const size = formatBytes(image.size) ?? '';
  const where = image.pageUrl ? `  (on ${image.pageUrl})` : '';
  process.stdout.write(
    `${(image.format ?? '?').padEnd(5)} ${formatDimensions(image).padEnd(11)}${size.padStart(8)}  ${image.url.slice(0, 200)}${where}\n`,
  );
}

async function save(image: ExtractedImage, fetch: SafeFetch) {
  if (!outDir) return;
  const target = path.join(outDir, image.name);
  if (image.url.startsWith('data:')) {
    await writeFile(target, Buffer.from(await (await globalThis.fetch(image.url)).arrayBuffer()));
    return;
  }
  const response = await fetch(image.url, { kind: 'image', signal: controller.signal });
  await pipeline(response.body, createWriteStream(target));
}

/** One line of the document table: where, format, size in pixels and bytes, file name. */
function printDocumentImage(image: DocumentApiImage) {
  if (values.json) {
    process.stdout.write(`${JSON.stringify(image)}\n`);
    return;
  }
  const where = image.slideNumbers
    ? `slide ${image.slideNumbers.join(',')}`
    : image.pageNumbers
      ? `page ${image.pageNumbers.join(',')}`
      : (image.role ?? '');
  const size = image.linkedUrl ? 'linked' : (formatBytes(image.size) ?? '');
  const extra = image.linkedUrl ? `  -> ${image.linkedUrl} (not fetched)` : image.note ? `  (${image.note})` : '';
  process.stdout.write(
    `${where.slice(0, 18).padEnd(18)} ${image.format.padEnd(5)} ${formatDimensions(image).padEnd(11)}${size.padStart(8)}  ${image.name}${extra}\n`,
  );
}

/**
 * A document on disk, read by the engine the browser runs, in a worker thread bounded as the
 * server's are (EXTRACT_API_DOCUMENT_HEAP_MB, EXTRACT_API_DOCUMENT_TIME_LIMIT_S), so a hostile file
 * ends with a reason instead of hanging or crashing: every image printed as found, and with --out
 * written under a unique safe name. No size bound: it is the user's own file.
 */
async function extractFile(file: string) {
  const bytes = new Uint8Array(await readFile(file));
  const pool = createDocumentPool({ ...documentPoolOptions(config), workers: 1, maxQueue: 0 });
  try {
    await readDocumentFile(file, bytes, pool);
  } finally {
    await pool.close();
  }
}

async function readDocumentFile(file: string, bytes: Uint8Array, pool: ReturnType<typeof createDocumentPool>) {
  const { kind, images } = await pool.readImages(bytes, {
    password: values.password,
    signal: controller.signal,
  });
  if (outDir) await mkdir(outDir, { recursive: true });
  const allocate = createNameAllocator();
  let count = 0;
  let saved = 0;
  for await (const image of images) {
    count += 1;
    const name = allocate(safeFileName(image.name));
    // the stored file beside its view (a JPEG whose mask the view merges), under its own extension
    const originalName = image.original && allocate(withFormatExtension(name, image.original.format));
    let url: string;
    let originalUrl = '';
    if (outDir && !image.linkedUrl) {
      const target = path.join(outDir, name);
      // in place: the next images inflate on zlib's threads meanwhile (bench/RESULTS.md)
      writeFileSync(target, image.bytes);
      saved += 1;
      url = pathToFileURL(target).href;
      if (image.original && originalName) {
        const originalTarget = path.join(outDir, originalName);
        writeFileSync(originalTarget, image.original.bytes);
        saved += 1;
        originalUrl = pathToFileURL(originalTarget).href;
      }
    } else {
      url = values.json ? dataUrlOf(image) : '';
      if (values.json && image.original) originalUrl = dataUrlOf(image.original);
    }
    printDocumentImage(
      toApiImage(image, name, url, originalName ? { name: originalName, url: originalUrl } : undefined),
    );
  }
  if (!values.json) process.stderr.write(`${count} images in ${path.basename(file)} (${kind.toUpperCase()})\n`);
  if (outDir) process.stderr.write(`saved ${saved} files to ${outDir}\n`);
}

async function main() {
  if (inputFile && inputIsVideo && videoCli) {
    await videoCli.extractVideoFile(inputFile, outDir, controller.signal);
    return;
  }
  if (inputFile) {
    await extractFile(inputFile);
    return;
  }
  if (outDir) await mkdir(outDir, { recursive: true });
  const images: ExtractedImage[] = [];
  if (values.website) {
    const request = ExtractWebsiteRequestSchema.safeParse({
      url: startUrl,
      depth: values.depth === undefined ? undefined : Number(values.depth),
      render: values.render,
      original,
      sprites: values.sprites,
      originalFormats: values['original-formats'],
    });
    if (!request.success) fail(request.error.issues[0]?.message ?? 'Bad arguments');
    const scan = extractWebsite({ ...request.data, maxPages: config.maxPages }, controller.signal, {
      fetch: fetcher.fetch,
      chromiumPath: config.chromiumPath,
      originals: config.originals,
    });
    for await (const event of scan) {
      if (event.type === 'image') {
        images.push(event.image);
        print(event.image);
      } else if (event.type === 'done' && !values.json) {
        process.stderr.write(
          `${event.found} images on ${event.done ?? 0} pages${event.stoppedAtLimit ? ` (stopped at the ${config.maxPages}-page limit)` : ''}\n`,
        );
      }
    }
  } else {
    const page = await readWebPage(startUrl, {
      fetch: fetcher.fetch,
      render: values.render,
      cutSprites: values.sprites,
      chromiumPath: config.chromiumPath,
      signal: controller.signal,
    });
    const outcome = await toExtractedImages(page.candidates, {
      fetch: fetcher.fetch,
      source: 'page',
      allocateName: createNameAllocator(),
      signal: controller.signal,
      ...fullSizeChecks({ original }, config.originals),
      originalFormat: values['original-formats'],
    });
    for (const image of outcome.images) print(image);
    images.push(...outcome.images);
    if (!values.json) process.stderr.write(`${outcome.images.length} images\n`);
  }
  let failed = 0;
  for (const image of images) {
    await save(image, fetcher.fetch).catch((error: unknown) => {
      failed += 1;
      process.stderr.write(`could not save ${image.name}: ${toHttpFailure(error).message}\n`);
    });
  }
  if (outDir) process.stderr.write(`saved ${images.length - failed} files to ${outDir}\n`);
}

try {
  await main();
} catch (error) {
  fail(`Extraction failed: ${toHttpFailure(error, { givePassword: 'Give it with --password.' }).message}`);
} finally {
  await fetcher.close();
}
