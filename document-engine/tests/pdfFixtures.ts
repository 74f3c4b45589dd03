/**
 * Fixtures the PDF tests build at run time, and the Debian tools they are checked against:
 * - `tinyJpeg`: a baseline JPEG written here (DC only: every 8x8 block one flat colour), so no
 *   image tool is needed to make one, and its bytes are known;
 * - `writePdf`: objects 1…n with a classic xref table;
 * - `requireTool` / `runTool`: qpdf, mutool (mupdf-tools) and pdfimages (poppler-utils). A test
 *   that needs one fails, naming the tool and its Debian package, when it is missing: none skips.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodePng } from '../src/core/png/pngEncoder.ts';
import { requireTool as requireDebianTool } from './realTools.ts';

export const latin1Bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);

export function concatBytes(...parts: (string | Uint8Array)[]): Uint8Array {
  const chunks = parts.map((part) => (typeof part === 'string' ? latin1Bytes(part) : part));
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

// ---- a baseline JPEG, DC coefficients only ----

/** Canonical Huffman codes from the 16 counts of a DHT segment. */
function huffmanCodes(counts: number[], symbols: number[]): Map<number, { code: number; length: number }> {
  const codes = new Map<number, { code: number; length: number }>();
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    for (let i = 0; i < (counts[length - 1] ?? 0); i++) codes.set(symbols[k++] ?? 0, { code: code++, length });
    code <<= 1;
  }
  return codes;
}

/** ITU T.81 table K.3: luminance DC code lengths. */
const DC_COUNTS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_SYMBOLS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
/** AC: the end-of-block symbol alone (code `0`). */
const AC_COUNTS = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const AC_SYMBOLS = [0];

/**
 * A baseline JPEG of `width` x `height` (1 component gray, or 3 YCbCr at 1x1 sampling), each
 * 8x8 block flat: `color(bx, by)` gives its component values (0–255). Quantisation 1 everywhere.
 */
export function tinyJpeg(
  width: number,
  height: number,
  components: 1 | 3,
  color: (bx: number, by: number) => number[],
): Uint8Array {
  const out: number[] = [0xff, 0xd8];
  const segment = (marker: number, body: number[]) => {
    out.push(0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body);
  };
  segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 1, 0, 72, 0, 72, 0, 0]); // JFIF 1.1, 72 dpi
  segment(0xdb, [0, ...new Array(64).fill(1)]);
  const ids = components === 1 ? [1] : [1, 2, 3];
  segment(0xc0, [
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    ids.length,
    ...ids.flatMap((id) => [id, 0x11, 0]),
  ]);
  segment(0xc4, [0x00, ...DC_COUNTS, ...DC_SYMBOLS]);
  segment(0xc4, [0x10, ...AC_COUNTS, ...AC_SYMBOLS]);
  segment(0xda, [ids.length, ...ids.flatMap((id) => [id, 0x00]), 0, 63, 0]);
  const dc = huffmanCodes(DC_COUNTS, DC_SYMBOLS);
  const ac = huffmanCodes(AC_COUNTS, AC_SYMBOLS);
  let bits = 0;
  let count = 0;
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) {
      bits = (bits << 1) | ((value >> i) & 1);
      if (++count === 8) {
        out.push(bits);
        if (bits === 0xff) out.push(0); // byte stuffing
        bits = 0;
        count = 0;
      }
    }
  };
  const previous = new Array(ids.length).fill(0);
  for (let by = 0; by < Math.ceil(height / 8); by++) {
    for (let bx = 0; bx < Math.ceil(width / 8); bx++) {
      const values = color(bx, by);
      for (let c = 0; c < ids.length; c++) {
        const coefficient = Math.round(8 * ((values[c] ?? 0) - 128));
        const diff = coefficient - previous[c];
        previous[c] = coefficient;
        const size = diff === 0 ? 0 : Math.floor(Math.log2(Math.abs(diff))) + 1;
        const code = dc.get(size);
        if (!code) throw new Error(`no DC code for size ${size}`);
        put(code.code, code.length);
        if (size > 0) put(diff > 0 ? diff : diff + (1 << size) - 1, size);
        const eob = ac.get(0);
        if (eob) put(eob.code, eob.length);
      }
    }
  }
  if (count > 0) put((1 << (8 - count)) - 1, 8 - count); // pad with ones
  out.push(0xff, 0xd9);
  return Uint8Array.from(out);
}

/** A small colourful RGB JPEG (a gradient of blocks), 72 dpi: MuPDF draws it at 72 dpi pixel for pixel. */
export function sampleJpeg(width = 40, height = 24): Uint8Array {
  return tinyJpeg(width, height, 3, (bx, by) => [60 + bx * 30, 128 + by * 20 - bx * 5, 140 - by * 15]);
}

// ---- a PDF writer ----

/** Objects 1…n (each a body), a classic xref table, a trailer with /Root 1 0 R and `trailerExtra`. */
export function writePdf(bodies: (string | Uint8Array)[], trailerExtra = ''): Uint8Array {
  const parts: Uint8Array[] = [latin1Bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  bodies.forEach((body, index) => {
    offsets.push(length);
    const chunk = concatBytes(`${index + 1} 0 obj\n`, body, '\nendobj\n');
    parts.push(chunk);
    length += chunk.length;
  });
  let xref = `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) xref += `${String(offset).padStart(10, '0')} 00000 n \n`;
  xref += `trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${length}\n%%EOF\n`;
  return concatBytes(...parts, xref);
}

/** A stream object's body. */
export function streamBody(dictEntries: string, data: Uint8Array): Uint8Array {
  return concatBytes(`<< ${dictEntries} /Length ${data.length} >>\nstream\n`, data, '\nendstream');
}

/** Catalog (1), Pages (2), Page (3) drawing `content` (4) with `resources`; `extra` from object 5 on. */
export function onePagePdf(
  resources: string,
  content: string | Uint8Array,
  extra: (string | Uint8Array)[],
): Uint8Array {
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources ${resources} /Contents 4 0 R >>`,
    streamBody('', typeof content === 'string' ? latin1Bytes(content) : content),
    ...extra,
  ]);
}

// ---- Debian's tools ----

const PACKAGES: Record<string, string> = {
  qpdf: 'qpdf',
  mutool: 'mupdf-tools',
  pdfimages: 'poppler-utils',
  pdftoppm: 'poppler-utils',
  opj_compress: 'libopenjp2-tools',
};
type Tool = 'qpdf' | 'mutool' | 'pdfimages' | 'pdftoppm' | 'opj_compress';

/** Throws, naming the tool and its Debian package, when `tool` cannot be run. */
export function requireTool(tool: Tool): void {
  const probe = tool === 'mutool' || tool === 'pdftoppm' ? ['-v'] : tool === 'opj_compress' ? ['-h'] : ['--version'];
  requireDebianTool(tool, probe, PACKAGES[tool] ?? tool);
}

export type ToolRun = { status: number | null; stdout: string; stderr: string };

export function runTool(tool: Tool, args: string[], cwd?: string): ToolRun {
  requireTool(tool);
  const run = spawnSync(tool, args, { encoding: 'utf8', cwd, maxBuffer: 64 * 1024 * 1024 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Runs `body` in a fresh temporary folder, removed afterwards. */
export function inTempDir<T>(body: (dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'engine-pdf-'));
  try {
    return body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `qpdf --encrypt USER OWNER 256 -- in out` (AES-256, revision 6), or with 128 and
 * `--use-aes=y` (AES-128, V4/R4), on `pdf`.
 */
export function qpdfEncrypt(pdf: Uint8Array, user: string, owner: string, bits: 128 | 256 = 256): Uint8Array {
  return inTempDir((dir) => {
    writeFileSync(path.join(dir, 'in.pdf'), pdf);
    const aes = bits === 128 ? ['--use-aes=y'] : [];
    const run = runTool('qpdf', ['--encrypt', user, owner, String(bits), ...aes, '--', 'in.pdf', 'out.pdf'], dir);
    if (run.status !== 0) throw new Error(`qpdf --encrypt failed: ${run.stderr}`);
    return new Uint8Array(readFileSync(path.join(dir, 'out.pdf')));
  });
}

/** The file key of an encrypted PDF, as `qpdf --show-encryption-key` gives it. */
export function qpdfFileKey(pdf: Uint8Array, password: string): Uint8Array {
  return inTempDir((dir) => {
    writeFileSync(path.join(dir, 'in.pdf'), pdf);
    const run = runTool(
      'qpdf',
      [`--password=${password}`, '--show-encryption', '--show-encryption-key', 'in.pdf'],
      dir,
    );
    const hex = /Encryption key = ([0-9a-f]+)/.exec(run.stdout)?.[1];
    if (!hex) throw new Error(`qpdf gave no encryption key: ${run.stdout} ${run.stderr}`);
    return new Uint8Array(Buffer.from(hex, 'hex'));
  });
}

/** qpdf's rewrite of `pdf` (`qpdf in out`): a PDF as a common writer lays it out. */
export function qpdfRewrite(pdf: Uint8Array): Uint8Array {
  return inTempDir((dir) => {
    writeFileSync(path.join(dir, 'in.pdf'), pdf);
    const run = runTool('qpdf', ['in.pdf', 'out.pdf'], dir);
    if (run.status !== 0) throw new Error(`qpdf failed: ${run.stderr}`);
    return new Uint8Array(readFileSync(path.join(dir, 'out.pdf')));
  });
}

/** MuPDF's decoding of an image file (`mutool draw -F pam -r 72`): its PAM header and samples, or why it failed. */
export function mutoolDecodeImage(
  image: Uint8Array,
  extension: string,
): { ok: true; width: number; height: number; samples: Uint8Array } | { ok: false; stderr: string } {
  return inTempDir((dir) => {
    writeFileSync(path.join(dir, `in.${extension}`), image);
    const run = runTool('mutool', ['draw', '-q', '-F', 'pam', '-r', '72', '-o', 'out.pam', `in.${extension}`], dir);
    if (run.status !== 0) return { ok: false, stderr: run.stderr };
    const pam = new Uint8Array(readFileSync(path.join(dir, 'out.pam')));
    const text = Buffer.from(pam.subarray(0, 200)).toString('latin1');
    const headerEnd = text.indexOf('ENDHDR\n') + 'ENDHDR\n'.length;
    const width = Number(/WIDTH (\d+)/.exec(text)?.[1]);
    const height = Number(/HEIGHT (\d+)/.exec(text)?.[1]);
    return { ok: true, width, height, samples: pam.subarray(headerEnd) };
  });
}

/**
 * MuPDF's `mutool extract -a -r` on `pdf` (with `password` when given): the files it writes, by
 * name, with what it said.
 */
export function mutoolExtract(pdf: Uint8Array, password?: string): ToolRun & { files: Map<string, Uint8Array> } {
  return inTempDir((dir) => {
    writeFileSync(path.join(dir, 'in.pdf'), pdf);
    const args = ['extract', '-a', '-r', ...(password === undefined ? [] : ['-p', password]), 'in.pdf'];
    const run = runTool('mutool', args, dir);
    const files = new Map<string, Uint8Array>();
    for (const name of readdirSync(dir)) {
      if (name !== 'in.pdf') files.set(name, new Uint8Array(readFileSync(path.join(dir, name))));
    }
    return { ...run, files };
  });
}

/** poppler's `pdfimages -list` on `pdf`: its table rows (after the two header lines), split. */
export function pdfimagesList(pdf: Uint8Array, password?: string): ToolRun & { rows: string[][] } {
  return inTempDir((dir) => {
    writeFileSync(path.join(dir, 'in.pdf'), pdf);
    const args = ['-list', ...(password === undefined ? [] : ['-upw', password]), 'in.pdf'];
    const run = runTool('pdfimages', args, dir);
    const rows = run.stdout
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => line.trim().split(/\s+/));
    return { ...run, rows };
  });
}

/** poppler's `pdfimages -all` on `pdf`: the files it writes, by name. */
export function pdfimagesAll(pdf: Uint8Array, password?: string): ToolRun & { files: Map<string, Uint8Array> } {
  return inTempDir((dir) => {
    writeFileSync(path.join(dir, 'in.pdf'), pdf);
    const args = ['-all', ...(password === undefined ? [] : ['-upw', password]), 'in.pdf', 'img'];
    const run = runTool('pdfimages', args, dir);
    const files = new Map<string, Uint8Array>();
    for (const name of readdirSync(dir).sort()) {
      if (name !== 'in.pdf') files.set(name, new Uint8Array(readFileSync(path.join(dir, name))));
    }
    return { ...run, files };
  });
}

/**
 * A JPEG 2000 file written by OpenJPEG's `opj_compress` (Debian's libopenjp2-tools) from samples
 * (one byte each, interleaved, `bits` of precision): `.jp2` with boxes, `.j2k` a bare codestream.
 * Gray+alpha and RGBA go in as a PNG (written by the engine's PNG writer), so OpenJPEG marks the
 * last channel as opacity (a cdef box), as real writers of transparent JPEG 2000 do.
 */
export async function opjCompress(
  samples: Uint8Array,
  width: number,
  height: number,
  components: number,
  bits: number,
  kind: 'jp2' | 'j2k' = 'jp2',
): Promise<Uint8Array> {
  const withAlpha = components === 2 || components === 4;
  const png = withAlpha
    ? await encodePng({ width, height, channels: components, bitDepth: 8, data: samples })
    : undefined;
  return inTempDir((dir) => {
    let input = 'in.raw';
    let format: string[] = [];
    if (png) {
      input = 'in.png';
      writeFileSync(path.join(dir, input), png);
    } else {
      // opj's raw input is planar: every sample of component 0, then 1…
      const planar = new Uint8Array(samples.length);
      const pixels = width * height;
      for (let p = 0; p < pixels; p++) {
        for (let c = 0; c < components; c++) planar[c * pixels + p] = samples[p * components + c] ?? 0;
      }
      writeFileSync(path.join(dir, input), planar);
      format = ['-F', `${width},${height},${components},${bits},u`];
    }
    const run = runTool('opj_compress', ['-i', input, '-o', `out.${kind}`, ...format, '-n', '2'], dir);
    if (run.status !== 0) throw new Error(`opj_compress failed: ${run.stdout} ${run.stderr}`);
    return new Uint8Array(readFileSync(path.join(dir, `out.${kind}`)));
  });
}

/** Poppler's rendering of page 1 (`pdftoppm -r DPI`): the RGB of each pixel asked for. */
export function popplerPixels(pdf: Uint8Array, dpi: number, points: [number, number][]): number[][] {
  return inTempDir((dir) => {
    writeFileSync(path.join(dir, 'in.pdf'), pdf);
    const run = runTool('pdftoppm', ['-r', String(dpi), '-singlefile', 'in.pdf', 'page'], dir);
    if (run.status !== 0) throw new Error(`pdftoppm failed: ${run.stderr}`);
    const ppm = new Uint8Array(readFileSync(path.join(dir, 'page.ppm')));
    const header = Buffer.from(ppm.subarray(0, 50)).toString('latin1').split(/\s+/);
    const width = Number(header[1]);
    // P6 <w> <h> 255 and one whitespace byte
    const start = Buffer.from(ppm.subarray(0, 50)).toString('latin1').indexOf('255') + 4;
    return points.map(([x, y]) => [...ppm.subarray(start + (y * width + x) * 3, start + (y * width + x) * 3 + 3)]);
  });
}
