import { describe, expect, it } from 'vitest';
import {
  type ExtractionEvent,
  ExtractionEventSchema,
  REMOTE_FOLDERS,
  REMOTE_LABELS,
  REMOTE_NAMES,
} from '../src/index.ts';

const image = { id: '1', name: 'a.png', url: 'https://example.org/a.png', source: 'website', format: 'PNG' } as const;

describe('ExtractionEventSchema', () => {
  const valid: Array<[string, ExtractionEvent]> = [
    ['a scan starting', { type: 'start', runsOn: 'server', url: 'https://example.org/', depth: 2, maxPages: 100 }],
    [
      'a video probed by the server',
      {
        type: 'start',
        runsOn: 'server',
        total: 3,
        unit: 'frames',
        video: { durationSeconds: 10, width: 640, height: 360, millis: false, codec: 'h264' },
      },
    ],
    ['a document read in the browser', { type: 'start', runsOn: 'browser', kind: 'pdf' }],
    [
      'scan progress',
      {
        type: 'progress',
        done: 2,
        unit: 'pages',
        queued: 5,
        found: 9,
        detail: 'https://example.org/about',
      },
    ],
    ['slides read', { type: 'progress', done: 4, total: 12, unit: 'slides' }],
    ['an image', { type: 'image', image }],
    [
      'a frame carried as a data: URL',
      {
        type: 'image',
        image: { ...image, source: 'video', url: 'data:image/png;base64,AAAA', timeSeconds: 5, timestamp: '00:00:05' },
      },
    ],
    ['a scan done at its page limit', { type: 'done', found: 12, done: 100, unit: 'pages', stoppedAtLimit: true }],
    [
      'a scan done at its budget, with the addresses it did not check',
      { type: 'done', found: 20, done: 3, unit: 'pages', stoppedAtLimit: true, notChecked: 2_980 },
    ],
    ['an error with a code', { type: 'error', error: 'This file could not be read', code: 'unreadable' }],
  ];

  it.each(valid)('takes %s as it is', (_label, event) => {
    expect(ExtractionEventSchema.parse(event)).toEqual(event);
  });

  it.each([
    ['an unknown type', { type: 'frame', data: 'AAAA' }],
    ['a start without where it runs', { type: 'start' }],
    ['progress without a unit', { type: 'progress', done: 1 }],
    ['progress in an unknown unit', { type: 'progress', done: 1, unit: 'bytes' }],
    ['negative counts', { type: 'done', found: -1 }],
    ['a negative count of addresses not checked', { type: 'done', found: 1, notChecked: -1 }],
    ['an image that is not an ExtractedImage', { type: 'image', image: { url: 'x' } }],
    ['an error without words', { type: 'error' }],
  ])('refuses %s', (_label, event) => {
    expect(ExtractionEventSchema.safeParse(event).success).toBe(false);
  });
});

describe('the remotes', () => {
  it('are one list: names, folders and labels agree', () => {
    expect(REMOTE_NAMES).toEqual(['mfe_url_website', 'mfe_media', 'mfe_documents', 'mfe_account']);
    for (const name of REMOTE_NAMES) {
      expect(REMOTE_FOLDERS[name]).toBe(name.replaceAll('_', '-'));
      expect(REMOTE_LABELS[name]).toBeTruthy();
    }
  });
});
