// @vitest-environment node
/**
 * Excel 97-2003 workbooks: a BIFF8 Workbook stream built here as Excel writes one (a drawing group
 * whose BStore runs on through Continue records; each sheet's drawing split over MsoDrawing
 * records with other records between them), around the corpus's pictures, in a compound file
 * written by `cfb`; checked byte for byte against the pictures put in.
 */
import * as CFB from 'cfb';
import { describe, expect, it } from 'vitest';
import { sniffContainerKind } from '../src/containerKind.ts';
import { extractXls } from '../src/core/xls/index.ts';
import { collectAll, corpusMedia, sha256 } from './corpusMedia.ts';
import { biff, sampleWorkbook, u16 } from './mailFixtures.ts';

const media = corpusMedia();

describe('XLS', () => {
  it('gives the BStore pictures byte for byte, with the sheet and cell of the first shape showing each', async () => {
    const bytes = sampleWorkbook(media);
    expect(sniffContainerKind(bytes)).toBe('xls');
    const images = await collectAll(extractXls(bytes));
    expect(
      images.map((image) => ({
        name: image.name,
        format: image.format,
        sheet: image.sheet,
        cell: image.cell,
        sha: sha256(image.bytes),
      })),
    ).toEqual([
      { name: 'image1.png', format: 'PNG', sheet: 'Données', cell: 'C10', sha: sha256(media.png) },
      { name: 'image2.jpg', format: 'JPEG', sheet: 'Données', cell: 'B4', sha: sha256(media.jpeg) },
      { name: 'image3.emf', format: 'EMF', sheet: 'Лист2', cell: 'AA100', sha: sha256(media.emf) },
      // in the BStore, shown by no shape
      { name: 'image4.png', format: 'PNG', sheet: undefined, cell: undefined, sha: sha256(media.png) },
    ]);
    // a metafile is sized as the workbook shows it (1 x 0.5 inch at 96 dpi)
    expect(images[2]).toMatchObject({ width: 96, height: 48 });
  });

  it('refuses an encrypted workbook with a sentence, not a stack trace', async () => {
    const workbook = Buffer.concat([
      biff(0x0809, Buffer.concat([u16(0x600), u16(0x5), Buffer.alloc(12)])),
      biff(0x002f, Buffer.alloc(54)),
      biff(0x000a, Buffer.alloc(0)),
    ]);
    const file = CFB.utils.cfb_new();
    CFB.utils.cfb_add(file, '/Workbook', workbook);
    const error = await collectAll(extractXls(new Uint8Array(CFB.write(file, { type: 'buffer' }) as Buffer))).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'unsupported', message: expect.stringContaining('password-protected') });
  });
});
