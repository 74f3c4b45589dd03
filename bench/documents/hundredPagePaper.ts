// A 100-page "paper" for the figure benches, built at run time: 70 pages of prose and 30 with
// plots, diagrams, tables and a few photographs (FigurePage pages joined by qpdf), 42 figures and
// tables in all. Needs qpdf (apt-get install -y qpdf).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FigurePage } from 'document-engine/figure-pages';

function prosePage(seed: number): FigurePage {
  const page = new FigurePage();
  page.paragraph(72, 740, 25, 93);
  page.paragraph(72, 420, 25 - (seed % 5), 93);
  return page;
}

/** One of five layouts of a figure page; `n` numbers its figures and tables. */
function figurePage(kind: number, n: { figure: number; table: number }): FigurePage {
  const page = new FigurePage();
  switch (kind % 5) {
    case 0:
      page.paragraph(72, 740, 10, 93);
      page.plot(156, 430, 300, 180, kind);
      page.text(156, 410, 9, `Figure ${n.figure++}: Accuracy of the model over training epochs.`);
      page.paragraph(72, 380, 24, 93);
      break;
    case 1:
      page.paragraph(54, 740, 10, 48);
      page.diagram(60, 470, 230, 120);
      page.text(54, 455, 9, `Fig. ${n.figure++}. The processing pipeline with a feedback`);
      page.text(54, 444, 9, 'loop between its stages.');
      page.paragraph(54, 420, 28, 48);
      page.paragraph(315, 740, 6, 48);
      page.image(330, 520, 210, 130);
      page.text(315, 505, 9, `Figure ${n.figure++}: A photograph of the apparatus.`);
      page.paragraph(315, 475, 28, 48);
      break;
    case 2:
      page.paragraph(72, 740, 10, 93);
      page.text(131, 610, 9, `Table ${n.table++}: Results on the benchmark datasets.`);
      page.table(131, 598, 5, 6);
      page.paragraph(72, 470, 30, 93);
      break;
    case 3:
      page.paragraph(72, 740, 4, 93);
      page.plot(156, 520, 300, 160, kind);
      page.text(156, 500, 9, `Figure ${n.figure++}: Loss on the validation split.`);
      page.paragraph(72, 480, 4, 93);
      page.diagram(156, 290, 300, 120);
      page.text(156, 275, 9, `Figure ${n.figure++}: The model, stage by stage.`);
      page.paragraph(72, 250, 14, 93);
      break;
    default:
      page.paragraph(72, 740, 8, 93);
      page.plot(72, 420, 220, 160, 1).plot(320, 420, 220, 160, kind);
      page.text(72, 400, 9, `Figure ${n.figure++}: Two panels. (a) Training loss. (b) Validation accuracy.`);
      page.paragraph(72, 370, 24, 93);
  }
  return page;
}

/** The paper, written to `dir`/paper.pdf: a figure page every third page or so, 30 in all, in 100 pages. */
export function hundredPagePaper(dir: string): { file: string; bytes: Uint8Array } {
  const n = { figure: 1, table: 1 };
  const files: string[] = [];
  let figurePages = 0;
  for (let i = 0; i < 100; i++) {
    const withFigure = figurePages < 30 && i % 10 < 3;
    const page = withFigure ? figurePage(figurePages++, n) : prosePage(i);
    const file = path.join(dir, `p${String(i).padStart(3, '0')}.pdf`);
    writeFileSync(file, page.pdf());
    files.push(file);
  }
  const out = path.join(dir, 'paper.pdf');
  const joined = spawnSync('qpdf', ['--empty', '--pages', ...files, '--', out], { encoding: 'utf8' });
  if (joined.status !== 0 && joined.status !== 3) throw new Error(`qpdf failed: ${joined.stderr}`);
  return { file: out, bytes: new Uint8Array(readFileSync(out)) };
}
