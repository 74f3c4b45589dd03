/**
 * Papers as researchers make them, built at test time: matplotlib draws the plots and the photo,
 * pdfLaTeX sets the pages (two columns, IEEE-like and report styles, TikZ, pgfplots, booktabs,
 * subfigures, a figure beside a table, float pages). Each figure's or table's body is set inside
 * `\truth{name}{…}`, which records its box with pdfTeX's `\pdfsavepos` as the page is shipped out:
 * the truth the figure finder is measured against, in PDF points. Captions are kept as written.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Box } from '../src/core/pdf/figures/index.ts';
import { inTempDir } from './pdfFixtures.ts';

export type LatexTruth = { name: string; page: number; box: Box };
export type LatexFigure = { name: string; kind: 'figure' | 'table'; number: string; caption: string };
export type LatexPaper = { name: string; pdf: Uint8Array; truths: LatexTruth[]; figures: LatexFigure[] };

const PREAMBLE = String.raw`\usepackage{graphicx}
\usepackage{booktabs}
\usepackage{tikz}
\usetikzlibrary{positioning}
\usepackage{pgfplots}
\pgfplotsset{compat=1.18}
\usepackage{subcaption}
\usepackage{fancyhdr}
\newwrite\posfile
\immediate\openout\posfile=\jobname.pos
% the box of #2, written when its page ships out: name, page, x and y of its reference point in
% scaled points from the page's lower left corner, then its width, height and depth
\newcommand\truth[2]{\leavevmode\sbox0{#2}%
  \edef\x{\noexpand\write\noexpand\posfile{#1 \noexpand\thepage\space\noexpand\the\noexpand\pdflastxpos\space\noexpand\the\noexpand\pdflastypos\space\the\wd0\space\the\ht0\space\the\dp0}}%
  \pdfsavepos\x\usebox0}
`;

const WORDS =
  'we study the behaviour of learned models on several benchmark tasks and report how their accuracy changes as training proceeds while the method is simple to state and cheap to run and its results hold across the datasets we tried with a careful look at what goes wrong when data are scarce'.split(
    ' ',
  );

/** `count` sentences of prose, different for each `seed`, with no caption-like line starts. */
function prose(seed: number, count: number): string {
  const sentences: string[] = [];
  let state = seed * 7919 + 17;
  for (let s = 0; s < count; s++) {
    const words: string[] = [];
    const length = 12 + (s % 7);
    for (let w = 0; w < length; w++) {
      state = (state * 1103515245 + 12345) % 2147483648;
      words.push(WORDS[state % WORDS.length] as string);
    }
    const sentence = words.join(' ');
    sentences.push(`${sentence[0]?.toUpperCase()}${sentence.slice(1)}.`);
  }
  // a paper refers to its figures in running text; such lines are prose, not captions
  if (seed % 3 === 0) sentences.push('As Figure 1 shows, the gap closes late; Table 1 has the numbers.');
  return `${sentences.join(' ')}\n\n`;
}

const PLOTS = String.raw`
import matplotlib
matplotlib.use('pdf')
import matplotlib.pyplot as plt
import numpy as np
from PIL import Image
rng = np.random.default_rng(7)
def save(fig, name):
    fig.savefig(name, bbox_inches='tight', pad_inches=0.01)
    plt.close(fig)
x = np.linspace(0, 10, 200)
fig, ax = plt.subplots(figsize=(3.2, 2.2))
ax.plot(x, np.sin(x), label='train'); ax.plot(x, np.cos(x), '--', label='test')
ax.set_xlabel('Epoch'); ax.set_ylabel('Accuracy'); ax.legend(); ax.grid(True)
save(fig, 'lines.pdf')
fig, ax = plt.subplots(figsize=(3, 2.2))
ax.bar(['A', 'B', 'C', 'D'], [3, 5, 2, 4]); ax.set_ylabel('Count')
save(fig, 'bars.pdf')
fig, ax = plt.subplots(figsize=(3, 2.4))
ax.scatter(rng.normal(size=80), rng.normal(size=80), s=6); ax.set_title('Spread')
save(fig, 'scatter.pdf')
fig, ax = plt.subplots(figsize=(3.2, 2.6))
im = ax.imshow(rng.random((24, 32)), cmap='viridis'); fig.colorbar(im, ax=ax); ax.set_title('Attention')
save(fig, 'heatmap.pdf')
fig, ax = plt.subplots(figsize=(3, 2.2))
ax.hist(rng.normal(size=500), bins=20); ax.set_xlabel('Error')
save(fig, 'hist.pdf')
yy, xx = np.mgrid[0:240, 0:320]
a = (rng.random((240, 320, 3)) * 80).astype('uint8')
a[..., 0] += (xx * 170 / 320).astype('uint8'); a[..., 1] += (yy * 170 / 240).astype('uint8')
Image.fromarray(a).save('photo.jpg', quality=85)
`;

const TABLE = String.raw`\begin{tabular}{lrrr}\toprule Method & A & B & C\\\midrule Ours & 91.2 & 88.0 & 75.3\\ Base & 85.1 & 80.2 & 70.0\\ Other & 87.5 & 83.9 & 72.4\\\bottomrule\end{tabular}`;
const DIAGRAM = String.raw`\begin{tikzpicture}[node distance=0.8cm, every node/.style={draw, rounded corners, minimum width=1.3cm, minimum height=0.7cm}]
\node (a) {Input}; \node[right=of a] (b) {Encoder}; \node[right=of b] (c) {Decoder};
\draw[->] (a) -- (b); \draw[->] (b) -- (c); \draw[->] (c.south) -- ++(0,-0.5) -| (a.south);
\end{tikzpicture}`;
const PGFPLOT = String.raw`\begin{tikzpicture}\begin{axis}[width=\columnwidth, height=5cm, xlabel=Steps, ylabel=Loss]
\addplot[domain=0:10, samples=40] {exp(-x/3)}; \addplot[domain=0:10, samples=40, dashed] {exp(-x/5)};
\end{axis}\end{tikzpicture}`;
const PGFBARS = String.raw`\begin{tikzpicture}\begin{axis}[ybar, width=0.9\columnwidth, height=4.5cm, symbolic x coords={small,medium,large}, xtick=data, ylabel=Time (s)]
\addplot coordinates {(small,2) (medium,5) (large,9)}; \addplot coordinates {(small,3) (medium,4) (large,7)};
\end{axis}\end{tikzpicture}`;

type Source = { name: string; tex: string; figures: LatexFigure[] };

/** A two-column article: a plot, a table, a full-width two-panel figure, a diagram, a photo, a pgfplots plot. */
function twoColumnArticle(): Source {
  const tex = String.raw`\documentclass[twocolumn,10pt]{article}
\usepackage[margin=0.75in]{geometry}
${PREAMBLE}\pagestyle{fancy}\fancyhead[L]{On Figures in Papers}\fancyhead[R]{Preprint}
\begin{document}
\title{On Figures in Papers}\author{A. Author}\date{}\maketitle
${prose(1, 5)}
\begin{figure}[t]\centering
\truth{lines}{\includegraphics[width=\columnwidth]{lines.pdf}}
\caption{Accuracy of the model over training epochs, for the training and the test split.}
\end{figure}
${prose(2, 6)}
\begin{table}[h]\centering
\caption{Results on the benchmark datasets.}
\truth{results}{${TABLE}}
\end{table}
${prose(3, 6)}
\begin{figure*}[t]\centering
\truth{panels}{\begin{subfigure}{0.45\textwidth}\centering\includegraphics[width=\linewidth]{bars.pdf}\caption{Counts}\end{subfigure}\hfill
\begin{subfigure}{0.45\textwidth}\centering\includegraphics[width=\linewidth]{scatter.pdf}\caption{Spread}\end{subfigure}}
\caption{Two panels: (a) counts per class, (b) the spread of the samples.}
\end{figure*}
${prose(4, 7)}
\begin{figure}[h]\centering
\truth{diagram}{${DIAGRAM}}
\caption{The pipeline, with its feedback loop.}
\end{figure}
${prose(5, 5)}
\begin{figure}[h]\centering
\truth{photo}{\includegraphics[width=0.8\columnwidth]{photo.jpg}}
\caption{A photograph of the apparatus.}
\end{figure}
${prose(6, 4)}
\begin{figure}[b]\centering
\truth{loss}{${PGFPLOT}}
\caption{Loss on the validation split.}
\end{figure}
${prose(7, 30)}
${prose(8, 30)}
\end{document}
`;
  return {
    name: 'two-column article',
    tex,
    figures: [
      {
        name: 'lines',
        kind: 'figure',
        number: '1',
        caption: 'Figure 1: Accuracy of the model over training epochs, for the training and the test split.',
      },
      { name: 'results', kind: 'table', number: '1', caption: 'Table 1: Results on the benchmark datasets.' },
      {
        name: 'panels',
        kind: 'figure',
        number: '2',
        caption: 'Figure 2: Two panels: (a) counts per class, (b) the spread of the samples.',
      },
      { name: 'diagram', kind: 'figure', number: '3', caption: 'Figure 3: The pipeline, with its feedback loop.' },
      { name: 'photo', kind: 'figure', number: '4', caption: 'Figure 4: A photograph of the apparatus.' },
      { name: 'loss', kind: 'figure', number: '5', caption: 'Figure 5: Loss on the validation split.' },
    ],
  };
}

/**
 * IEEE-like: "Fig. 1." labels, "TABLE I" over a centred title, three panels, a heat map with its
 * raster. Set as pdfTeX did before 2020, without ToUnicode maps: the text is in the fonts' own
 * encodings, the "fi" of "final" one glyph.
 */
function ieeeStyle(): Source {
  const tex = String.raw`\pdfgentounicode=0
\documentclass[twocolumn,10pt]{article}
\usepackage[margin=0.7in,columnsep=0.25in]{geometry}
${PREAMBLE}\usepackage{caption}
\captionsetup[figure]{name=Fig.,labelsep=period,font=small}
\captionsetup[table]{name=TABLE,labelsep=newline,justification=centering,font=small}
\renewcommand\thetable{\Roman{table}}
\pagestyle{plain}
\begin{document}
${prose(11, 9)}
\begin{figure}[t]\centering
\truth{heatmap}{\includegraphics[width=\columnwidth]{heatmap.pdf}}
\caption{Attention weights of the final layer over one input sequence.}
\end{figure}
${prose(12, 8)}
\begin{table}[t]\centering
\caption{Accuracy on the three benchmarks}
\truth{accuracy}{${TABLE}}
\end{table}
${prose(13, 9)}
\begin{figure*}[t]\centering
\truth{three}{\begin{subfigure}{0.31\textwidth}\centering\includegraphics[width=\linewidth]{lines.pdf}\caption{Curves}\end{subfigure}\hfill
\begin{subfigure}{0.31\textwidth}\centering\includegraphics[width=\linewidth]{hist.pdf}\caption{Errors}\end{subfigure}\hfill
\begin{subfigure}{0.31\textwidth}\centering\includegraphics[width=\linewidth]{bars.pdf}\caption{Counts}\end{subfigure}}
\caption{Three views of the same run: the learning curves, the distribution of errors and the class counts.}
\end{figure*}
${prose(14, 10)}
\begin{figure}[h]\centering
\truth{timing}{${PGFBARS}}
\caption{Time per input size, for both implementations.}
\end{figure}
${prose(15, 9)}
\end{document}
`;
  return {
    name: 'IEEE-like paper',
    tex,
    figures: [
      {
        name: 'heatmap',
        kind: 'figure',
        number: '1',
        caption: 'Fig. 1. Attention weights of the final layer over one input sequence.',
      },
      { name: 'accuracy', kind: 'table', number: 'I', caption: 'TABLE I Accuracy on the three benchmarks' },
      {
        name: 'three',
        kind: 'figure',
        number: '2',
        caption:
          'Fig. 2. Three views of the same run: the learning curves, the distribution of errors and the class counts.',
      },
      {
        name: 'timing',
        kind: 'figure',
        number: '3',
        caption: 'Fig. 3. Time per input size, for both implementations.',
      },
    ],
  };
}

/** One column, as a report or a thesis: a figure beside a table, a 2x2 grid, a float page of two figures. */
function report(): Source {
  const tex = String.raw`\documentclass[11pt]{article}
\usepackage[margin=1in]{geometry}
${PREAMBLE}\usepackage{caption}
\renewcommand\figurename{Abbildung}\renewcommand\tablename{Tabelle}
\begin{document}
\section{Einleitung}
${prose(21, 8)}
\begin{figure}[h]\centering
\begin{minipage}[b]{0.48\textwidth}\centering
\truth{beside}{\includegraphics[width=\linewidth]{scatter.pdf}}
\captionof{figure}{Samples of the first group.}
\end{minipage}\hfill
\begin{minipage}[b]{0.48\textwidth}\centering
\truth{besidetable}{${TABLE}}
\captionof{table}{The same groups in numbers.}
\end{minipage}
\end{figure}
${prose(22, 12)}
\begin{figure}[t]\centering
\truth{grid}{\begin{tabular}{cc}\includegraphics[width=0.4\textwidth]{lines.pdf}&\includegraphics[width=0.4\textwidth]{bars.pdf}\\
\includegraphics[width=0.4\textwidth]{hist.pdf}&\includegraphics[width=0.4\textwidth]{heatmap.pdf}\end{tabular}}
\caption{Four measurements of the same experiment, taken on different days and laid out in a grid of two rows, so that a
reader can compare the rows; the caption runs over three lines as long captions of theses do, and ends here.}
\end{figure}
${prose(23, 14)}
\begin{figure}[p]\centering
\truth{diagramtwo}{${DIAGRAM}}
\caption{The model, stage by stage.}
\vspace{2cm}
\truth{phototwo}{\includegraphics[width=0.6\textwidth]{photo.jpg}}
\caption{The apparatus, seen from above.}
\end{figure}
${prose(24, 16)}
\end{document}
`;
  return {
    name: 'one-column report',
    tex,
    figures: [
      { name: 'beside', kind: 'figure', number: '1', caption: 'Abbildung 1: Samples of the first group.' },
      { name: 'besidetable', kind: 'table', number: '1', caption: 'Tabelle 1: The same groups in numbers.' },
      {
        name: 'grid',
        kind: 'figure',
        number: '2',
        caption:
          'Abbildung 2: Four measurements of the same experiment, taken on different days and laid out in a grid of two rows, so that a reader can compare the rows; the caption runs over three lines as long captions of theses do, and ends here.',
      },
      { name: 'diagramtwo', kind: 'figure', number: '3', caption: 'Abbildung 3: The model, stage by stage.' },
      { name: 'phototwo', kind: 'figure', number: '4', caption: 'Abbildung 4: The apparatus, seen from above.' },
    ],
  };
}

/** What sits next to figures in running text: an equation, a heading, a list, footnotes, an algorithm. */
function neighbours(): Source {
  const tex = String.raw`\documentclass[10pt]{article}
\usepackage[margin=1in]{geometry}
${PREAMBLE}\usepackage{amsmath}
\begin{document}
\section{Method}
${prose(31, 6)}
The loss we minimise is the sum over the training set of the squared error,
\begin{equation} L(\theta) = \sum_{i=1}^{n} \bigl(y_i - f_\theta(x_i)\bigr)^2 + \lambda \lVert \theta \rVert^2 . \end{equation}
\begin{figure}[h]\centering
\truth{after-equation}{\includegraphics[width=0.55\textwidth]{lines.pdf}}
\caption{The loss of equation 1 while training.}
\end{figure}
${prose(32, 5)}
\subsection{Setting}
\begin{figure}[h]\centering
\truth{after-heading}{${DIAGRAM}}
\caption{The setting, as a diagram.}
\end{figure}
${prose(33, 6)}
\begin{itemize}\item the first point; \item the second point; \item the last one.\end{itemize}
\begin{figure}[h]\centering
\truth{after-list}{\includegraphics[width=0.5\textwidth]{hist.pdf}}
\caption{Errors of the three points above.}
\end{figure}
${prose(34, 8)}\footnote{A footnote on this page, which ${prose(35, 1).trim()}}
\begin{table}[b]\centering
\caption{Timing of each stage, in seconds.}
\truth{bottom-table}{\begin{tabular}{|l|c|c|}\hline Stage & Mean & Max\\\hline Read & 0.12 & 0.40\\\hline Parse & 0.80 & 2.10\\\hline Write & 0.05 & 0.09\\\hline\end{tabular}}
\end{table}
${prose(36, 10)}
\begin{figure}[h]\centering
\truth{text-only}{\begin{tikzpicture}[level distance=1.1cm, sibling distance=2.2cm]
\node {root} child {node {left} child {node {a}} child {node {b}}} child {node {right} child {node {c}}};
\end{tikzpicture}}
\caption{A tree drawn with text and lines only.}
\end{figure}
${prose(37, 10)}
\end{document}
`;
  return {
    name: 'figures next to equations, headings, lists and footnotes',
    tex,
    figures: [
      {
        name: 'after-equation',
        kind: 'figure',
        number: '1',
        caption: 'Figure 1: The loss of equation 1 while training.',
      },
      { name: 'after-heading', kind: 'figure', number: '2', caption: 'Figure 2: The setting, as a diagram.' },
      { name: 'after-list', kind: 'figure', number: '3', caption: 'Figure 3: Errors of the three points above.' },
      { name: 'bottom-table', kind: 'table', number: '1', caption: 'Table 1: Timing of each stage, in seconds.' },
      { name: 'text-only', kind: 'figure', number: '4', caption: 'Figure 4: A tree drawn with text and lines only.' },
    ],
  };
}

/**
 * A thesis: chapters, a list of figures and one of tables (entries that start like captions and
 * have nothing drawn beside them), figures numbered by chapter, a caption set above its figure, a
 * table captioned below, and an appendix figure "A.1".
 */
function thesis(): Source {
  const tex = String.raw`\documentclass[11pt]{report}
\usepackage[margin=1in]{geometry}
${PREAMBLE}
\begin{document}
\listoffigures
\listoftables
\chapter{Background}
${prose(41, 10)}
\begin{figure}[h]\centering
\truth{chapter-plot}{\includegraphics[width=0.6\textwidth]{lines.pdf}}
\caption{Accuracy over the epochs of the first experiment.}
\end{figure}
${prose(42, 12)}
\begin{figure}[h]\centering
\caption{The pipeline, its caption set above it.}
\truth{caption-above}{${DIAGRAM}}
\end{figure}
${prose(43, 10)}
\begin{table}[h]\centering
\truth{table-below}{${TABLE}}
\caption{The results, with the caption below the table.}
\end{table}
${prose(44, 14)}
\appendix
\chapter{More results}
${prose(45, 8)}
\begin{figure}[h]\centering
\truth{appendix}{\includegraphics[width=0.5\textwidth]{hist.pdf}}
\caption{Errors of the last run.}
\end{figure}
${prose(46, 10)}
\end{document}
`;
  return {
    name: 'thesis',
    tex,
    figures: [
      {
        name: 'chapter-plot',
        kind: 'figure',
        number: '1.1',
        caption: 'Figure 1.1: Accuracy over the epochs of the first experiment.',
      },
      {
        name: 'caption-above',
        kind: 'figure',
        number: '1.2',
        caption: 'Figure 1.2: The pipeline, its caption set above it.',
      },
      {
        name: 'table-below',
        kind: 'table',
        number: '1.1',
        caption: 'Table 1.1: The results, with the caption below the table.',
      },
      { name: 'appendix', kind: 'figure', number: 'A.1', caption: 'Figure A.1: Errors of the last run.' },
    ],
  };
}

const PT_TO_BP = 72 / 72.27;

function readTruths(text: string): LatexTruth[] {
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [name = '', page, x, y, dims = ''] = line.split(' ');
      const [w = 0, h = 0, d = 0] = dims
        .split('pt')
        .filter(Boolean)
        .map((v) => Number.parseFloat(v) * PT_TO_BP);
      const left = (Number(x) / 65536) * PT_TO_BP;
      const base = (Number(y) / 65536) * PT_TO_BP;
      return { name, page: Number(page), box: [left, base - d, left + w, base + h] as Box };
    });
}

function must(tool: string, args: string[], cwd: string, install: string): void {
  const run = spawnSync(tool, args, { cwd, encoding: 'utf8', timeout: 120_000 });
  if (run.error) throw new Error(`This test needs ${tool} (${run.error.message}). Install Debian's ${install}.`);
  if (run.status !== 0) throw new Error(`${tool} failed: ${(run.stdout + run.stderr).slice(-2000)}`);
}

/** matplotlib's plots and the photograph, drawn into `dir` (lines.pdf, bars.pdf, scatter.pdf, heatmap.pdf, hist.pdf, photo.jpg). */
function drawPlots(dir: string): void {
  writeFileSync(path.join(dir, 'plots.py'), PLOTS);
  // Debian's own Python: its matplotlib, not one a version manager put first on PATH
  const python = process.env.MATPLOTLIB_PYTHON || '/usr/bin/python3';
  must(python, ['plots.py'], dir, 'python3-matplotlib (apt-get install -y --no-install-recommends python3-matplotlib)');
}

/** `job`.tex set by pdfLaTeX in `dir`: its PDF. */
function setPaper(dir: string, job: string, tex: string): Uint8Array {
  writeFileSync(path.join(dir, `${job}.tex`), tex);
  must(
    'pdflatex',
    ['-interaction=nonstopmode', '-halt-on-error', `${job}.tex`],
    dir,
    'texlive-latex-base, texlive-latex-recommended and texlive-pictures (apt-get install -y --no-install-recommends texlive-latex-base texlive-latex-recommended texlive-pictures)',
  );
  return new Uint8Array(readFileSync(path.join(dir, `${job}.pdf`)));
}

/** Every paper, built in one temporary folder (the plots are drawn once). */
export function buildLatexPapers(): LatexPaper[] {
  return inTempDir((dir) => {
    drawPlots(dir);
    return [twoColumnArticle(), ieeeStyle(), report(), neighbours(), thesis()].map((source, index) => {
      const job = `paper${index + 1}`;
      const pdf = setPaper(dir, job, source.tex);
      return {
        name: source.name,
        pdf,
        truths: readTruths(readFileSync(path.join(dir, `${job}.pos`), 'latin1')),
        figures: source.figures,
      };
    });
  });
}

/**
 * A long two-column paper for the benches: `sections` sections of prose, a figure every tenth
 * (the matplotlib plots and the photograph in turn) and a booktabs table every 30th: at 360
 * sections, 48 figures and tables on 100 pages. No truths: what it measures is time.
 */
export function longLatexPaper(sections = 360): Uint8Array {
  return inTempDir((dir) => {
    drawPlots(dir);
    const graphics = ['lines.pdf', 'bars.pdf', 'photo.jpg', 'scatter.pdf', 'hist.pdf'];
    const body: string[] = [];
    for (let i = 0; i < sections; i++) {
      body.push(prose(100 + i, 14));
      if (i % 10 === 0) {
        const file = graphics[(i / 10) % graphics.length];
        body.push(
          String.raw`\begin{figure}[t]\centering\includegraphics[width=\columnwidth]{${file}}\caption{Result ${i} of the study, as measured.}\end{figure}`,
        );
      }
      if (i % 30 === 4)
        body.push(String.raw`\begin{table}[t]\centering\caption{Numbers of part ${i}.}${TABLE}\end{table}`);
    }
    const tex = String.raw`\documentclass[twocolumn,10pt]{article}
\usepackage{graphicx,booktabs}
\begin{document}
${body.join('\n')}
\end{document}
`;
    return setPaper(dir, 'long', tex);
  });
}
