// @vitest-environment node
import { type ExtractionEvent, type FrameSelection, MESSAGES } from 'shared-contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchServerFrames, ServerFramesError, type ServerFramesJob } from '../src/client/serverFrames.ts';
import { toFrameImage } from '../src/client/toFrameImage.ts';
import { type FrameSettings, frameJobOf } from '../src/client/video.ts';

const EVERY_5S: FrameSelection = { mode: { kind: 'interval', intervalSeconds: 5 }, sharpest: false };

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A streamed answer whose chunks cut lines anywhere, as a network does. */
function ndjsonResponse(lines: object[], cut = 7): Response {
  const text = `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
  const bytes = new TextEncoder().encode(text);
  return new Response(
    new ReadableStream({
      start(controller) {
        for (let i = 0; i < bytes.length; i += cut) controller.enqueue(bytes.slice(i, i + cut));
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'application/x-ndjson' } },
  );
}

afterEach(() => vi.unstubAllGlobals());

async function collect(job: ServerFramesJob): Promise<ExtractionEvent[]> {
  const events: ExtractionEvent[] = [];
  for await (const event of fetchServerFrames(job, new AbortController().signal)) events.push(event);
  return events;
}

/** A frame as the server streams it: an image whose url is a data: URL. */
const frameLine = (index: number, timeSeconds: number, timestamp: string) => ({
  type: 'image',
  image: {
    id: `frame-${index}`,
    name: `frame-${timestamp.replaceAll(':', '-')}.png`,
    url: `data:image/png;base64,${PNG_1X1}`,
    source: 'video',
    format: 'PNG',
    mimeType: 'image/png',
    width: 1,
    height: 1,
    size: 70,
    timeSeconds,
    timestamp,
  },
});
const START = {
  type: 'start',
  runsOn: 'server',
  total: 2,
  unit: 'frames',
  video: { durationSeconds: 10, width: 1, height: 1, millis: false },
};

describe('frames from the server (ffmpeg)', () => {
  it('sends the settings before the file and reads events cut across chunks', async () => {
    let sent: FormData | undefined;
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent = init.body as FormData;
      return ndjsonResponse([
        START,
        frameLine(0, 0, '00:00:00'),
        { type: 'progress', done: 1, total: 2, unit: 'frames' },
        frameLine(1, 5, '00:00:05'),
        { type: 'progress', done: 2, total: 2, unit: 'frames' },
        { type: 'done', found: 2 },
      ]);
    });
    const events = await collect({
      selection: { mode: { kind: 'scenes', sensitivity: 60 }, range: { fromSeconds: 1.5 }, sharpest: true },
      format: 'png',
      quality: 92,
      file: new File([new Uint8Array(16)], 'clip.avi'),
    });
    expect(events.map((e) => e.type)).toEqual(['start', 'image', 'progress', 'image', 'progress', 'done']);
    // Each frame is handed on as an object URL of its bytes, named and timed as the server said.
    const frames = events.flatMap((e) => (e.type === 'image' ? [e.image] : []));
    expect(frames.map((f) => f.name)).toEqual(['frame-00-00-00.png', 'frame-00-00-05.png']);
    expect(frames.every((f) => f.url.startsWith('blob:'))).toBe(true);
    expect(frames[0]?.size).toBe(Buffer.from(PNG_1X1, 'base64').length);
    for (const frame of frames) URL.revokeObjectURL(frame.url);
    expect([...(sent?.entries() ?? [])].slice(0, 4)).toEqual([
      ['mode', 'scenes'],
      ['sensitivity', '60'],
      ['from', '1.5'],
      ['sharpest', 'true'],
    ]);
    expect([...(sent?.keys() ?? [])].slice(4)).toEqual(['format', 'quality', 'file']);
  });

  it('shows the server own words when ffmpeg is missing (503)', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ success: false, error: MESSAGES.video.converterUnavailable }, { status: 503 }),
    );
    const attempt = collect({ selection: EVERY_5S, format: 'png', quality: 92, url: 'https://example.com/a.avi' });
    await expect(attempt).rejects.toThrow(MESSAGES.video.converterUnavailable);
    await expect(attempt).rejects.toBeInstanceOf(ServerFramesError);
  });

  it('hands on the error a job reports after some frames, as the stream ends', async () => {
    vi.stubGlobal('fetch', async () =>
      ndjsonResponse([START, { type: 'error', error: 'ffmpeg could not read this video' }]),
    );
    const events = await collect({ selection: EVERY_5S, format: 'png', quality: 92 });
    expect(events.at(-1)).toEqual({ type: 'error', error: 'ffmpeg could not read this video' });
  });

  it('fails on a line that is not an event (an older server), never dropping it', async () => {
    vi.stubGlobal('fetch', async () => ndjsonResponse([{ type: 'frame', index: 0, data: PNG_1X1 }]));
    await expect(collect({ selection: EVERY_5S, format: 'png', quality: 92 })).rejects.toThrow(/not a valid event/);
  });
});

describe('the settings form as a job', () => {
  const form: FrameSettings = {
    mode: 'count',
    intervalSeconds: 5,
    sensitivity: 70,
    count: 12,
    fromText: '00:01:00',
    toText: '2:00',
    sharpest: true,
    format: 'png',
    quality: 92,
  };
  it('reads HH:MM:SS and keeps only the chosen mode’s value', () => {
    expect(frameJobOf(form)).toEqual({
      job: {
        selection: { mode: { kind: 'count', count: 12 }, range: { fromSeconds: 60, toSeconds: 120 }, sharpest: true },
        format: 'png',
        quality: 92,
      },
    });
  });
  it('says what is wrong with a range, in the catalogue’s words, on the field at fault', () => {
    expect(frameJobOf({ ...form, fromText: '1:75' })).toEqual({
      problem: { field: 'from', message: MESSAGES.video.range.invalidTime(MESSAGES.video.range.from) },
    });
    expect(frameJobOf({ ...form, fromText: '00:03:00' })).toEqual({
      problem: { field: 'to', message: MESSAGES.video.range.fromNotBeforeTo },
    });
  });
  it('has no sharpest for key frames: they are the selection', () => {
    const planned = frameJobOf({ ...form, mode: 'keyframes', fromText: '', toText: '' });
    expect(planned).toEqual({
      job: { selection: { mode: { kind: 'keyframes' }, sharpest: false }, format: 'png', quality: 92 },
    });
  });
});

describe('a decoded frame as a grid image', () => {
  it('is named and timed by the shared rules, with its real size and bytes', () => {
    const blob = new Blob([new Uint8Array(1234)], { type: 'image/jpeg' });
    const image = toFrameImage({ timeSeconds: 65, blob, width: 1280, height: 360 }, 3, 'jpeg', false);
    expect(image).toMatchObject({
      id: 'frame-3',
      name: 'frame-00-01-05.jpg',
      timestamp: '00:01:05',
      format: 'JPEG',
      mimeType: 'image/jpeg',
      width: 1280,
      height: 360,
      size: 1234,
      source: 'video',
    });
    expect(image.url).toMatch(/^blob:/);
    URL.revokeObjectURL(image.url);
    expect(toFrameImage({ timeSeconds: 1.5, blob, width: 1, height: 1 }, 0, 'png', true).name).toBe(
      'frame-00-00-01-500.png',
    );
  });
});
