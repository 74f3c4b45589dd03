// @vitest-environment node
/**
 * Real files made by LibreOffice at test time: flat OpenDocument files written here around the
 * corpus's pictures (and an SVG and a chart) are converted by `soffice --headless --convert-to` to
 * ODT, ODP, ODS, XLSX, XLS and RTF, and the packages back to flat files, as a user's LibreOffice
 * saves them; its own templates are read as installed. Each reader is checked against a reference
 * that does not share its code: for packages, `unzip` of the entries the content names (and of
 * Pictures/); for XLS, the BLIPs of the drawing group read with `cfb`; for RTF, the hex of the
 * `\pict` groups; and everywhere, the pictures put in, byte for byte where the format keeps them.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import * as CFB from 'cfb';
import { afterAll, describe, expect, it } from 'vitest';
import { extractContainer, sniffContainerKind } from '../src/containerKind.ts';
import type { DocumentImage } from '../src/core/types.ts';
import { collectAll } from './corpusMedia.ts';
import { corpusPictures, sha256, unzipEntrySha, unzipList } from './zipContainerFixtures.ts';

const SOFFICE = 'soffice';
const pictures = corpusPictures();
const SVG = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><rect x="5" y="5" width="110" height="70" fill="#3a7"/></svg>',
);
const sha = {
  png: sha256(pictures.png),
  png2: sha256(pictures.png2),
  jpeg: sha256(pictures.jpeg),
  gif: sha256(pictures.gif),
  emf: sha256(pictures.emf),
  svg: sha256(SVG),
};

const NS = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
  'xmlns:xlink="http://www.w3.org/1999/xlink"',
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
  'xmlns:chart="urn:oasis:names:tc:opendocument:xmlns:chart:1.0"',
  'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"',
].join(' ');

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const frame = (bytes: Uint8Array, attributes = '', x = '1cm', y = '1cm') =>
  `<draw:frame svg:x="${x}" svg:y="${y}" svg:width="3cm" svg:height="2cm" ${attributes}><draw:image><office:binary-data>${base64(bytes)}</office:binary-data></draw:image></draw:frame>`;
const chart = (attributes = '') =>
  `<draw:frame svg:width="8cm" svg:height="5cm" svg:x="1cm" svg:y="8cm" ${attributes}><draw:object><office:document office:mimetype="application/vnd.oasis.opendocument.chart" office:version="1.3"><office:body><office:chart>
<chart:chart svg:width="8cm" svg:height="5cm" chart:class="chart:bar"><chart:plot-area table:cell-range-address="local-table.A1:B3"><chart:series chart:values-cell-range-address="local-table.B2:B3"/></chart:plot-area>
<table:table table:name="local-table"><table:table-header-rows><table:table-row><table:table-cell/><table:table-cell office:value-type="string"><text:p>S</text:p></table:table-cell></table:table-row></table:table-header-rows>
<table:table-rows><table:table-row><table:table-cell office:value-type="string"><text:p>a</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="3"/></table:table-row>
<table:table-row><table:table-cell office:value-type="string"><text:p>b</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="5"/></table:table-row></table:table-rows></table:table>
</chart:chart></office:chart></office:body></office:document></draw:object></draw:frame>`;

function flatDocument(type: string, body: string, styles = '', automatic = '', master = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?><office:document ${NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.${type}">
<office:styles>${styles}</office:styles><office:automatic-styles><style:page-layout style:name="PM1"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm"/><style:header-style/></style:page-layout>${automatic}</office:automatic-styles>
<office:master-styles>${master}</office:master-styles><office:body>${body}</office:body></office:document>`;
}

/** A text document: PNG, JPEG, SVG, EMF, a chart, the PNG again, and the GIF in the page header. */
const FODT = flatDocument(
  'text',
  `<office:text><text:p>${frame(pictures.png, 'text:anchor-type="paragraph"')}</text:p><text:p>${frame(pictures.jpeg, 'text:anchor-type="paragraph"')}</text:p>
   <text:p>${frame(SVG, 'text:anchor-type="paragraph"')}</text:p><text:p>${frame(pictures.emf, 'text:anchor-type="paragraph"')}</text:p>
   <text:p>${chart('text:anchor-type="paragraph"')}</text:p><text:p>${frame(pictures.png, 'text:anchor-type="paragraph"')}</text:p></office:text>`,
  '',
  '',
  `<style:master-page style:name="Standard" style:page-layout-name="PM1"><style:header><text:p>${frame(pictures.gif, 'text:anchor-type="paragraph"')}</text:p></style:header></style:master-page>`,
);

/**
 * Three slides: the PNG on 1 and 3, JPEG and SVG on 2, the EMF in slide 2's notes, a chart on 3;
 * the GIF on the master page, whose background is a bitmap fill (the second PNG).
 */
const page = (content: string) => `<draw:page draw:master-page-name="Default">${content}</draw:page>`;
const FODP = flatDocument(
  'presentation',
  `<office:presentation>${page(frame(pictures.png))}${page(`${frame(pictures.jpeg)}${frame(SVG, '', '10cm')}<presentation:notes>${frame(pictures.emf)}</presentation:notes>`)}${page(frame(pictures.png, '', '5cm') + chart())}</office:presentation>`,
  `<draw:fill-image draw:name="Bg"><office:binary-data>${base64(pictures.png2)}</office:binary-data></draw:fill-image>`,
  '<style:style style:name="Mdp" style:family="drawing-page"><style:drawing-page-properties draw:fill="bitmap" draw:fill-image-name="Bg" style:repeat="stretch"/></style:style>',
  `<style:master-page style:name="Default" style:page-layout-name="PM1" draw:style-name="Mdp">${frame(pictures.gif, '', '15cm')}</style:master-page>`,
);

/** Sheet One: PNG at B3, JPEG at D10. Sheet Two: the GIF anchored to the page, the PNG at A1, the SVG at C2, a chart at E5. */
const cellFrame = (bytes: Uint8Array, end: string) =>
  frame(bytes, `table:end-cell-address="${end}" table:end-x="0cm" table:end-y="0cm"`, '0cm', '0cm');
const cell = (content = '') => `<table:table-cell>${content}</table:table-cell>`;
const row = (...cells: string[]) => `<table:table-row>${cells.join('')}</table:table-row>`;
const FODS = flatDocument(
  'spreadsheet',
  `<office:spreadsheet>
  <table:table table:name="One"><table:table-column table:number-columns-repeated="6"/>${row(cell())}${row(cell())}${row(cell(), cell(cellFrame(pictures.png, 'One.D6')))}
    <table:table-row table:number-rows-repeated="6"><table:table-cell table:number-columns-repeated="6"/></table:table-row>${row(cell(), cell(), cell(), cell(cellFrame(pictures.jpeg, 'One.F14')))}</table:table>
  <table:table table:name="Two"><table:shapes>${frame(pictures.gif, '', '9cm', '6cm')}</table:shapes><table:table-column table:number-columns-repeated="6"/>
    ${row(cell(cellFrame(pictures.png, 'Two.B3')))}${row(cell(), cell(), cell(cellFrame(SVG, 'Two.E6')))}${row(cell())}${row(cell())}
    ${row(cell(), cell(), cell(), cell(), cell(chart('table:end-cell-address="Two.H15" table:end-x="0cm" table:end-y="0cm"')))}</table:table>
  </office:spreadsheet>`,
);

let dir = '';
const file = (name: string) => join(dir, name);
const bytesOf = (name: string) => new Uint8Array(readFileSync(file(name)));

/** `soffice --headless --convert-to`, into the test's folder, with a profile of its own. */
function convert(format: string, ...names: string[]): void {
  const output = execFileSync(
    SOFFICE,
    [
      `-env:UserInstallation=file://${join(dir, 'profile')}`,
      '--headless',
      '--convert-to',
      format,
      '--outdir',
      dir,
      ...names.map(file),
    ],
    { encoding: 'utf8', stdio: 'pipe', timeout: 60_000 },
  );
  const extension = format.split(':')[0] as string;
  for (const name of names) {
    const made = name.replace(/\.[^.]+$/, `.${extension}`);
    if (!existsSync(file(made))) throw new Error(`LibreOffice did not make ${made} from ${name}: ${output}`);
  }
}

async function extract(name: string): Promise<DocumentImage[]> {
  return collectAll(extractContainer(bytesOf(name), {}));
}

/** What the test compares: the bytes and where the picture is. */
const place = (image: DocumentImage) => ({
  sha: sha256(image.bytes),
  role: image.role,
  slideNumbers: image.slideNumbers,
  sheet: image.sheet,
  cell: image.cell,
});
const sorted = <T>(list: T[]) => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

const PICTURE_REFERENCE =
  /<(?:draw:image|draw:fill-image|style:background-image|text:list-level-style-image)\b[^>]*?xlink:href="([^"]+)"/g;

/**
 * An OpenDocument package's pictures by `unzip`: the entries that content.xml and styles.xml name
 * from a picture element, and those stored in Pictures/ (each once). Embedded objects' folders and
 * Thumbnails/thumbnail.png (the writer's preview of the file) are no pictures of the document.
 */
function odfReference(name: string): string[] {
  const path = file(name);
  const entries = unzipList(path);
  const byLowerName = new Map(entries.map((entry) => [entry.toLowerCase(), entry]));
  const found: string[] = [];
  for (const part of ['content.xml', 'styles.xml']) {
    if (!entries.includes(part)) continue;
    const xml = execFileSync('unzip', ['-p', path, part], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    for (const [, href = ''] of xml.matchAll(PICTURE_REFERENCE)) {
      const entry = byLowerName.get(href.replace(/^\.\//, '').toLowerCase());
      if (entry && !found.includes(entry)) found.push(entry);
    }
  }
  for (const entry of entries) if (/^Pictures\/[^/]+$/.test(entry) && !found.includes(entry)) found.push(entry);
  return found.map((entry) => unzipEntrySha(path, entry));
}

/** An XLS's pictures by `cfb`: the BLIPs of the Workbook stream's drawing group (BSE records), as stored. */
function xlsReference(name: string): string[] {
  const workbook = CFB.find(CFB.read(readFileSync(file(name)), { type: 'buffer' }), 'Workbook');
  const stream = Buffer.from(workbook?.content ?? []);
  const group: Buffer[] = [];
  let previous = -1;
  for (let at = 0; at + 4 <= stream.length; ) {
    const type = stream.readUInt16LE(at);
    const length = stream.readUInt16LE(at + 2);
    if (type === 0x00eb || (type === 0x003c && previous === 0x00eb))
      group.push(stream.subarray(at + 4, at + 4 + length));
    if (type === 0x000a && group.length > 0) break;
    if (type !== 0x003c) previous = type;
    at += 4 + length;
  }
  const data = Buffer.concat(group);
  const blips: string[] = [];
  for (let at = 0; at + 8 <= data.length; ) {
    const container = (data.readUInt16LE(at) & 0xf) === 0xf;
    const type = data.readUInt16LE(at + 2);
    const length = data.readUInt32LE(at + 4);
    if (container) {
      at += 8;
      continue;
    }
    if (type === 0xf007) {
      // FBSE (36 bytes and a name), then the bitmap BLIP: header, one or two 16-byte UIDs, a tag byte
      const blip = at + 8 + 36 + (data[at + 8 + 33] ?? 0);
      const instance = data.readUInt16LE(blip) >> 4;
      const uids = [0x46a, 0x6e0, 0x7a8, 0x6e2].includes(instance) ? 1 : 2;
      blips.push(sha256(data.subarray(blip + 8 + 16 * uids + 1, blip + 8 + data.readUInt32LE(blip + 4))));
    }
    at += 8 + length;
  }
  return blips;
}

/** An RTF's pictures by their hex: every `{\pict` group's data, with the destination it is in. */
function rtfReference(name: string): { sha: string; within: string }[] {
  const text = readFileSync(file(name), 'latin1');
  const found: { sha: string; within: string }[] = [];
  for (const match of text.matchAll(/\{\\pict/g)) {
    let depth = 1;
    let at = (match.index ?? 0) + match[0].length;
    const start = at;
    while (depth > 0 && at < text.length) {
      const c = text[at];
      if (c === '\\') at++;
      else if (c === '{') depth++;
      else if (c === '}') depth--;
      at++;
    }
    const body = text.slice(start, at - 1).replace(/\{\\\*\\picprop[\s\S]*?\}\}\}/, '');
    const hex = (body.split(/\\[a-z]+-?\d* ?/).at(-1) ?? '').replace(/[^0-9a-fA-F]/g, '');
    const before = text.slice(0, match.index);
    const within = /\{\\\*\\pgdsctbl(?![\s\S]*\\sectd)/.test(before)
      ? 'page-style-table'
      : /\{\\nonshppict\s*$/.test(before)
        ? 'nonshppict'
        : 'document';
    found.push({ sha: sha256(Buffer.from(hex, 'hex')), within });
  }
  return found;
}

/**
 * Makes the files once, for all tests; without LibreOffice every test fails saying what to install
 * (a test that needs it is never skipped).
 */
let making: Error | undefined;
let madeAlready = false;
function made(): void {
  if (making) throw making;
  if (madeAlready) return;
  try {
    make();
    madeAlready = true;
  } catch (error) {
    making = error as Error;
    throw error;
  }
}

function make(): void {
  if (spawnSync(SOFFICE, ['--version'], { stdio: 'ignore' }).error) {
    throw new Error(
      "LibreOffice (soffice) is missing: these tests make their files with it. Install Debian's " +
        '`apt-get install -y --no-install-recommends libreoffice-writer-nogui libreoffice-calc-nogui ' +
        'libreoffice-impress-nogui libreoffice-draw-nogui` (or run `node scripts/setup.mjs --browser` as root).',
    );
  }
  dir = mkdtempSync(join(tmpdir(), 'libreoffice-real-'));
  writeFileSync(file('made.fodt'), FODT);
  writeFileSync(file('made.fodp'), FODP);
  writeFileSync(file('made.fods'), FODS);
  convert('odt', 'made.fodt');
  convert('rtf', 'made.fodt');
  convert('odp', 'made.fodp');
  convert('ods', 'made.fods');
  convert('xlsx', 'made.fods');
  convert('xls:MS Excel 97', 'made.fods');
  // the packages back to flat files, as LibreOffice writes them (each picture's data at each use)
  for (const name of ['made.odt', 'made.odp', 'made.ods']) writeFileSync(file(`package-${name}`), bytesOf(name));
  convert('fodt', 'package-made.odt');
  convert('fodp', 'package-made.odp');
  convert('fods', 'package-made.ods');
}

describe('LibreOffice real files', { timeout: 120_000 }, () => {
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('ODT: every picture the content names, once, byte for byte; the SVG, EMF and header GIF as put in', async () => {
    made();
    const images = await extract('made.odt');
    expect(sniffContainerKind(bytesOf('made.odt'))).toBe('odt');
    expect(sorted(images.map((image) => sha256(image.bytes)))).toEqual(sorted(odfReference('made.odt')));
    const shas = images.map((image) => sha256(image.bytes));
    for (const put of [sha.png, sha.jpeg, sha.svg, sha.emf, sha.gif]) expect(shas).toContain(put);
    expect(images.find((image) => sha256(image.bytes) === sha.gif)?.role).toBe('header');
    expect(images.filter((image) => image.role === 'object-preview')).toHaveLength(1);
    expect(new Set(shas).size).toBe(shas.length);
  });

  it('ODP: slide numbers of slide, notes and master pictures; the fill picture of the master', async () => {
    made();
    const images = await extract('made.odp');
    expect(sorted(images.map((image) => sha256(image.bytes)))).toEqual(sorted(odfReference('made.odp')));
    const at = (digest: string) => images.find((image) => sha256(image.bytes) === digest);
    expect(place(at(sha.png) as DocumentImage)).toMatchObject({ role: 'slide', slideNumbers: [1, 3] });
    expect(place(at(sha.jpeg) as DocumentImage)).toMatchObject({ role: 'slide', slideNumbers: [2] });
    expect(place(at(sha.svg) as DocumentImage)).toMatchObject({ role: 'slide', slideNumbers: [2] });
    expect(place(at(sha.emf) as DocumentImage)).toMatchObject({ role: 'notes', slideNumbers: [2] });
    expect(place(at(sha.gif) as DocumentImage)).toMatchObject({ role: 'master', slideNumbers: [1, 2, 3] });
    expect(place(at(sha.png2) as DocumentImage)).toMatchObject({ role: 'background', slideNumbers: [1, 2, 3] });
    expect(images.find((image) => image.role === 'object-preview')?.slideNumbers).toEqual([3]);
  });

  it('ODS: each picture with its sheet and anchor cell; one anchored to the page has its sheet only', async () => {
    made();
    const images = await extract('made.ods');
    expect(sorted(images.map((image) => sha256(image.bytes)))).toEqual(sorted(odfReference('made.ods')));
    const at = (digest: string) => images.find((image) => sha256(image.bytes) === digest);
    expect(place(at(sha.png) as DocumentImage)).toMatchObject({ sheet: 'One', cell: 'B3' });
    expect(place(at(sha.jpeg) as DocumentImage)).toMatchObject({ sheet: 'One', cell: 'D10' });
    expect(place(at(sha.gif) as DocumentImage)).toMatchObject({ sheet: 'Two', cell: undefined });
    expect(place(at(sha.svg) as DocumentImage)).toMatchObject({ sheet: 'Two', cell: 'C2' });
    expect(images.find((image) => image.role === 'object-preview')).toMatchObject({ sheet: 'Two', cell: 'E5' });
  });

  it('flat files LibreOffice wrote from the packages give the same pictures at the same places', async () => {
    made();
    for (const kind of ['odt', 'odp', 'ods']) {
      const flat = await extract(`package-made.f${kind}`);
      const packaged = await extract(`made.${kind}`);
      expect(sorted(flat.map(place)), kind).toEqual(sorted(packaged.map(place)));
    }
  });

  it('XLSX: the media the drawings show, byte for byte, with sheet and anchor cell', async () => {
    made();
    const images = await extract('made.xlsx');
    const path = file('made.xlsx');
    const media = unzipList(path).filter((entry) => entry.startsWith('xl/media/'));
    expect(sorted(images.map((image) => sha256(image.bytes)))).toEqual(
      sorted(media.map((entry) => unzipEntrySha(path, entry))),
    );
    const at = (digest: string) => images.find((image) => sha256(image.bytes) === digest);
    expect(place(at(sha.png) as DocumentImage)).toMatchObject({ sheet: 'One', cell: 'B3' });
    expect(place(at(sha.jpeg) as DocumentImage)).toMatchObject({ sheet: 'One', cell: 'D10' });
    expect(at(sha.gif)).toMatchObject({ sheet: 'Two' });
    expect(images.filter((image) => image.sheet === 'Two')).toHaveLength(2);
  });

  it('XLS: the BLIPs of the drawing group, byte for byte, with sheet and anchor cell', async () => {
    made();
    expect(sniffContainerKind(bytesOf('made.xls'))).toBe('xls');
    const images = await extract('made.xls');
    expect(images.map((image) => sha256(image.bytes))).toEqual(xlsReference('made.xls'));
    const at = (digest: string) => images.find((image) => sha256(image.bytes) === digest);
    expect(place(at(sha.png) as DocumentImage)).toMatchObject({ sheet: 'One', cell: 'B3' });
    expect(place(at(sha.jpeg) as DocumentImage)).toMatchObject({ sheet: 'One', cell: 'D10' });
    expect(images.filter((image) => image.sheet === 'Two')).toHaveLength(2);
  });

  it("RTF: every \\pict of the document once, byte for byte; not the page-style table's copies or \\nonshppict", async () => {
    made();
    const images = await extract('made.rtf');
    const reference = rtfReference('made.rtf');
    expect(reference.some((picture) => picture.within === 'nonshppict')).toBe(true);
    expect(images.map((image) => sha256(image.bytes))).toEqual(
      reference.filter((picture) => picture.within === 'document').map((picture) => picture.sha),
    );
    const shas = images.map((image) => sha256(image.bytes));
    for (const put of [sha.png, sha.jpeg, sha.emf]) expect(shas).toContain(put);
    expect(images[0]?.role).toBe('header');
  });

  it("LibreOffice's own templates: every picture they use, once, byte for byte; style-only templates read", async () => {
    made();
    const root = '/usr/lib/libreoffice/share/template';
    const templates: string[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(folder, entry.name));
        else if (/\.ot[tpsg]$/.test(entry.name)) templates.push(join(folder, entry.name));
      }
    };
    expect(existsSync(root), `LibreOffice's templates are not at ${root}`).toBe(true);
    walk(root);
    expect(templates.length).toBeGreaterThan(10);
    let pictured = 0;
    for (const template of templates) {
      const name = `template-${basename(template)}`;
      writeFileSync(file(name), readFileSync(template));
      const images = await extract(name);
      const reference = odfReference(name);
      expect(sorted(images.map((image) => sha256(image.bytes))), name).toEqual(sorted(reference));
      if (reference.length > 0) pictured++;
    }
    expect(pictured).toBeGreaterThan(5);
  });
});
