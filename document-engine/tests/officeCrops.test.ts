// @vitest-environment node
/**
 * Pictures cropped in Word and PowerPoint: the view is the crop as displayed (a PNG),
 * the original the stored media byte for byte, `viewChanges: ['crop']`; a picture shown whole in
 * one place and cropped in another is two images, each with the slides that show it that way.
 *
 * Pixels are checked against Debian's ffmpeg, a decoder that is not ours: it decodes the stored
 * file and our view, and the test cuts the expected region itself from the document's insets
 * (PNG: equal; JPEG: pdf.js's and libjpeg's IDCTs differ by a level or two, so a mean bound).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../../tooling/corpus.mjs';
import { extractDocx } from '../src/core/docx/extractDocx.ts';
import { extractPptx } from '../src/core/pptx/extractPptx.ts';
import type { DocumentImage } from '../src/core/types.ts';
import { collect, contentTypes, fakeGif, fakePng, R_NS, REL_OFFICE_DOCUMENT, rels, zipParts } from './ooxmlFixtures.ts';

const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';

type Pixels = { width: number; height: number; data: Uint8Array };
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** RGBA samples of an image file, decoded by ffmpeg; its size must be the one given. */
function ffmpegRgba(bytes: Uint8Array, width: number, height: number): Pixels {
  const run = spawnSync(FFMPEG, ['-v', 'error', '-i', 'pipe:0', '-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1'], {
    input: bytes,
    maxBuffer: 1 << 28,
  });
  if (run.error) throw new Error(`ffmpeg (${FFMPEG}, or FFMPEG_PATH) could not run: ${run.error.message}`);
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr.toString()}`);
  const data = new Uint8Array(run.stdout);
  expect(data.length, 'decoded size').toBe(width * height * 4);
  return { width, height, data };
}

/** The region [x0, x0 + width) × [y0, y0 + height) of `pixels`, transparent outside it. */
function region(pixels: Pixels, x0: number, y0: number, width: number, height: number): Pixels {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sx = x0 + x;
      const sy = y0 + y;
      if (sx < 0 || sy < 0 || sx >= pixels.width || sy >= pixels.height) continue;
      data.set(
        pixels.data.subarray((sy * pixels.width + sx) * 4, (sy * pixels.width + sx) * 4 + 4),
        (y * width + x) * 4,
      );
    }
  }
  return { width, height, data };
}

/** Turned 90° clockwise, as a viewer shows a JPEG whose EXIF orientation is 6. */
function turnClockwise(pixels: Pixels): Pixels {
  const { width, height } = pixels;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const to = (x * height + (height - 1 - y)) * 4;
      data.set(pixels.data.subarray((y * width + x) * 4, (y * width + x) * 4 + 4), to);
    }
  }
  return { width: height, height: width, data };
}

const meanDifference = (a: Pixels, b: Pixels) => {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0));
  return sum / a.data.length;
};

/** The view of a cropped image, checked as such, decoded by ffmpeg. */
function croppedView(image: DocumentImage | undefined, stored: Uint8Array): Pixels {
  expect(image?.viewChanges).toEqual(['crop']);
  expect(image?.format).toBe('PNG');
  expect(image?.mimeType).toBe('image/png');
  expect(sha256(image?.original?.bytes ?? new Uint8Array())).toBe(sha256(stored));
  return ffmpegRgba(image?.bytes ?? new Uint8Array(), image?.width ?? 0, image?.height ?? 0);
}

const cornerOf = (x: number, y: number, pixels: Pixels) =>
  [...pixels.data.subarray((y * pixels.width + x) * 4, (y * pixels.width + x) * 4 + 4)] as number[];

/** A presentation of the given slides (their `p:spTree` content), each slide relating rIdImg to `media`. */
function presentation(slides: string[], media: Record<string, Uint8Array>): Uint8Array {
  const parts: Record<string, string | Uint8Array> = {
    '[Content_Types].xml': contentTypes(),
    '_rels/.rels': rels([{ id: 'rId1', type: REL_OFFICE_DOCUMENT, target: 'ppt/presentation.xml' }]),
    'ppt/presentation.xml': `<p:presentation xmlns:p="${P}" xmlns:r="${R_NS}"><p:sldIdLst>${slides
      .map((_, i) => `<p:sldId id="${256 + i}" r:id="rIdS${i + 1}"/>`)
      .join('')}</p:sldIdLst></p:presentation>`,
    'ppt/_rels/presentation.xml.rels': rels(
      slides.map((_, i) => ({ id: `rIdS${i + 1}`, type: 'slide', target: `slides/slide${i + 1}.xml` })),
    ),
  };
  for (const [i, body] of slides.entries()) {
    parts[`ppt/slides/slide${i + 1}.xml`] =
      `<p:sld xmlns:p="${P}" xmlns:a="${A}" xmlns:r="${R_NS}"><p:cSld><p:spTree>${body}</p:spTree></p:cSld></p:sld>`;
    parts[`ppt/slides/_rels/slide${i + 1}.xml.rels`] = rels(
      Object.keys(media).map((name, n) => ({ id: `rIdImg${n + 1}`, type: 'image', target: `../media/${name}` })),
    );
  }
  for (const [name, bytes] of Object.entries(media)) parts[`ppt/media/${name}`] = bytes;
  return zipParts(parts);
}

/** A `p:pic` showing rIdImg`n`, with what follows the blip in its `p:blipFill`. */
const pic = (fill: string, n = 1) =>
  `<p:pic><p:blipFill><a:blip r:embed="rIdImg${n}"/>${fill}</p:blipFill><p:spPr/></p:pic>`;

/** A Word document whose body is `body`, relating rIdImg to `media`. */
function wordDocument(body: string, media: Uint8Array, name = 'picture.png'): Uint8Array {
  return zipParts({
    '[Content_Types].xml': contentTypes(),
    '_rels/.rels': rels([{ id: 'rId1', type: REL_OFFICE_DOCUMENT, target: 'word/document.xml' }]),
    'word/document.xml': `<w:document xmlns:w="${W}" xmlns:a="${A}" xmlns:r="${R_NS}" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body>${body}</w:body></w:document>`,
    'word/_rels/document.xml.rels': rels([{ id: 'rIdImg', type: 'image', target: `media/${name}` }]),
    [`word/media/${name}`]: media,
  });
}

/** A JPEG with an EXIF APP1 segment (orientation tag only) inserted after its SOI. */
function withOrientation(jpeg: Uint8Array, orientation: number): Uint8Array {
  const tiff = [0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const body = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const app1 = [0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
  return Uint8Array.from([...jpeg.subarray(0, 2), ...app1, ...jpeg.subarray(2)]);
}

const mediaOf = (key: string, name: string) => {
  const entry = unzipSync(readCorpus(key))[name];
  if (!entry) throw new Error(`${name} is not in the corpus's ${key}`);
  return entry;
};

describe('crops in the corpus PowerPoint files', () => {
  it('shp-picture.pptx: each picture once whole and once cropped, the crop cut where srcRect says', async () => {
    const { images } = await collect(extractPptx, readCorpus('pptx/shp-picture.pptx'));
    expect(images.map((image) => [image.name, image.slideNumbers])).toEqual([
      ['image1.png', [1]],
      ['image1-cropped.png', [1]],
      ['image2.png', [2]],
      ['image2-cropped.png', [2]],
    ]);
    // slide 1: l="15479" t="25571" r="10463" b="25572" of image1.png (140 × 56)
    // slide 2: t="15501" r="561" b="14664" of image2.png (150 × 214)
    const cases = [
      { whole: images[0], cropped: images[1], name: 'ppt/media/image1.png', l: 15479, t: 25571, r: 10463, b: 25572 },
      { whole: images[2], cropped: images[3], name: 'ppt/media/image2.png', l: 0, t: 15501, r: 561, b: 14664 },
    ];
    for (const { whole, cropped, name, l, t, r, b } of cases) {
      const stored = mediaOf('pptx/shp-picture.pptx', name);
      expect(sha256(whole?.bytes ?? new Uint8Array())).toBe(sha256(stored));
      expect(whole?.original).toBeUndefined();
      const width = whole?.width ?? 0;
      const height = whole?.height ?? 0;
      const x0 = Math.round((l / 100000) * width);
      const y0 = Math.round((t / 100000) * height);
      const x1 = Math.round((1 - r / 100000) * width);
      const y1 = Math.round((1 - b / 100000) * height);
      const view = croppedView(cropped, stored);
      expect([view.width, view.height]).toEqual([x1 - x0, y1 - y0]);
      const expected = region(ffmpegRgba(stored, width, height), x0, y0, x1 - x0, y1 - y0);
      expect(meanDifference(view, expected)).toBe(0);
    }
  });

  it('60810.pptx: one stored picture cropped two ways on one slide gives two images of that slide', async () => {
    const { images } = await collect(extractPptx, readCorpus('pptx/60810.pptx'));
    const nine = images.filter((image) => image.original && image.name === 'image9-cropped.png');
    // slide 23: t="14074" b="43784", and t="57531", of a 831 × 928 picture
    expect(nine.map((image) => [image.width, image.height, image.slideNumbers])).toEqual([
      [831, 391, [23]],
      [831, 394, [23]],
    ]);
    const fifteen = images.filter((image) => image.name === 'image15-cropped.png');
    // slide 26: r="44717", and l="55283", of a 1807 × 113 picture: its two halves
    expect(fifteen.map((image) => [image.width, image.height, image.slideNumbers])).toEqual([
      [999, 113, [26]],
      [808, 113, [26]],
    ]);
    expect(images.filter((image) => image.name.startsWith('image9') || image.name.startsWith('image15'))).toHaveLength(
      4,
    );
  });
});

describe('crops in built files', () => {
  const jpeg = mediaOf('pptx/60810.pptx', 'ppt/media/image4.jpeg'); // 479 × 674, no EXIF orientation
  const png = mediaOf('pptx/shp-picture.pptx', 'ppt/media/image2.png'); // 150 × 214

  it('a JPEG shown whole on slide 1 and cropped the same way on slides 2 and 3: two images, the crop decoded', async () => {
    const crop = '<a:srcRect l="10000" t="20000" r="30000" b="5000"/><a:stretch><a:fillRect/></a:stretch>';
    const { images } = await collect(
      extractPptx,
      presentation([pic('<a:stretch><a:fillRect/></a:stretch>'), pic(crop), pic(crop)], { 'photo.jpeg': jpeg }),
    );
    expect(images.map((image) => [image.name, image.format, image.slideNumbers])).toEqual([
      ['photo.jpg', 'JPEG', [1]],
      ['photo-cropped.png', 'PNG', [2, 3]],
    ]);
    const x0 = Math.round(0.1 * 479);
    const y0 = Math.round(0.2 * 674);
    const width = Math.round(0.7 * 479) - x0;
    const height = Math.round(0.95 * 674) - y0;
    const view = croppedView(images[1], jpeg);
    expect([view.width, view.height]).toEqual([width, height]);
    expect(images[1]?.original).toMatchObject({ format: 'JPEG', mimeType: 'image/jpeg', width: 479, height: 674 });
    expect(meanDifference(view, region(ffmpegRgba(jpeg, 479, 674), x0, y0, width, height))).toBeLessThan(2);
  });

  it('a JPEG turned by its EXIF orientation is cropped as it is displayed (turned)', async () => {
    const turned = withOrientation(jpeg, 6); // displayed 674 × 479
    const { images } = await collect(
      extractDocx,
      wordDocument(
        `<w:p><w:r><w:drawing><pic:blipFill><a:blip r:embed="rIdImg"/><a:srcRect l="25000" b="10000"/></pic:blipFill></w:drawing></w:r></w:p>`,
        turned,
        'photo.jpeg',
      ),
    );
    expect(images).toHaveLength(1);
    const view = croppedView(images[0], turned);
    const x0 = Math.round(0.25 * 674);
    const height = Math.round(0.9 * 479);
    expect([view.width, view.height]).toEqual([674 - x0, height]);
    // ffmpeg decodes the file without the EXIF segment (as stored); the test turns it
    const displayed = turnClockwise(ffmpegRgba(jpeg, 479, 674));
    expect(meanDifference(view, region(displayed, x0, 0, 674 - x0, height))).toBeLessThan(2);
  });

  it('VML cropleft/croptop (65536ths or fractions) of an old Word picture', async () => {
    const { images } = await collect(
      extractDocx,
      wordDocument(
        `<w:p><w:r><w:pict><v:shape><v:imagedata r:id="rIdImg" cropleft="16384f" croptop=".5"/></v:shape></w:pict></w:r></w:p>`,
        png,
      ),
    );
    const view = croppedView(images[0], png);
    const x0 = Math.round(0.25 * 150);
    expect([view.width, view.height]).toEqual([150 - x0, 107]);
    expect(meanDifference(view, region(ffmpegRgba(png, 150, 214), x0, 107, 150 - x0, 107))).toBe(0);
  });

  it('negative srcRect insets and fillRect insets pad the picture with transparency', async () => {
    const { images } = await collect(
      extractPptx,
      presentation(
        [
          pic('<a:srcRect l="-50000"/><a:stretch><a:fillRect/></a:stretch>'),
          pic('<a:stretch><a:fillRect t="20000" b="30000"/></a:stretch>'),
        ],
        { 'picture.png': png },
      ),
    );
    expect(images.map((image) => [image.width, image.height, image.slideNumbers])).toEqual([
      [225, 214, [1]],
      [150, 428, [2]],
    ]);
    const decoded = ffmpegRgba(png, 150, 214);
    const padded = croppedView(images[0], png);
    expect(meanDifference(padded, region(decoded, -75, 0, 225, 214))).toBe(0);
    expect(cornerOf(0, 0, padded)[3]).toBe(0);
    const placed = croppedView(images[1], png);
    // the picture fills the box from 20 % to 70 % of its height: the box is 214 / 0.5 tall
    expect(meanDifference(placed, region(decoded, 0, -86, 150, 428))).toBe(0);
    expect(cornerOf(0, 0, placed)[3]).toBe(0);
    expect(cornerOf(149, 427, placed)[3]).toBe(0);
  });

  it('formats it does not decode, crops that leave nothing and pictures too large keep their stored view, with a note', async () => {
    const gif = fakeGif(40, 30, 'a GIF');
    const huge = fakePng(20000, 20000, 'a header claiming 400 megapixels');
    const cases: [Uint8Array, string, string, RegExp][] = [
      [gif, 'picture.gif', '<a:srcRect l="10000"/>', /not applied: this GIF picture is given as stored/],
      [png, 'picture.png', '<a:srcRect l="60000" r="60000"/>', /not applied: it leaves nothing of the picture/],
      [huge, 'picture.png', '<a:srcRect l="10000"/>', /not applied: the picture is too large/],
    ];
    for (const [bytes, name, crop, note] of cases) {
      const started = performance.now();
      const { images } = await collect(extractPptx, presentation([pic(crop)], { [name]: bytes }));
      expect(performance.now() - started).toBeLessThan(2000);
      expect(images).toHaveLength(1);
      expect(sha256(images[0]?.bytes ?? new Uint8Array())).toBe(sha256(bytes));
      expect(images[0]?.original).toBeUndefined();
      expect(images[0]?.viewChanges).toBeUndefined();
      expect(images[0]?.note).toMatch(note);
    }
  });
});
