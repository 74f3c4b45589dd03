/**
 * The EMF/WMF preview's fallback: where rtf.js cannot draw a metafile (or draws nothing), the card
 * shows the bitmap the metafile carries and says so; where neither works, it says there is no
 * preview. Every card stays in the grid either way, so the grid counts what the toast counts.
 *
 * rtf.js runs here for real, in jsdom (it builds SVG in the DOM); jsdom has no canvas and decodes
 * no pictures, so the steps after the SVG (rasterising, the browser's decoding) are stood in for.
 */
import { type DocumentImage, extractDocument } from 'document-engine';
import { embeddedBitmapOf } from 'document-engine/metafile';
import { MESSAGES } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readCorpus } from '../../tooling/corpus.mjs';
import { documentExtractor } from '../src/extractor/documentEvents.ts';
import {
  type DocumentResult,
  metafilePreviewState,
  type PreviewState,
  previewNote,
  toDocumentResult,
} from '../src/extractor/documentResult.ts';
import { drawsNothing, type MetafilePreviewSteps, metafileToPng, previewMetafile } from '../src/preview/index.ts';

// jsdom has no object URLs; the cards' records make them.
const created: string[] = [];
const realCreate = URL.createObjectURL;
const realRevoke = URL.revokeObjectURL;
beforeAll(() => {
  URL.createObjectURL = () => {
    created.push(`blob:test/${created.length + 1}`);
    return created[created.length - 1] as string;
  };
  URL.revokeObjectURL = () => {};
  // Each failed preview is logged for the developer; not here.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterAll(() => {
  URL.createObjectURL = realCreate;
  URL.revokeObjectURL = realRevoke;
  vi.restoreAllMocks();
});

/**
 * doc/picture.doc's one picture, as the engine gives it: an EMF holding a 1024x768 photo in one
 * EMR_STRETCHDIBITS record and nothing else, which rtf.js does not draw.
 */
let pictureDocEmfRead: Promise<Uint8Array> | undefined;
function pictureDocEmf(): Promise<Uint8Array> {
  pictureDocEmfRead ??= (async () => {
    for await (const found of extractDocument(readCorpus('doc/picture.doc'))) {
      if (found.format === 'EMF') return found.bytes;
    }
    throw new Error('doc/picture.doc holds no EMF');
  })();
  return pictureDocEmfRead;
}

const stand = (overrides: Partial<MetafilePreviewSteps>): MetafilePreviewSteps => ({
  draw: () => Promise.reject(new Error('rtf.js drew nothing')),
  embeddedBitmap: async (bytes, format) => embeddedBitmapOf(bytes, format),
  decodes: async () => true,
  ...overrides,
});

describe('an EMF rtf.js cannot draw, with a bitmap inside', () => {
  let emf: Uint8Array;
  beforeAll(async () => {
    emf = await pictureDocEmf();
  });

  it('rtf.js draws nothing of it (no shape, text or image in its SVG)', async () => {
    await expect(metafileToPng(emf, 'EMF')).rejects.toThrow('has nothing rtf.js can draw');
  });

  it('previews from the embedded bitmap: a 1024x768 PNG', async () => {
    const preview = await previewMetafile(emf, 'EMF', undefined, stand({ draw: metafileToPng }));
    expect(preview.from).toBe('embedded-bitmap');
    expect(preview.blob.type).toBe('image/png');
    const head = new DataView(await preview.blob.slice(0, 24).arrayBuffer());
    expect([head.getUint32(0), head.getUint32(16), head.getUint32(20)]).toEqual([0x89504e47, 1024, 768]);
  });

  it('the card ends converted from the embedded bitmap, and says so', async () => {
    const result = emfResult(emf);
    const state = await metafilePreviewState(result, stand({ draw: metafileToPng }));
    expect(state).toMatchObject({ kind: 'converted', from: 'embedded-bitmap' });
    expect(previewNote('EMF', state)).toEqual({ text: MESSAGES.documents.previewFromBitmap('EMF'), tone: 'secondary' });
  });
});

describe('what counts as drawing nothing', () => {
  const svg = (markup: string) => {
    const holder = document.createElement('div');
    holder.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg">${markup}</svg>`;
    return holder.firstElementChild as Element;
  };
  it('groups and clip paths alone are nothing; a shape, text or image is something', () => {
    expect(drawsNothing(svg(''))).toBe(true);
    expect(drawsNothing(svg('<g><defs><clipPath id="c"><rect width="5" height="5"/></clipPath></defs><g/></g>'))).toBe(
      true,
    );
    expect(drawsNothing(svg('<g clip-path="url(#c)"><polygon points="0,0 1,1 0,1"/></g>'))).toBe(false);
    expect(drawsNothing(svg('<svg><text>a</text></svg>'))).toBe(false);
  });
});

describe('the fallback decision', () => {
  let emf: Uint8Array;
  beforeAll(async () => {
    emf = await pictureDocEmf();
  });

  it('a drawing that works is used, and the bitmap is not even looked for', async () => {
    let looked = false;
    const drawn = new Blob([new Uint8Array(8)], { type: 'image/png' });
    const preview = await previewMetafile(
      emf,
      'EMF',
      undefined,
      stand({
        draw: async () => drawn,
        embeddedBitmap: async () => {
          looked = true;
          return undefined;
        },
      }),
    );
    expect(preview).toEqual({ blob: drawn, from: 'drawing' });
    expect(looked).toBe(false);
    const state = await metafilePreviewState(emfResult(emf), stand({ draw: async () => drawn }));
    expect(previewNote('EMF', state)).toEqual({ text: MESSAGES.documents.previewConverted('EMF'), tone: 'secondary' });
  });

  it('neither a drawing nor a bitmap: no preview, said so, with the drawing’s failure', async () => {
    const steps = stand({ embeddedBitmap: async () => undefined });
    await expect(previewMetafile(emf, 'EMF', undefined, steps)).rejects.toMatchObject({
      cause: { message: 'rtf.js drew nothing' },
    });
    const state = await metafilePreviewState(emfResult(emf), steps);
    expect(state).toEqual({ kind: 'failed' });
    expect(previewNote('EMF', state)).toEqual({ text: MESSAGES.documents.previewFailed('EMF'), tone: 'warning' });
  });

  it('a bitmap the browser cannot decode, or a metafile the engine refuses, is no preview either', async () => {
    expect(await metafilePreviewState(emfResult(emf), stand({ decodes: async () => false }))).toEqual({
      kind: 'failed',
    });
    const refused = stand({
      embeddedBitmap: () => Promise.reject(Object.assign(new Error('damaged'), { name: 'DocumentError' })),
    });
    expect(await metafilePreviewState(emfResult(emf), refused)).toEqual({ kind: 'failed' });
  });
});

describe('the grid counts what the toast counts', () => {
  it('whatever becomes of each metafile preview, every image found is a card', async () => {
    const emf = await pictureDocEmf();
    const images: DocumentImage[] = [
      image('scan.emf', 'EMF', emf), // rtf.js fails; the bitmap inside
      image('shapes.emf', 'EMF', emf.slice(0, 100)), // rtf.js fails; nothing inside
      image('drawn.wmf', 'WMF', new Uint8Array(64)), // rtf.js draws it
      image('photo.png', 'PNG', new Uint8Array(8)),
    ];
    const results: DocumentResult[] = [];
    const extractor = documentExtractor(
      (result) => results.push(result),
      async (_bytes, options) => {
        for (const found of images) options.onImage?.(found);
      },
    );
    const events = [];
    for await (const event of extractor(
      { file: new File(['x'], 'deck.ppt'), expectedKind: 'ppt' },
      new AbortController().signal,
    )) {
      events.push(event);
    }
    const shown = events.filter((event) => event.type === 'image').length;
    const done = events.find((event) => event.type === 'done');
    // The toast says done.found; the grid shows one card per image event.
    expect(done).toMatchObject({ type: 'done', found: images.length });
    expect(shown).toBe(images.length);

    const drawn = new Blob([new Uint8Array(8)], { type: 'image/png' });
    const steps = stand({
      draw: async (_bytes, format) => (format === 'WMF' ? drawn : Promise.reject(new Error('nothing drawn'))),
    });
    const states: PreviewState['kind'][] = [];
    for (const result of results) {
      const state = await metafilePreviewState(result, steps);
      states.push(state.kind === 'converted' ? (`converted:${state.from}` as PreviewState['kind']) : state.kind);
    }
    expect(states).toEqual(['converted:embedded-bitmap', 'failed', 'converted:drawing', 'image']);
    expect(results).toHaveLength(done?.type === 'done' ? done.found : -1);
  });
});

function image(name: string, format: string, bytes: Uint8Array): DocumentImage {
  return { name, format, mimeType: `image/${format.toLowerCase()}`, bytes };
}

function emfResult(bytes: Uint8Array): DocumentResult {
  return toDocumentResult(image('image1.emf', 'EMF', bytes), 0, 'doc', (name) => name);
}
