// @vitest-environment node
import { inflateSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { RawInflater } from '../src/core/types.ts';
import { MAX_ZIP_ENTRIES, openZip } from '../src/core/zip/zipReader.ts';
import { DocumentError } from '../src/errors.ts';
import { text, zipParts } from './ooxmlFixtures.ts';

const CENTRAL_HEADER_SIGNATURE = 0x02014b50;

/** Rewrites the declared sizes of the central directory entry named `name`. */
function declareSize(zip: Uint8Array, name: string, size: number, compressedSize?: number): Uint8Array {
  const copy = new Uint8Array(zip);
  const view = new DataView(copy.buffer);
  for (let at = 0; at + 46 <= copy.length; at++) {
    if (view.getUint32(at, true) !== CENTRAL_HEADER_SIGNATURE) continue;
    const nameLength = view.getUint16(at + 28, true);
    if (text(copy.subarray(at + 46, at + 46 + nameLength)) !== name) continue;
    view.setUint32(at + 24, size, true);
    if (compressedSize !== undefined) view.setUint32(at + 20, compressedSize, true);
  }
  return copy;
}

/** `code: message` of the DocumentError the action throws. */
function messageOf(action: () => unknown): string | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    return error instanceof DocumentError ? `${error.code}: ${error.message}` : `not a DocumentError: ${String(error)}`;
  }
}

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    return error instanceof DocumentError ? error.code : `not a DocumentError: ${String(error)}`;
  }
}

describe('openZip', () => {
  it('should list the entries and read stored and deflated ones byte for byte', () => {
    const stored = new Uint8Array([1, 2, 3, 250, 251]);
    const zip = zipSync({
      'a/stored.bin': [stored, { level: 0 }],
      'a/deflated.xml': [new TextEncoder().encode('<x>'.repeat(1000)), { level: 9 }],
    });
    const reader = openZip(zip);
    expect(reader.entries.map((entry) => [entry.name, entry.method, entry.size])).toEqual([
      ['a/stored.bin', 0, 5],
      ['a/deflated.xml', 8, 3000],
    ]);
    const storedEntry = reader.find('/A/Stored.BIN');
    expect(storedEntry).toBeDefined();
    if (!storedEntry) return;
    expect(reader.read(storedEntry)).toEqual(stored);
    const deflatedEntry = reader.find('a/deflated.xml');
    if (!deflatedEntry) throw new Error('missing entry');
    expect(text(reader.read(deflatedEntry))).toBe('<x>'.repeat(1000));
  });

  it('should read a name without the UTF-8 flag as UTF-8 when it is, and as code page 437 when not', () => {
    // Info-ZIP on Linux writes "café 1.jpg" in UTF-8 without flag 11; a DOS tool wrote "über.png" as 0x81
    const zip = zipSync({ 'caf\u00e9 1.jpg': new Uint8Array([1]), 'XXber.png': new Uint8Array([2]) });
    const patched = zip.slice();
    const view = new DataView(patched.buffer);
    for (let at = 0; at + 46 < patched.length; at++) {
      const signature = view.getUint32(at, true);
      const [flagsAt, nameAt] =
        signature === 0x04034b50 ? [at + 6, at + 30] : signature === 0x02014b50 ? [at + 8, at + 46] : [-1, -1];
      if (flagsAt < 0) continue;
      view.setUint16(flagsAt, view.getUint16(flagsAt, true) & ~0x0800, true);
      // "XX" becomes 0x81 "b", code page 437's "üb": the same length
      if (patched[nameAt] === 0x58 && patched[nameAt + 1] === 0x58) {
        patched[nameAt] = 0x81;
        patched[nameAt + 1] = 0x62;
      }
    }
    const names = openZip(patched).entries.map((entry) => entry.name);
    expect(names).toEqual(['caf\u00e9 1.jpg', '\u00fcbber.png']);
    expect(openZip(zip).entries.map((entry) => entry.name)).toEqual(['caf\u00e9 1.jpg', 'XXber.png']);
  });

  it('should inflate only the entry asked for: a damaged entry spoils only itself', () => {
    const zip = zipParts({ 'good.xml': '<ok/>', 'bad.xml': '<bad/>'.repeat(100) });
    const bad = openZip(zip).find('bad.xml');
    if (!bad) throw new Error('missing entry');
    const dataStart = bad.localHeaderOffset + 30 + 'bad.xml'.length;
    const damaged = openZip(zip.slice().fill(0xff, dataStart, dataStart + 4));
    const good = damaged.find('good.xml');
    const badAgain = damaged.find('bad.xml');
    if (!good || !badAgain) throw new Error('missing entry');
    expect(text(damaged.read(good))).toBe('<ok/>');
    expect(codeOf(() => damaged.read(badAgain))).toBe('invalid');
  });

  it('should refuse a file that is not a ZIP as invalid', () => {
    expect(codeOf(() => openZip(new TextEncoder().encode('%PDF-1.7 not a zip at all')))).toBe('invalid');
    expect(codeOf(() => openZip(new Uint8Array(0)))).toBe('invalid');
  });

  it('should refuse a zip bomb entry compressed more than 1000:1', () => {
    const bomb = zipSync({ 'word/document.xml': [new Uint8Array(10 * 1024 * 1024), { level: 9 }] });
    expect(bomb.length).toBeLessThan(20 * 1024);
    expect(messageOf(() => openZip(bomb))).toBe(
      'too-large: The package entry word/document.xml is compressed more than 1000:1.',
    );
  });

  it('should refuse an entry declared above 200 MiB, and a total above 1 GiB', () => {
    const zip = zipSync({ 'a.bin': [new Uint8Array(2000).fill(7), { level: 0 }] });
    expect(messageOf(() => openZip(declareSize(zip, 'a.bin', 201 * 1024 * 1024)))).toBe(
      'too-large: The package entry a.bin unpacks to more than 200 MiB.',
    );
    const parts: Record<string, [Uint8Array, { level: 0 }]> = {};
    for (let i = 0; i < 6; i++) parts[`p${i}.bin`] = [new Uint8Array(1), { level: 0 }];
    let many: Uint8Array = zipSync(parts);
    // Six entries of 190 MiB at 100:1: each one within the entry bounds, together over 1 GiB.
    for (let i = 0; i < 6; i++) many = declareSize(many, `p${i}.bin`, 190 * 1024 * 1024, 1.9 * 1024 * 1024);
    expect(messageOf(() => openZip(many))).toBe('too-large: This package unpacks to more than 1 GiB.');
  });

  it('should stop inflating an entry that unpacks to more than it declares', () => {
    const zip = zipSync({ 'a.xml': [new Uint8Array(100_000), { level: 9 }] });
    const lying = openZip(declareSize(zip, 'a.xml', 1000));
    const entry = lying.find('a.xml');
    if (!entry) throw new Error('missing entry');
    expect(codeOf(() => lying.read(entry))).toBe('too-large');
  });

  it(`should refuse more than ${MAX_ZIP_ENTRIES} entries`, () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i <= MAX_ZIP_ENTRIES; i++) files[`e${i}`] = new Uint8Array(0);
    expect(codeOf(() => openZip(zipSync(files, { level: 0 })))).toBe('too-large');
  });

  it('should find the directory past leading bytes (a self-extractor stub)', () => {
    const zip = zipParts({ 'x.txt': 'hello' });
    const prefixed = new Uint8Array(100 + zip.length);
    prefixed.set(zip, 100);
    const reader = openZip(prefixed);
    const entry = reader.find('x.txt');
    if (!entry) throw new Error('missing entry');
    expect(text(reader.read(entry))).toBe('hello');
  });

  describe('readAsync (media, inflated natively)', () => {
    /** The DocumentError code readAsync rejects with. */
    async function asyncCodeOf(action: () => Promise<unknown>): Promise<string | undefined> {
      try {
        await action();
        return undefined;
      } catch (error) {
        return error instanceof DocumentError ? error.code : `not a DocumentError: ${String(error)}`;
      }
    }
    // A host inflater as Node's zlib would be: here fflate one-shot, so the test needs no Node API.
    const hostInflater: RawInflater = async (data) => inflateSync(data);
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 7919) % 251);
    const zip = zipSync({ 'ppt/media/image1.png': [bytes, { level: 6 }], 'stored.bin': [bytes, { level: 0 }] });

    it('should give the same bytes as read, with the platform inflater and with a host one', async () => {
      const reader = openZip(zip);
      const media = reader.find('ppt/media/image1.png');
      const stored = reader.find('stored.bin');
      if (!media || !stored) throw new Error('missing entry');
      expect(media.method).toBe(8);
      const same = (a: Uint8Array) => Buffer.from(a).equals(Buffer.from(bytes));
      expect(same(await reader.readAsync(media))).toBe(true);
      expect(same(await reader.readAsync(media, hostInflater))).toBe(true);
      expect(same(await reader.readAsync(stored))).toBe(true);
    });

    it('should refuse an entry that unpacks to more than it declares, and a damaged one', async () => {
      const lying = openZip(declareSize(zip, 'ppt/media/image1.png', 1000));
      const entry = lying.find('ppt/media/image1.png');
      if (!entry) throw new Error('missing entry');
      expect(await asyncCodeOf(() => lying.readAsync(entry))).toBe('too-large');
      expect(await asyncCodeOf(() => lying.readAsync(entry, hostInflater))).toBe('too-large');

      const reader = openZip(zip);
      const media = reader.find('ppt/media/image1.png');
      if (!media) throw new Error('missing entry');
      const dataStart = media.localHeaderOffset + 30 + 'ppt/media/image1.png'.length;
      const damaged = openZip(zip.slice().fill(0xff, dataStart, dataStart + 8));
      const broken = damaged.find('ppt/media/image1.png');
      if (!broken) throw new Error('missing entry');
      expect(await asyncCodeOf(() => damaged.readAsync(broken))).toBe('invalid');
    });
  });
});
