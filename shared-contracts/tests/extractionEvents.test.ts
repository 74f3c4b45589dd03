import { describe, expect, it } from 'vitest';
import {
  createEventChannel,
  type ExtractionEvent,
  ExtractionEventSchema,
  formatBytes,
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
    ['an image that is not an ExtractedImage', { type: 'image', image: { url: 'x' } }],
    ['an error without words', { type: 'error' }],
  ])('refuses %s', (_label, event) => {
    expect(ExtractionEventSchema.safeParse(event).success).toBe(false);
  });
});

describe('createEventChannel', () => {
  async function collect(events: AsyncIterable<ExtractionEvent>): Promise<ExtractionEvent[]> {
    const seen: ExtractionEvent[] = [];
    for await (const event of events) seen.push(event);
    return seen;
  }

  it('hands over pushed events in order, those pushed before reading and after', async () => {
    const channel = createEventChannel();
    channel.push({ type: 'start', runsOn: 'browser' });
    const reading = collect(channel.events);
    await Promise.resolve();
    channel.push({ type: 'image', image });
    channel.end();
    channel.push({ type: 'done', found: 1 });
    expect((await reading).map((e) => e.type)).toEqual(['start', 'image']);
  });

  it('throws the failure after the events pushed before it', async () => {
    const channel = createEventChannel();
    const seen: string[] = [];
    channel.push({ type: 'image', image });
    channel.fail(new Error('worker lost'));
    await expect(
      (async () => {
        for await (const event of channel.events) seen.push(event.type);
      })(),
    ).rejects.toThrow('worker lost');
    expect(seen).toEqual(['image']);
  });
});

describe('formatBytes', () => {
  it.each([
    [undefined, 'card', undefined],
    [0, 'card', '0 B'],
    [1023, 'card', '1023 B'],
    [250_880, 'card', '245 KB'],
    [3.4 * 1024 * 1024, 'card', '3.4 MB'],
    [150 * 1024 * 1024, 'card', '150 MB'],
    [20_000, 'file', '0.02 MB'],
    [2_590_000, 'file', '2.47 MB'],
    [100 * 1024 * 1024, 'file', '100.00 MB'],
    [100 * 1024 * 1024, 'limit', '100 MB'],
    [512 * 1024, 'limit', '512 KB'],
    [2 * 1024 ** 3, 'limit', '2 GB'],
    [1.5 * 1024 * 1024, 'limit', '1.5 MB'],
  ] as const)('%s bytes as a %s is %s', (bytes, style, text) => {
    expect(formatBytes(bytes, style)).toBe(text);
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
