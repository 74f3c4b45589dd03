/**
 * Every vector picture has a preview, and its card says how it was made: the corpus's
 * EMFs that rtf.js cannot draw whole (Word's and Excel's OLE previews: text, and grid lines drawn
 * as blits; rtf.js draws neither in an EMF) go to the server (POST /api/metafile-preview,
 * Inkscape: extract-api's tests run it for real); an EMF without one drawing record is a picture
 * of nothing and says so; a bitmap wrapper keeps its bitmap; a WMF or a shapes-only EMF keeps
 * rtf.js's drawing, with no request to the server.
 *
 * The preview runs with the browser's own steps where jsdom has what they need (the engine's
 * record reader, the request to the server, whose fetch is stood in for here); rtf.js's
 * rasterising and the browser's image decoding are stood in for, as in metafileFallback.test.ts.
 */
import { type DocumentImage, extractDocument } from 'document-engine';
import { embeddedBitmapOf, metafileContent } from 'document-engine/metafile';
import { API_PATHS, MESSAGES } from 'shared-contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readCorpus } from '../../tooling/corpus.mjs';
import { metafilePreviewState, previewNote, toDocumentResult } from '../src/extractor/documentResult.ts';
import { EmptyMetafileError, type MetafilePreviewSteps, metafileToPng, previewMetafile } from '../src/preview/index.ts';

const d = MESSAGES.documents;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

async function metafileOf(key: string, name: string): Promise<Uint8Array> {
  for await (const image of extractDocument(readCorpus(key))) if (image.name === name) return image.bytes;
  throw new Error(`${key} has no picture named ${name}`);
}

type Sent = { url: string; method: string | undefined; type: string | null; body: Uint8Array };
/** Stands in for the network: the server's answer, and what was sent to it. */
function serverAnswers(answer: () => Response): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({
      url,
      method: init.method,
      type: new Headers(init.headers).get('content-type'),
      body: new Uint8Array(init.body as Uint8Array),
    });
    return answer();
  });
  return sent;
}
const pngAnswer = () => new Response(PNG, { status: 200, headers: { 'content-type': 'image/png' } });

const steps = (overrides: Partial<MetafilePreviewSteps>): MetafilePreviewSteps => ({
  draw: metafileToPng,
  embeddedBitmap: async (bytes, format) => embeddedBitmapOf(bytes, format),
  decodes: async () => true,
  content: async (bytes, format) => metafileContent(bytes, format),
  ...overrides,
});

const resultOf = (bytes: Uint8Array, name = 'image1.emf') => {
  const image: DocumentImage = { name, format: 'EMF', mimeType: 'image/emf', bytes };
  return toDocumentResult(image, 0, 'doc', (n) => n);
};

let textOnly: Uint8Array;
let excelTable: Uint8Array;
let empty: Uint8Array;
beforeAll(async () => {
  URL.createObjectURL = () => 'blob:test/1';
  URL.revokeObjectURL = () => {};
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  textOnly = await metafileOf('doc/word_with_embeded.doc', 'image4.emf');
  excelTable = await metafileOf('doc/FloatingPictures.doc', 'image16.emf');
  empty = await metafileOf('pptx/bug65228.pptx', 'image1.emf');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('an EMF rtf.js cannot draw whole goes to the server', () => {
  it.each([
    ['a text-only OLE preview (word_with_embeded.doc image4.emf)', () => textOnly],
    ['an Excel table: text and grid lines as blits (FloatingPictures.doc image16.emf)', () => excelTable],
  ])('%s: the browser steps send it, whole, to the server and show its PNG', async (_name, bytes) => {
    const sent = serverAnswers(pngAnswer);
    const preview = await previewMetafile(bytes(), 'EMF');
    expect(preview.from).toBe('server');
    expect(new Uint8Array(await preview.blob.arrayBuffer())).toEqual(PNG);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: API_PATHS.metafilePreview, method: 'POST', type: 'image/emf' });
    expect(sent[0]?.body).toEqual(bytes());
  });

  it('the card ends converted by the server, and says so', async () => {
    serverAnswers(pngAnswer);
    const state = await metafilePreviewState(resultOf(textOnly));
    expect(state).toMatchObject({ kind: 'converted', from: 'server' });
    expect(previewNote('EMF', state)).toEqual({ text: d.previewFromServer('EMF'), tone: 'secondary' });
  });

  it('rtf.js is not asked first, even though it would draw something (the shapes, without the text)', async () => {
    serverAnswers(pngAnswer);
    let drawn = 0;
    const draw = async () => {
      drawn++;
      return new Blob([PNG], { type: 'image/png' });
    };
    const preview = await previewMetafile(excelTable, 'EMF', undefined, steps({ draw, server: undefined }));
    // without a server, rtf.js's drawing is the last resort, and the card says the text is missing
    expect(preview.from).toBe('drawing-without-text');
    expect(drawn).toBe(1);
    const state = await metafilePreviewState(resultOf(excelTable), steps({ draw, server: undefined }));
    expect(previewNote('EMF', state)).toEqual({ text: d.previewWithoutText('EMF'), tone: 'secondary' });
  });

  it('the server cannot (no Inkscape) and nothing else gives a picture: no preview, with the server’s answer', async () => {
    serverAnswers(() => Response.json({ success: false, error: d.metafile.converterUnavailable }, { status: 503 }));
    await expect(previewMetafile(textOnly, 'EMF')).rejects.toMatchObject({
      cause: { message: d.metafile.converterUnavailable },
    });
    const state = await metafilePreviewState(resultOf(textOnly));
    expect(state).toEqual({ kind: 'failed' });
    expect(previewNote('EMF', state)).toEqual({ text: d.previewFailed('EMF'), tone: 'warning' });
  });

  it('an answer that is not a PNG is no preview', async () => {
    serverAnswers(() => new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    await expect(previewMetafile(textOnly, 'EMF')).rejects.toMatchObject({
      cause: { message: 'The server answered text/html, not a PNG.' },
    });
  });
});

describe('what needs no server', () => {
  it('the empty EMF of bug65228.pptx (a header and EOF): said to be empty, nothing sent', async () => {
    const sent = serverAnswers(pngAnswer);
    await expect(previewMetafile(empty, 'EMF')).rejects.toBeInstanceOf(EmptyMetafileError);
    const state = await metafilePreviewState(resultOf(empty));
    expect(state).toEqual({ kind: 'failed', empty: true });
    expect(previewNote('EMF', state)).toEqual({ text: d.previewEmpty('EMF'), tone: 'secondary' });
    expect(d.previewEmpty('EMF')).toContain('This EMF picture is empty');
    expect(sent).toHaveLength(0);
  });

  it('a photo in an EMF wrapper (picture.doc): its bitmap, not the server', async () => {
    const sent = serverAnswers(pngAnswer);
    const photo = await metafileOf('doc/picture.doc', 'image1.emf');
    const preview = await previewMetafile(photo, 'EMF', undefined, steps({ server: undefined }));
    expect(preview.from).toBe('embedded-bitmap');
    const withServer = await previewMetafile(
      photo,
      'EMF',
      undefined,
      steps({ server: () => Promise.reject(new Error('not to be asked')) }),
    );
    expect(withServer.from).toBe('embedded-bitmap');
    expect(sent).toHaveLength(0);
  });

  it('shapes only (VariousPictures.docx image3.emf), and a WMF: rtf.js draws them, the server is not asked', async () => {
    const drawing = new Blob([PNG], { type: 'image/png' });
    const server = () => Promise.reject(new Error('not to be asked'));
    const shapes = await metafileOf('docx/VariousPictures.docx', 'image3.emf');
    expect(await previewMetafile(shapes, 'EMF', undefined, steps({ draw: async () => drawing, server }))).toEqual({
      blob: drawing,
      from: 'drawing',
    });
    const wmf = await metafileOf('docx/drawing.docx', 'image1.wmf');
    expect(await previewMetafile(wmf, 'WMF', undefined, steps({ draw: async () => drawing, server }))).toEqual({
      blob: drawing,
      from: 'drawing',
    });
  });
});
