/**
 * analyseImage on real files: a heavy PNG photo and a JPEG photo re-encoded to WebP and AVIF at a
 * matched SSIM (checked again here, independently, on the decoded copies), an animated GIF made
 * from a corpus video turned into MP4 and WebM (checked with ffprobe), and what is left alone.
 */
import { createHash } from 'node:crypto';
import { MESSAGES } from 'shared-contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  type AnalyseOptions,
  analyseImage,
  copySize,
  lumaOf,
  type StoredFile,
  ssim,
} from '../../src/audit/imagePass/index.ts';
import { pictureHash } from '../../src/extractors/originals/index.ts';
import { animatedGif, dogPng, probeVideo, themeJpeg } from './imagePassFixtures.ts';

const TARGET = 0.985;

function options(kept: StoredFile[], extra: Partial<AnalyseOptions> = {}): AnalyseOptions {
  return {
    url: 'https://example.com/photos/the%20dog.png?v=3',
    maxPixels: 40_000_000,
    ssimTarget: TARGET,
    tools: { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' },
    keep: (file) => {
      kept.push(file);
      return `/files/${kept.length - 1}`;
    },
    ...extra,
  };
}

/** Luma of a file decoded by sharp, at the given size. */
async function lumaAt(bytes: Buffer, width: number, height: number, resize: boolean) {
  let image = sharp(bytes).rotate();
  if (resize) image = image.resize(width, height, { fit: 'fill', kernel: 'lanczos3' });
  const { data, info } = await image.toColourspace('srgb').ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([width, height]);
  return lumaOf(data, 4);
}

describe('copySize', () => {
  it('takes twice the displayed size, keeps the aspect, never enlarges', () => {
    expect(copySize({ width: 1600, height: 1200 }, { displayWidth: 400 })).toEqual({ width: 800, height: 600 });
    expect(copySize({ width: 1600, height: 1200 }, { displayHeight: 150 })).toEqual({ width: 400, height: 300 });
    // object-fit: cover in a square: the copy must cover both sides.
    expect(copySize({ width: 1600, height: 1200 }, { displayWidth: 200, displayHeight: 200 })).toEqual({
      width: 533,
      height: 400,
    });
    expect(copySize({ width: 1600, height: 1200 }, { displayWidth: 1200 })).toEqual({ width: 1600, height: 1200 });
    expect(copySize({ width: 1600, height: 1200 }, {})).toEqual({ width: 1600, height: 1200 });
  });
});

describe('analyseImage', () => {
  it('re-encodes a heavy PNG photo with alpha to a WebP and an AVIF that decode, keep alpha, reach the SSIM and are smaller', async () => {
    const png = dogPng();
    const kept: StoredFile[] = [];
    const result = await analyseImage(png, { displayWidth: 300, encode: true }, options(kept));

    expect(result).toMatchObject({
      format: 'PNG',
      width: 839,
      height: 1024,
      animated: false,
      frames: 1,
      bytes: png.length,
    });
    expect(result.error).toBeUndefined();
    expect(result.sha256).toBe(createHash('sha256').update(png).digest('hex'));
    expect(result.dhash).toMatch(/^[0-9a-f]{16}$/);
    expect(result.dhash).toBe(await pictureHash(png, 40_000_000));

    const copies = result.encoded ?? [];
    expect(copies.map((c) => c.format)).toEqual(['WEBP', 'AVIF']);
    const reference = await lumaAt(png, 600, 732, true);
    for (const [i, copy] of copies.entries()) {
      const file = kept[i] as StoredFile;
      expect(copy.url).toBe(`/files/${i}`);
      expect(copy.name).toBe(copy.format === 'WEBP' ? 'the dog.webp' : 'the dog.avif');
      expect(file.name).toBe(copy.name);
      expect(file.mimeType).toBe(copy.format === 'WEBP' ? 'image/webp' : 'image/avif');
      expect(copy.bytes).toBe(file.bytes.length);
      // Twice the 300 px it is shown at, aspect kept.
      expect([copy.width, copy.height]).toEqual([600, 732]);
      const meta = await sharp(file.bytes).metadata();
      expect(meta.format).toBe(copy.format === 'WEBP' ? 'webp' : 'heif');
      if (copy.format === 'AVIF') expect(meta.compression).toBe('av1');
      expect([meta.width, meta.height]).toEqual([600, 732]);
      expect(meta.hasAlpha).toBe(true);
      expect(copy.bytes).toBeLessThan(png.length / 4);
      expect(copy.quality).toBeGreaterThanOrEqual(10);
      expect(copy.quality).toBeLessThanOrEqual(95);
      // The SSIM stated is the copy's, measured again here from the decoded file.
      const measured = ssim(reference, await lumaAt(file.bytes, 600, 732, false), 600, 732);
      expect(measured).toBeGreaterThanOrEqual(TARGET);
      expect(copy.ssim).toBeCloseTo(measured, 3);
    }
  });

  it('re-encodes a JPEG photo at its own size when no displayed size is known, and never enlarges it', async () => {
    // The corpus's 1600x1200 photo as a site would serve it at 800 px.
    const jpeg = await sharp(themeJpeg()).resize(800).jpeg({ quality: 85 }).toBuffer();
    const kept: StoredFile[] = [];
    const result = await analyseImage(
      jpeg,
      { displayWidth: 5000, encode: true },
      options(kept, { url: 'https://example.com/a/photo.jpg' }),
    );
    const copies = result.encoded ?? [];
    expect(copies).toHaveLength(2);
    for (const copy of copies) {
      expect([copy.width, copy.height]).toEqual([800, 600]);
      expect(copy.ssim).toBeGreaterThanOrEqual(TARGET);
    }
    expect(copies.map((c) => c.name)).toEqual(['photo.webp', 'photo.avif']);
    // At the same SSIM, both are smaller than the JPEG they came from.
    for (const copy of copies) expect(copy.bytes).toBeLessThan(jpeg.length);
  });

  it('hashes but does not encode when not asked, a tiny file, or an SVG; says so for what is not an image', async () => {
    const kept: StoredFile[] = [];
    const photo = themeJpeg();
    const facts = await analyseImage(photo, { encode: false }, options(kept));
    expect(facts).toMatchObject({ format: 'JPEG', width: 1600, height: 1200 });
    expect(facts.dhash).toMatch(/^[0-9a-f]{16}$/);
    expect(facts.encoded).toBeUndefined();

    const tiny = await sharp(photo).resize(40, 30).jpeg({ quality: 60 }).toBuffer();
    expect(tiny.length).toBeLessThan(4096);
    const small = await analyseImage(tiny, { encode: true }, options(kept));
    expect(small).toMatchObject({ format: 'JPEG', width: 40, height: 30 });
    expect(small.encoded).toBeUndefined();

    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">${'<rect width="10" height="10"/>'.repeat(400)}</svg>`,
    );
    const vector = await analyseImage(svg, { encode: true }, options(kept));
    expect(vector.format).toBe('SVG');
    expect(vector.encoded).toBeUndefined();
    expect(vector.dhash).toBeUndefined();

    const html = await analyseImage(
      Buffer.from('<!doctype html><title>Not found</title>'),
      { encode: true },
      options(kept),
    );
    expect(html.error).toBe(MESSAGES.audit.image.notAnImage);
    expect(html.format).toBeUndefined();
    expect(kept).toHaveLength(0);
  });

  it('refuses to decode more pixels than allowed, from the header', async () => {
    const result = await analyseImage(themeJpeg(), { encode: true }, options([], { maxPixels: 1_000_000 }));
    expect(result.error).toBe(MESSAGES.audit.image.tooManyPixels(1));
    expect(result).toMatchObject({ width: 1600, height: 1200, format: 'JPEG' });
    expect(result.encoded).toBeUndefined();
  });

  it('turns a large animated GIF into an H.264 MP4 and a VP9 WebM with every frame', async () => {
    const gif = animatedGif(12, 320);
    const kept: StoredFile[] = [];
    const result = await analyseImage(
      gif,
      { displayWidth: 100, encode: true },
      options(kept, { url: 'https://example.com/anim/clip.gif', gifVideoBytes: 64 * 1024 }),
    );
    expect(gif.length).toBeGreaterThan(64 * 1024);
    expect(result).toMatchObject({ format: 'GIF', animated: true, frames: 12, width: 320, height: 180 });
    const copies = result.encoded ?? [];
    expect(copies.map((c) => [c.format, c.name, c.mimeType])).toEqual([
      ['MP4', 'clip.mp4', 'video/mp4'],
      ['WEBM', 'clip.webm', 'video/webm'],
    ]);
    for (const [i, copy] of copies.entries()) {
      const file = kept[i] as StoredFile;
      // 2 x 100 px wide, the height even.
      expect([copy.width, copy.height]).toEqual([200, 112]);
      expect(copy.ssim).toBeUndefined();
      expect(copy.bytes).toBeLessThan(gif.length);
      const video = probeVideo(file.bytes, copy.format === 'MP4' ? 'mp4' : 'webm');
      expect(video).toMatchObject({
        codec_name: copy.format === 'MP4' ? 'h264' : 'vp9',
        pix_fmt: 'yuv420p',
        width: 200,
        height: 112,
        frames: 12,
      });
    }
    // +faststart: the index (moov) comes before the media (mdat).
    const mp4 = (kept[0] as StoredFile).bytes;
    expect(mp4.indexOf('moov')).toBeGreaterThan(0);
    expect(mp4.indexOf('moov')).toBeLessThan(mp4.indexOf('mdat'));
  });

  it('leaves an animated GIF under the threshold as it is', async () => {
    const gif = animatedGif(3, 160);
    const result = await analyseImage(gif, { encode: true }, options([], { gifVideoBytes: gif.length }));
    expect(result).toMatchObject({ format: 'GIF', animated: true, frames: 3 });
    expect(result.encoded).toBeUndefined();
  });
});
