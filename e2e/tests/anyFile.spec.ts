import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { type DocumentImage, extractContainer, extractDocument, sniffContainerKind } from 'document-engine';
import { corpusPictures } from 'document-engine/container-fixtures';
import { sampleEml, sampleRtf } from 'document-engine/mail-fixtures';
import { zipSync } from 'fflate';
import { MESSAGES } from 'shared-contracts/messages';
import { PATHS } from 'shared-contracts/routes';
import { corpusFile } from '../fixtures/documents.ts';
import { PAGE_HEADINGS, TOOL_CARDS } from '../fixtures/pages.ts';
import { downloadedBytes, expect, type Results, test } from '../fixtures/test.ts';

// The Any file screen takes any mix of files and reads each as what its bytes are; the Word and
// PowerPoint screens take OpenDocument and RTF files too. The files are built here around real
// pictures from the corpus, and the engine in Node is the reference for what each holds.

const pictures = corpusPictures();
const encode = (text: string) => new TextEncoder().encode(text);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const ODF_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"';
const frame = (href: string) => `<draw:frame><draw:image xlink:href="${href}"/></draw:frame>`;

function odf(type: 'text' | 'presentation', body: string, files: Record<string, Uint8Array>): Uint8Array {
  return zipSync({
    mimetype: [encode(`application/vnd.oasis.opendocument.${type}`), { level: 0 }],
    'content.xml': encode(
      `<?xml version="1.0"?><office:document-content ${ODF_NS}><office:body><office:${type}>${body}</office:${type}></office:body></office:document-content>`,
    ),
    'META-INF/manifest.xml': encode(
      '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>',
    ),
    ...files,
  });
}

const odt = () =>
  odf('text', `<text:p>${frame('Pictures/photo.jpg')}</text:p><text:p>${frame('Pictures/logo.png')}</text:p>`, {
    'Pictures/photo.jpg': pictures.jpeg,
    'Pictures/logo.png': pictures.png,
  });
const odp = () =>
  odf(
    'presentation',
    `<draw:page>${frame('Pictures/a.png')}</draw:page><draw:page>${frame('Pictures/b.gif')}</draw:page>`,
    {
      'Pictures/a.png': pictures.png2,
      'Pictures/b.gif': pictures.gif,
    },
  );

function epub(): Uint8Array {
  const xhtml = (body: string) =>
    encode(
      `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body>${body}</body></html>`,
    );
  return zipSync({
    mimetype: [encode('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': encode(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'OEBPS/content.opf': encode(`<?xml version="1.0"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Book</dc:title></metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="c1" href="ch1.xhtml" media-type="application/xhtml+xml"/>
    <item id="c2" href="ch2.xhtml" media-type="application/xhtml+xml"/>
    <item id="c3" href="ch3.xhtml" media-type="application/xhtml+xml"/>
    <item id="p1" href="harbour.jpg" media-type="image/jpeg"/>
    <item id="p2" href="gull.gif" media-type="image/gif"/>
  </manifest>
  <spine><itemref idref="c1"/><itemref idref="c2"/><itemref idref="c3"/></spine>
</package>`),
    'OEBPS/nav.xhtml': xhtml(
      '<nav xmlns:epub="http://www.idpf.org/2007/ops" epub:type="toc"><ol><li><a href="ch1.xhtml">Arrival</a></li><li><a href="ch2.xhtml">The Road</a></li><li><a href="ch3.xhtml">The Harbour</a></li></ol></nav>',
    ),
    'OEBPS/ch1.xhtml': xhtml('<p>No pictures here.</p>'),
    'OEBPS/ch2.xhtml': xhtml('<img src="gull.gif" alt="a gull"/>'),
    'OEBPS/ch3.xhtml': xhtml('<img src="harbour.jpg" alt="the harbour"/>'),
    'OEBPS/harbour.jpg': pictures.jpeg,
    'OEBPS/gull.gif': pictures.gif,
  });
}

const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const rels = (list: [id: string, type: string, target: string][]) =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${list
    .map(([id, type, target]) => `<Relationship Id="${id}" Type="${R_NS}/${type}" Target="${target}"/>`)
    .join('')}</Relationships>`;

/** A workbook with one picture anchored at B4 of the sheet "Prices". */
function xlsx(): Uint8Array {
  const xdr = 'http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing';
  const a = 'http://schemas.openxmlformats.org/drawingml/2006/main';
  return zipSync({
    '[Content_Types].xml': encode(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/></Types>',
    ),
    '_rels/.rels': encode(rels([['rId1', 'officeDocument', 'xl/workbook.xml']])),
    'xl/workbook.xml': encode(
      `<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${R_NS}"><sheets><sheet name="Prices" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': encode(rels([['rId1', 'worksheet', 'worksheets/sheet1.xml']])),
    'xl/worksheets/sheet1.xml': encode('<worksheet/>'),
    'xl/worksheets/_rels/sheet1.xml.rels': encode(rels([['rId1', 'drawing', '../drawings/drawing1.xml']])),
    'xl/drawings/drawing1.xml': encode(
      `<?xml version="1.0"?><xdr:wsDr xmlns:xdr="${xdr}" xmlns:a="${a}" xmlns:r="${R_NS}"><xdr:twoCellAnchor><xdr:from><xdr:col>1</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>3</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:to><xdr:col>4</xdr:col><xdr:row>9</xdr:row></xdr:to><xdr:pic><xdr:nvPicPr><xdr:cNvPr id="2" name="Picture"/></xdr:nvPicPr><xdr:blipFill><a:blip r:embed="rId1"/></xdr:blipFill></xdr:pic><xdr:clientData/></xdr:twoCellAnchor></xdr:wsDr>`,
    ),
    'xl/drawings/_rels/drawing1.xml.rels': encode(rels([['rId1', 'image', '../media/image1.png']])),
    'xl/media/image1.png': pictures.png,
  });
}

const cbz = () =>
  zipSync({
    'comic/page10.jpg': pictures.jpeg,
    'comic/page2.png': pictures.png2,
    'comic/page1.gif': pictures.gif,
    'ComicInfo.xml': encode('<ComicInfo/>'),
  });

/** What the engine in Node finds in a file of any kind the Any file screen reads. */
async function everyImage(bytes: Uint8Array): Promise<DocumentImage[]> {
  const found: DocumentImage[] = [];
  const read = sniffContainerKind(bytes) ? extractContainer(bytes) : extractDocument(bytes);
  for await (const image of read) found.push(image);
  return found;
}

async function inNode(bytes: Uint8Array): Promise<DocumentImage[]> {
  const found: DocumentImage[] = [];
  for await (const image of extractContainer(bytes)) found.push(image);
  return found;
}

type Upload = { name: string; mimeType: string; buffer: Buffer };
const upload = (name: string, bytes: Uint8Array, mimeType = 'application/octet-stream'): Upload => ({
  name,
  mimeType,
  buffer: Buffer.from(bytes),
});

const pick = (page: Page, files: Upload | Upload[]) => page.getByTestId('upload-input').setInputFiles(files);

/** The grid's source headings and the cards under each, in order. */
function groups(results: Results) {
  return results.region.getByTestId('source-group').evaluateAll((list) =>
    list.map((group) => ({
      heading: group.querySelector('h3')?.textContent ?? '',
      cards: group.querySelectorAll('[role="listitem"]').length,
    })),
  );
}

/** Every source heading of a grid too long to be drawn whole, in order, read while scrolling down the page. */
async function headingsInOrder(page: Page, results: Results): Promise<string[]> {
  const seen: string[] = [];
  // from the top of the results: the first headings are above a long grid's middle
  await results.region.evaluate((region) => window.scrollTo(0, region.getBoundingClientRect().top + window.scrollY));
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  for (let step = 0; step < 200; step++) {
    const visible = await results.region.locator('h3').allTextContents();
    for (const heading of visible) if (!seen.includes(heading)) seen.push(heading);
    const atEnd = await page.evaluate(() => {
      const before = window.scrollY;
      window.scrollBy(0, window.innerHeight / 2);
      return window.scrollY === before;
    });
    if (atEnd) break;
    // the rows of the new place are drawn on the next frames
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  }
  return seen;
}

/** The download names of a group's cards (the group of the file `origin`), in grid order. */
function namesIn(results: Results, origin: string) {
  return results.region
    .getByTestId('source-group')
    .filter({ has: results.page.getByRole('heading', { name: new RegExp(`^${origin} · `) }) })
    .getByRole('listitem')
    .evaluateAll((cards) =>
      cards.map((card) => card.querySelector('a[aria-label^="Download "]')?.getAttribute('aria-label')?.slice(9) ?? ''),
    );
}

test.describe('the Any file screen', () => {
  test.describe.configure({ timeout: 180_000 });

  test('reads an EPUB, an ODP, an XLSX, an EML, an RTF and a CBZ in the order given; a text file is named', async ({
    page,
    site,
    results,
  }) => {
    const files = [
      upload('book.epub', epub(), 'application/epub+zip'),
      // Names and types that lie do not matter: each file is read as what its bytes are.
      upload('slides.odp', odp()),
      upload('prices.xlsx', xlsx()),
      upload('mail.eml', sampleEml(pictures), 'message/rfc822'),
      upload('letter.rtf', sampleRtf(pictures), 'application/rtf'),
      upload('comic.cbz', cbz()),
      upload('notes.txt', encode('just some notes'), 'text/plain'),
    ];
    const expected = await Promise.all(files.slice(0, 6).map((file) => inNode(new Uint8Array(file.buffer))));
    for (const [i, images] of expected.entries()) expect(images.length, files[i]?.name).toBeGreaterThan(0);

    await page.goto(PATHS.anyFileExtractor);
    await expect(site.heading(PAGE_HEADINGS[PATHS.anyFileExtractor])).toBeVisible();
    await pick(page, files);
    // Nothing is refused before Extract: every file is listed.
    await expect(page.getByTestId('selected-file')).toHaveCount(files.length);
    await site.main.getByRole('button', { name: 'Extract Images', exact: true }).click();
    const total = expected.reduce((sum, images) => sum + images.length, 0);
    const done = MESSAGES.anyFile.complete(total);
    await expect(site.toast('success', done.title, done.description).first()).toBeVisible({ timeout: 150_000 });

    await expect(results.cards).toHaveCount(total);
    expect(await groups(results)).toEqual(
      expected.map((images, i) => ({
        heading: MESSAGES.grid.sourceHeading(files[i]?.name ?? '', images.length),
        cards: images.length,
      })),
    );
    // The text file is named with why, and the others went on.
    const issues = page.getByTestId('batch-issues');
    await expect(issues).toContainText(MESSAGES.documents.batchIssues(1));
    await expect(issues).toContainText(MESSAGES.documents.refusedFile('notes.txt', MESSAGES.anyFile.notReadable));

    // Each picture's place in its file, on its card.
    const card = (origin: string, n: number) =>
      results.region
        .getByTestId('source-group')
        .filter({ has: page.getByRole('heading', { name: new RegExp(`^${origin.replace('.', '\\.')} · `) }) })
        .getByRole('listitem')
        .nth(n);
    await expect(card('book.epub', 0)).toContainText(MESSAGES.containers.chapter(2, 'The Road'));
    await expect(card('book.epub', 1)).toContainText(MESSAGES.containers.chapter(3, 'The Harbour'));
    await expect(card('slides.odp', 0)).toContainText('Slide 1');
    await expect(card('slides.odp', 1)).toContainText('Slide 2');
    await expect(card('prices.xlsx', 0)).toContainText(MESSAGES.containers.sheetCell('Prices', 'B4'));
    const mail = expected[3] ?? [];
    const attachment = mail.findIndex((image) => image.fileName === '€-photo.jpg');
    expect(attachment).toBeGreaterThanOrEqual(0);
    await expect(card('mail.eml', attachment)).toContainText(MESSAGES.containers.attachment('€-photo.jpg'));
    const inline = mail.findIndex((image) => image.contentId === 'logo@example');
    await expect(card('mail.eml', inline)).toContainText(MESSAGES.containers.contentId('logo@example'));

    // Downloads are the pictures put in, byte for byte: the workbook's PNG, the archive's pages
    // (in natural order: page1, page2, page10), the e-book's JPEG.
    const [xlsxName] = await namesIn(results, 'prices\\.xlsx');
    const comicNames = await namesIn(results, 'comic\\.cbz');
    const bookNames = await namesIn(results, 'book\\.epub');
    const checks: [string | undefined, Uint8Array][] = [
      [xlsxName, pictures.png],
      [comicNames[0], pictures.gif],
      [comicNames[1], pictures.png2],
      [comicNames[2], pictures.jpeg],
      [bookNames[1], pictures.jpeg],
    ];
    for (const [name, bytes] of checks) {
      expect(name).toBeTruthy();
      // The pointer over the card shows its buttons, as a visitor's does.
      await results.card(name ?? '').hover();
      const download = await results.download(name ?? '');
      expect(sha256(await downloadedBytes(download)), name).toBe(sha256(bytes));
    }

    await page.screenshot({ path: '/tmp/anyfile-results.png', fullPage: true });
    await results.region.getByTestId('source-group').nth(2).screenshot({ path: '/tmp/anyfile-xlsx-group.png' });
    await page.getByTestId('batch-issues').screenshot({ path: '/tmp/anyfile-issues.png' });

    // No serious or critical accessibility violation, results shown.
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
    expect(
      serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });

  test('twenty files of ten kinds, two of them unreadable: each readable file under its own heading, in the order given', async ({
    page,
    site,
    results,
  }) => {
    // Real corpus documents (a PDF, a DOCX, a PPTX) beside the containers built here, each kind
    // twice under other names, and two files nothing reads, in the middle and at the end.
    const corpus = (relative: string) => new Uint8Array(readFileSync(corpusFile(relative)));
    const readable: [string, Uint8Array][] = [
      ['report.pdf', corpus('pdf/S2.pdf')],
      ['book.epub', epub()],
      ['slides.odp', odp()],
      ['memo.odt', odt()],
      ['prices.xlsx', xlsx()],
      ['mail.eml', sampleEml(pictures)],
      ['letter.rtf', sampleRtf(pictures)],
      ['comic.cbz', cbz()],
      ['pictures.docx', corpus('docx/WithGIF.docx')],
      ['deck.pptx', corpus('pptx/shp-picture.pptx')],
      ['second-report.pdf', corpus('pdf/S2.pdf')],
      ['second-book.epub', epub()],
      ['second-slides.odp', odp()],
      ['second-memo.odt', odt()],
      ['second-prices.xlsx', xlsx()],
      ['second-mail.eml', sampleEml(pictures)],
      ['second-letter.rtf', sampleRtf(pictures)],
      ['second-comic.cbz', cbz()],
    ];
    const files = readable.map(([name, bytes]) => upload(name, bytes));
    files.splice(
      9,
      0,
      upload(
        'data.bin',
        new Uint8Array(4096).map((_, i) => (i * 31) % 256),
      ),
    );
    files.push(upload('notes.txt', encode('just some notes'), 'text/plain'));
    expect(files).toHaveLength(20);
    const expected = await Promise.all(readable.map(([, bytes]) => everyImage(bytes)));
    for (const [i, images] of expected.entries()) expect(images.length, readable[i]?.[0]).toBeGreaterThan(0);

    await page.goto(PATHS.anyFileExtractor);
    await pick(page, files);
    await expect(page.getByTestId('selected-file')).toHaveCount(20);
    await site.main.getByRole('button', { name: 'Extract Images', exact: true }).click();
    const total = expected.reduce((sum, images) => sum + images.length, 0);
    const done = MESSAGES.anyFile.complete(total);
    await expect(site.toast('success', done.title, done.description).first()).toBeVisible({ timeout: 150_000 });
    await expect(results.count).toHaveText(`${total} images`);
    // More cards than the grid draws at once: its headings are read as the page scrolls past them.
    expect(await headingsInOrder(page, results)).toEqual(
      expected.map((images, i) => MESSAGES.grid.sourceHeading(readable[i]?.[0] ?? '', images.length)),
    );
    const issues = page.getByTestId('batch-issues');
    await expect(issues).toContainText(MESSAGES.documents.batchIssues(2));
    for (const name of ['data.bin', 'notes.txt'])
      await expect(issues).toContainText(MESSAGES.documents.refusedFile(name, MESSAGES.anyFile.notReadable));
  });

  test('a single file nothing reads says so', async ({ page, site }) => {
    await page.goto(PATHS.anyFileExtractor);
    await pick(page, upload('notes.txt', encode('just some notes'), 'text/plain'));
    await site.main.getByRole('button', { name: 'Extract Images', exact: true }).click();
    await expect(site.main).toContainText(MESSAGES.anyFile.notReadable);
  });

  test('the tools grid shows 7 tools, and Any file opens the page', async ({ page, site }) => {
    await page.goto(PATHS.tools);
    await expect(site.main.getByRole('listitem')).toHaveCount(7);
    expect(TOOL_CARDS).toHaveLength(7);
    const any = TOOL_CARDS.find((tool) => tool.path === PATHS.anyFileExtractor);
    await site.main.getByRole('link', { name: `${any?.title}: ${any?.text}`, exact: true }).click();
    await expect(page).toHaveURL(PATHS.anyFileExtractor);
    await expect(site.heading(PAGE_HEADINGS[PATHS.anyFileExtractor])).toBeVisible();
    // The footer's Tools column lists it too.
    await expect(
      page.getByRole('navigation', { name: 'Tools' }).getByRole('link', { name: 'Any file', exact: true }),
    ).toHaveAttribute('href', PATHS.anyFileExtractor);
  });
});

test.describe('Word and PowerPoint take OpenDocument and RTF', () => {
  test.describe.configure({ timeout: 120_000 });

  const cases = [
    {
      path: PATHS.docxExtractor,
      m: MESSAGES.docx,
      button: 'Extract Images from Word',
      file: upload('letter.odt', odt()),
    },
    {
      path: PATHS.docxExtractor,
      m: MESSAGES.docx,
      button: 'Extract Images from Word',
      file: upload('letter.rtf', sampleRtf(pictures), 'application/rtf'),
    },
    {
      path: PATHS.pptExtractor,
      m: MESSAGES.ppt,
      button: 'Extract Images from PowerPoint',
      file: upload('slides.odp', odp()),
    },
  ];
  for (const { path, m, button, file } of cases) {
    test(`${path} takes ${file.name}`, async ({ page, site, results }) => {
      const expected = await inNode(new Uint8Array(file.buffer));
      await page.goto(path);
      await expect(site.heading(PAGE_HEADINGS[path])).toBeVisible();
      await pick(page, file);
      await expect(page.getByTestId('selected-file')).toContainText(file.name);
      await site.main.getByRole('button', { name: button }).click();
      const done = m.complete(expected.length);
      await expect(site.toast('success', done.title, done.description).first()).toBeVisible({ timeout: 90_000 });
      await expect(results.cards).toHaveCount(expected.length);
      if (file.name === 'letter.odt') {
        const [first] = await results.shown();
        await results.card(first?.name ?? '').hover();
        const download = await results.download(first?.name ?? '');
        expect(sha256(await downloadedBytes(download))).toBe(sha256(pictures.jpeg));
      }
    });
  }

  test('the Word screen still refuses a presentation, with its message', async ({ page, site }) => {
    await page.goto(PATHS.docxExtractor);
    await pick(page, upload('slides.odt', odp()));
    const refused = MESSAGES.docx.invalidType;
    await expect(
      site.toast('error', refused.title, `${refused.description} ${MESSAGES.documents.wrongKind('Word document')}`),
    ).toBeVisible();
  });
});
