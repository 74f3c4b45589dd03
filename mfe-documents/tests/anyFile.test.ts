// @vitest-environment node
/**
 * Containers through the Worker's code and the page's mapping: kinds told from the bytes (never the
 * name), each screen taking its own kinds, and the Any file screen taking all of them in one run,
 * with a file nothing reads named and the others going on. Files are built here around real
 * pictures from the corpus (the engine's test fixtures), and the real engine reads them.
 */
import { createHash } from 'node:crypto';
import type { Extractor } from 'browser-services/extraction';
import { type DocumentImage, extractContainer } from 'document-engine';
import { corpusPictures } from 'document-engine/container-fixtures';
import { sampleEml, sampleMhtml, sampleMsg, sampleRtf, sampleWorkbook } from 'document-engine/mail-fixtures';
import { zipStream } from 'media-files/zip';
import { type ExtractedImage, ExtractedImageSchema, type ExtractionEvent, MESSAGES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { type BatchIssue, batchFiles, documentBatchExtractor } from '../src/extractor/documentBatch.ts';
import { type DocumentInput, documentExtractor } from '../src/extractor/documentEvents.ts';
import { containerPlace, placeText } from '../src/extractor/documentResult.ts';
import { ANY_PAGE, DOCX_PAGE, declaredAsKind, PDF_PAGE, PPT_PAGE } from '../src/extractor/pageConfigs.ts';
import { extractInWorker, sniffInWorker } from '../src/worker/extractInWorker.ts';
import { inProcessWorker } from './inProcessWorker.ts';

const pictures = corpusPictures();
const encode = (text: string) => new TextEncoder().encode(text);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A ZIP written by the project's own writer (stored entries, in the order given). */
async function zip(entries: Record<string, Uint8Array>): Promise<Uint8Array> {
  const stream = zipStream(Object.entries(entries).map(([name, input]) => ({ name, input })));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const ODF_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"';
const frame = (href: string) => `<draw:frame><draw:image xlink:href="${href}"/></draw:frame>`;

function odf(type: 'text' | 'presentation', body: string, files: Record<string, Uint8Array>) {
  return zip({
    mimetype: encode(`application/vnd.oasis.opendocument.${type}`),
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
  odf('text', `<text:p>${frame('Pictures/photo.jpg')}</text:p>`, { 'Pictures/photo.jpg': pictures.jpeg });
const odp = () =>
  odf(
    'presentation',
    `<draw:page>${frame('Pictures/a.png')}</draw:page><draw:page>${frame('Pictures/b.gif')}</draw:page>`,
    {
      'Pictures/a.png': pictures.png,
      'Pictures/b.gif': pictures.gif,
    },
  );

function epub() {
  const xhtml = (body: string) =>
    `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body>${body}</body></html>`;
  return zip({
    mimetype: encode('application/epub+zip'),
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
    <item id="p1" href="harbour.png" media-type="image/png"/>
  </manifest>
  <spine><itemref idref="c1"/><itemref idref="c2"/></spine>
</package>`),
    'OEBPS/nav.xhtml': encode(
      xhtml(
        '<nav xmlns:epub="http://www.idpf.org/2007/ops" epub:type="toc"><ol><li><a href="ch1.xhtml">Arrival</a></li><li><a href="ch2.xhtml">The Harbour</a></li></ol></nav>',
      ),
    ),
    'OEBPS/ch1.xhtml': encode(xhtml('<p>No pictures here.</p>')),
    'OEBPS/ch2.xhtml': encode(xhtml('<img src="harbour.png" alt="the harbour"/>')),
    'OEBPS/harbour.png': pictures.png,
  });
}

const buffer = (bytes: Uint8Array) => bytes.slice().buffer as ArrayBuffer;

/** The page's extractor over the in-process Worker, records kept. */
function pageExtractor() {
  return documentExtractor(
    () => undefined,
    (bytes, options) => extractInWorker(bytes, { ...options, createWorker: () => inProcessWorker().worker }),
  );
}

async function drain(events: AsyncIterable<ExtractionEvent>) {
  const seen: ExtractionEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

const imagesOf = (events: ExtractionEvent[]) =>
  events.flatMap((event) => (event.type === 'image' ? [event.image] : []));

async function inNode(bytes: Uint8Array): Promise<DocumentImage[]> {
  const found: DocumentImage[] = [];
  for await (const image of extractContainer(bytes)) found.push(image);
  return found;
}

describe('the Worker reads containers', () => {
  it('sniff names each kind from the bytes, whatever the name; nothing for a text file', async () => {
    const files: [Uint8Array, string | undefined][] = [
      [await epub(), 'epub'],
      [await odt(), 'odt'],
      [await odp(), 'odp'],
      [sampleEml(pictures), 'eml'],
      [sampleRtf(pictures), 'rtf'],
      [sampleMsg(pictures), 'msg'],
      [sampleWorkbook(pictures), 'xls'],
      [sampleMhtml(pictures), 'mhtml'],
      [await zip({ '1.jpg': pictures.jpeg, '2.png': pictures.png }), 'image-archive'],
      [encode('just some notes'), undefined],
    ];
    for (const [bytes, kind] of files) {
      expect(await sniffInWorker(buffer(bytes), { createWorker: () => inProcessWorker().worker })).toBe(kind);
    }
  });

  it('start on a container says its kind first, then gives what the engine gives in Node, byte for byte', async () => {
    const book = await epub();
    const kinds: (string | undefined)[] = [];
    const images: DocumentImage[] = [];
    await extractInWorker(buffer(book), {
      createWorker: () => inProcessWorker().worker,
      onKind: (kind) => kinds.push(kind),
      onImage: (image) => {
        expect(kinds).toEqual(['epub']);
        images.push(image);
      },
    });
    const reference = await inNode(book);
    expect(images.map((image) => sha256(image.bytes))).toEqual(reference.map((image) => sha256(image.bytes)));
    expect(images.map((image) => sha256(image.bytes))).toEqual([sha256(pictures.png)]);
    expect(images[0]).toMatchObject({ chapter: 2, chapterTitle: 'The Harbour' });
  });

  it('a file nothing reads: kind null, then the engine refuses it', async () => {
    const kinds: (string | undefined)[] = [];
    await expect(
      extractInWorker(buffer(encode('just some notes')), {
        createWorker: () => inProcessWorker().worker,
        onKind: (kind) => kinds.push(kind),
        onImage: () => undefined,
      }),
    ).rejects.toMatchObject({ code: 'unsupported' });
    expect(kinds).toEqual([undefined]);
  });
});

describe('each screen takes its own kinds', () => {
  const run = async (page: typeof DOCX_PAGE, bytes: Uint8Array, name: string) =>
    drain(
      pageExtractor()(
        { file: new File([buffer(bytes)], name), expectedKind: page.kinds[0] ?? 'pdf', page },
        new AbortController().signal,
      ),
    );

  it('Word takes an ODT and an RTF; their images carry their kind as source', async () => {
    const fromOdt = imagesOf(await run(DOCX_PAGE, await odt(), 'letter.odt'));
    expect(fromOdt.map((image) => [image.source, image.format])).toEqual([['odt', 'JPEG']]);
    const rtf = sampleRtf(pictures);
    const fromRtf = imagesOf(await run(DOCX_PAGE, rtf, 'letter.rtf'));
    expect(fromRtf.length).toBe((await inNode(rtf)).length);
    expect(new Set(fromRtf.map((image) => image.source))).toEqual(new Set(['rtf']));
  });

  it('PowerPoint takes an ODP, each picture with its slide', async () => {
    const images = imagesOf(await run(PPT_PAGE, await odp(), 'deck.odp'));
    expect(images.map((image) => [image.source, image.slideNumbers, placeText(image)])).toEqual([
      ['odp', [1], 'Slide 1'],
      ['odp', [2], 'Slide 2'],
    ]);
  });

  it('Word refuses an ODP and an EPUB, with the refusal of today; PowerPoint an ODT', async () => {
    const wrongWord = MESSAGES.documents.wrongKind(DOCX_PAGE.noun);
    await expect(run(DOCX_PAGE, await odp(), 'deck.odt')).rejects.toThrow(wrongWord);
    await expect(run(DOCX_PAGE, await epub(), 'book.docx')).rejects.toThrow(wrongWord);
    await expect(run(PPT_PAGE, await odt(), 'letter.odp')).rejects.toThrow(MESSAGES.documents.wrongKind(PPT_PAGE.noun));
  });

  it('names and types: Word and PowerPoint take the new extensions; Any file takes every name', () => {
    expect(declaredAsKind(DOCX_PAGE, { name: 'a.odt', type: '' })).toBe(true);
    expect(declaredAsKind(DOCX_PAGE, { name: 'a.rtf', type: '' })).toBe(true);
    expect(declaredAsKind(DOCX_PAGE, { name: 'a.odp', type: '' })).toBe(false);
    expect(declaredAsKind(PPT_PAGE, { name: 'a.odp', type: '' })).toBe(true);
    expect(declaredAsKind(PDF_PAGE, { name: 'a.epub', type: '' })).toBe(false);
    expect(declaredAsKind(ANY_PAGE, { name: 'notes.txt', type: 'text/plain' })).toBe(true);
    expect(DOCX_PAGE.accept.split(',')).toEqual(expect.arrayContaining(['.odt', '.rtf']));
    expect(PPT_PAGE.accept.split(',')).toContain('.odp');
  });
});

describe('the Any file screen', () => {
  it('reads a mix in the order given, each image under its file with its place; a text file is named', async () => {
    const book = await epub();
    const deck = await odp();
    const mail = sampleEml(pictures);
    const comic = await zip({ 'page2.png': pictures.png, 'page1.jpg': pictures.jpeg, 'readme.txt': encode('hi') });
    // Names that lie: each file is read as what its bytes are.
    const files = batchFiles([
      new File([buffer(book)], 'book.epub'),
      new File([buffer(encode('just some notes'))], 'notes.txt'),
      new File([buffer(deck)], 'deck.pdf'),
      new File([buffer(mail)], 'mail.eml'),
      new File([buffer(comic)], 'comic.cbz'),
    ]);
    const issues: BatchIssue[] = [];
    const batch = documentBatchExtractor(pageExtractor() as Extractor<DocumentInput>);
    const events = await drain(
      batch(
        {
          files,
          passwords: new Map(),
          expectedKind: ANY_PAGE.kinds[0] ?? 'pdf',
          page: ANY_PAGE,
          onIssue: (issue) => issues.push(issue),
        },
        new AbortController().signal,
      ),
    );
    const images = imagesOf(events);
    const expected = await Promise.all([book, deck, mail, comic].map(inNode));
    const origins = ['book.epub', 'deck.pdf', 'mail.eml', 'comic.cbz'];
    expect(images.map((image) => image.origin)).toEqual(
      origins.flatMap((origin, i) => (expected[i] ?? []).map(() => origin)),
    );
    expect(images.map((image) => image.source)).toEqual(
      ['epub', 'odp', 'eml', 'image-archive'].flatMap((source, i) => (expected[i] ?? []).map(() => source)),
    );
    expect(new Set(images.map((image) => image.id)).size).toBe(images.length);
    expect(issues).toEqual([{ origin: 'notes.txt', reason: MESSAGES.anyFile.notReadable }]);
    expect(events.at(-1)).toEqual({ type: 'done', found: images.length, done: 5 });
    // The e-book's picture with its chapter, the e-mail's attachments with their file names.
    expect(images[0]).toMatchObject({ chapter: 2, chapterTitle: 'The Harbour' });
    const mailImages = images.filter((image) => image.origin === 'mail.eml');
    expect(mailImages.some((image) => image.contentId === 'logo@example')).toBe(true);
    const photo = mailImages.find((image) => image.fileName === '€-photo.jpg');
    expect(photo).toMatchObject({ role: 'attachment', source: 'eml' });
    // Its card says "Attachment €-photo.jpg" once, not the role again above it.
    expect(placeText(photo as ExtractedImage)).toBeUndefined();
    expect(placeText({ role: 'attachment' })).toBe('Attachment');
    // The archive's pages in natural order, as stored.
    const comicImages = images.filter((image) => image.origin === 'comic.cbz');
    expect(comicImages.map((image) => image.format)).toEqual(['JPEG', 'PNG']);
    for (const image of images) expect(ExtractedImageSchema.safeParse(image).success, image.name).toBe(true);
  });

  it("maps a container's places, cut to the bounds a card carries", () => {
    const long = 'x'.repeat(5_000);
    const place = containerPlace({ sheet: long, cell: 'B4', chapter: 3, sourceUrl: `https://example.org/${long}` });
    expect(place).toEqual({
      sheet: 'x'.repeat(200),
      cell: 'B4',
      chapter: 3,
      sourceUrl: `https://example.org/${long}`.slice(0, 2_048),
    });
    expect(containerPlace({ chapter: 0 })).toEqual({});
    const image: ExtractedImage = { id: '1', name: 'a.png', url: 'blob:x', source: 'xlsx', ...place };
    expect(ExtractedImageSchema.safeParse(image).success).toBe(true);
  });
});
