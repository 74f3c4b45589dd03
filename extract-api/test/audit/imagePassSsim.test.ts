/**
 * The audit's SSIM on real photos: identical pictures measure 1, a blurred or re-encoded copy less,
 * the more so the worse, and the number agrees with ffmpeg's own ssim filter.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { lumaOf, ssim } from '../../src/audit/imagePass/index.ts';
import { themeJpeg } from './imagePassFixtures.ts';

type Grey = { pixels: Uint8Array; width: number; height: number };

async function grey(image: Sharp): Promise<Grey> {
  const { data, info } = await image.toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { pixels: lumaOf(data, info.channels), width: info.width, height: info.height };
}

let photo: Buffer;
let source: Grey;

beforeAll(async () => {
  // 800x600: the 1600x1200 photo at half size, as a page showing it 400 px wide would get it.
  photo = await sharp(themeJpeg()).resize(800, 600).png().toBuffer();
  source = await grey(sharp(photo));
});

describe('ssim', () => {
  it('is exactly 1 for a picture against itself', () => {
    expect(ssim(source.pixels, source.pixels, source.width, source.height)).toBe(1);
  });

  it('is below 1 for a blurred copy, lower the stronger the blur, and the same both ways', async () => {
    const light = await grey(sharp(photo).blur(0.8));
    const strong = await grey(sharp(photo).blur(3));
    const lightScore = ssim(source.pixels, light.pixels, source.width, source.height);
    const strongScore = ssim(source.pixels, strong.pixels, source.width, source.height);
    expect(lightScore).toBeLessThan(1);
    expect(lightScore).toBeGreaterThan(0.8);
    expect(strongScore).toBeLessThan(lightScore - 0.05);
    expect(ssim(light.pixels, source.pixels, source.width, source.height)).toBeCloseTo(lightScore, 12);
  });

  it('orders JPEG qualities as they look, within 0.01 of ffmpeg’s ssim filter', async () => {
    const scores: number[] = [];
    const dir = mkdtempSync(path.join(os.tmpdir(), 'audit-ssim-'));
    try {
      const reference = path.join(dir, 'a.png');
      writeFileSync(
        reference,
        await sharp(Buffer.from(source.pixels), { raw: { width: 800, height: 600, channels: 1 } })
          .png()
          .toBuffer(),
      );
      for (const quality of [20, 50, 90]) {
        const jpeg = await sharp(photo).jpeg({ quality }).toBuffer();
        const copy = await grey(sharp(jpeg));
        const ours = ssim(source.pixels, copy.pixels, 800, 600);
        const file = path.join(dir, `q${quality}.png`);
        writeFileSync(
          file,
          await sharp(Buffer.from(copy.pixels), { raw: { width: 800, height: 600, channels: 1 } })
            .png()
            .toBuffer(),
        );
        // ffmpeg's SSIM uses 8x8 windows without weights, so the two agree closely, not exactly.
        const run = spawnSync(
          'ffmpeg',
          ['-hide_banner', '-nostdin', '-i', reference, '-i', file, '-lavfi', 'ssim', '-f', 'null', '-'],
          { encoding: 'utf8' },
        );
        const theirs = Number(/All:([\d.]+)/.exec(run.stderr)?.[1]);
        expect(theirs).toBeGreaterThan(0);
        expect(Math.abs(ours - theirs)).toBeLessThan(0.01);
        scores.push(ours);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(scores[0]).toBeLessThan(scores[1] as number);
    expect(scores[1]).toBeLessThan(scores[2] as number);
    expect(scores[2]).toBeLessThan(1);
  });

  it('measures a picture smaller than a window as one window', () => {
    const a = new Uint8Array([10, 200, 30, 180, 90, 60]);
    const b = new Uint8Array([12, 190, 35, 170, 95, 66]);
    expect(ssim(a, a, 3, 2)).toBeCloseTo(1, 12);
    const score = ssim(a, b, 3, 2);
    expect(score).toBeLessThan(1);
    expect(score).toBeGreaterThan(0.9);
  });

  it('refuses pictures of different sizes', () => {
    expect(() => ssim(new Uint8Array(100), new Uint8Array(99), 10, 10)).toThrow(TypeError);
  });
});
