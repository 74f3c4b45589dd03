// @vitest-environment node
/**
 * The hostile ZIP containers of hostile/zipContainers.ts: each is told as the kind it claims and
 * ends in a DocumentError or a short list of pictures, well within the time bound.
 */
import { describe, expect, it } from 'vitest';
import {
  wellFormedCbz,
  wellFormedEpub,
  wellFormedFlatOdt,
  wellFormedOdf,
  wellFormedXlsx,
  ZIP_CONTAINER_HOSTILE_DOCUMENTS,
} from '../hostile/zipContainers.ts';
import { DocumentError, type DocumentImage, extractContainer, sniffContainerKind } from '../src/index.ts';

const TIME_BOUND_MS = 2000;

type Outcome = { kind: string | undefined; error?: string; images?: string[] };

const EXPECTED: Record<string, Outcome> = {
  // refused from the directory, before anything is inflated
  'zip-bomb.cbz': { kind: 'image-archive', error: 'too-large' },
  'huge-declared-size.cbz': { kind: 'image-archive', error: 'too-large' },
  // one page read once, its one picture given once (the cover first)
  'spine-loop.epub': { kind: 'epub', images: ['cover.png', 'a.png'] },
  'tag-soup.epub': { kind: 'epub', images: ['cover.png', 'a.png'] },
  // the picture is past any sheet's last row: it keeps its sheet, and no cell is made up for it
  'huge-repeats.ods': { kind: 'ods', images: ['a.png', 'b.png'] },
  'deep-nesting.odt': { kind: 'odt', images: ['a.png', 'b.png'] },
  'many-anchors.xlsx': { kind: 'xlsx', images: ['image1.png'] },
};

async function outcomeOf(bytes: Uint8Array): Promise<{ outcome: Outcome; ms: number; images: DocumentImage[] }> {
  const started = performance.now();
  const outcome: Outcome = { kind: sniffContainerKind(bytes) };
  const images: DocumentImage[] = [];
  try {
    for await (const image of extractContainer(bytes)) images.push(image);
    outcome.images = images.map((image) => image.name);
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    outcome.error = error.code;
  }
  return { outcome, ms: performance.now() - started, images };
}

describe('hostile ZIP containers', () => {
  it('has an expected outcome for every class', () => {
    expect(ZIP_CONTAINER_HOSTILE_DOCUMENTS.map((doc) => doc.fileName).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const doc of ZIP_CONTAINER_HOSTILE_DOCUMENTS) {
    it(`${doc.name} (${doc.fileName}): a DocumentError or a few pictures, within ${TIME_BOUND_MS} ms`, async () => {
      const bytes = doc.build();
      const { outcome, ms } = await outcomeOf(bytes);
      expect(ms).toBeLessThan(TIME_BOUND_MS);
      expect(outcome.kind).toBe(doc.kind);
      expect(outcome).toEqual(EXPECTED[doc.fileName]);
    });
  }

  it('the sheet of the 2^31 repeats is kept, with no cell', async () => {
    const doc = ZIP_CONTAINER_HOSTILE_DOCUMENTS.find((item) => item.fileName === 'huge-repeats.ods');
    const { images } = await outcomeOf(doc?.build() ?? new Uint8Array());
    expect(images[0]).toMatchObject({ sheet: 'T', role: 'body' });
    expect(images[0]?.cell).toBeUndefined();
  });

  it('the files the classes are made from are well formed', async () => {
    expect((await outcomeOf(wellFormedEpub())).outcome).toEqual({ kind: 'epub', images: ['cover.png', 'a.png'] });
    expect((await outcomeOf(wellFormedOdf())).outcome).toEqual({ kind: 'odp', images: ['a.png', 'b.png'] });
    expect((await outcomeOf(wellFormedFlatOdt())).outcome).toEqual({ kind: 'odt', images: ['image1.png'] });
    expect((await outcomeOf(wellFormedXlsx())).outcome).toEqual({ kind: 'xlsx', images: ['image1.png'] });
    expect((await outcomeOf(wellFormedCbz())).outcome).toEqual({
      kind: 'image-archive',
      images: ['p1.png', 'p2.png', 'p10.png'],
    });
  });
});
