import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sheetLayout } from '../src/video/index.ts';
import { sheetPdf } from '../src/video/sheetPdf.ts';

const work = mkdtempSync(path.join(tmpdir(), 'contact-sheet-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('contact sheet layout', () => {
  it('puts N frames in rows of C columns inside the width, aspect kept, a header above', () => {
    const layout = sheetLayout({ count: 10, frameWidth: 1920, frameHeight: 1080, columns: 4, width: 1600 });
    expect(layout.width).toBe(1600);
    expect(layout.cells).toHaveLength(10);
    const [first, second, , , fifth] = layout.cells;
    expect(first?.x).toBe(layout.margin);
    expect(first?.y).toBeGreaterThan(layout.headerY);
    expect(second?.y).toBe(first?.y);
    expect(fifth?.x).toBe(first?.x);
    expect(fifth?.y).toBeGreaterThan((first?.y ?? 0) + (first?.height ?? 0));
    for (const cell of layout.cells) {
      expect(cell.x + cell.width).toBeLessThanOrEqual(layout.width - layout.margin);
      expect(cell.labelY).toBeLessThan(layout.height);
      expect(Math.abs(cell.height / cell.width - 1080 / 1920)).toBeLessThan(0.01);
    }
    // three rows: the last ends a margin above the bottom
    const last = layout.cells.at(-1);
    expect(layout.height).toBeGreaterThan((last?.labelY ?? 0) + 0);
  });

  it('never has more columns than frames, and keeps columns and width in bounds', () => {
    expect(
      new Set(
        sheetLayout({ count: 2, frameWidth: 100, frameHeight: 100, columns: 6, width: 800 }).cells.map((c) => c.y),
      ).size,
    ).toBe(1);
    expect(
      sheetLayout({ count: 2, frameWidth: 100, frameHeight: 100, columns: 6, width: 800 }).cells[1]?.x,
    ).toBeGreaterThan(400);
    expect(sheetLayout({ count: 3, frameWidth: 100, frameHeight: 50, columns: 99, width: 99_999 }).width).toBe(4000);
  });
});

describe('contact sheet PDF', () => {
  it('is one page holding the PNG at its size, as qpdf and pdfimages read it', async () => {
    const png = new Uint8Array(
      execFileSync('ffmpeg', [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=400x300',
        '-frames:v',
        '1',
        '-f',
        'image2pipe',
        '-c:v',
        'png',
        'pipe:1',
      ]),
    );
    const pdf = await sheetPdf(png, 'clip.mp4');
    const file = path.join(work, 'sheet.pdf');
    writeFileSync(file, pdf);
    expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toContain(
      'No syntax or stream encoding errors',
    );
    expect(execFileSync('qpdf', ['--show-npages', file], { encoding: 'utf8' }).trim()).toBe('1');
    const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n');
    expect(list).toHaveLength(3); // two header lines, one image
    expect(list[2]?.trim().split(/\s+/).slice(3, 5)).toEqual(['400', '300']);
  });
});
