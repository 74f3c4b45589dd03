// Password-protected DOCX/PPTX (ECMA-376 encryption): how long opening one takes in the engine,
// and why its key derivation spins on @noble/hashes rather than WebCrypto. Median of N after a warm-up.
//   extract-api/node_modules/.bin/tsx bench/documents/ooxml-decrypt.ts [--runs N]
//  1. the hot loop: unlocking a 20 KB package with agile's default spin (100,000 rounds of SHA-512,
//     which core/ooxml/encryption/passwordKey.ts runs on @noble/hashes over one reused buffer),
//     against the spin alone as 100,000 awaited crypto.subtle.digest calls;
//  2. unlockDocument (derive, verify, decrypt, HMAC) on real files: LibreOffice's standard-encrypted
//     fixtures, Apache POI's agile corpus file, and the corpus's largest PPTX encrypted with agile
//     SHA-512/AES-256 by the tests' independent encryptor (document-engine/ooxml-encryptor).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { unlockDocument } from 'document-engine';
import { encryptAgile } from 'document-engine/ooxml-encryptor';
import { readCorpus } from '../../tooling/corpus.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);
const ROUNDS = 100_000;

async function median(run: () => unknown): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

async function spinSubtle(): Promise<Uint8Array> {
  let digest = new Uint8Array(await crypto.subtle.digest('SHA-512', new Uint8Array(36)));
  const buffer = new Uint8Array(4 + 64);
  const view = new DataView(buffer.buffer);
  for (let round = 0; round < ROUNDS; round++) {
    view.setUint32(0, round, true);
    buffer.set(digest, 4);
    digest = new Uint8Array(await crypto.subtle.digest('SHA-512', buffer));
  }
  return digest;
}

// The engine's own derivation: a small real package (20 KB), so the spin is nearly all of it.
const small = encryptAgile(readCorpus('docx/WithGIF.docx'), 'pw', { hash: 'SHA512', keyBits: 256, spinCount: ROUNDS });
const engine = await median(() => unlockDocument(small, { password: 'pw' }));
const subtle = await median(spinSubtle);
console.log(
  `SHA-512 x ${ROUNDS}: the engine's whole unlock of a 20 KB package ${engine.toFixed(0)} ms; the spin alone as awaited subtle.digest ${subtle.toFixed(0)} ms (${(subtle / engine).toFixed(1)}x)`,
);

const fixture = (name: string) =>
  new Uint8Array(readFileSync(createRequire(import.meta.url).resolve(`document-engine/fixtures/${name}`)));
const largest = readCorpus('pptx/ArtisticEffectSample.pptx');
const files: [string, Uint8Array, string][] = [
  [
    'having-images-standard.docx (LibreOffice, standard AES-128, 88 KB)',
    fixture('having-images-standard.docx'),
    'Pässwort-15',
  ],
  [
    'shp-shapes-standard.pptx (LibreOffice, standard AES-128, 75 KB)',
    fixture('shp-shapes-standard.pptx'),
    'Pässwort-15',
  ],
  [
    'bug53475-password-is-pass.docx (POI, agile SHA-1 AES-256, 29 KB)',
    readCorpus('docx/bug53475-password-is-pass.docx'),
    'pass',
  ],
  [
    `ArtisticEffectSample.pptx, agile SHA-512 AES-256 (${Math.round(largest.length / 1024)} KB)`,
    encryptAgile(largest, 'pw', { hash: 'SHA512', keyBits: 256 }),
    'pw',
  ],
];
for (const [name, bytes, password] of files) {
  const ms = await median(() => unlockDocument(bytes, { password }));
  console.log(`unlockDocument ${name}: ${ms.toFixed(0)} ms`);
}
