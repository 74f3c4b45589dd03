// @vitest-environment node
/**
 * RTF: files built here around the corpus's pictures, written as Word writes them (hex in lines
 * of 128 digits, a \shppict picture followed by its \nonshppict metafile repeat, shapes with their
 * \shprslt repeat), and checked byte for byte against the pictures put in.
 */
import { describe, expect, it } from 'vitest';
import { sniffContainerKind } from '../src/containerKind.ts';
import { metafileContent } from '../src/core/metafile/index.ts';
import { extractRtf, MAX_RTF_DEPTH } from '../src/core/rtf/index.ts';
import type { SkippedImage } from '../src/index.ts';
import { collectAll, corpusMedia, sha256 } from './corpusMedia.ts';
import { bareWmf, dib, hex, rtfBytes, sampleRtf } from './mailFixtures.ts';

const media = corpusMedia();
describe('RTF', () => {
  it('gives each picture once, byte for byte, in file order', async () => {
    const bytes = sampleRtf(media);
    expect(sniffContainerKind(bytes)).toBe('rtf');
    const skipped: SkippedImage[] = [];
    const images = await collectAll(extractRtf(bytes, { onSkipped: (s) => skipped.push(s) }));
    expect(
      images.map((image) => ({ name: image.name, format: image.format, role: image.role, sha: sha256(image.bytes) })),
    ).toEqual([
      { name: 'image1.jpg', format: 'JPEG', role: 'header', sha: sha256(media.jpeg) },
      { name: 'image2.png', format: 'PNG', role: 'body', sha: sha256(media.png) },
      { name: 'image3.wmf', format: 'WMF', role: 'body', sha: sha256(bareWmf(media)) },
      { name: 'image4.emf', format: 'EMF', role: 'body', sha: sha256(media.emf) },
      { name: 'image5.gif', format: 'GIF', role: 'body', sha: sha256(media.gif) },
      { name: 'image6.bmp', format: 'BMP', role: 'body', sha: sha256(dib().bmp) },
    ]);
    // \picwgoal/\pichgoal size a metafile only; a bitmap has its own size
    expect(images[2]).toMatchObject({ width: 200, height: 100 });
    // the WMF as stored (no placeable header) is one the page's metafile preview reads as the .wmf file
    const drawn = metafileContent(media.wmf, 'WMF').drawing;
    expect(drawn).toBeGreaterThan(0);
    expect(metafileContent(images[2]?.bytes ?? new Uint8Array(0), 'WMF').drawing).toBe(drawn);
    expect(images[3]).toMatchObject({ width: 96, height: 96 });
    expect(images[5]).toMatchObject({ width: 2, height: 2 });
    expect(images[0]?.width).not.toBe(100);
    expect(skipped.map((s) => s.reason)).toEqual([
      'This RTF picture is a device-dependent bitmap (\\wbitmap), which is not read.',
    ]);
  });

  it('skips groups nested past the bound in one pass, and finds the pictures around them', async () => {
    const depth = 100_000;
    const bytes = rtfBytes(
      '{\\rtf1 ',
      '{'.repeat(depth),
      `{\\pict\\pngblip ${hex(media.png)}}`,
      '}'.repeat(depth),
      `{\\pict\\jpegblip ${hex(media.jpeg)}}}`,
    );
    const started = performance.now();
    const images = await collectAll(extractRtf(bytes));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(MAX_RTF_DEPTH).toBeLessThan(depth);
    expect(images.map((image) => sha256(image.bytes))).toEqual([sha256(media.jpeg)]);
  });

  it('tells a picture cut short, and a huge \\bin length, without reading past the file', async () => {
    const skipped: SkippedImage[] = [];
    const cut = rtfBytes(`{\\rtf1 {\\pict\\pngblip ${hex(media.png).slice(0, 200)}`);
    expect(await collectAll(extractRtf(cut, { onSkipped: (s) => skipped.push(s) }))).toEqual([]);
    expect(skipped.map((s) => s.reason)).toEqual([
      'This RTF file ends in the middle of a picture: the file is cut short.',
    ]);
    const huge = rtfBytes('{\\rtf1 {\\pict\\pngblip\\bin9999999999 ', media.png, '}}');
    const images = await collectAll(extractRtf(huge));
    expect(images).toEqual([]);
  });
});
