// @vitest-environment node
/**
 * The PDF engine against the corpus's manifest.json (tooling/corpus.mjs; rows of poppler's `pdfimages -list`):
 * per file, the set of image sizes equals the distinct drawn images (`image` and `stencil` rows;
 * an image's smask/mask rows are its alpha, not separate images), every native JPX row's sha256
 * is among the outputs, and every row's page is among the pages of an output of its size. A
 * native JPEG row's sha256 is its stored stream's (pdfimages writes it as stored), and the output
 * is that stream cut to its SOI…EOI (jpeg.ts: pdfimages keeps, say, a line feed after the EOI).
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusManifest, corpusPath, readCorpus } from '../../tooling/corpus.mjs';
import { type PdfImageEvent, readPdfImages } from '../src/core/pdf/extractPdf.ts';
import { readJpegLayout } from '../src/core/pdf/jpeg.ts';
import { PdfRef, PdfStream } from '../src/core/pdf/objects.ts';
import { PdfDocument } from '../src/core/pdf/xref.ts';

type Row = {
  page: number;
  type: string;
  width: number;
  height: number;
  enc: string;
  object: number;
  id?: number;
  native_stream?: boolean;
  extracted?: { sha256?: string; native_stream?: boolean }[];
};

/**
 * Files the engine cannot fully do yet, with the reason. Their missing images must come back as
 * `skipped` entries (with the size and pages), so sizes and pages are still checked over images
 * plus skipped; every other file must have no skipped entry at all.
 */
const KNOWN_GAPS: Record<string, string> = {};

const PASSWORDS: Record<string, string> = { 'issue3371.pdf': 'ELXRTQWS' };

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('PDF corpus vs pdfimages -list', () => {
  // Without the corpus these throw, saying where they looked: the file fails, it is never skipped.
  const manifest = corpusManifest<{ files: Record<string, { images: Row[] }> }>();
  const files = readdirSync(corpusPath('pdf'))
    .filter((name) => name.endsWith('.pdf'))
    .sort();
  const table: string[] = [];

  for (const file of files) {
    it(`should match pdfimages for ${file}`, async () => {
      const entry = manifest.files[`pdf/${file}`];
      expect(entry, `manifest entry for ${file}`).toBeDefined();
      const rows = entry?.images ?? [];
      const bytes = readCorpus(`pdf/${file}`);
      const events: PdfImageEvent[] = [];
      const password = PASSWORDS[file];
      for await (const event of readPdfImages(bytes, password ? { password } : {})) events.push(event);

      const drawn = rows.filter((row) => row.type === 'image' || row.type === 'stencil');
      const expectedSizes = new Set(drawn.map((row) => `${row.width}x${row.height}`));
      const outputs = events.map((event) =>
        event.kind === 'image'
          ? {
              // the image's own size (a view may be drawn larger, at its mask's resolution)
              size: `${event.imageSize.width}x${event.imageSize.height}`,
              pages: event.image.pageNumbers ?? [],
              // pdfimages writes the stored stream: our original, or the view when it is the stored file
              sha: sha256(event.image.original?.bytes ?? event.image.bytes),
              skipped: false,
            }
          : {
              size: `${event.skipped.width}x${event.skipped.height}`,
              pages: event.skipped.pageNumbers,
              sha: '',
              skipped: true,
            },
      );
      const foundSizes = new Set(outputs.map((output) => output.size));
      const hashes = new Set(outputs.map((output) => output.sha));
      const native = drawn.filter((row) => (row.enc === 'jpeg' || row.enc === 'jpx') && row.native_stream);
      // a JPEG row: the sha256 pdfimages gives is the stored stream's, and ours is its SOI…EOI
      const doc = await PdfDocument.open(bytes, password);
      let cut = 0;
      const expectedHash = new Map<Row, string | undefined>();
      for (const row of native) {
        if (row.enc !== 'jpeg') {
          expectedHash.set(row, (row.extracted ?? []).find((e) => e.sha256 && hashes.has(e.sha256))?.sha256);
          continue;
        }
        const stream = await doc.fetch(new PdfRef(row.object, row.id ?? 0));
        if (!(stream instanceof PdfStream)) continue;
        const stored = (await doc.decodeStream(stream)).data;
        if (!(row.extracted ?? []).some((e) => e.sha256 === sha256(stored))) continue;
        const layout = readJpegLayout(stored);
        if (!layout.ok) continue;
        if (layout.start > 0 || layout.end < stored.length) cut++;
        expectedHash.set(row, sha256(stored.subarray(layout.start, layout.end)));
      }
      const missingHashes = native.filter((row) => {
        const expected = expectedHash.get(row);
        return !expected || !hashes.has(expected);
      });
      const pageMisses = drawn.filter(
        (row) =>
          !outputs.some((output) => output.size === `${row.width}x${row.height}` && output.pages.includes(row.page)),
      );
      const distinctObjects = new Set(
        drawn.map((row) => (row.object ? `o${row.object}` : `${row.page}:${row.width}x${row.height}`)),
      );
      table.push(
        [
          file.padEnd(26),
          `rows ${String(drawn.length).padStart(3)}`,
          `distinct ${String(distinctObjects.size).padStart(3)}`,
          `out ${String(outputs.filter((o) => !o.skipped).length).padStart(3)}`,
          `skipped ${String(outputs.filter((o) => o.skipped).length).padStart(2)}`,
          `sizes ${[...expectedSizes].sort().join(',') === [...foundSizes].sort().join(',') ? 'ok' : 'DIFF'}`,
          `sha ${native.length - missingHashes.length}/${native.length}${cut ? ` (${cut} cut to SOI…EOI)` : ''}`,
          `pages ${pageMisses.length === 0 ? 'ok' : `${pageMisses.length} missing`}`,
        ].join(' | '),
      );
      expect([...foundSizes].sort()).toEqual([...expectedSizes].sort());
      const skipped = events.flatMap((event) => (event.kind === 'skipped' ? [event.skipped.reason] : []));
      if (KNOWN_GAPS[file]) {
        expect(skipped.length).toBeGreaterThan(0);
        for (const reason of skipped) expect(reason).toMatch(/JBIG2/);
      } else {
        expect(skipped).toEqual([]);
      }
      expect(missingHashes.map((row) => `${row.page}:${row.object}`)).toEqual([]);
      expect(pageMisses.map((row) => `${row.page}:${row.width}x${row.height}`)).toEqual([]);
    }, 60_000);
  }

  it('should print the per-file table', () => {
    console.log(`\n${table.join('\n')}`);
    expect(table.length).toBe(files.length);
  });
});
