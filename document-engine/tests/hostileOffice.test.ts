// @vitest-environment node
/**
 * The hostile Word and PowerPoint files of hostile/office.ts: each is told apart by
 * sniffDocumentKind as the kind it claims (or refused), and ends in a DocumentError or a short
 * list of images, well within a second. Before the bounds, the looping FAT .doc and the cyclic
 * directory .ppt aborted the Node process (V8 "invalid size error") after 7-22 s, the merging
 * FAT chains took 11 s to sniff, the 30 KB .doc of overlapping pieces listed a million pictures, the .ppt files whose records all name one persist directory or
 * one drawing took 44 s and minutes, and the 6,000-part chart chains overflowed the stack.
 *
 * Run in this process, not a worker_thread: V8's "invalid size error" aborts the whole process,
 * which a worker's resourceLimits cannot contain, while vitest already runs each test file in a
 * forked child (pool 'forks'): a regression to an abort fails this file ("Worker exited
 * unexpectedly") and the rest of the suite runs on; a regression to slowness fails the time bound.
 */
import { describe, expect, it } from 'vitest';
import { OFFICE_HOSTILE_DOCUMENTS, wellFormedDoc, wellFormedPpt } from '../hostile/office.ts';
import type { OoxmlPackage } from '../src/core/ooxml/openPackage.ts';
import type { Relationship, Relationships } from '../src/core/ooxml/relationships.ts';
import { collectImageKeys, MAX_NESTED_DEPTH } from '../src/core/ooxml/scanPart.ts';
import { DocumentError, type DocumentImage, extractDocument, sniffDocumentKind } from '../src/index.ts';

/** Generous for a loaded CI machine: the fixed engine takes milliseconds (the chart chains ~0.2 s). */
const TIME_BOUND_MS = 2000;

type Outcome = { kind: string | undefined; error?: string; images?: string[] };

/** What each class must come to, by file name. */
const EXPECTED: Record<string, Outcome> = {
  'looping-fat.doc': { kind: 'doc', error: 'invalid' },
  'directory-cycle.ppt': { kind: 'ppt', error: 'invalid' },
  'looping-difat.doc': { kind: 'doc', error: 'invalid' },
  'looping-minifat.ppt': { kind: 'ppt', error: 'invalid' },
  // Merged chains are no loop: the file opens, and has no pictures.
  'merging-fat-chains.doc': { kind: 'doc', images: [] },
  // One PICF that a million (run, piece) pairs lead to is one picture.
  'overlapping-pieces.doc': { kind: 'doc', images: ['image1.png'] },
  // Structures many records name are read once: the files open, and have no pictures.
  'shared-persist-directory.ppt': { kind: 'ppt', images: [] },
  'shared-slide-drawing.ppt': { kind: 'ppt', images: [] },
  // The picture in the body is found; the one 6,000 charts deep is past the nesting bound.
  'chart-chain.docx': { kind: 'docx', images: ['image1.png'] },
  'chart-chain.pptx': { kind: 'pptx', images: ['image1.png'] },
  // Out-of-bound encryption values are damage, told before any password is asked for.
  'encrypted-huge-spin-count.docx': { kind: 'docx', error: 'invalid' },
  'encrypted-huge-key-and-salt.docx': { kind: 'docx', error: 'invalid' },
  'encrypted-huge-declared-size.docx': { kind: 'docx', error: 'invalid' },
  'encrypted-huge-standard-header.docx': { kind: 'docx', error: 'invalid' },
};

async function outcomeOf(bytes: Uint8Array): Promise<{ outcome: Outcome; ms: number; images: DocumentImage[] }> {
  const started = performance.now();
  const outcome: Outcome = { kind: sniffDocumentKind(bytes) };
  const images: DocumentImage[] = [];
  try {
    for await (const image of extractDocument(bytes)) images.push(image);
    outcome.images = images.map((image) => image.name);
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    outcome.error = error.code;
  }
  return { outcome, ms: performance.now() - started, images };
}

describe('hostile Office documents', () => {
  it('has an expected outcome for every class', () => {
    expect(OFFICE_HOSTILE_DOCUMENTS.map((doc) => doc.fileName).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const doc of OFFICE_HOSTILE_DOCUMENTS) {
    it(`${doc.name} (${doc.fileName}): a DocumentError or a few images, within ${TIME_BOUND_MS} ms`, async () => {
      const bytes = doc.build();
      const { outcome, ms } = await outcomeOf(bytes);
      expect(ms).toBeLessThan(TIME_BOUND_MS);
      expect(outcome.kind).toBe(doc.kind);
      expect(outcome).toEqual(EXPECTED[doc.fileName]);
    });
  }

  it('the compound files the classes are corrupted from are well formed: they open and have no pictures', async () => {
    expect((await outcomeOf(wellFormedDoc())).outcome).toEqual({ kind: 'doc', images: [] });
    expect((await outcomeOf(wellFormedPpt())).outcome).toEqual({ kind: 'ppt', images: [] });
  });

  it('a chart chain still gives its slide numbers', async () => {
    const pptx = OFFICE_HOSTILE_DOCUMENTS.find((doc) => doc.fileName === 'chart-chain.pptx');
    const { images } = await outcomeOf(pptx?.build() ?? new Uint8Array(0));
    expect(images[0]).toMatchObject({ name: 'image1.png', role: 'slide', slideNumbers: [1] });
  });
});

describe('relationship walks', () => {
  /** A package of relationships only, counting the parts whose relationships are read. */
  function relationshipsOnly(targets: (part: string) => string[]) {
    let reads = 0;
    const chart = (target: string): Relationship => ({
      id: target,
      type: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart',
      kind: 'chart',
      target,
      external: false,
      targetPart: target,
    });
    const pkg = {
      relationships(part: string): Relationships {
        reads += 1;
        const list = targets(part).map(chart);
        return { list, byId: new Map(list.map((relationship) => [relationship.id, relationship])) };
      },
    } as unknown as OoxmlPackage;
    return { pkg, reads: () => reads };
  }

  it('a chain of parts is walked no deeper than the bound', () => {
    const { pkg, reads } = relationshipsOnly((part) => [`${part}x`]);
    collectImageKeys(pkg, 'c');
    expect(reads()).toBe(MAX_NESTED_DEPTH + 1);
  });

  it('a shared budget bounds walks that many slides make into one wide chart', () => {
    const { pkg, reads } = relationshipsOnly((part) =>
      part.startsWith('slide') ? ['hub'] : part === 'hub' ? Array.from({ length: 1000 }, (_, i) => `c${i}`) : [],
    );
    const budget = { parts: 5000 };
    for (let slide = 0; slide < 1000; slide++) collectImageKeys(pkg, `slide${slide}`, new Set(), budget);
    // Without the shared budget: 1,000 slides × 1,002 parts.
    expect(reads()).toBeLessThanOrEqual(1000 + 5000);
  });
});
