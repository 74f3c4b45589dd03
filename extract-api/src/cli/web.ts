/**
 * `pnpm extract <url>`: a web page, or with --website a scan from it, printed and with --out
 * saved. One fetcher for the whole call. Loaded only when an input is not a file.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createNameAllocator, formatBytes, formatDimensions } from 'media-files';
import { type ExtractedImage, ExtractWebsiteRequestSchema } from 'shared-contracts';
import type { AppConfig } from '../config.ts';
import { toHttpFailure } from '../errors.ts';
import { fullSizeChecks } from '../extractors/originals/index.ts';
import { setBrowserLaunch } from '../extractors/render/index.ts';
import { extractWebsite, readWebPage, toExtractedImages } from '../extractors/web/index.ts';
import { createSafeFetcher, type SafeFetch } from '../services/safeFetch/index.ts';
import { values } from './args.ts';
import { InputFailure } from './inputs.ts';
import type { InputOutput } from './output.ts';

function print(image: ExtractedImage, out: InputOutput) {
  if (values.json) {
    out.json(image);
    return;
  }
  const size = formatBytes(image.size) ?? '';
  const where = image.pageUrl ? `  (on ${image.pageUrl})` : '';
  out.line(
    `${(image.format ?? '?').padEnd(5)} ${formatDimensions(image).padEnd(11)}${size.padStart(8)}  ${image.url.slice(0, 200)}${where}`,
  );
}

export type WebReader = {
  read(url: string, out: InputOutput, outDir: string | undefined): Promise<void>;
  close(): Promise<void>;
};

export function createWebReader(config: AppConfig, signal: AbortSignal): WebReader {
  /** Full-size originals unless `--no-original` (node's parseArgs of this Node has no negated options). */
  const original = values.original && !values['no-original'];
  setBrowserLaunch(config);
  const fetcher = createSafeFetcher({ allowLoopback: config.allowLoopback });

  async function save(image: ExtractedImage, outDir: string, fetch: SafeFetch) {
    const target = path.join(outDir, image.name);
    if (image.url.startsWith('data:')) {
      await writeFile(target, Buffer.from(await (await globalThis.fetch(image.url)).arrayBuffer()));
      return;
    }
    const response = await fetch(image.url, { kind: 'image', signal });
    await pipeline(response.body, createWriteStream(target));
  }

  async function read(startUrl: string, out: InputOutput, outDir: string | undefined) {
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
      if (!request.success) throw new InputFailure(request.error.issues[0]?.message ?? 'Bad arguments');
      const scan = extractWebsite({ ...request.data, maxPages: config.maxPages }, signal, {
        fetch: fetcher.fetch,
        chromiumPath: config.chromiumPath,
        originals: config.originals,
      });
      for await (const event of scan) {
        if (event.type === 'image') {
          images.push(event.image);
          print(event.image, out);
        } else if (event.type === 'done' && !values.json) {
          out.note(
            `${event.found} images on ${event.done ?? 0} pages${event.stoppedAtLimit ? ` (stopped at the ${config.maxPages}-page limit)` : ''}`,
          );
        }
      }
    } else {
      const page = await readWebPage(startUrl, {
        fetch: fetcher.fetch,
        render: values.render,
        cutSprites: values.sprites,
        chromiumPath: config.chromiumPath,
        signal,
      });
      const outcome = await toExtractedImages(page.candidates, {
        fetch: fetcher.fetch,
        source: 'page',
        allocateName: createNameAllocator(),
        signal,
        ...fullSizeChecks({ original }, config.originals),
        originalFormat: values['original-formats'],
      });
      for (const image of outcome.images) print(image, out);
      images.push(...outcome.images);
      if (!values.json) out.note(`${outcome.images.length} images`);
    }
    if (!outDir) return;
    let failed = 0;
    for (const image of images) {
      await save(image, outDir, fetcher.fetch).catch((error: unknown) => {
        failed += 1;
        out.note(`could not save ${image.name}: ${toHttpFailure(error).message}`);
      });
    }
    out.note(`saved ${images.length - failed} files to ${outDir}`);
  }

  return { read, close: () => fetcher.close() };
}
