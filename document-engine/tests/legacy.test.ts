// @vitest-environment node
/**
 * The legacy binary extractors (.doc, .ppt): the corpus against what Apache POI 4.0.1 lists
 * (manifest.json `apache_poi`), plus the records, errors and bounds on built bytes. The corpus is
 * part of the contract (tooling/corpus.mjs): without it this file fails, saying where it looked.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import * as CFB from 'cfb';
import { zlibSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusManifest, corpusPath, readCorpus } from '../../tooling/corpus.mjs';
import { rc4, sha1 } from '../src/core/crypto/index.ts';
import { openCompoundFile } from '../src/core/legacy/compoundFile.ts';
import { extractDoc } from '../src/core/legacy/extractDoc.ts';
import { extractPpt, listPictureRecords } from '../src/core/legacy/extractPpt.ts';
import { VECTOR_NOTE } from '../src/core/legacy/legacyImage.ts';
import { decodeBlip, inflateBounded, readRecord } from '../src/core/legacy/officeArt.ts';
import type { DocumentExtractor, DocumentImage, EngineOptions } from '../src/core/types.ts';
import { DocumentError, PasswordRequiredError } from '../src/errors.ts';

type PoiPicture = {
  sha256: string;
  size: number;
  ext?: string;
  type?: string;
  index?: number;
  slides_with_picture_shape?: number[];
};
type ManifestEntry = { password?: string; apache_poi: { count: number; pictures: PoiPicture[] } };
// Without the corpus this throws, saying where it looked: the file fails, it is never skipped.
const manifest = corpusManifest<{ files: Record<string, ManifestEntry> }>().files;
const corpusFiles = (folder: 'doc' | 'ppt') =>
  readdirSync(corpusPath(folder))
    .filter((name) => name.endsWith(`.${folder}`))
    .sort()
    .map((name) => `${folder}/${name}`);

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const sorted = (list: string[]) => [...list].sort();

async function collect(extract: DocumentExtractor, bytes: Uint8Array, options?: EngineOptions) {
  const images: DocumentImage[] = [];
  for await (const image of extract(bytes, options)) images.push(image);
  return images;
}

async function errorOf(extract: DocumentExtractor, bytes: Uint8Array, options?: EngineOptions) {
  try {
    await collect(extract, bytes, options);
  } catch (error) {
    return error;
  }
  return undefined;
}

/**
 * Apache POI's HSLF gives a .ppt WMF with a placeable header it builds from the BLIP's rcBounds at
 * 72 units per inch; we give the metafile as stored, without one. Rebuilding POI's header from the
 * same record proves the rest is byte-equal.
 */
function poiPlaceableHeader(pictures: Uint8Array, record: { bodyStart: number; instance: number }) {
  const header = record.bodyStart + 16 * (record.instance === 0x217 ? 2 : 1);
  const view = new DataView(pictures.buffer, pictures.byteOffset);
  const out = new DataView(new ArrayBuffer(22));
  out.setUint32(0, 0x9ac6cdd7, true);
  // left, top, right, bottom
  for (const [i, at] of [4, 8, 12, 16].entries())
    out.setUint16(6 + i * 2, view.getInt32(header + at, true) & 0xffff, true);
  out.setUint16(14, 72, true);
  let checksum = 0;
  for (let at = 0; at < 20; at += 2) checksum ^= out.getUint16(at, true);
  out.setUint16(20, checksum, true);
  return new Uint8Array(out.buffer);
}

type Row = { file: string; poi: number; found: number; sha: string; slides: string; ms: number };
const rows: Row[] = [];

afterAll(() => {
  if (rows.length === 0) return;
  const lines = rows.map(
    (r) =>
      `${r.file.padEnd(38)} ${String(r.poi).padStart(4)} ${String(r.found).padStart(6)}  ${r.sha.padEnd(24)} ${r.slides.padEnd(16)} ${String(r.ms).padStart(5)}`,
  );
  console.log(
    [
      `${'file'.padEnd(38)}  POI  found  ${'sha256 vs POI'.padEnd(24)} ${'slides vs POI'.padEnd(16)}    ms`,
      ...lines,
      'DOC: POI also counts PICFs without a picture as 0-byte entries; those are not images and are left out.',
      "PPT WMF: equal once POI's placeable header (rcBounds, 72 units per inch) is put in front of ours.",
      'PPT slides: POI counts picture shapes only; we also count shape fills and backgrounds.',
    ].join('\n'),
  );
});

describe('DOC corpus against Apache POI', () => {
  it.each(corpusFiles('doc'))('%s', async (key) => {
    const entry = manifest[key];
    expect(entry, `${key} is in manifest.json`).toBeDefined();
    if (!entry) return;
    const started = performance.now();
    const images = await collect(extractDoc, readCorpus(key), { password: entry.password });
    const ms = Math.round(performance.now() - started);

    // POI lists a PICF whose data holds no single BLIP as a 0-byte picture (testPictures.doc has
    // one). That is no image, and we leave it out; every other POI picture must be here.
    const poiImages = entry.apache_poi.pictures.filter((p) => p.size > 0);
    const got = images.map((image) => sha256(image.bytes));
    rows.push({
      file: key,
      poi: entry.apache_poi.count,
      found: images.length,
      sha: `${got.filter((sha) => poiImages.some((p) => p.sha256 === sha)).length}/${poiImages.length} equal${
        poiImages.length < entry.apache_poi.count ? ` (+${entry.apache_poi.count - poiImages.length} empty)` : ''
      }`,
      slides: '-',
      ms,
    });
    expect(images.length).toBe(poiImages.length);
    // DOC: every format, metafiles included, is byte-equal to POI's HWPF (WMF without a placeable header).
    expect(sorted(got)).toEqual(sorted(poiImages.map((p) => p.sha256)));
    for (const image of images) {
      expect(image.name).toMatch(/^image\d+\.(png|jpg|gif|bmp|tif|emf|wmf|pict)$/);
      expect(['body', 'header', 'footer', 'footnote', 'comment']).toContain(image.role);
    }
  });

  it('FloatingPictures.doc lists the 17 pictures POI does, duplicates included', async () => {
    const images = await collect(extractDoc, readCorpus('doc/FloatingPictures.doc'));
    expect(images).toHaveLength(17);
    expect(images.filter((image) => image.format === 'PNG')).toHaveLength(16);
    expect(images.filter((image) => image.format === 'EMF')).toHaveLength(1);
  });

  it('header_image.doc: one picture in the header, one in the footer', async () => {
    const images = await collect(extractDoc, readCorpus('doc/header_image.doc'));
    expect(images.map((image) => [image.format, image.role])).toEqual([
      ['JPEG', 'header'],
      ['JPEG', 'footer'],
    ]);
  });

  it('vector_image.doc: one EMF, marked as a vector picture, with its size', async () => {
    const [image, ...rest] = await collect(extractDoc, readCorpus('doc/vector_image.doc'));
    expect(rest).toHaveLength(0);
    expect(image).toMatchObject({ name: 'image1.emf', format: 'EMF', mimeType: 'image/emf', note: VECTOR_NOTE });
    expect(image?.width).toBeGreaterThan(0);
    expect(image?.height).toBeGreaterThan(0);
  });

  it('the encrypted DOC needs its password: none, wrong, right', async () => {
    const bytes = readCorpus('doc/password_password_cryptoapi.doc');
    const none = await errorOf(extractDoc, bytes);
    expect(none).toBeInstanceOf(PasswordRequiredError);
    expect((none as DocumentError).code).toBe('password-required');
    const wrong = await errorOf(extractDoc, bytes, { password: 'not it' });
    expect((wrong as DocumentError).code).toBe('wrong-password');
    // POI lists no pictures in it, and neither do we once it is decrypted.
    expect(await collect(extractDoc, bytes, { password: 'password' })).toEqual([]);
  });
});

describe('PPT corpus against Apache POI', () => {
  it.each(corpusFiles('ppt'))('%s', async (key) => {
    const entry = manifest[key];
    expect(entry, `${key} is in manifest.json`).toBeDefined();
    if (!entry) return;
    const bytes = readCorpus(key);
    const started = performance.now();
    const images = await collect(extractPpt, bytes, { password: entry.password });
    const ms = Math.round(performance.now() - started);
    const poi = entry.apache_poi.pictures;

    // Both list the Pictures stream in order, so picture i is POI's picture i.
    const pictures = openCompoundFile(bytes).stream('Pictures') ?? new Uint8Array(0);
    const records = entry.password ? [] : listPictureRecords(pictures);
    const got = images.map((image, i) => {
      const record = records[i];
      if (image.format !== 'WMF' || !record) return sha256(image.bytes);
      const withHeader = new Uint8Array(22 + image.bytes.length);
      withHeader.set(poiPlaceableHeader(pictures, record));
      withHeader.set(image.bytes, 22);
      return sha256(withHeader);
    });
    // POI counts slides with a picture shape; we also count shape fills and backgrounds, so
    // POI's slides must be among ours.
    const slidesOk = poi.every((p, i) =>
      (p.slides_with_picture_shape ?? []).every((slide) => images[i]?.slideNumbers?.includes(slide)),
    );
    const slidesEqual = poi.every(
      (p, i) => JSON.stringify(p.slides_with_picture_shape ?? []) === JSON.stringify(images[i]?.slideNumbers ?? []),
    );
    rows.push({
      file: key,
      poi: entry.apache_poi.count,
      found: images.length,
      sha: `${got.filter((sha, i) => poi[i]?.sha256 === sha).length}/${poi.length} equal`,
      slides: slidesEqual ? 'equal' : slidesOk ? 'POI ⊆ ours' : 'DIFFER',
      ms,
    });
    expect(images.length).toBe(entry.apache_poi.count);
    expect(got).toEqual(poi.map((p) => p.sha256));
    expect(images.map((image) => image.format)).toEqual(poi.map((p) => p.type));
    expect(slidesOk).toBe(true);
  });

  it('pictures.ppt: JPEG, PNG, WMF, PICT, EMF on slides 1 to 5, as POI TestPictures says', async () => {
    const images = await collect(extractPpt, readCorpus('ppt/pictures.ppt'));
    expect(images.map((image) => [image.format, image.slideNumbers, image.role])).toEqual([
      ['JPEG', [1], 'slide'],
      ['PNG', [2], 'slide'],
      ['WMF', [3], 'slide'],
      ['PICT', [4], 'slide'],
      ['EMF', [5], 'slide'],
    ]);
    const [jpeg, png, wmf, pict, emf] = images;
    // Byte-equal to POI's test-data clock.jpg and tomcat.png.
    expect(sha256(jpeg?.bytes ?? new Uint8Array())).toMatch(/^8345fcf9/);
    expect(sha256(png?.bytes ?? new Uint8Array())).toMatch(/^90a2c8be/);
    // Byte-equal to wrench.emf (POI's own getData() gives the same bytes).
    expect(sha256(emf?.bytes ?? new Uint8Array())).toBe(
      '3c9e27e68d0322daaff3477a957d46ae5b32b23f058d29e65d3947b6eeafb2cb',
    );
    // WMF as stored: a standard metafile (META_HEADER: type 1 or 2, header size 9 words), no placeable header.
    expect(new DataView((wmf?.bytes ?? new Uint8Array(6)).buffer).getUint16(2, true)).toBe(9);
    // PICT: the 512 zero bytes a PICT file starts with, then the picture (as POI gives it).
    expect(pict?.bytes.subarray(0, 512).every((byte) => byte === 0)).toBe(true);
    for (const vector of [wmf, pict, emf]) expect(vector?.note).toBe(VECTOR_NOTE);
    expect(jpeg).toMatchObject({ name: 'image1.jpg', mimeType: 'image/jpeg', width: 192, height: 176 });
    expect(jpeg?.note).toBeUndefined();
  });

  it('backgrounds.ppt: the background picture is marked as such, with its slides', async () => {
    const images = await collect(extractPpt, readCorpus('ppt/backgrounds.ppt'));
    expect(images.map((image) => image.role)).toContain('background');
    for (const image of images) expect(image.slideNumbers?.length).toBeGreaterThan(0);
  });

  it('the encrypted PPT needs its password: none, wrong, right', async () => {
    const bytes = readCorpus('ppt/ppt_with_png_encrypted.ppt');
    const none = await errorOf(extractPpt, bytes);
    expect(none).toBeInstanceOf(PasswordRequiredError);
    expect((none as DocumentError).code).toBe('password-required');
    const wrong = await errorOf(extractPpt, bytes, { password: 'Password' });
    expect(wrong).toBeInstanceOf(PasswordRequiredError);
    expect((wrong as DocumentError).code).toBe('wrong-password');
    const images = await collect(extractPpt, bytes, { password: 'password' });
    expect(images.map((image) => [image.format, image.slideNumbers])).toEqual([
      ['PNG', undefined],
      ['PNG', [1]],
    ]);
  });

  it('reports progress in pictures and stops when cancelled', async () => {
    const bytes = readCorpus('ppt/53446.ppt');
    const progress: number[] = [];
    await collect(extractPpt, bytes, { onProgress: (p) => progress.push(p.done) });
    expect(progress).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));

    const controller = new AbortController();
    const seen: DocumentImage[] = [];
    let error: unknown;
    try {
      for await (const image of extractPpt(bytes, { signal: controller.signal })) {
        seen.push(image);
        if (seen.length === 2) controller.abort();
      }
    } catch (caught) {
      error = caught;
    }
    expect(seen).toHaveLength(2);
    expect((error as DocumentError).code).toBe('aborted');
  });
});

describe('damaged corpus files give a DocumentError, never a crash', () => {
  const keys = [...corpusFiles('doc'), ...corpusFiles('ppt')];
  it.each(keys)('%s, truncated and corrupted', async (key) => {
    const bytes = readCorpus(key);
    const extract = key.startsWith('doc/') ? extractDoc : extractPpt;
    const variants = [0.01, 0.3, 0.6, 0.9, 0.999].map((share) => bytes.slice(0, Math.floor(bytes.length * share)));
    let seed = bytes.length;
    for (let n = 0; n < 8; n++) {
      const copy = bytes.slice();
      for (let k = 0; k < 24; k++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        copy[512 + (seed % (copy.length - 512))] = seed & 0xff;
      }
      variants.push(copy);
    }
    for (const variant of variants) {
      const error = await errorOf(extract, variant, { password: 'password' });
      if (error !== undefined) expect(error).toBeInstanceOf(DocumentError);
    }
  });
});

describe('files that are not DOC or PPT', () => {
  const notCfb = {
    empty: new Uint8Array(0),
    text: new TextEncoder().encode('Just some text, not a Word document at all.'),
    png: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    zip: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0]),
  };
  for (const [name, bytes] of Object.entries(notCfb)) {
    it(`${name} bytes are 'invalid' for both extractors`, async () => {
      for (const extract of [extractDoc, extractPpt]) {
        const error = await errorOf(extract, bytes);
        expect(error).toBeInstanceOf(DocumentError);
        expect((error as DocumentError).code).toBe('invalid');
      }
    });
  }

  it("a compound file without a Word or PowerPoint stream is 'invalid'", async () => {
    const container = CFB.utils.cfb_new();
    CFB.utils.cfb_add(container, 'Workbook', new Uint8Array(5000).fill(7));
    const bytes = new Uint8Array(CFB.write(container, { type: 'array' }) as number[]);
    for (const extract of [extractDoc, extractPpt]) {
      expect(((await errorOf(extract, bytes)) as DocumentError).code).toBe('invalid');
    }
  });

  it('a PPT without slide records still lists its Pictures stream, without slide numbers', async () => {
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 3,
    ]);
    const pictures = blipRecord(0xf01e, 0x6e0, [new Uint8Array(16), new Uint8Array([0xff]), png]);
    const container = CFB.utils.cfb_new();
    CFB.utils.cfb_add(container, 'PowerPoint Document', new Uint8Array(64));
    CFB.utils.cfb_add(container, 'Pictures', pictures);
    const bytes = new Uint8Array(CFB.write(container, { type: 'array' }) as number[]);
    const images = await collect(extractPpt, bytes);
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ name: 'image1.png', format: 'PNG', role: 'slide' });
    expect(images[0]?.bytes).toEqual(png);
    expect(images[0]?.slideNumbers).toBeUndefined();
  });
});

/** An OfficeArt record: header (recVer 0, recInstance, recType, recLen) and body parts. */
function blipRecord(type: number, instance: number, parts: Uint8Array[]): Uint8Array {
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(8 + length);
  const view = new DataView(out.buffer);
  view.setUint16(0, instance << 4, true);
  view.setUint16(2, type, true);
  view.setUint32(4, length, true);
  let at = 8;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function metafileHeader(rawSize: number, savedSize: number, compressed: boolean): Uint8Array {
  const header = new DataView(new ArrayBuffer(34));
  header.setUint32(0, rawSize, true);
  header.setInt32(12, 100, true); // rcBounds right
  header.setInt32(16, 50, true); // rcBounds bottom
  header.setInt32(20, 9525 * 100, true); // ptSize: 100 x 50 px at 96 dpi
  header.setInt32(24, 9525 * 50, true);
  header.setUint32(28, savedSize, true);
  header.setUint8(32, compressed ? 0x00 : 0xfe);
  header.setUint8(33, 0xfe);
  return new Uint8Array(header.buffer);
}

describe('OfficeArt BLIP records', () => {
  const uid = new Uint8Array(16).fill(0xab);
  const tag = new Uint8Array([0xff]);
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);

  it('bitmap BLIPs: one UID or two, by recInstance; RGB and CMYK JPEG', () => {
    for (const [instance, uids] of [
      [0x46a, 1],
      [0x46b, 2],
      [0x6e2, 1],
      [0x6e3, 2],
    ] as const) {
      const record = blipRecord(0xf01d, instance, [...Array(uids).fill(uid), tag, jpeg]);
      const header = readRecord(record, 0);
      expect(header).toBeDefined();
      if (!header) continue;
      expect(decodeBlip(record, header)).toEqual({ declaredKind: 'JPEG', bytes: jpeg });
    }
  });

  it('a DIB becomes a BMP with a BITMAPFILEHEADER that points at the pixels', () => {
    // BITMAPINFOHEADER: 2x1, 8 bits, 2 palette colours used.
    const info = new DataView(new ArrayBuffer(40 + 2 * 4 + 4));
    info.setUint32(0, 40, true);
    info.setInt32(4, 2, true);
    info.setInt32(8, 1, true);
    info.setUint16(12, 1, true);
    info.setUint16(14, 8, true);
    info.setUint32(32, 2, true);
    const dib = new Uint8Array(info.buffer);
    const record = blipRecord(0xf01f, 0x7a8, [uid, tag, dib]);
    const blip = decodeBlip(record, readRecord(record, 0) ?? ({} as never));
    expect(blip?.declaredKind).toBe('BMP');
    const bmp = new DataView((blip?.bytes ?? new Uint8Array()).buffer);
    expect(String.fromCharCode(bmp.getUint8(0), bmp.getUint8(1))).toBe('BM');
    expect(bmp.getUint32(2, true)).toBe(14 + dib.length);
    expect(bmp.getUint32(10, true)).toBe(14 + 40 + 8);
    expect(blip?.bytes.subarray(14)).toEqual(dib);
  });

  it('metafiles: inflated when compressed, stored ones as they are, PICT after 512 zero bytes', () => {
    const emf = new Uint8Array(200).map((_, i) => i);
    const packed = zlibSync(emf);
    const record = blipRecord(0xf01a, 0x3d4, [uid, metafileHeader(emf.length, packed.length, true), packed]);
    const blip = decodeBlip(record, readRecord(record, 0) ?? ({} as never));
    expect(blip?.bytes).toEqual(emf);
    expect(blip?.displaySize).toEqual({ width: 100, height: 50 });

    const stored = blipRecord(0xf01b, 0x217, [uid, uid, metafileHeader(emf.length, emf.length, false), emf]);
    expect(decodeBlip(stored, readRecord(stored, 0) ?? ({} as never))?.bytes).toEqual(emf);

    const pict = blipRecord(0xf01c, 0x542, [uid, metafileHeader(emf.length, packed.length, true), packed]);
    const file = decodeBlip(pict, readRecord(pict, 0) ?? ({} as never))?.bytes;
    expect(file?.length).toBe(512 + emf.length);
    expect(file?.subarray(512)).toEqual(emf);
  });

  it("a metafile that says or turns out to be over 100 MiB is 'too-large'", () => {
    const record = blipRecord(0xf01a, 0x3d4, [uid, metafileHeader(101 * 1024 * 1024, 10, true), zlibSync(uid)]);
    expect(() => decodeBlip(record, readRecord(record, 0) ?? ({} as never))).toThrow(DocumentError);
    const bomb = zlibSync(new Uint8Array(4 * 1024 * 1024));
    let error: unknown;
    try {
      inflateBounded(bomb, 1024 * 1024);
    } catch (caught) {
      error = caught;
    }
    expect((error as DocumentError).code).toBe('too-large');
    expect(inflateBounded(bomb, 8 * 1024 * 1024)?.length).toBe(4 * 1024 * 1024);
  });

  it('a record that runs past the end of its stream is left out', () => {
    const record = blipRecord(0xf01e, 0x6e0, [uid, tag, jpeg]);
    expect(readRecord(record.subarray(0, record.length - 1), 0)).toBeUndefined();
    expect(listPictureRecords(record.subarray(0, record.length - 1))).toEqual([]);
    expect(listPictureRecords(record)).toHaveLength(1);
  });
});

describe('RC4 CryptoAPI primitives', () => {
  it('SHA-1 and RC4 give the published test vectors', () => {
    const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
    expect(hex(sha1(new TextEncoder().encode('abc')))).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(hex(sha1(new Uint8Array(0)))).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
    const long = new TextEncoder().encode('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq');
    expect(hex(sha1(long))).toBe('84983e441c3bd26ebaae4aa1f95129e5e54670f1');
    expect(hex(rc4(new TextEncoder().encode('Key'), new TextEncoder().encode('Plaintext')))).toBe('bbf316e8d940af0ad3');
  });
});
