/**
 * The fuzzer's seeds: the real files of the shared corpus (pdf/, docx/, pptx/, doc/, ppt/, with
 * the passwords its manifest gives) plus the hostile builders of `document-engine/hostile`.
 *
 * The corpus is the one tooling/corpus.mjs names ($IMAGE_EXTRACTOR_CORPUS, else
 * <repo>/../shared/corpus); without it the run fails saying where it looked.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { requireCorpus } from '../../tooling/corpus.mjs';
import { HOSTILE_DOCUMENTS } from '../hostile/index.ts';
import { ZIP_CONTAINER_SEEDS } from './containerSeeds.ts';
import { MAIL_CONTAINER_SEEDS } from './mailSeeds.ts';

export const KINDS = [
  'pdf',
  'docx',
  'pptx',
  'doc',
  'ppt',
  'epub',
  'odf',
  'xlsx',
  'cbz',
  'eml',
  'mhtml',
  'rtf',
  'msg',
  'xls',
] as const;
export type Kind = (typeof KINDS)[number];

export type Seed = {
  /** `pdf/issue4246.pdf` for a corpus file, `hostile:<name>` for a built one. */
  name: string;
  kind: Kind;
  bytes: Uint8Array;
  password?: string;
};

/** Larger seeds are left out: they cost seconds per case and their findings could not be kept. */
export const MAX_SEED_BYTES = 1_200_000;

export class CorpusMissingError extends Error {}

/** Throws CorpusMissingError, saying where it looked, when the corpus or its folder for this kind is missing. */
export function loadSeeds(kind: Kind): Seed[] {
  // kinds the corpus has no files of: their seeds are built in code
  if (kind in ZIP_CONTAINER_SEEDS) {
    return ZIP_CONTAINER_SEEDS[kind as keyof typeof ZIP_CONTAINER_SEEDS]()
      .filter((seed) => seed.bytes.length <= MAX_SEED_BYTES)
      .map((seed) => ({ ...seed, kind }));
  }
  if (kind in MAIL_CONTAINER_SEEDS) {
    return MAIL_CONTAINER_SEEDS[kind as keyof typeof MAIL_CONTAINER_SEEDS]()
      .filter((seed) => seed.bytes.length <= MAX_SEED_BYTES)
      .map((seed) => ({ ...seed, kind }));
  }
  let dir: string;
  try {
    dir = requireCorpus();
  } catch (error) {
    throw new CorpusMissingError(`The fuzzer's seeds are missing. ${(error as Error).message}`);
  }
  const kindDir = join(dir, kind);
  if (!existsSync(kindDir)) {
    throw new CorpusMissingError(`The fuzzer found no ${kind}/ folder of seeds in the corpus at ${kindDir}.`);
  }
  const passwords = readPasswords(dir);
  const seeds: Seed[] = [];
  for (const file of readdirSync(kindDir).sort()) {
    if (!file.toLowerCase().endsWith(`.${kind}`)) continue;
    const path = join(kindDir, file);
    if (statSync(path).size > MAX_SEED_BYTES) continue;
    const name = `${kind}/${file}`;
    seeds.push({ name, kind, bytes: new Uint8Array(readFileSync(path)), password: passwords.get(name) });
  }
  for (const doc of HOSTILE_DOCUMENTS) {
    if (doc.kind !== kind) continue;
    try {
      const bytes = doc.build();
      if (bytes.length <= MAX_SEED_BYTES) seeds.push({ name: `hostile:${doc.name}`, kind, bytes });
    } catch {
      // A builder being written by someone else may throw; the corpus seeds still run.
    }
  }
  if (seeds.length === 0) throw new CorpusMissingError(`No ${kind} seed under ${kindDir}.`);
  return seeds;
}

function readPasswords(dir: string): Map<string, string> {
  const passwords = new Map<string, string>();
  try {
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
      files?: Record<string, { password?: string }>;
    };
    for (const [name, entry] of Object.entries(manifest.files ?? {})) {
      if (typeof entry.password === 'string') passwords.set(name, entry.password);
    }
  } catch {
    // No manifest: the encrypted seeds run without their password (they still exercise the refusal).
  }
  return passwords;
}

export const EXTENSIONS: Record<Kind, string> = {
  pdf: 'pdf',
  docx: 'docx',
  pptx: 'pptx',
  doc: 'doc',
  ppt: 'ppt',
  epub: 'epub',
  odf: 'odf',
  xlsx: 'xlsx',
  cbz: 'cbz',
  eml: 'eml',
  mhtml: 'mhtml',
  rtf: 'rtf',
  msg: 'msg',
  xls: 'xls',
};
