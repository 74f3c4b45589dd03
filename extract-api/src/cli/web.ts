/**
 * `pnpm extract <url>`: a web page, or with --website a scan from it, printed and with --out
 * saved. One fetcher for the whole call. Loaded only when an input is not a file.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createNameAllocator, formatBytes, formatDimensions } from 'media-files';
import { type ExtractedImage, ExtractWebsiteRequestSchema, WebsiteJobRequestSchema } from 'shared-contracts';
import type { AppConfig } from '../config.ts';
import { fullSizeChecks } from '../extractors/originals/index.ts';
import { setBrowserLaunch } from '../extractors/render/index.ts';
import {
  createHostGate,
  extractWebsite,
  type HostGate,
  readWebPage,
  toExtractedImages,
} from '../extractors/web/index.ts';
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

/**
 * `--out`: each image saved as soon as it is given, while the reading goes on. A small image's
 * probe read the whole file: those bytes are written, not fetched again. A larger one is
 * downloaded through its host's gate, the pages' own, so the host never sees more requests at
 * once than the crawl allows it (EXTRACT_API_PAGES_PER_HOST, one at a time under a Crawl-delay).
 */
function createSaver(outDir: string, fetch: SafeFetch, gate: HostGate, out: InputOutput, signal: AbortSignal) {
  const wholeFiles = new Map<string, Uint8Array>();
  const saving: Promise<void>[] = [];
  let failed = 0;

  async function write(image: ExtractedImage) {
    const target = path.join(outDir, image.name);
    const whole = wholeFiles.get(image.url);
    wholeFiles.delete(image.url);
    if (whole) return writeFile(target, whole);
    if (image.url.startsWith('data:')) {
      return writeFile(target, Buffer.from(await (await globalThis.fetch(image.url)).arrayBuffer()));
    }
    const download = async () => {
      const response = await fetch(image.url, { kind: 'image', signal });
      await pipeline(response.body, createWriteStream(target));
    };
    await gate.run(new URL(image.url).host, download, signal);
  }

  return {
    onWholeFile: (url: string, bytes: Uint8Array) => wholeFiles.set(url, bytes),
    save(image: ExtractedImage) {
      saving.push(
        write(image).catch(async (error: unknown) => {
          failed += 1;
          if (signal.aborted) return;
          // Loaded on a failure only: the errors' module knows every extractor's errors (documents' too).
          const { toHttpFailure } = await import('../errors.ts');
          out.note(`could not save ${image.name}: ${toHttpFailure(error).message}`);
        }),
      );
    },
    /** Once every save has ended: where the files went (said of a read that failed only when it saved some). */
    async finish(readWhole: boolean) {
      await Promise.all(saving);
      wholeFiles.clear();
      if (readWhole || saving.length > 0) out.note(`saved ${saving.length - failed} files to ${outDir}`);
    },
  };
}

type Saver = ReturnType<typeof createSaver>;

export function createWebReader(config: AppConfig, signal: AbortSignal): WebReader {
  /** Full-size originals unless `--no-original` (node's parseArgs of this Node has no negated options). */
  const original = values.original && !values['no-original'];
  setBrowserLaunch(config);
  const fetcher = createSafeFetcher({ allowLoopback: config.allowLoopback });
  // One gate per host for every input of the call: pages, robots.txt and the images saved; and
  // one for the image probes, as the service has (EXTRACT_API_PROBES_PER_HOST).
  const gate = createHostGate(config.pagesPerHost);
  const probeGate = createHostGate(config.probesPerHost);

  async function read(startUrl: string, out: InputOutput, outDir: string | undefined) {
    if (outDir) await mkdir(outDir, { recursive: true });
    const saver = outDir ? createSaver(outDir, fetcher.fetch, gate, out, signal) : undefined;
    let readWhole = false;
    try {
      if (values.website || values.audit) await readSite(startUrl, out, saver, outDir);
      else await readPage(startUrl, out, saver);
      readWhole = true;
    } finally {
      await saver?.finish(readWhole);
    }
  }

  /** A scan; with --audit alone, a scan of the one page (depth 0), so that it is audited as a site's would be. */
  async function readSite(startUrl: string, out: InputOutput, saver: Saver | undefined, outDir: string | undefined) {
    // A website scan follows 1 to 10 hops; a page audited alone is a scan of depth 0.
    const schema = values.website ? ExtractWebsiteRequestSchema : WebsiteJobRequestSchema;
    const request = schema.safeParse({
      url: startUrl,
      depth: values.website ? (values.depth === undefined ? undefined : Number(values.depth)) : 0,
      render: values.render,
      original,
      sprites: values.sprites,
      originalFormats: values['original-formats'],
    });
    if (!request.success) throw new InputFailure(request.error.issues[0]?.message ?? 'Bad arguments');
    const audit = values.audit
      ? (await import('./audit.ts')).createCliAudit(config, fetcher.fetch, out, outDir, signal)
      : undefined;
    const found: ExtractedImage[] = [];
    let pages = 0;
    const input = { ...request.data, audit: values.audit };
    const scan = extractWebsite({ ...input, maxPages: config.maxPages }, signal, {
      fetch: fetcher.fetch,
      gate,
      probeGate,
      chromiumPath: config.chromiumPath,
      originals: config.originals,
      auditMaxUsesPerPage: config.auditMaxUsesPerPage,
      ...(saver ? { onWholeFile: saver.onWholeFile } : {}),
      ...(audit ? { onAudit: audit.onAudit } : {}),
    });
    for await (const event of scan) {
      if (event.type === 'image') {
        print(event.image, out);
        saver?.save(event.image);
        if (audit) found.push(event.image);
      } else if (event.type === 'done') pages = event.done ?? 0;
      if (event.type === 'done' && !values.json) {
        out.note(
          `${event.found} images on ${event.done ?? 0} pages${event.stoppedAtLimit ? ` (stopped at the ${config.maxPages}-page limit)` : ''}`,
        );
      }
    }
    await audit?.finish(input, found, pages);
  }

  async function readPage(startUrl: string, out: InputOutput, saver: Saver | undefined) {
    const page = await readWebPage(startUrl, {
      fetch: fetcher.fetch,
      render: values.render,
      cutSprites: values.sprites,
      chromiumPath: config.chromiumPath,
      signal,
    });
    const outcome = await toExtractedImages(
      page.candidates,
      {
        fetch: fetcher.fetch,
        source: 'page',
        allocateName: createNameAllocator(),
        signal,
        probeGate,
        ...fullSizeChecks({ original }, config.originals),
        originalFormat: values['original-formats'],
        ...(saver ? { onWholeFile: saver.onWholeFile } : {}),
      },
      saver?.save,
    );
    // Printed in the page's order; each was saved as soon as it was measured.
    for (const image of outcome.images) print(image, out);
    if (!values.json) out.note(`${outcome.images.length} images`);
  }

  return { read, close: () => fetcher.close() };
}
