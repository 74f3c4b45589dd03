// @vitest-environment node
import { MESSAGES, type VideoFramesEvent } from 'shared-contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchServerFrames, ServerFramesError } from '../src/client/serverFrames.ts';
import { toFrameImage } from '../src/client/toFrameImage.ts';

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

describe('frames from the server (ffmpeg)', () => {
  it('sends the settings before the file and reads events cut across chunks', async () => {
    let sent: FormData | undefined;
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent = init.body as FormData;
      return ndjsonResponse([
        { type: 'start', duration: 10, width: 1, height: 1, frames: 2, millis: false },
        {
          type: 'frame',
          index: 0,
          timeSeconds: 0,
          timestamp: '00:00:00',
          name: 'frame-00-00-00.png',
          mimeType: 'image/png',
          width: 1,
          height: 1,
          data: PNG_1X1,
        },
        {
          type: 'frame',
          index: 1,
          timeSeconds: 5,
          timestamp: '00:00:05',
          name: 'frame-00-00-05.png',
          mimeType: 'image/png',
          width: 1,
          height: 1,
          data: PNG_1X1,
        },
        { type: 'done', frames: 2 },
      ]);
    });
    const events: VideoFramesEvent[] = [];
    await fetchServerFrames(
      { intervalSeconds: 5, format: 'png', quality: 92, file: new File([new Uint8Array(16)], 'clip.avi') },
      (event) => events.push(event),
      new AbortController().signal,
    );
    expect(events.map((e) => e.type)).toEqual(['start', 'frame', 'frame', 'done']);
    expect([...(sent?.keys() ?? [])]).toEqual(['interval', 'format', 'quality', 'file']);
  });

  it('shows the server own words when ffmpeg is missing (503)', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ success: false, error: MESSAGES.video.converterUnavailable }, { status: 503 }),
    );
    const attempt = fetchServerFrames(
      { intervalSeconds: 5, format: 'png', quality: 92, url: 'https://example.com/a.avi' },
      () => {},
      new AbortController().signal,
    );
    await expect(attempt).rejects.toThrow(MESSAGES.video.converterUnavailable);
    await expect(attempt).rejects.toBeInstanceOf(ServerFramesError);
  });

  it('stops with the error a job reports after some frames', async () => {
    vi.stubGlobal('fetch', async () =>
      ndjsonResponse([
        { type: 'start', duration: 10, width: 1, height: 1, frames: 2, millis: false },
        { type: 'error', error: 'ffmpeg could not read this video' },
      ]),
    );
    await expect(
      fetchServerFrames({ intervalSeconds: 5, format: 'png', quality: 92 }, () => {}, new AbortController().signal),
    ).rejects.toThrow('ffmpeg could not read this video');
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
