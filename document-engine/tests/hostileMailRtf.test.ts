// @vitest-environment node
/**
 * The hostile e-mails, saved pages and RTF files of hostile/mail.ts and hostile/rtf.ts: each is
 * sniffed as the kind it claims and ends in a DocumentError or a short list of pictures, well
 * within the time bound: nesting past the bound is not descended into, the part bound refuses the
 * file, and no structure makes a reader scan the same bytes over and over.
 */
import { describe, expect, it } from 'vitest';
import { MAIL_HOSTILE_DOCUMENTS } from '../hostile/mail.ts';
import { RTF_HOSTILE_DOCUMENTS } from '../hostile/rtf.ts';
import { extractContainer, sniffContainerKind } from '../src/containerKind.ts';
import { DocumentError } from '../src/errors.ts';

const TIME_BOUND_MS = 2000;

type Outcome = { kind: string | undefined; error?: string; images?: string[]; skipped?: number };

const EXPECTED: Record<string, Outcome> = {
  // the top picture is found; the one 10,000 levels down is past the nesting bound
  'nested-multiparts.eml': { kind: 'eml', images: ['image1.png'], skipped: 0 },
  'nested-messages.eml': { kind: 'eml', images: [], skipped: 0 },
  'many-parts.eml': { kind: 'eml', error: 'too-large' },
  'dash-boundary.eml': { kind: 'eml', images: [], skipped: 0 },
  'endless-header.eml': { kind: 'eml', images: [], skipped: 0 },
  'unclosed-image-tags.eml': { kind: 'eml', images: [], skipped: 0 },
  'repeated-location.mhtml': { kind: 'mhtml', images: ['a.png'], skipped: 0 },
  'deep-groups.rtf': { kind: 'rtf', images: ['image1.png'], skipped: 0 },
  'unclosed-groups.rtf': { kind: 'rtf', images: [], skipped: 0 },
  'unclosed-picture.rtf': { kind: 'rtf', images: [], skipped: 1 },
  // each \bin takes the rest of the file: the first picture runs to the end, cut short
  'huge-bin.rtf': { kind: 'rtf', images: [], skipped: 1 },
};

const DOCUMENTS = [...MAIL_HOSTILE_DOCUMENTS, ...RTF_HOSTILE_DOCUMENTS];

describe('hostile e-mails, saved pages and RTF files', () => {
  it('has an expected outcome for every class', () => {
    expect(DOCUMENTS.map((doc) => doc.fileName).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const doc of DOCUMENTS) {
    it(`${doc.name} (${doc.fileName}): a DocumentError or a few pictures, within ${TIME_BOUND_MS} ms`, async () => {
      const bytes = doc.build();
      const started = performance.now();
      const outcome: Outcome = { kind: sniffContainerKind(bytes) };
      let skipped = 0;
      try {
        const images: string[] = [];
        for await (const image of extractContainer(bytes, { onSkipped: () => skipped++ })) images.push(image.name);
        outcome.images = images;
        outcome.skipped = skipped;
      } catch (error) {
        if (!(error instanceof DocumentError)) throw error;
        outcome.error = error.code;
      }
      expect(performance.now() - started).toBeLessThan(TIME_BOUND_MS);
      expect(outcome.kind).toBe(doc.kind);
      expect(outcome).toEqual(EXPECTED[doc.fileName]);
    });
  }
});
