import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusPath, readCorpus } from '../../tooling/corpus.mjs';
import { formOnEveryPagePdf } from '../hostile/pdf.ts';
import { captionLabel, findCaptions, type TextLine } from '../src/core/pdf/figures/captions.ts';
import {
  type Box,
  DEFAULT_LAYOUT_LIMITS,
  findPdfFigures,
  iou,
  type PdfFigure,
  walkPageLayout,
} from '../src/core/pdf/figures/index.ts';
import { readPages } from '../src/core/pdf/pageTree.ts';
import { PdfDocument } from '../src/core/pdf/xref.ts';
import { diagramAndPhotoPage, FigurePage, inkscapePdf, popplerWords, svgTwoColumnPage } from './figurePages.ts';
import { latin1Bytes, streamBody, writePdf } from './pdfFixtures.ts';

type Expected = {
  name: string;
  kind: 'figure' | 'table';
  number: string;
  caption: string;
  vector?: boolean;
  images?: number;
};

/** Every expected figure found once, with IoU >= 0.8 and its caption; nothing else found. */
async function expectFigures(page: FigurePage, expected: Expected[]): Promise<PdfFigure[]> {
  const { figures, notes } = await findPdfFigures(page.pdf());
  const report = figures.map(
    (f) => `${f.kind} ${f.number} [${f.box.map((v) => v.toFixed(0)).join(' ')}] "${f.caption}"`,
  );
  for (const want of expected) {
    const truth = page.truths.get(want.name) as Box;
    expect(truth, want.name).toBeDefined();
    const found = figures.find((f) => f.kind === want.kind && f.number === want.number);
    expect(
      found,
      `${want.name} among ${report.join('; ')} (notes: ${notes.map((n) => n.message).join('; ')})`,
    ).toBeDefined();
    if (!found) continue;
    const score = iou(found.box, truth);
    console.log(
      `${want.name}: IoU ${score.toFixed(3)} found [${found.box.map((v) => v.toFixed(1)).join(' ')}] truth [${truth.map((v) => v.toFixed(1)).join(' ')}]`,
    );
    expect(score, `${want.name}: IoU of ${found.box} with ${truth}`).toBeGreaterThanOrEqual(0.8);
    expect(found.caption).toBe(want.caption);
    if (want.vector !== undefined) expect(found.vector).toBe(want.vector);
    if (want.images !== undefined) expect(found.imageKeys).toHaveLength(want.images);
  }
  expect(figures, report.join('; ')).toHaveLength(expected.length);
  return figures;
}

describe('PDF figures: generated pages with known boxes', () => {
  it('a vector plot on a single-column page, between paragraphs', async () => {
    const page = new FigurePage();
    page.paragraph(72, 720, 8, 93);
    // a paragraph's short last line, just above the figure: prose all the same
    page.text(72, 624, 10, 'and so the paragraph ends here.');
    page.begin('plot').plot(156, 430, 300, 180).end();
    page.text(156, 410, 9, 'Figure 1: Accuracy of the model over training epochs.');
    page.paragraph(72, 380, 6, 93);
    await expectFigures(page, [
      {
        name: 'plot',
        kind: 'figure',
        number: '1',
        caption: 'Figure 1: Accuracy of the model over training epochs.',
        vector: true,
        images: 0,
      },
    ]);
  });

  it('a diagram and a raster image, one in each column of a two-column page', async () => {
    const page = diagramAndPhotoPage();
    await expectFigures(page, [
      {
        name: 'diagram',
        kind: 'figure',
        number: '2',
        caption: 'Fig. 2. The processing pipeline with a feedback loop between its stages.',
        vector: true,
      },
      {
        name: 'photo',
        kind: 'figure',
        number: '3',
        caption: 'Figure 3: A photograph of the apparatus.',
        vector: false,
        images: 1,
      },
    ]);
  });

  it('a figure of two panels under one caption', async () => {
    const page = new FigurePage();
    page.paragraph(72, 720, 8, 93);
    page.begin('panels').plot(72, 420, 220, 160, 1).plot(320, 420, 220, 160, 4).end();
    page.text(72, 400, 9, 'Figure 4: Two panels. (a) Training loss. (b) Validation accuracy on the held-out split of');
    page.text(72, 389, 9, 'the data.');
    page.paragraph(72, 360, 6, 93);
    await expectFigures(page, [
      {
        name: 'panels',
        kind: 'figure',
        number: '4',
        caption: 'Figure 4: Two panels. (a) Training loss. (b) Validation accuracy on the held-out split of the data.',
        vector: true,
      },
    ]);
  });

  it('a table with its caption above', async () => {
    const page = new FigurePage();
    page.paragraph(72, 720, 8, 93);
    page.text(131, 610, 9, 'Table 1: Results on the benchmark datasets.');
    page.begin('table');
    page.table(131, 598, 5, 6);
    page.end();
    page.paragraph(72, 470, 8, 93);
    await expectFigures(page, [
      { name: 'table', kind: 'table', number: '1', caption: 'Table 1: Results on the benchmark datasets.' },
    ]);
  });

  it('an IEEE-style table: its label centred on a line of its own, its title centred under it', async () => {
    const page = new FigurePage();
    page.paragraph(72, 720, 8, 93);
    page.text(288, 610, 8, 'TABLE II');
    page.text(242, 600, 8, 'ERROR RATES OF THE FOUR METHODS');
    page.begin('table');
    page.table(166, 588, 4, 5);
    page.end();
    page.paragraph(72, 480, 8, 93);
    await expectFigures(page, [
      { name: 'table', kind: 'table', number: 'II', caption: 'TABLE II ERROR RATES OF THE FOUR METHODS' },
    ]);
  });

  it('a figure next to a table', async () => {
    const page = new FigurePage();
    page.paragraph(72, 720, 8, 93);
    page.begin('plot').plot(72, 450, 220, 150).end();
    page.text(72, 432, 9, 'Figure 5: Loss curve.');
    page.text(330, 605, 9, 'Table 2: Timings.');
    page.begin('table');
    page.table(330, 593, 3, 5);
    page.end();
    page.paragraph(72, 400, 8, 93);
    await expectFigures(page, [
      { name: 'plot', kind: 'figure', number: '5', caption: 'Figure 5: Loss curve.' },
      { name: 'table', kind: 'table', number: '2', caption: 'Table 2: Timings.' },
    ]);
  });

  it('captions in German, French and Russian (a Type0 font with ToUnicode), an inline image, a Form XObject', async () => {
    const page = new FigurePage();
    page.paragraph(72, 740, 4, 93);
    page
      .begin('form')
      .inForm([0.5, 0, 0, 0.5, 150, 330], (p) => p.diagram(0, 0, 400, 240))
      .end();
    page.text(150, 440 - 120 + 0, 9, 'Abbildung 6: Ein Diagramm in einem Formular.');
    page.paragraph(72, 300, 3, 93);
    page.begin('inline').inlineImage(200, 130, 200, 120).end();
    page.cyrillic(200, 115, 9, 'Рис. 7. Схема');
    page.paragraph(72, 90, 3, 93);
    page.text(150, 680, 9, 'Tableau 8 \x96 R\xe9sultats');
    page.begin('tableau');
    page.table(150, 668, 4, 3);
    page.end();
    await expectFigures(page, [
      {
        name: 'form',
        kind: 'figure',
        number: '6',
        caption: 'Abbildung 6: Ein Diagramm in einem Formular.',
        vector: true,
      },
      { name: 'inline', kind: 'figure', number: '7', caption: 'Рис. 7. Схема', vector: false, images: 1 },
      { name: 'tableau', kind: 'table', number: '8', caption: 'Tableau 8 – Résultats' },
    ]);
  });

  it('ends a caption where the next line is a paragraph of prose or a table row, not where a title follows its label', () => {
    const line = (x0: number, x1: number, baseline: number, text: string, size = 10): TextLine => ({
      box: [x0, baseline - 0.2 * size, x1, baseline + 0.8 * size],
      text,
      size,
      baseline,
    });
    // a centred caption, then the next paragraph's full-width line right under it (no spacing)
    const centred = [
      line(200, 412, 500, 'Figure 1: The new office building.'),
      line(72, 540, 488, 'This report describes the results of the survey and the changes since'),
    ];
    expect(findCaptions(centred).map((c) => c.text)).toEqual(['Figure 1: The new office building.']);
    // a caption over a borderless table: its middle column is centred under the caption
    const table = [
      line(200, 412, 500, 'Table 1: Survey results by region.'),
      line(72, 110, 488, 'Region'),
      line(250, 282, 488, 'Count'),
      line(380, 410, 488, 'Share'),
    ];
    expect(findCaptions(table).map((c) => c.text)).toEqual(['Table 1: Survey results by region.']);
    // body text a size larger than the caption, at the caption's own left edge
    const left = [line(72, 300, 500, 'Figure 2: A plot.', 9), line(72, 290, 489, 'and the text goes on here', 10.5)];
    expect(findCaptions(left).map((c) => c.text)).toEqual(['Figure 2: A plot.']);
    // "TABLE I" over its centred title, wider than the label: one caption
    const ieee = [line(280, 332, 500, 'TABLE I'), line(220, 392, 489, 'Accuracy on the benchmarks')];
    expect(findCaptions(ieee).map((c) => c.text)).toEqual(['TABLE I Accuracy on the benchmarks']);
  });

  it('reads caption labels in each language, and not prose that names a figure', () => {
    expect(captionLabel('Figure 3: The set-up')).toEqual({ kind: 'figure', number: '3' });
    expect(captionLabel('Fig. 3. The set-up')).toEqual({ kind: 'figure', number: '3' });
    expect(captionLabel('FIGURE 12 Results')).toEqual({ kind: 'figure', number: '12' });
    expect(captionLabel('Table 2')).toEqual({ kind: 'table', number: '2' });
    expect(captionLabel('TABLE IV')).toEqual({ kind: 'table', number: 'IV' });
    expect(captionLabel('Abbildung 4: Aufbau')).toEqual({ kind: 'figure', number: '4' });
    expect(captionLabel('Tableau 1 – Résultats')).toEqual({ kind: 'table', number: '1' });
    expect(captionLabel('Figura 2. Esquema')).toEqual({ kind: 'figure', number: '2' });
    expect(captionLabel('Tabla 5: Datos')).toEqual({ kind: 'table', number: '5' });
    expect(captionLabel('Рис. 7. Схема')).toEqual({ kind: 'figure', number: '7' });
    expect(captionLabel('Figure S1: Supplementary')).toEqual({ kind: 'figure', number: 'S1' });
    expect(captionLabel('Figure A.1: In the appendix')).toEqual({ kind: 'figure', number: 'A.1' });
    expect(captionLabel('Table B2. Appendix')).toEqual({ kind: 'table', number: 'B2' });
    expect(captionLabel('Figure 3.2.1: Deep in a chapter')).toEqual({ kind: 'figure', number: '3.2.1' });
    expect(captionLabel('Fig. 2b. A panel')).toEqual({ kind: 'figure', number: '2b' });
    expect(captionLabel('Figure A shows')).toBeUndefined();
    expect(captionLabel('Figure 3 shows the set-up')).toBeUndefined();
    expect(captionLabel('Table 2 lists the results')).toBeUndefined();
    expect(captionLabel('see Figure 3: it shows')).toBeUndefined();
    expect(captionLabel('Figures 3 and 4')).toBeUndefined();
  });
});

describe('PDF figures: bounds', () => {
  it('stops a page of 10 million path operators at its budget, quickly, with a note', async () => {
    const op = '0 0 m 1 1 l S\n';
    const content = Buffer.alloc(op.length * 10_000_000, op, 'latin1');
    const pdf = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
      streamBody('', new Uint8Array(content.buffer, content.byteOffset, content.length)),
    ]);
    // Each budget alone, so that which one bites does not depend on how busy the machine is (on a
    // loaded one the clock can pass 2 s before the walk reaches 200,000 paths).
    const noClock = { timeLimitMs: Number.POSITIVE_INFINITY, documentTimeLimitMs: Number.POSITIVE_INFINITY };
    const started = Date.now();
    const { figures, notes } = await findPdfFigures(pdf, { limits: noClock });
    const elapsed = Date.now() - started;
    console.log(`hostile page: ${elapsed} ms, notes: ${notes.map((n) => n.message).join(' ')}`);
    expect(figures).toEqual([]);
    expect(notes).toEqual([
      {
        pageNumber: 1,
        message: 'The page draws too many shapes to search for figures. Its figures were not looked for.',
      },
    ]);
    expect(elapsed).toBeLessThan(10_000);
    // the operator budget and the clock stop it too, when the path budget does not
    const byOperators = await findPdfFigures(pdf, { limits: { ...noClock, maxPaths: Number.POSITIVE_INFINITY } });
    expect(byOperators.notes[0]?.message).toMatch(/too many drawing instructions/);
    const byClock = Date.now();
    const byTime = await findPdfFigures(pdf, {
      limits: { maxPaths: Number.POSITIVE_INFINITY, maxOperators: Number.POSITIVE_INFINITY, timeLimitMs: 200 },
    });
    expect(byTime.notes[0]?.message).toMatch(/took too long/);
    expect(Date.now() - byClock).toBeLessThan(5_000);
  }, 60_000);

  it('stops a document whose pages each stay under their own budget (a 64 MiB form on 300 pages) at the document’s', async () => {
    const started = performance.now();
    const { figures, notes } = await findPdfFigures(formOnEveryPagePdf());
    const elapsed = performance.now() - started;
    expect(figures).toEqual([]);
    expect(notes.at(-1)?.message).toMatch(/stopped here after \d+ s: pages \d+ to 300 were not looked at/);
    expect(elapsed).toBeLessThan(DEFAULT_LAYOUT_LIMITS.documentTimeLimitMs + 3_000);
  });

  it('survives forms that draw themselves and a ToUnicode map with a huge range', async () => {
    const cmap = latin1Bytes(
      'begincmap 1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfrange <00000000> <FFFFFFFF> <0041> endbfrange endcmap',
    );
    const pdf = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /X 5 0 R >> /Font << /F 6 0 R >> >> /Contents 4 0 R >>',
      streamBody('', latin1Bytes('BT /F 10 Tf 72 700 Td (Figure 1: Loops) Tj ET /X Do')),
      streamBody(
        '/Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /X 5 0 R >> >>',
        latin1Bytes('0 0 m 5 5 l S /X Do'),
      ),
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 7 0 R >>',
      streamBody('', cmap),
    ]);
    const started = Date.now();
    const { figures } = await findPdfFigures(pdf);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(figures.length).toBeLessThanOrEqual(1);
  });
});

describe('PDF figures: the corpus', () => {
  const names = readdirSync(corpusPath('pdf'))
    .filter((name) => name.endsWith('.pdf'))
    .sort();

  it('reads every corpus PDF without throwing, within its time budget, and says what it finds', async () => {
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const bytes = readCorpus(`pdf/${name}`);
      const started = Date.now();
      let line: string;
      try {
        const { figures, notes } = await findPdfFigures(bytes, { limits: { timeLimitMs: 5_000 } });
        line = `${figures.length} figure(s)${figures.map((f) => `\n    p${f.pageNumber} ${f.kind} ${f.number} [${f.box.map((v) => v.toFixed(0)).join(' ')}] ${f.vector ? 'vector' : 'raster'} "${f.caption.slice(0, 70)}"`).join('')}${notes.length ? `\n    notes: ${notes.length} (${[...new Set(notes.map((n) => n.message.slice(0, 60)))].slice(0, 3).join(' | ')})` : ''}`;
      } catch (error) {
        // only the document-level failures the engine names (not a PDF, a password) may end a file
        expect((error as Error).name, `${name}: ${error}`).toMatch(/DocumentError|PasswordRequiredError/);
        line = `not read: ${(error as Error).message}`;
      }
      const elapsed = Date.now() - started;
      console.log(`${name} (${elapsed} ms): ${line}`);
      expect(elapsed, name).toBeLessThan(60_000);
    }
  }, 300_000);
});

describe('PDF figures: a page written by Inkscape (cairo)', () => {
  it('finds a two-column page’s full-width figure, column figure and table, boxes against poppler’s word boxes', async () => {
    const { svg, figures: truths } = svgTwoColumnPage();
    const pdf = inkscapePdf(svg);
    const words = popplerWords(pdf);
    const { figures, notes } = await findPdfFigures(pdf);
    const report = figures.map(
      (f) => `${f.kind} ${f.number} [${f.box.map((v) => v.toFixed(0)).join(' ')}] "${f.caption}"`,
    );
    console.log(`inkscape page: ${report.join('\n  ')}\n  notes: ${notes.map((n) => n.message).join('; ')}`);
    const expected = [
      {
        name: 'panels',
        kind: 'figure',
        number: '1',
        caption:
          'Figure 1: Comparison of the two methods. (a) Loss on the training set. (b) Accuracy on the test set, averaged over five runs with different random seeds.',
      },
      {
        name: 'diagram',
        kind: 'figure',
        number: '2',
        caption: 'Fig. 2. The three steps of the method and the retry loop between them.',
      },
      { name: 'table', kind: 'table', number: '1', caption: 'Table 1: Error rates on the three benchmarks.' },
    ];
    for (const want of expected) {
      const truthFigure = truths.find((t) => t.name === want.name);
      if (!truthFigure) throw new Error(want.name);
      // the truth: the graphics as drawn, and poppler's boxes of the words drawn inside the figure
      let truth = truthFigure.graphics;
      const near: Box = [truth[0] - 30, truth[1] - 30, truth[2] + 30, truth[3] + 30];
      for (const word of words) {
        const cx = (word.box[0] + word.box[2]) / 2;
        const cy = (word.box[1] + word.box[3]) / 2;
        if (truthFigure.words.includes(word.text) && cx > near[0] && cx < near[2] && cy > near[1] && cy < near[3]) {
          truth = [
            Math.min(truth[0], word.box[0]),
            Math.min(truth[1], word.box[1]),
            Math.max(truth[2], word.box[2]),
            Math.max(truth[3], word.box[3]),
          ];
        }
      }
      const found = figures.find((f) => f.kind === want.kind && f.number === want.number);
      expect(found, `${want.name} among ${report.join('; ')}`).toBeDefined();
      if (!found) continue;
      const score = iou(found.box, truth);
      console.log(
        `inkscape ${want.name}: IoU ${score.toFixed(3)} found [${found.box.map((v) => v.toFixed(1)).join(' ')}] truth [${truth.map((v) => v.toFixed(1)).join(' ')}]`,
      );
      expect(score, want.name).toBeGreaterThanOrEqual(0.8);
      expect(found.caption).toBe(want.caption);
      expect(found.vector).toBe(true);
    }
    expect(figures, report.join('; ')).toHaveLength(expected.length);
  }, 60_000);
});

describe('PDF figures: a page of captions', () => {
  it('looks at the first 200 captions of a page of 20,000, quickly, and says so', async () => {
    const page = new FigurePage(612, 792);
    for (let i = 0; i < 20_000; i++) {
      const y = 40 + (i % 700);
      page.ops.push(`BT /F1 9 Tf 72 ${y} Td (Figure ${i}: A caption) Tj ET 72 ${y + 2} m 300 ${y + 2} l S`);
    }
    const started = Date.now();
    const { notes } = await findPdfFigures(page.pdf());
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(notes.map((n) => n.message)).toContain('Only the first 200 captions of this page were looked at.');
  }, 30_000);
});

describe('PDF figures: the layout walk', () => {
  it('boxes text by /Widths, /W and /DW, a Type0 font without ToUnicode giving a box and no text', async () => {
    const pdf = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /A 5 0 R /B 6 0 R >> >> /Contents 4 0 R >>',
      streamBody(
        '',
        latin1Bytes(
          'q 2 0 0 2 0 0 cm BT /A 10 Tf 10 20 Td (AB) Tj ET Q BT /B 12 Tf 100 100 Td <00010002> Tj 5 Tw 1 Tc T* ET',
        ),
      ),
      '<< /Type /Font /Subtype /Type1 /BaseFont /X /FirstChar 65 /Widths [600 400] >>',
      '<< /Type /Font /Subtype /Type0 /BaseFont /Y /Encoding /Identity-H /DescendantFonts [7 0 R] >>',
      '<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Y /DW 1000 /W [1 [250]] >>',
    ]);
    const doc = await PdfDocument.open(pdf);
    const [page] = await readPages(doc);
    if (!page) throw new Error('no page');
    const layout = await walkPageLayout(doc, page, 1);
    expect(layout.texts.map((t) => t.text)).toEqual(['AB', '']);
    // (0.6 + 0.4) em of 10 pt, doubled by the CTM, from x = 20; 0.8/-0.2 em around the baseline
    expect(layout.texts[0]?.box).toEqual([20, 36, 40, 56]);
    // code 1 is 250 (/W), code 2 the default 1000 (/DW): 1.25 em of 12 pt
    expect(layout.texts[1]?.box.map((v) => Math.round(v * 100) / 100)).toEqual([100, 97.6, 115, 109.6]);
    expect(layout.stopped).toBeUndefined();
  });
});
