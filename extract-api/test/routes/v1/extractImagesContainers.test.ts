/**
 * `POST /v1/extract-images` with the containers the engine reads beside documents: e-books,
 * OpenDocument presentations, workbooks, e-mail, RTF and archives of images, each built at test
 * time around the corpus's pictures; every answered picture is checked byte for byte against the
 * one put in, with where it was (sheet and cell, chapter, slides, e-mail part).
 */
import type { FastifyInstance } from 'fastify';
import { type DocumentApiImage, type ExtractImagesError, ExtractImagesResponseSchema } from 'shared-contracts';
import { MESSAGES } from 'shared-contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cbzOf, corpusPictures, emlOf, epubOf, odpOf, rtfOf, sha256, xlsxOf } from '../../fixtures/containerFiles.ts';
import { buildTestApp, tempDir } from '../../helper.ts';

const media = corpusPictures();

async function multipartBody(fields: Record<string, Uint8Array | string>, fileName: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value as Uint8Array<ArrayBuffer>]), fileName);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

const bytesOf = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
/** Each image's sha256 from its data: URL, checked against its `size` on the way. */
function shasOf(images: DocumentApiImage[]): string[] {
  return images.map((image) => {
    const bytes = bytesOf(image.url);
    expect(image.size).toBe(bytes.length);
    return sha256(bytes);
  });
}

describe('POST /v1/extract-images with containers', () => {
  let app: FastifyInstance;
  let remove: () => Promise<void>;
  const upload = async (file: Uint8Array, fileName: string, fields: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/v1/extract-images', ...(await multipartBody({ ...fields, file }, fileName)) });
  const read = async (file: Uint8Array, fileName: string) => {
    const response = await upload(file, fileName);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return ExtractImagesResponseSchema.parse(response.json());
  };

  beforeAll(async () => {
    const dir = await tempDir();
    remove = dir.remove;
    app = await buildTestApp({ dataDir: dir.dir });
  });
  afterAll(async () => {
    await app.close();
    await remove();
  });

  it('should answer an EPUB’s pictures with their chapters and titles', async () => {
    const body = await read(epubOf(media), 'book.epub');
    expect(body.kind).toBe('epub');
    expect(shasOf(body.images)).toEqual([sha256(media.jpeg), sha256(media.png), sha256(media.gif)]);
    expect(body.images.map(({ chapter, chapterTitle, pageNumber }) => ({ chapter, chapterTitle, pageNumber }))).toEqual(
      [
        { chapter: 1, chapterTitle: 'One', pageNumber: 1 },
        { chapter: 2, chapterTitle: 'The second chapter', pageNumber: 1 },
        { chapter: 2, chapterTitle: 'The second chapter', pageNumber: 1 },
      ],
    );
    expect(body.images.map((image) => image.name)).toEqual(['photo.jpg', 'chart.png', 'anim.gif']);
  });

  it('should answer an ODP’s pictures with the slides that show them', async () => {
    const body = await read(odpOf(media), 'slides.odp');
    expect(body.kind).toBe('odp');
    expect(shasOf(body.images)).toEqual([sha256(media.png), sha256(media.jpeg)]);
    expect(
      body.images.map(({ slideNumber, slideNumbers, pageNumber }) => ({ slideNumber, slideNumbers, pageNumber })),
    ).toEqual([
      { slideNumber: 1, slideNumbers: [1, 3], pageNumber: 1 },
      { slideNumber: 2, slideNumbers: [2], pageNumber: 2 },
    ]);
  });

  it('should answer an XLSX’s pictures with their sheets and cells', async () => {
    const body = await read(xlsxOf(media), 'book.xlsx');
    expect(body.kind).toBe('xlsx');
    expect(shasOf(body.images)).toEqual([sha256(media.png), sha256(media.jpeg)]);
    expect(body.images.map(({ sheet, cell }) => ({ sheet, cell }))).toEqual([
      { sheet: 'Sales', cell: 'B3' },
      { sheet: 'Photos', cell: 'D10' },
    ]);
  });

  it('should answer an e-mail’s pictures with their Content-IDs and file names', async () => {
    const body = await read(emlOf(media), 'message.eml');
    expect(body.kind).toBe('eml');
    expect(shasOf(body.images)).toEqual([
      sha256(media.png),
      sha256(media.gif),
      sha256(media.jpeg),
      sha256(media.png),
      sha256(media.wmf),
      sha256(media.emf),
    ]);
    expect(body.images.map(({ contentId, fileName, role }) => ({ contentId, fileName, role }))).toEqual([
      { contentId: undefined, fileName: undefined, role: 'inline' },
      { contentId: 'logo@example', fileName: undefined, role: 'inline' },
      { contentId: undefined, fileName: '€-photo.jpg', role: 'attachment' },
      { contentId: undefined, fileName: 'élève.png', role: 'attachment' },
      { contentId: undefined, fileName: undefined, role: 'inline' },
      { contentId: undefined, fileName: 'drawing.emf', role: 'attachment' },
    ]);
    // no fact the format does not have
    expect(body.images.some((image) => 'sheet' in image || 'chapter' in image || 'slideNumber' in image)).toBe(false);
  });

  it('should answer an RTF’s pictures as stored', async () => {
    const body = await read(rtfOf(media), 'letter.rtf');
    expect(body.kind).toBe('rtf');
    expect(body.images.map((image) => image.format)).toEqual(['JPEG', 'PNG', 'WMF', 'EMF', 'GIF', 'BMP']);
    const shas = shasOf(body.images);
    // the WMF as RTF stores it (without its placeable header) and the DIB made a BMP file are new bytes
    expect([shas[0], shas[1], shas[3], shas[4]]).toEqual([
      sha256(media.jpeg),
      sha256(media.png),
      sha256(media.emf),
      sha256(media.gif),
    ]);
    expect(shas[2]).toBe(sha256(media.wmf.subarray(22)));
    expect(body.images[0]?.role).toBe('header');
  });

  it('should answer a CBZ’s pages in reading order (p2 before p10), the text file left out', async () => {
    const body = await read(cbzOf(media), 'comic.cbz');
    expect(body.kind).toBe('image-archive');
    expect(shasOf(body.images)).toEqual([sha256(media.png), sha256(media.jpeg), sha256(media.png2)]);
    expect(body.images.map((image) => [image.name, image.pageNumber])).toEqual([
      ['p1.png', 1],
      ['p2.jpg', 2],
      ['p10.png', 3],
    ]);
  });

  it('should tell the kind from the bytes, not the name: an EPUB named .txt is read', async () => {
    const body = await read(epubOf(media), 'notes.txt');
    expect(body.kind).toBe('epub');
    expect(body.images).toHaveLength(3);
  });

  it('should refuse a text file with 415 and the sentence naming what is read', async () => {
    const response = await upload(new TextEncoder().encode('Just some notes, nothing more.\n'.repeat(40)), 'notes.txt');
    expect(response.statusCode).toBe(415);
    const body = response.json<ExtractImagesError>();
    expect(body.message).toBe(
      'This file is not one the service reads: it takes PDF, Word (DOCX, DOC, ODT, RTF), PowerPoint (PPTX, PPT, ODP), ODS, ODG, Excel (XLSX, XLS), EPUB, e-mail (EML, MSG), saved pages (MHTML) and archives of images (CBZ, ZIP).',
    );
    expect(body.code).toBe('unsupported');
  });

  it('should refuse figures of an EPUB with 400: they are found in PDFs only', async () => {
    for (const fields of [{ find: 'figures' }, { find: 'both' }]) {
      const response = await upload(epubOf(media), 'book.epub', fields);
      expect(response.statusCode).toBe(400);
      expect(response.json<ExtractImagesError>().message).toBe(MESSAGES.documents.figuresPdfOnly);
    }
  });
});
