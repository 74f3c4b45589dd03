/**
 * Pages with figures, built at test time on pdfFixtures' writer: a `FigurePage` draws prose,
 * plots, diagrams, images and tables with a known font (every glyph half an em wide, so a
 * string's width is known here without the engine), and records the box each figure covers: the
 * truth the figure finder is measured against.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Box } from '../src/core/pdf/figures/index.ts';
import { inTempDir, latin1Bytes, sampleJpeg, streamBody, writePdf } from './pdfFixtures.ts';

const ASCENT = 0.8;
const DESCENT = -0.2;
const GLYPH = 0.5;

const LOREM =
  'Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua Ut enim ad minim veniam quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur';

function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

export class FigurePage {
  readonly ops: string[] = [];
  readonly truths = new Map<string, Box>();
  private current: string | undefined;
  usesImage = false;
  usesCyrillic = false;

  constructor(
    readonly width = 612,
    readonly height = 792,
  ) {}

  /** Boxes drawn from now on count towards figure `name` (until `end`). */
  begin(name: string): this {
    this.current = name;
    return this;
  }

  end(): this {
    this.current = undefined;
    return this;
  }

  /** The content of Form XObject /Fm1, and its /Matrix (a scale and a shift). */
  readonly formOps: string[] = [];
  formMatrix: [number, number, number, number, number, number] | undefined;
  private inside = false;

  /** What `draw` adds goes into Form XObject /Fm1, drawn here with `matrix`. */
  inForm(matrix: [number, number, number, number, number, number], draw: (page: this) => void): this {
    const outer = this.ops.splice(0);
    this.formMatrix = matrix;
    this.inside = true;
    draw(this);
    this.inside = false;
    this.formOps.push(...this.ops.splice(0));
    this.ops.push(...outer, '/Fm1 Do');
    return this;
  }

  private mark(raw: Box): void {
    if (!this.current) return;
    const m = this.inside ? this.formMatrix : undefined;
    const box: Box = m ? [raw[0] * m[0] + m[4], raw[1] * m[3] + m[5], raw[2] * m[0] + m[4], raw[3] * m[3] + m[5]] : raw;
    const known = this.truths.get(this.current);
    this.truths.set(
      this.current,
      known
        ? [
            Math.min(known[0], box[0]),
            Math.min(known[1], box[1]),
            Math.max(known[2], box[2]),
            Math.max(known[3], box[3]),
          ]
        : box,
    );
  }

  text(x: number, y: number, size: number, text: string): this {
    this.ops.push(`BT /F1 ${size} Tf ${x} ${y} Td ${pdfString(text)} Tj ET`);
    this.mark([x, y + DESCENT * size, x + text.length * GLYPH * size, y + ASCENT * size]);
    return this;
  }

  /** Text turned a quarter left (a y-axis title), starting at (x, y) reading upwards. */
  verticalText(x: number, y: number, size: number, text: string): this {
    this.ops.push(`BT /F1 ${size} Tf 0 1 -1 0 ${x} ${y} Tm ${pdfString(text)} Tj ET`);
    this.mark([x - ASCENT * size, y, x - DESCENT * size, y + text.length * GLYPH * size]);
    return this;
  }

  /** Cyrillic through a Type0 font with a ToUnicode map (its codes are 2 bytes). */
  cyrillic(x: number, y: number, size: number, text: string): this {
    this.usesCyrillic = true;
    const hex = [...text].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0')).join('');
    this.ops.push(`BT /F2 ${size} Tf ${x} ${y} Td <${hex}> Tj ET`);
    this.mark([x, y + DESCENT * size, x + [...text].length * GLYPH * size, y + ASCENT * size]);
    return this;
  }

  /** Prose: lines of `chars` characters from (x, top) down, 1.2 em apart; returns the next free y. */
  paragraph(x: number, top: number, lines: number, chars: number, size = 10): number {
    let y = top;
    for (let i = 0; i < lines; i++) {
      const start = (i * 37) % (LOREM.length - chars);
      this.text(
        x,
        y,
        size,
        LOREM.slice(start, start + chars)
          .trim()
          .padEnd(chars, 'x'),
      );
      y -= 1.2 * size;
    }
    return y;
  }

  line(x0: number, y0: number, x1: number, y1: number): this {
    this.ops.push(`${x0} ${y0} m ${x1} ${y1} l S`);
    this.mark([Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)]);
    return this;
  }

  polyline(points: [number, number][]): this {
    this.ops.push(`${points.map(([x, y], i) => `${x} ${y} ${i === 0 ? 'm' : 'l'}`).join(' ')} S`);
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    this.mark([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]);
    return this;
  }

  rect(x: number, y: number, w: number, h: number, paint: 'S' | 'f' | 'B' = 'S'): this {
    this.ops.push(`${x} ${y} ${w} ${h} re ${paint}`);
    this.mark([x, y, x + w, y + h]);
    return this;
  }

  /** The sample JPEG XObject /Im1 drawn in (x, y, w, h). */
  image(x: number, y: number, w: number, h: number): this {
    this.usesImage = true;
    this.ops.push(`q ${w} 0 0 ${h} ${x} ${y} cm /Im1 Do Q`);
    this.mark([x, y, x + w, y + h]);
    return this;
  }

  /** A 2x2 gray inline image drawn in (x, y, w, h). */
  inlineImage(x: number, y: number, w: number, h: number): this {
    this.ops.push(`q ${w} 0 0 ${h} ${x} ${y} cm BI /W 2 /H 2 /CS /G /BPC 8 ID \x10\x80\xc0\xf0 EI Q`);
    this.mark([x, y, x + w, y + h]);
    return this;
  }

  /** A line plot with axes, ticks, tick labels, a title on each axis and a polyline; its box is recorded. */
  plot(x: number, y: number, w: number, h: number, seed = 1): this {
    const ox = x + 30;
    const oy = y + 24;
    const pw = w - 34;
    const ph = h - 28;
    this.line(ox, oy, ox + pw, oy).line(ox, oy, ox, oy + ph);
    for (let i = 0; i <= 4; i++) {
      const tx = ox + (pw * i) / 4;
      this.line(tx, oy, tx, oy - 3).text(tx - 2.5, oy - 12, 7, String(i * 5));
      const ty = oy + (ph * i) / 4;
      this.line(ox, ty, ox - 3, ty).text(ox - 13, ty - 2, 7, String(i * 2).padStart(2, '0'));
    }
    this.text(ox + pw / 2 - 10, y, 7, 'epoch');
    this.verticalText(x + 6, oy + ph / 2 - 14, 7, 'accuracy');
    const points: [number, number][] = [];
    for (let i = 0; i <= 20; i++) {
      points.push([ox + (pw * i) / 20, oy + ph * (0.1 + 0.8 * Math.abs(Math.sin((i + seed) / 5)))]);
    }
    return this.polyline(points);
  }

  /** Boxes joined by arrows, with labels inside. */
  diagram(x: number, y: number, w: number, h: number): this {
    const bw = (w - 40) / 3;
    for (let i = 0; i < 3; i++) {
      const bx = x + i * (bw + 20);
      this.rect(bx, y + h / 2 - 15, bw, 30).text(bx + 6, y + h / 2 - 3, 8, `Stage ${i + 1}`);
      if (i < 2) {
        const ax = bx + bw;
        this.line(ax, y + h / 2, ax + 20, y + h / 2);
        this.ops.push(`${ax + 20} ${y + h / 2} m ${ax + 15} ${y + h / 2 + 3} l ${ax + 15} ${y + h / 2 - 3} l f`);
      }
    }
    // the feedback loop: from the last stage down to a box, and back up to the first
    this.rect(x + w / 2 - 30, y, 60, 20).text(x + w / 2 - 24, y + 6, 8, 'Feedback');
    this.polyline([
      [x + 2 * (bw + 20) + bw / 2, y + h / 2 - 15],
      [x + 2 * (bw + 20) + bw / 2, y + 10],
      [x + w / 2 + 30, y + 10],
    ]);
    this.polyline([
      [x + w / 2 - 30, y + 10],
      [x + bw / 2, y + 10],
      [x + bw / 2, y + h / 2 - 15],
    ]);
    // an input box above, feeding the middle stage
    this.line(x + w / 2, y + h - 20, x + w / 2, y + h / 2 + 15);
    return this.rect(x + w / 2 - 30, y + h - 20, 60, 20);
  }

  /** A booktabs-like table: rules above, below the header and at the end; cells spaced wider than an em. */
  table(x: number, top: number, columns: number, rows: number, cellWidth = 70, size = 9): number {
    const w = columns * cellWidth;
    let y = top;
    this.line(x, y, x + w, y);
    y -= 1.3 * size;
    for (let r = 0; r <= rows; r++) {
      for (let c = 0; c < columns; c++) {
        this.text(x + 4 + c * cellWidth, y, size, r === 0 ? `Head${c}` : `${(r * 7 + c * 3) % 97}.${c}`);
      }
      y -= 0.5 * size;
      if (r === 0) this.line(x, y, x + w, y);
      y -= 1.1 * size;
    }
    this.line(x, y + size, x + w, y + size);
    return y;
  }

  pdf(): Uint8Array {
    const content = latin1Bytes(this.ops.join('\n'));
    const widths = new Array(95).fill(GLYPH * 1000).join(' ');
    const resources = [
      '/Font << /F1 5 0 R /F2 6 0 R >>',
      `/XObject << ${this.usesImage ? '/Im1 7 0 R' : ''} ${this.formMatrix ? '/Fm1 10 0 R' : ''} >>`,
    ].join(' ');
    const jpeg = sampleJpeg(40, 24);
    const toUnicode = (() => {
      const entries: string[] = [];
      for (let code = 0x0400; code <= 0x044f; code++) {
        const hex = code.toString(16).padStart(4, '0');
        entries.push(`<${hex}> <${hex}>`);
      }
      const chunks: string[] = [];
      for (let i = 0; i < entries.length; i += 100) {
        const part = entries.slice(i, i + 100);
        chunks.push(`${part.length} beginbfchar\n${part.join('\n')}\nendbfchar`);
      }
      return latin1Bytes(
        `/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n1 begincodespacerange <0000> <FFFF> endcodespacerange\n${chunks.join('\n')}\n1 beginbfrange\n<0020> <003F> <0020>\nendbfrange\nendcmap CMapName currentdict /CMap defineresource pop end end`,
      );
    })();
    return writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${this.width} ${this.height}] /Resources << ${resources} >> /Contents 4 0 R >>`,
      streamBody('', content),
      `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar 32 /LastChar 126 /Widths [${widths}] >>`,
      '<< /Type /Font /Subtype /Type0 /BaseFont /Cyr /Encoding /Identity-H /DescendantFonts [8 0 R] /ToUnicode 9 0 R >>',
      streamBody(
        '/Type /XObject /Subtype /Image /Width 40 /Height 24 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode',
        jpeg,
      ),
      '<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Cyr /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 500 >>',
      streamBody('', toUnicode),
      streamBody(
        `/Type /XObject /Subtype /Form /BBox [0 0 ${this.width} ${this.height}] /Matrix [${(this.formMatrix ?? [1, 0, 0, 1, 0, 0]).join(' ')}] /Resources << /Font << /F1 5 0 R >> >>`,
        latin1Bytes(this.formOps.join('\n')),
      ),
    ]);
  }
}

// ---- a two-column page written by Inkscape (cairo): real fonts, kerning, subset fonts ----

/** A figure of an SVG page: its graphics' extent (PDF space) and the words drawn inside it. */
/**
 * A two-column page: a vector diagram ("Fig. 2. The processing pipeline…", truth `diagram`) on the
 * left, a photograph (one embedded JPEG, "Figure 3: A photograph of the apparatus.", truth `photo`)
 * on the right, prose around both.
 */
export function diagramAndPhotoPage(): FigurePage {
  const page = new FigurePage();
  page.paragraph(54, 740, 10, 48);
  page.begin('diagram').diagram(60, 470, 230, 120).end();
  page.text(54, 455, 9, 'Fig. 2. The processing pipeline with a feedback');
  page.text(54, 444, 9, 'loop between its stages.');
  page.paragraph(54, 420, 12, 48);
  page.paragraph(315, 740, 6, 48);
  page.begin('photo').image(330, 520, 210, 130).end();
  page.text(315, 505, 9, 'Figure 3: A photograph of the apparatus.');
  page.paragraph(315, 475, 14, 48);
  return page;
}

export type SvgFigure = { name: string; graphics: Box; words: string[] };

const PAGE_HEIGHT = 792;
const flip = (x0: number, top: number, x1: number, bottom: number): Box => [
  x0,
  PAGE_HEIGHT - bottom,
  x1,
  PAGE_HEIGHT - top,
];

/** Prose lines of about `chars` characters (10 pt) from `y` down, in an SVG. */
function svgProse(x: number, y: number, lines: number, chars: number): string {
  const words = LOREM.split(' ');
  let out = '';
  let w = 0;
  for (let i = 0; i < lines; i++) {
    let line = '';
    while (line.length < chars) line += `${words[w++ % words.length]} `;
    out += `<text x="${x}" y="${y + i * 12}" font-size="10">${line.trim()}</text>\n`;
  }
  return out;
}

/** An SVG line plot in (x, top, w, h) (SVG space), its tick labels and axis titles; returns its markup. */
function svgPlot(x: number, top: number, w: number, h: number, seed: number, words: string[]): string {
  const ox = x + 28;
  const oy = top + h - 22;
  const pw = w - 32;
  const ph = h - 28;
  let out = `<path d="M${ox},${oy} H${ox + pw} M${ox},${oy} V${oy - ph}" stroke="black" fill="none"/>\n`;
  for (let i = 0; i <= 4; i++) {
    const tx = ox + (pw * i) / 4;
    const ty = oy - (ph * i) / 4;
    out += `<path d="M${tx},${oy} v3 M${ox},${ty} h-3" stroke="black"/>`;
    out += `<text x="${tx - 3}" y="${oy + 11}" font-size="7">${i * 5}</text>`;
    out += `<text x="${ox - 14}" y="${ty + 2}" font-size="7">${(i * 0.2).toFixed(1)}</text>\n`;
    words.push(String(i * 5), (i * 0.2).toFixed(1));
  }
  out += `<text x="${ox + pw / 2 - 10}" y="${top + h}" font-size="7">epoch</text>`;
  out += `<text x="${x + 6}" y="${oy - ph / 2 + 12}" font-size="7" transform="rotate(-90 ${x + 6} ${oy - ph / 2 + 12})">score</text>\n`;
  words.push('epoch', 'score');
  const points: string[] = [];
  for (let i = 0; i <= 24; i++)
    points.push(`${ox + (pw * i) / 24},${oy - ph * (0.1 + 0.8 * Math.abs(Math.sin((i + seed) / 6)))}`);
  out += `<polyline points="${points.join(' ')}" fill="none" stroke="#c03030" stroke-width="1.5"/>\n`;
  return out;
}

export function svgTwoColumnPage(): { svg: string; figures: SvgFigure[] } {
  const figures: SvgFigure[] = [];
  let body = '';
  // a full-width figure of two panels across both columns, its caption under it
  const panels: string[] = [];
  body += svgPlot(54, 60, 240, 170, 1, panels) + svgPlot(318, 60, 240, 170, 5, panels);
  figures.push({ name: 'panels', graphics: flip(54, 60, 558, 230), words: panels });
  body +=
    '<text x="54" y="250" font-size="9">Figure 1: Comparison of the two methods. (a) Loss on the training set. (b) Accuracy on the test</text>\n';
  body += '<text x="54" y="261" font-size="9">set, averaged over five runs with different random seeds.</text>\n';
  // left column: prose, a diagram, its caption, prose
  body += svgProse(54, 290, 12, 40);
  const diagram: string[] = [];
  for (let i = 0; i < 3; i++) {
    const bx = 60 + i * 80;
    body += `<rect x="${bx}" y="${450}" width="60" height="30" fill="#e8eef8" stroke="black"/><text x="${bx + 8}" y="${469}" font-size="8">Step ${i + 1}</text>\n`;
    diagram.push('Step', String(i + 1));
    if (i < 2)
      body += `<path d="M${bx + 60},465 h20" stroke="black" marker-end="none"/><path d="M${bx + 80},465 l-6,-3 v6 z"/>\n`;
  }
  body +=
    '<path d="M210,480 v30 H90 v-30" stroke="black" fill="none"/><rect x="120" y="500" width="60" height="20" fill="white" stroke="black"/><text x="126" y="514" font-size="8">Retry</text>\n';
  diagram.push('Retry');
  figures.push({ name: 'diagram', graphics: flip(60, 450, 280, 520), words: diagram });
  body += '<text x="54" y="540" font-size="9">Fig. 2. The three steps of the method and the</text>\n';
  body += '<text x="54" y="551" font-size="9">retry loop between them.</text>\n';
  body += svgProse(54, 580, 14, 40);
  // right column: prose, a table with its caption above, prose
  body += svgProse(318, 290, 9, 40);
  body += '<text x="318" y="410" font-size="9">Table 1: Error rates on the three benchmarks.</text>\n';
  const table: string[] = [];
  body += '<path d="M318,420 h230 M318,436 h230 M318,512 h230" stroke="black" stroke-width="0.8"/>\n';
  const heads = ['Method', 'Alpha', 'Beta', 'Gamma'];
  heads.forEach((head, c) => {
    body += `<text x="${322 + c * 58}" y="431" font-size="8">${head}</text>`;
    table.push(head);
  });
  for (let r = 0; r < 5; r++) {
    ['Ours', 'Base', 'Prior', 'Naive', 'Oracle'].slice(r, r + 1).forEach((name) => {
      body += `<text x="322" y="${448 + r * 14}" font-size="8">${name}</text>`;
      table.push(name);
    });
    for (let c = 1; c < 4; c++) {
      const value = `${((r * 13 + c * 7) % 40) + 2}.${(r + c) % 10}`;
      body += `<text x="${322 + c * 58}" y="${448 + r * 14}" font-size="8">${value}</text>`;
      table.push(value);
    }
    body += '\n';
  }
  figures.push({ name: 'table', graphics: flip(318, 420, 548, 512), words: table });
  body += svgProse(318, 540, 17, 40);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="612pt" height="792pt" viewBox="0 0 612 792"><g font-family="DejaVu Sans">\n${body}</g></svg>`;
  return { svg, figures };
}

/** Inkscape's PDF of an SVG (its cairo writer); fails naming the Debian package when Inkscape is missing. */
export function inkscapePdf(svg: string): Uint8Array {
  const inkscape = process.env.INKSCAPE_PATH || 'inkscape';
  return inTempDir((dir) => {
    writeFileSync(path.join(dir, 'page.svg'), svg);
    const run = spawnSync(inkscape, ['page.svg', '--export-type=pdf', '--export-filename=page.pdf'], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (run.error) {
      throw new Error(
        `This test needs Inkscape (${run.error.message}). Install Debian's inkscape: apt-get install -y --no-install-recommends inkscape.`,
      );
    }
    if (run.status !== 0) throw new Error(`inkscape failed: ${run.stderr}`);
    return new Uint8Array(readFileSync(path.join(dir, 'page.pdf')));
  });
}

/** poppler's word boxes (`pdftotext -bbox`) of page 1, in PDF space. */
export function popplerWords(pdf: Uint8Array): { text: string; box: Box }[] {
  return inTempDir((dir) => {
    writeFileSync(path.join(dir, 'in.pdf'), pdf);
    const run = spawnSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', 'in.pdf', 'out.html'], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (run.error) throw new Error(`This test needs pdftotext (${run.error.message}). Install Debian's poppler-utils.`);
    if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr}`);
    const html = readFileSync(path.join(dir, 'out.html'), 'utf8');
    const height = Number(/<page width="[\d.]+" height="([\d.]+)"/.exec(html)?.[1] ?? PAGE_HEIGHT);
    const words: { text: string; box: Box }[] = [];
    for (const m of html.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    )) {
      const [x0, y0, x1, y1] = [m[1], m[2], m[3], m[4]].map(Number) as Box;
      words.push({ text: m[5] ?? '', box: [x0, height - y1, x1, height - y0] });
    }
    return words;
  });
}
