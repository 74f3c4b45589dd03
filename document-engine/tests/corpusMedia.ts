/**
 * Real pictures for the container tests, taken out of the corpus's Word files: the containers are
 * built around them at test time, so a reader's output can be checked byte for byte.
 */
import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';
import { readCorpus } from '../../tooling/corpus.mjs';

export type CorpusMedia = { png: Uint8Array; jpeg: Uint8Array; gif: Uint8Array; emf: Uint8Array; wmf: Uint8Array };

export function corpusMedia(): CorpusMedia {
  const various = unzipSync(readCorpus('docx/VariousPictures.docx'));
  const withGif = unzipSync(readCorpus('docx/WithGIF.docx'));
  const pick = (files: Record<string, Uint8Array>, name: string) => {
    const bytes = files[name];
    if (!bytes) throw new Error(`The corpus file has no ${name}.`);
    return bytes;
  };
  return {
    png: pick(various, 'word/media/image2.png'),
    jpeg: pick(various, 'word/media/image5.jpeg'),
    emf: pick(various, 'word/media/image4.emf'),
    wmf: pick(various, 'word/media/image1.wmf'),
    gif: pick(withGif, 'word/media/image1.gif'),
  };
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export async function collectAll<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of source) out.push(item);
  return out;
}
