import type { Extractor } from 'browser-services/extraction';
import { DocumentError } from 'document-engine';
import type { ExtractionEvent } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { type BatchIssue, batchFiles, documentBatchExtractor } from '../src/extractor/documentBatch.ts';
import type { DocumentInput } from '../src/extractor/documentEvents.ts';

const drain = async (events: AsyncIterable<ExtractionEvent>) => {
  const seen: ExtractionEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
};

/** A stand-in for the Worker's extractor: two images a file, a locked file, a broken file. */
const single: Extractor<DocumentInput> = async function* ({ file, password, batch }) {
  yield { type: 'start', runsOn: 'browser' };
  if (file.name.startsWith('locked') && password !== 'secret') {
    throw new DocumentError(password ? 'wrong-password' : 'password-required', 'A password is needed');
  }
  if (file.name.startsWith('broken')) throw new DocumentError('invalid', 'This file could not be read');
  for (const n of [1, 2]) {
    const name = batch?.allocate('image.png') ?? 'image.png';
    yield { type: 'progress', done: n, total: 2, unit: 'pages' };
    yield {
      type: 'image',
      image: { id: `${batch?.key}-${n}`, name, url: `blob:${file.name}/${n}`, source: 'pdf', origin: batch?.origin },
    };
  }
  yield { type: 'done', found: 2 };
};

describe('a batch of documents', () => {
  it('names two files of one name apart, keeping the extension', () => {
    const files = [new File(['a'], 'report.pdf'), new File(['b'], 'Report.pdf'), new File(['c'], 'deck')];
    expect(batchFiles(files).map((each) => each.origin)).toEqual(['report.pdf', 'Report (2).pdf', 'deck']);
  });

  it('reads each file in turn into one run; a locked or broken file is told and the others go on', async () => {
    const files = batchFiles(['a.pdf', 'locked.pdf', 'broken.pdf', 'a.pdf'].map((name) => new File(['x'], name)));
    const issues: BatchIssue[] = [];
    const reading: string[] = [];
    const run = documentBatchExtractor(single);
    const input = {
      files,
      passwords: new Map<string, string>(),
      expectedKind: 'pdf' as const,
      onFile: (index: number, origin: string) => reading.push(`${index}:${origin}`),
      onIssue: (issue: BatchIssue) => issues.push(issue),
    };
    const events = await drain(run(input, new AbortController().signal));
    expect(events[0]).toEqual({ type: 'start', runsOn: 'browser' });
    expect(events.at(-1)).toEqual({ type: 'done', found: 4, done: 4 });
    expect(events.filter((e) => e.type === 'start')).toHaveLength(1);
    const images = events.flatMap((e) => (e.type === 'image' ? [e.image] : []));
    expect(images.map((image) => [image.origin, image.id, image.name])).toEqual([
      ['a.pdf', '1-1', 'image.png'],
      ['a.pdf', '1-2', 'image-2.png'],
      ['a (2).pdf', '4-1', 'image-3.png'],
      ['a (2).pdf', '4-2', 'image-4.png'],
    ]);
    expect(reading).toEqual(['0:a.pdf', '1:locked.pdf', '2:broken.pdf', '3:a (2).pdf']);
    expect(issues).toEqual([
      { origin: 'locked.pdf', reason: 'A password is needed', locked: 'password-required' },
      { origin: 'broken.pdf', reason: 'This file could not be read' },
    ]);

    // The password given: read again, the locked file's images in their place among the others.
    issues.length = 0;
    const again = await drain(
      run({ ...input, passwords: new Map([['locked.pdf', 'secret']]) }, new AbortController().signal),
    );
    expect(again.flatMap((e) => (e.type === 'image' ? [e.image.origin] : []))).toEqual([
      'a.pdf',
      'a.pdf',
      'locked.pdf',
      'locked.pdf',
      'a (2).pdf',
      'a (2).pdf',
    ]);
    expect(issues.map((issue) => issue.origin)).toEqual(['broken.pdf']);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const run = documentBatchExtractor(single);
    const files = batchFiles([new File(['x'], 'a.pdf'), new File(['x'], 'b.pdf')]);
    const seen: ExtractionEvent[] = [];
    await expect(async () => {
      for await (const event of run(
        { files, passwords: new Map(), expectedKind: 'pdf', onFile: (i) => i === 1 && controller.abort() },
        controller.signal,
      ))
        seen.push(event);
    }).rejects.toThrow();
    expect(seen.flatMap((e) => (e.type === 'image' ? [e.image.origin] : []))).toEqual(['a.pdf', 'a.pdf']);
  });
});
