// @vitest-environment node
/**
 * Images of a PDF come out while its pages are walked: each as soon as no later page can draw it,
 * still with every page it is drawn on.
 */
import { describe, expect, it } from 'vitest';
import { extractPdf } from '../src/core/pdf/extractPdf.ts';

const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);

/** A PDF from numbered object bodies (1 is the catalog). */
function pdfOf(bodies: string[]): Uint8Array {
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = out.length;
  out += `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return bytes(out);
}

/** A `width` x 1 grey image (widths tell the images apart). */
const image = (width: number) => {
  const data = `${'80'.repeat(width)}>`;
  return `<< /Type /XObject /Subtype /Image /Width ${width} /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /ASCIIHexDecode /Length ${data.length} >>\nstream\n${data}\nendstream`;
};
const content = (text: string) => `<< /Length ${text.length} >>\nstream\n${text}\nendstream`;

/** Each page: its own XObject resources (name → object number) and what it draws; or shared resources on the page tree. */
function buildPdf(pages: { xobjects?: Record<string, number>; draws: string[] }[], shared?: Record<string, number>) {
  const images = [2, 3, 4, 5]; // widths of objects 3.., one image each
  const firstImage = 3;
  const firstPage = firstImage + images.length;
  const firstContent = firstPage + pages.length;
  const dict = (xobjects: Record<string, number>) =>
    `<< /XObject << ${Object.entries(xobjects)
      .map(([name, object]) => `/${name} ${object} 0 R`)
      .join(' ')} >> >>`;
  const kids = pages.map((_, i) => `${firstPage + i} 0 R`).join(' ');
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages.length}${shared ? ` /Resources ${dict(shared)}` : ''} >>`,
    ...images.map(image),
    ...pages.map(
      (page, i) =>
        `<< /Type /Page /Parent 2 0 R${page.xobjects ? ` /Resources ${dict(page.xobjects)}` : ''} /Contents ${firstContent + i} 0 R >>`,
    ),
    ...pages.map((page) => content(page.draws.map((name) => `q 10 0 0 10 0 0 cm /${name} Do Q`).join('\n'))),
  ]);
}

/** What happened, in order: pages walked and images yielded (by width, with their pages). */
async function timeline(pdf: Uint8Array): Promise<string[]> {
  const events: string[] = [];
  for await (const found of extractPdf(pdf, { onProgress: (p) => events.push(`page ${p.done}`) })) {
    events.push(`image ${found.width} on ${found.pageNumbers?.join(',')}`);
  }
  return events;
}

describe('extractPdf yields images as their pages are walked', () => {
  it('should yield an image right after its last possible page, with all its pages', async () => {
    const pdf = buildPdf([
      { xobjects: { A: 3 }, draws: ['A'] },
      { xobjects: { B: 4 }, draws: ['B'] },
      { xobjects: { A: 3, C: 5, D: 6 }, draws: ['C', 'A'] }, // D is named but never drawn
      { xobjects: {}, draws: [] },
    ]);
    expect(await timeline(pdf)).toEqual([
      'page 1',
      'page 2',
      'image 3 on 2',
      'page 3',
      'image 2 on 1,3',
      'image 4 on 3',
      'page 4',
    ]);
  });

  it('should hold images of resources every page shares until the last page, and still list them once', async () => {
    const pdf = buildPdf([{ draws: ['A'] }, { draws: ['A', 'B'] }, { draws: [] }], { A: 3, B: 4 });
    expect(await timeline(pdf)).toEqual(['page 1', 'page 2', 'page 3', 'image 2 on 1,2', 'image 3 on 2']);
  });
});
