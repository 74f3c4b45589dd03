import { ExtractionEventSchema, VideoFramesFieldsSchema } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { sniffVideoContainer, VIDEO_SNIFF_BYTES, videoPlatformOf } from '../src/index.ts';

const hex = (text: string) => new Uint8Array(text.match(/../g)?.map((h) => Number.parseInt(h, 16)) ?? []);

describe('videoPlatformOf', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'YouTube'],
    ['https://youtu.be/dQw4w9WgXcQ', 'YouTube'],
    ['https://m.youtube.com/shorts/abc', 'YouTube'],
    ['https://vimeo.com/76979871', 'Vimeo'],
    ['https://www.tiktok.com/@user/video/1', 'TikTok'],
  ])('%s is %s', (url, name) => {
    expect(videoPlatformOf(url)).toBe(name);
  });

  it.each([
    'https://example.com/clip.mp4',
    'https://notyoutube.com/v.mp4',
    'https://vod-progressive.akamaized.net/x.mp4',
    'not a url',
  ])('%s is a plain address', (url) => {
    expect(videoPlatformOf(url)).toBeUndefined();
  });
});

// The corpus files themselves are sniffed in extract-api's tests (this package has no file system).
describe('sniffVideoContainer', () => {
  it.each([
    ['MP4 (ftyp)', '0000002066747970697336360000020069736f6d', 'mp4'],
    ['QuickTime without ftyp', '00000008776964650000000000006d646174', 'mp4'],
    ['WebM', '1a45dfa39f4286810142f7810142f2810442f381084282847765626d', 'webm'],
    ['Matroska', '1a45dfa3a34286810142f7810142f2810442f381084282886d6174726f736b61', 'matroska'],
    ['AVI', '5249464600000000415649204c495354', 'avi'],
    ['FLV', '464c5601050000000900000000', 'flv'],
    ['Ogg', '4f67675300020000000000000000', 'ogg'],
    ['MPEG-PS', '000001ba4400040004010189c3f8', 'mpegps'],
    ['ASF', '3026b2758e66cf11a6d900aa0062ce6c', 'asf'],
  ])('%s', (_label, bytes, container) => {
    expect(sniffVideoContainer(hex(bytes))).toBe(container);
  });

  it('finds MPEG-TS by its sync bytes every 188 bytes', () => {
    const ts = new Uint8Array(VIDEO_SNIFF_BYTES);
    for (const at of [0, 188, 376]) ts[at] = 0x47;
    expect(sniffVideoContainer(ts)).toBe('mpegts');
    ts[188] = 0;
    expect(sniffVideoContainer(ts)).toBeUndefined();
  });

  it('does not take images, PDFs or HTML for videos', () => {
    expect(sniffVideoContainer(hex('89504e470d0a1a0a0000000d49484452'))).toBeUndefined();
    expect(sniffVideoContainer(hex('ffd8ffe000104a46494600010100'))).toBeUndefined();
    expect(sniffVideoContainer(new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toBeUndefined();
    expect(sniffVideoContainer(new TextEncoder().encode('<!doctype html><html><head>'))).toBeUndefined();
    expect(sniffVideoContainer(new Uint8Array(4))).toBeUndefined();
  });
});

describe('VideoFramesFieldsSchema', () => {
  it('reads form fields and applies the defaults', () => {
    expect(VideoFramesFieldsSchema.parse({})).toEqual({
      interval: 5,
      format: 'png',
      quality: 92,
      mode: 'interval',
      sensitivity: 70,
      count: 12,
      sharpest: false,
    });
    expect(VideoFramesFieldsSchema.parse({ interval: '2', format: 'webp', quality: '75', url: '' })).toMatchObject({
      interval: 2,
      format: 'webp',
      quality: 75,
    });
  });

  it('says what is wrong with a bad field', () => {
    const bad = VideoFramesFieldsSchema.safeParse({ interval: '31', format: 'gif', quality: 'high' });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n') ?? '';
    expect(messages).toMatch(/interval: The frame interval must be between 1 and 30 seconds/);
    expect(messages).toMatch(/format:/);
    expect(messages).toMatch(/quality:/);
  });

  it('refuses a private or non-http address early', () => {
    expect(VideoFramesFieldsSchema.safeParse({ url: 'file:///etc/passwd' }).success).toBe(false);
  });
});

describe('the frames stream of POST /api/video/frames', () => {
  it('reads each event of the stream as the one extraction event union', () => {
    const lines = [
      {
        type: 'start',
        runsOn: 'server',
        total: 2,
        unit: 'frames',
        video: { durationSeconds: 5.056, width: 1920, height: 1080, millis: false, codec: 'h264' },
      },
      {
        type: 'image',
        image: {
          id: 'frame-0',
          name: 'frame-00-00-00.png',
          url: 'data:image/png;base64,iVBORw0KGgo=',
          source: 'video',
          format: 'PNG',
          mimeType: 'image/png',
          width: 1920,
          height: 1080,
          size: 8,
          timeSeconds: 0,
          timestamp: '00:00:00',
        },
      },
      { type: 'progress', done: 1, total: 2, unit: 'frames' },
      { type: 'done', found: 2 },
      { type: 'error', error: 'stopped' },
    ];
    for (const line of lines) expect(ExtractionEventSchema.parse(line)).toEqual(line);
    expect(ExtractionEventSchema.safeParse({ type: 'frame', index: 0 }).success).toBe(false);
  });
});
