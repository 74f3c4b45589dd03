/**
 * `pnpm extract <file>`: documents on disk, read by the engine the browser runs, in one pool of
 * worker threads for the whole call, bounded as the server's are (EXTRACT_API_DOCUMENT_WORKERS,
 * _HEAP_MB, _TIME_LIMIT_S), so a hostile file ends with a reason instead of hanging or crashing.
 * Every image is printed as found and, with --out, written under a unique safe name. No size
 * bound: they are the user's own files. Loaded only when an input is a document. `--find figures`
 * (or `both`) gives a PDF's figures and tables too: each its PNG render (`--dpi`) and, beside it,
 * its vector PDF, as an image's stored file is written beside its view; with `--svg`, a vector
 * figure's SVG too (figureSvgs.ts).
 */

import { writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createNameAllocator, formatBytes, formatDimensions, safeFileName, withFormatExtension } from 'media-files';
import {
  DOCUMENT_FINDS,
  type DocumentApiImage,
  type DocumentFind,
  FIGURE_DPIS,
  type FigureDpi,
  parseFigureDpi,
} from 'shared-contracts';
import { MESSAGES } from 'shared-contracts/messages';
import { type AppConfig, documentPoolOptions } from '../config.ts';
import { createDocumentPool } from '../extractors/document/documentPool.ts';
// not the folder's index, which loads the engine: it runs in the pool's threads only
import { dataUrlOf, toApiImage } from '../extractors/document/toApiImage.ts';
import { fail, values } from './args.ts';
import type { InputOutput } from './output.ts';

/** One line of the document table: where (page, slide, sheet!cell, chapter), format, size in pixels and bytes, file name. */
function printDocumentImage(image: DocumentApiImage, out: InputOutput) {
  if (values.json) {
    out.json(image);
    return;
  }
  if (image.figure) {
    const where = `page ${image.pageNumber}`;
    out.line(
      `${where.slice(0, 18).padEnd(18)} ${image.format.padEnd(5)} ${formatDimensions(image).padEnd(11)}${(formatBytes(image.size) ?? '').padStart(8)}  ${image.name}${image.original ? ` + ${image.original.name}` : ''}  ${image.figure.caption}`,
    );
    return;
  }
  const where = image.slideNumbers
    ? `slide ${image.slideNumbers.join(',')}`
    : image.pageNumbers
      ? `page ${image.pageNumbers.join(',')}`
      : image.sheet
        ? `${image.sheet}${image.cell ? `!${image.cell}` : ''}`
        : image.chapter
          ? `chapter ${image.chapter}`
          : (image.role ?? '');
  const size = image.linkedUrl ? 'linked' : (formatBytes(image.size) ?? '');
  // an e-mail's attachment, a saved page's image: what it was called where it came from
  const from = image.sourceUrl ?? image.fileName ?? (image.contentId ? `cid:${image.contentId}` : undefined);
  const extra = image.linkedUrl
    ? `  -> ${image.linkedUrl} (not fetched)`
    : `${from ? `  <- ${from}` : ''}${image.note ? `  (${image.note})` : ''}`;
  out.line(
    `${where.slice(0, 18).padEnd(18)} ${image.format.padEnd(5)} ${formatDimensions(image).padEnd(11)}${size.padStart(8)}  ${image.name}${extra}`,
  );
}

/** --find and --dpi, refused with the same sentences the API answers; --svg with what it needs. */
function wantedOf(): { find: DocumentFind; dpi: FigureDpi } {
  const find = values.find === undefined ? 'images' : DOCUMENT_FINDS.find((one) => one === values.find?.toLowerCase());
  if (!find) fail(`--find: ${MESSAGES.documents.findChoices(values.find ?? '')}`);
  const dpi = values.dpi === undefined ? FIGURE_DPIS[0] : parseFigureDpi(values.dpi);
  if (!dpi) fail(`--dpi: ${MESSAGES.documents.figureDpiChoices(values.dpi ?? '', FIGURE_DPIS)}`);
  if (values.dpi !== undefined && find === 'images')
    fail('--dpi is the figures’ resolution: give --find figures or both with it.');
  if (values.svg && (find === 'images' || !values.out))
    fail('--svg writes each vector figure’s SVG beside its PDF: give --find figures or both, and --out DIR.');
  return { find, dpi };
}

export type DocumentReader = {
  read(file: string, bytes: Uint8Array, out: InputOutput, outDir: string | undefined): Promise<void>;
  close(): Promise<void>;
};

/** `documents`: how many the call reads, so that one document starts one thread, not the configured number. */
export function createDocumentReader(config: AppConfig, documents: number, signal: AbortSignal): DocumentReader {
  const wanted = wantedOf();
  const svgs = values.svg
    ? import('./figureSvgs.ts').then((module) => module.createSvgWriter(config, signal))
    : undefined;
  const options = documentPoolOptions(config);
  // The caller reads at most `workers` inputs at once, so none ever waits in the pool's queue.
  const pool = createDocumentPool({
    ...options,
    workers: Math.min(options.workers, documents),
    maxQueue: 0,
    niceIncrement: 0,
  });
  // every thread starts loading the engine now, not when its first document is handed over
  if (documents > 0) pool.warm();
  return {
    close: () => pool.close(),
    async read(file, bytes, out, outDir) {
      const { kind, images } = await pool.readImages(bytes, { password: values.password, signal, ...wanted });
      if (outDir) await mkdir(outDir, { recursive: true });
      const allocate = createNameAllocator();
      // --find both: each figure names the images it draws, which came before it
      const namesByKey = wanted.find === 'both' ? new Map<string, string>() : undefined;
      let count = 0;
      let figures = 0;
      let saved = 0;
      for await (const image of images) {
        if (image.figure) figures += 1;
        else count += 1;
        const name = allocate(safeFileName(image.name));
        if (image.key && !image.figure) namesByKey?.set(image.key, name);
        // the stored file beside its view (a JPEG whose mask the view merges, a figure's vector
        // PDF), under its own extension
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
            // a photograph's SVG would be its raster in a wrapper: vector figures only
            if (svgs && image.figure?.vector) {
              const svgTarget = path.join(outDir, allocate(withFormatExtension(name, 'SVG')));
              if (await (await svgs).write(image.original.bytes, svgTarget, out)) saved += 1;
            }
          }
        } else {
          url = values.json ? dataUrlOf(image) : '';
          if (values.json && image.original) originalUrl = dataUrlOf(image.original);
        }
        printDocumentImage(
          toApiImage(image, name, url, originalName ? { name: originalName, url: originalUrl } : undefined, namesByKey),
          out,
        );
      }
      if (!values.json) {
        const found = [
          ...(wanted.find === 'figures' ? [] : [`${count} images`]),
          ...(wanted.find === 'images' ? [] : [`${figures} figures and tables`]),
        ];
        out.note(`${found.join(', ')} in ${path.basename(file)} (${kind.toUpperCase()})`);
      }
      if (outDir) out.note(`saved ${saved} files to ${outDir}`);
    },
  };
}
