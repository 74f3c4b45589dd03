import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HDR_PATCHES, makeHdrPatchVideo, patchColours, rgbOf, yuv10FrameOf } from '../../tooling/testVideos.mjs';
import { hdrTransferOf, mobius, toneMapToRgba, type YuvPlanes } from '../src/video/index.ts';

// The browser's tone mapping on real decoded planes: 10-bit PQ and HLG videos ffmpeg makes from
// flat SDR patches (tooling/testVideos.mjs), read back as the yuv420p10le a VideoFrame holds.
const work = mkdtempSync(path.join(tmpdir(), 'tone-map-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const WIDTH = 320;
const HEIGHT = 180;

function planesOf(bytes: Uint8Array): YuvPlanes {
  const samples = new Uint16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 2);
  const luma = WIDTH * HEIGHT;
  const chroma = luma / 4;
  return {
    width: WIDTH,
    height: HEIGHT,
    bitDepth: 10,
    fullRange: false,
    matrix: 'bt2020-ncl',
    y: samples.subarray(0, luma),
    u: samples.subarray(luma, luma + chroma),
    v: samples.subarray(luma + chroma, luma + 2 * chroma),
    yStride: WIDTH,
    chromaStride: WIDTH / 2,
    chromaShiftX: 1,
    chromaShiftY: 1,
  };
}

const rgbOfRgba = (rgba: Uint8ClampedArray) => rgba.filter((_, i) => i % 4 !== 3);
const byName = (name: string) => HDR_PATCHES.findIndex((p) => p.name === name);

describe.each(['pq', 'hlg'] as const)('%s patches tone-mapped to SDR', (transfer) => {
  const file = () => makeHdrPatchVideo(work, transfer);

  it('mid-grey and dark grey come out at their SDR values; white at the Möbius curve’s value, as on the server', () => {
    const yuv = yuv10FrameOf(file(), 1);
    const mapped = toneMapToRgba(planesOf(yuv), transfer);
    expect(mapped.width).toBe(WIDTH);
    const colours = patchColours(rgbOfRgba(mapped.data));
    // below tonemap's knee (0.3 linear) the curve leaves light as it is: an SDR-level patch is unchanged
    for (const name of ['mid-grey', 'dark grey']) {
      const { rgb } = HDR_PATCHES[byName(name)] ?? { rgb: [] };
      for (const [c, value] of (colours[byName(name)] ?? []).entries())
        expect(Math.abs(value - (rgb[c] ?? 0))).toBeLessThanOrEqual(2);
    }
    // SDR white (100 cd/m², linear 1.0) rolls off to mobius(1.0) on a 1,000 cd/m² peak, in BT.1886's 2.4 gamma
    const white = Math.round(mobius(1) ** (1 / 2.4) * 255);
    expect(white).toBeGreaterThan(200);
    for (const value of colours[byName('white')] ?? []) expect(Math.abs(value - white)).toBeLessThanOrEqual(2);
    // the blue keeps its hue: blue well above green above red, each near the SDR patch
    const [r = 0, g = 0, b = 0] = colours[byName('blue')] ?? [];
    const sdrBlue = HDR_PATCHES[byName('blue')]?.rgb ?? [0, 0, 0];
    expect(b).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(r);
    for (const [c, value] of [r, g, b].entries()) expect(Math.abs(value - (sdrBlue[c] ?? 0))).toBeLessThanOrEqual(10);
  });

  it('differs from the frame read with no regard for the transfer (washed out: white grey, greys lifted or sunk)', () => {
    const yuv = yuv10FrameOf(file(), 1);
    const naive = patchColours(rgbOf(yuv, WIDTH, HEIGHT, 'yuv420p10le'));
    const mapped = patchColours(rgbOfRgba(toneMapToRgba(planesOf(yuv), transfer).data));
    const whiteNaive = naive[byName('white')]?.[0] ?? 0;
    expect(whiteNaive).toBeLessThan(170);
    expect(mapped[byName('white')]?.[0] ?? 0).toBeGreaterThan(whiteNaive + 40);
  });

  it('every n-th pixel (a scan’s small picture) gives the same patches at a fraction of the size', () => {
    const yuv = yuv10FrameOf(file(), 1);
    const full = patchColours(rgbOfRgba(toneMapToRgba(planesOf(yuv), transfer).data));
    const small = toneMapToRgba(planesOf(yuv), transfer, 4);
    expect([small.width, small.height]).toEqual([WIDTH / 4, HEIGHT / 4]);
    const centre = (i: number) => [
      ...small.data.subarray((22 * small.width + i * 20 + 10) * 4, (22 * small.width + i * 20 + 10) * 4 + 3),
    ];
    for (const [i, colour] of full.entries()) {
      for (const [c, value] of centre(i).entries()) expect(Math.abs(value - (colour[c] ?? 0))).toBeLessThanOrEqual(3);
    }
  });
});

describe('hdrTransferOf', () => {
  it('names PQ and HLG as WebCodecs and ffprobe spell them; anything else is SDR', () => {
    expect(hdrTransferOf('pq')).toBe('pq');
    expect(hdrTransferOf('smpte2084')).toBe('pq');
    expect(hdrTransferOf('hlg')).toBe('hlg');
    expect(hdrTransferOf('arib-std-b67')).toBe('hlg');
    expect(hdrTransferOf('bt709')).toBeUndefined();
    expect(hdrTransferOf(null)).toBeUndefined();
  });
});
