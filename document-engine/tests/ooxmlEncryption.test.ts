// @vitest-environment node
/**
 * Password-protected DOCX and PPTX (ECMA-376 encryption, MS-OFFCRYPTO 2.3.4), through the
 * engine's one door (extractDocument / unlockDocument):
 *
 *   - standard encryption: fixtures/*-standard.* saved by LibreOffice 7.4 from corpus files
 *     (fixtures/README.md says how), and AES-192/256 variants made by tests/ooxmlEncryptionWriter.ts;
 *   - agile encryption: Apache POI's corpus file (SHA-1, AES-256, with an HMAC), and packages
 *     encrypted here from real corpus DOCX/PPTX with SHA-256/384/512 and AES-128/192/256 by
 *     ooxmlEncryptionWriter.ts, an encryptor on Node's OpenSSL written apart from the engine.
 *
 * Each must give, with its password, exactly the images of the unencrypted source (the corpus
 * manifest's media, byte for byte); a wrong password the wrong-password error, none the
 * password-required one; damage a DocumentError, at once.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { corpusManifest, readCorpus } from '../../tooling/corpus.mjs';
import { OFFICE_HOSTILE_DOCUMENTS } from '../hostile/office.ts';
import { openCompoundFile } from '../src/core/legacy/compoundFile.ts';
import { decryptPackage } from '../src/core/ooxml/encryption/index.ts';
import { openZip } from '../src/core/zip/zipReader.ts';
import {
  DocumentError,
  type DocumentImage,
  extractDocument,
  PasswordRequiredError,
  unlockDocument,
} from '../src/index.ts';
import { editAgileXml, editStreams, encryptAgile, encryptStandard } from './ooxmlEncryptionWriter.ts';
import { zipParts } from './ooxmlFixtures.ts';

const FIXTURE_PASSWORD = 'Pässwort-15';

function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(fileURLToPath(new URL(`fixtures/${name}`, import.meta.url))));
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

type ManifestMedia = { name: string; sha256: string };
function manifestMedia(key: string): ManifestMedia[] {
  const entry = (corpusManifest() as { files: Record<string, { media: ManifestMedia[] | null }> }).files[key];
  if (!entry?.media) throw new Error(`The corpus manifest lists no media for ${key}.`);
  return entry.media;
}

async function imagesOf(bytes: Uint8Array, password?: string): Promise<DocumentImage[]> {
  const images: DocumentImage[] = [];
  for await (const image of extractDocument(bytes, password === undefined ? {} : { password })) images.push(image);
  return images;
}

async function failureOf(run: () => Promise<unknown>): Promise<DocumentError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof DocumentError) return error;
    throw error;
  }
  throw new Error('expected a DocumentError, and the document opened');
}

/** The images as a comparable list: each one's stored bytes' hash, view hash and format. */
const fingerprint = (images: DocumentImage[]) =>
  images
    .map((image) => ({
      stored: sha256(image.original?.bytes ?? image.bytes),
      view: sha256(image.bytes),
      format: image.format,
    }))
    .sort((a, b) => (a.stored + a.view < b.stored + b.view ? -1 : 1));

async function expectSameImagesAsSource(encrypted: Uint8Array, password: string, sourceKey: string) {
  const images = await imagesOf(encrypted, password);
  const source = await imagesOf(readCorpus(sourceKey));
  expect(fingerprint(images)).toEqual(fingerprint(source));
  const media = manifestMedia(sourceKey);
  expect(images).toHaveLength(media.length);
  expect(new Set(images.map((image) => sha256(image.original?.bytes ?? image.bytes)))).toEqual(
    new Set(media.map((m) => m.sha256)),
  );
}

const SOURCES = [
  { fixture: 'having-images-standard.docx', source: 'docx/having-images.docx', kind: 'docx' },
  { fixture: 'shp-shapes-standard.pptx', source: 'pptx/shp-shapes.pptx', kind: 'pptx' },
] as const;

describe('unlockDocument', () => {
  it('hands every other document on as it is, with its kind', async () => {
    for (const [key, kind] of [
      ['pdf/issue3371.pdf', 'pdf'],
      ['docx/having-images.docx', 'docx'],
      ['pptx/shp-shapes.pptx', 'pptx'],
      ['doc/two_images.doc', 'doc'],
      ['ppt/ppt_with_png_encrypted.ppt', 'ppt'],
    ] as const) {
      const bytes = readCorpus(key);
      const unlocked = await unlockDocument(bytes);
      expect(unlocked.kind, key).toBe(kind);
      expect(unlocked.bytes, key).toBe(bytes);
    }
    expect((await failureOf(() => unlockDocument(new TextEncoder().encode('not a document')))).code).toBe(
      'unsupported',
    );
  });
});

describe('standard encryption saved by LibreOffice (AES-128, SHA-1)', () => {
  for (const { fixture: name, source, kind } of SOURCES) {
    it(`${name}: with its password, the images of ${source}, byte for byte`, async () => {
      const bytes = fixture(name);
      expect((await unlockDocument(bytes, { password: FIXTURE_PASSWORD })).kind).toBe(kind);
      await expectSameImagesAsSource(bytes, FIXTURE_PASSWORD, source);
    });

    it(`${name}: no password asks for one, a wrong one is refused`, async () => {
      const bytes = fixture(name);
      const none = await failureOf(() => imagesOf(bytes));
      expect(none).toBeInstanceOf(PasswordRequiredError);
      expect(none.code).toBe('password-required');
      for (const wrong of ['Passwort-15', '', 'pässwort-15']) {
        const refused = await failureOf(() => imagesOf(bytes, wrong));
        expect(refused).toBeInstanceOf(PasswordRequiredError);
        expect(refused.code, wrong).toBe('wrong-password');
      }
    });
  }

  it.each([192, 256] as const)('AES-%i standard packages (made here) open the same way', async (keyBits) => {
    const encrypted = encryptStandard(readCorpus('pptx/shp-shapes.pptx'), 'secret', keyBits);
    await expectSameImagesAsSource(encrypted, 'secret', 'pptx/shp-shapes.pptx');
    expect((await failureOf(() => imagesOf(encrypted, 'Secret'))).code).toBe('wrong-password');
  });
});

describe('agile encryption', () => {
  it("Apache POI's agile file (SHA-1, AES-256, with an HMAC): its password opens it, a wrong one does not", async () => {
    const bytes = readCorpus('docx/bug53475-password-is-pass.docx');
    const unlocked = await unlockDocument(bytes, { password: 'pass' });
    expect(unlocked.kind).toBe('docx');
    const zip = openZip(unlocked.bytes);
    expect(zip.find('word/document.xml')).toBeDefined();
    // A Word file with text and no pictures: it opens and yields none.
    expect(await imagesOf(bytes, 'pass')).toEqual([]);
    expect((await failureOf(() => imagesOf(bytes, 'Pass'))).code).toBe('wrong-password');
    expect((await failureOf(() => imagesOf(bytes))).code).toBe('password-required');
  });

  const VARIANTS = [
    { hash: 'SHA512', keyBits: 256 },
    { hash: 'SHA384', keyBits: 192 },
    { hash: 'SHA256', keyBits: 128 },
    { hash: 'SHA1', keyBits: 128 },
  ] as const;
  for (const { hash, keyBits } of VARIANTS) {
    for (const { source, kind } of SOURCES) {
      it(`${source} encrypted with ${hash} and AES-${keyBits}: the same images, kind ${kind}`, async () => {
        const encrypted = encryptAgile(readCorpus(source), 'Agile ✓ password', { hash, keyBits });
        expect((await unlockDocument(encrypted, { password: 'Agile ✓ password' })).kind).toBe(kind);
        await expectSameImagesAsSource(encrypted, 'Agile ✓ password', source);
        expect((await failureOf(() => imagesOf(encrypted, 'agile ✓ password'))).code).toBe('wrong-password');
      });
    }
  }

  it('a package with no dataIntegrity still opens', async () => {
    const encrypted = encryptAgile(readCorpus('docx/having-images.docx'), 'pw', { withoutIntegrity: true });
    await expectSameImagesAsSource(encrypted, 'pw', 'docx/having-images.docx');
  });

  it('a package changed after it was encrypted fails its integrity check (invalid), whatever the password', async () => {
    const encrypted = encryptAgile(readCorpus('docx/having-images.docx'), 'pw');
    const file = openCompoundFile(encrypted);
    const stream = file.stream('EncryptedPackage') as Uint8Array;
    // Flip one byte in the middle of the encrypted package, where the CFB writer put it.
    const at = findBytes(encrypted, stream.subarray(5000, 5032)) + 16;
    const tampered = encrypted.slice();
    tampered[at] = (tampered[at] as number) ^ 1;
    const failure = await failureOf(() => imagesOf(tampered, 'pw'));
    expect(failure.code).toBe('invalid');
    expect(failure.message).toMatch(/integrity check/);
    // The password is checked first: a wrong one is still just wrong.
    expect((await failureOf(() => imagesOf(tampered, 'nope'))).code).toBe('wrong-password');
  });

  it('an encrypted spreadsheet-style package decrypts, and is refused as not Word or PowerPoint', async () => {
    const xlsx = zipParts({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });
    const encrypted = encryptAgile(xlsx, 'pw', { spinCount: 1000 });
    const file = openCompoundFile(encrypted);
    expect(await decryptPackage(file, { password: 'pw' })).toEqual(xlsx);
    const failure = await failureOf(() => imagesOf(encrypted, 'pw'));
    expect(failure.code).toBe('unsupported');
    expect(failure.message).toMatch(/not a Word or PowerPoint document/);
  });

  it('a browser without AES-192 (Chromium) is told so, not handed a bare DOMException', async () => {
    const encrypted = encryptAgile(readCorpus('docx/having-images.docx'), 'pw', { keyBits: 192, spinCount: 1000 });
    const subtle = globalThis.crypto.subtle;
    const importKey = subtle.importKey.bind(subtle);
    // As Chromium answers a 192-bit AES key
    const spy = vi.spyOn(subtle, 'importKey').mockImplementation(((...args: Parameters<typeof importKey>) => {
      const [, key, algorithm] = args;
      if ((algorithm as { name?: string }).name === 'AES-CBC' && (key as Uint8Array).byteLength === 24) {
        return Promise.reject(new DOMException('192-bit AES keys are not supported', 'NotSupportedError'));
      }
      return importKey(...args);
    }) as typeof importKey);
    try {
      const failure = await failureOf(() => imagesOf(encrypted, 'pw'));
      expect(failure.code).toBe('unsupported');
      expect(failure.message).toMatch(/AES-192, which this browser cannot decrypt/);
    } finally {
      spy.mockRestore();
    }
    expect(await imagesOf(encrypted, 'pw')).toHaveLength(3);
  });

  it('Cancel during the key derivation stops it', async () => {
    const encrypted = encryptAgile(readCorpus('docx/having-images.docx'), 'pw', { spinCount: 1000 });
    // A huge spin count in the same file: the derivation yields as it goes, so the abort is heard.
    const patched = editAgileXml(encrypted, (xml) => xml.replace('spinCount="1000"', 'spinCount="9000000"'));
    const controller = new AbortController();
    const started = performance.now();
    const run = failureOf(() => unlockDocument(patched, { password: 'pw', signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    const failure = await run;
    expect(failure.code).toBe('aborted');
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe('damaged password-protected files: a clear DocumentError at once, with or without the password', () => {
  const standard = () => fixture('shp-shapes-standard.pptx');
  const agile = () => encryptAgile(readCorpus('docx/having-images.docx'), 'pw', { spinCount: 1000 });
  const CASES: { name: string; build: () => Uint8Array; code: string; message: RegExp }[] = [
    {
      name: 'standard: EncryptedPackage cut in half',
      build: () => editStreams(standard(), { encryptedPackage: (s) => s.subarray(0, s.length >> 1) }),
      code: 'invalid',
      message: /damaged: its encrypted package declares \d+ bytes and holds \d+/,
    },
    {
      name: 'agile: EncryptedPackage cut to its size field',
      build: () => editStreams(agile(), { encryptedPackage: (s) => s.subarray(0, 8) }),
      code: 'invalid',
      message: /damaged/,
    },
    {
      name: 'agile: EncryptionInfo XML cut short',
      build: () => editStreams(agile(), { info: (info) => info.subarray(0, info.length - 40) }),
      code: 'invalid',
      message: /not well-formed XML/,
    },
    {
      name: 'agile: a salt whose size is not what saltSize says',
      build: () => editAgileXml(agile(), (xml) => xml.replace('saltSize="16"', 'saltSize="15"')),
      code: 'invalid',
      message: /salt has 16 bytes, not 15/,
    },
    {
      name: 'agile: AES with a 100-bit key',
      build: () => editAgileXml(agile(), (xml) => xml.replace('keyBits="256"', 'keyBits="100"')),
      code: 'invalid',
      message: /AES key of 100 bits/,
    },
    {
      name: "agile: spinCount past MS-OFFCRYPTO's 10,000,000",
      build: () => editAgileXml(agile(), (xml) => xml.replace('spinCount="1000"', 'spinCount="10000001"')),
      code: 'invalid',
      message: /spinCount is 10000001/,
    },
    {
      name: 'agile: an unknown cipher',
      build: () => editAgileXml(agile(), (xml) => xml.replaceAll('cipherAlgorithm="AES"', 'cipherAlgorithm="RC2"')),
      code: 'unsupported',
      message: /the cipher RC2/,
    },
    {
      name: 'standard: the header size past the stream',
      build: () =>
        editStreams(standard(), {
          info: (info) => {
            const out = Buffer.from(info);
            out.writeUInt32LE(0x7ffffff0, 8);
            return out;
          },
        }),
      code: 'invalid',
      message: /header is cut short/,
    },
    {
      name: 'an EncryptionInfo of version 9.9',
      build: () => editStreams(standard(), { info: () => Uint8Array.of(9, 0, 9, 0, 0, 0, 0, 0) }),
      code: 'unsupported',
      message: /encryption version 9\.9/,
    },
  ];
  for (const { name, build, code, message } of CASES) {
    it(name, async () => {
      const bytes = build();
      for (const password of [undefined, 'pw', FIXTURE_PASSWORD]) {
        const started = performance.now();
        const failure = await failureOf(() => imagesOf(bytes, password));
        expect(failure.code, String(password)).toBe(code);
        expect(failure.message).toMatch(message);
        expect(performance.now() - started).toBeLessThan(1000);
      }
    });
  }

  for (const doc of OFFICE_HOSTILE_DOCUMENTS.filter((d) => d.fileName.startsWith('encrypted-'))) {
    it(`hostile/office.ts: ${doc.name}, with a password too`, async () => {
      const started = performance.now();
      expect((await failureOf(() => imagesOf(doc.build(), 'pw'))).code).toBe('invalid');
      expect(performance.now() - started).toBeLessThan(1000);
    });
  }
});

function findBytes(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let at = 0; at + needle.length <= haystack.length; at++) {
    for (let i = 0; i < needle.length; i++) if (haystack[at + i] !== needle[i]) continue outer;
    return at;
  }
  throw new Error('not found');
}
