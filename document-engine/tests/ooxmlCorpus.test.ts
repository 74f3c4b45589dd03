// @vitest-environment node
/**
 * The DOCX and PPTX extractors against the reference corpus (tooling/corpus.mjs): every
 * file's images must be exactly the media its parts reference (manifest.json, computed from the
 * .rels parts with Python's zipfile), byte for byte by sha256, with the manifest's slide mapping.
 *
 * Deliberate difference: the manifest lists every ZIP entry under ppt/media, movies and sounds
 * included (shp-movie-props.pptx's media1.mp4). The extractor yields images only, so media that
 * is not an image (by extension: see NOT_IMAGES) is left out of the expected set.
 *
 * A picture the document crops comes out as a PNG of the crop with the stored media as its
 * `original` (officeCrops.test.ts checks the crops), and once more as stored where it is also shown
 * whole: the stored files of the images are compared with the media, each medium's slides the union
 * over its renditions.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { extensionFor } from 'media-files/extensions';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, corpusManifest, corpusPath, readCorpus } from '../../tooling/corpus.mjs';
import { extractDocx } from '../src/core/docx/extractDocx.ts';
import { extractPptx } from '../src/core/pptx/extractPptx.ts';
import type { DocumentImage } from '../src/core/types.ts';
import { PasswordRequiredError } from '../src/errors.ts';
import { collect } from './ooxmlFixtures.ts';

type ManifestMedia = {
  name: string;
  sha256: string;
  ext: string;
  referenced_from: string[];
  slides_direct?: number[];
  slides_via_layout_or_master?: number[];
};
type ManifestFile = {
  media: ManifestMedia[] | null;
  unreferenced_media?: (string | { name: string; sha256?: string })[];
  external_media_relationships?: { from: string; type: string; target: string }[];
  slide_count?: number;
  container?: string;
};

const NOT_IMAGES = new Set(['mp4', 'm4v', 'mov', 'avi', 'wmv', 'mpg', 'mpeg', 'mp3', 'm4a', 'wav', 'wma', 'aac']);

// Without the corpus this throws, saying where it looked: the file fails, it is never skipped.
const manifest = corpusManifest<{ files: Record<string, ManifestFile> }>();
const filesOf = (kind: 'docx' | 'pptx') =>
  readdirSync(corpusPath(kind)).filter((name) => name.toLowerCase().endsWith(`.${kind}`));

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** The stored file of an image: its original when the view differs from it (a crop). */
const storedSha = (image: DocumentImage) => sha256(image.original?.bytes ?? image.bytes);
const renditionsOf = (images: DocumentImage[], hash: string) =>
  images.filter((image) => image.linkedUrl === undefined && storedSha(image) === hash);
const read = readCorpus;
const entryOf = (key: string): ManifestFile => {
  const entry = manifest.files[key];
  if (!entry) throw new Error(`${key} is in the corpus folder but not in manifest.json`);
  return entry;
};
/** Names of media entries no part references (the manifest may give names or objects with a name). */
const unreferencedNames = (entry: ManifestFile) =>
  new Set((entry.unreferenced_media ?? []).map((media) => (typeof media === 'string' ? media : media.name)));
const expectedMedia = (entry: ManifestFile) =>
  (entry.media ?? []).filter(
    (media) => !NOT_IMAGES.has(media.ext.toLowerCase()) && !unreferencedNames(entry).has(media.name),
  );
const unreferencedHashes = (entry: ManifestFile) => [
  ...(entry.media ?? []).filter((media) => unreferencedNames(entry).has(media.name)).map((media) => media.sha256),
  ...(entry.unreferenced_media ?? []).flatMap((media) =>
    typeof media !== 'string' && media.sha256 ? [media.sha256] : [],
  ),
];

/** The checks every OOXML result shares: same embedded set by sha256, linked images by address, names. */
function expectSameMedia(images: DocumentImage[], entry: ManifestFile) {
  const embedded = images.filter((image) => image.linkedUrl === undefined);
  const media = expectedMedia(entry);
  expect([...new Set(embedded.map(storedSha))].sort()).toEqual(media.map((item) => item.sha256).sort());
  // one uncropped rendition per medium at most, and every view differing from its stored file says why
  const uncropped = embedded.filter((image) => image.original === undefined).map(storedSha);
  expect(uncropped).toEqual([...new Set(uncropped)]);
  for (const image of embedded) if (image.original) expect(image.viewChanges, image.name).toContain('crop');
  for (const hash of unreferencedHashes(entry)) expect(embedded.map(storedSha)).not.toContain(hash);
  const linked = images.filter((image) => image.linkedUrl !== undefined);
  expect(linked.map((image) => image.linkedUrl).sort()).toEqual(
    (entry.external_media_relationships ?? [])
      .filter((relationship) => relationship.type === 'image')
      .map((relationship) => relationship.target)
      .sort(),
  );
  for (const image of linked) expect(image.bytes).toHaveLength(0);
  for (const image of embedded) {
    expect(image.name.endsWith(`.${extensionFor(image.format)}`), image.name).toBe(true);
  }
}

/** The role a part gives its images (a DOCX image may also be a page background). */
const DOCX_ROLES: [RegExp, string[]][] = [
  [/^word\/document\.xml$/, ['body', 'background']],
  [/^word\/header\d*\.xml$/, ['header']],
  [/^word\/footer\d*\.xml$/, ['footer']],
  [/^word\/(footnotes|endnotes)\.xml$/, ['footnote']],
  [/^word\/comments\.xml$/, ['comment']],
  [/^word\/numbering\.xml$/, ['body']],
];

describe(`DOCX corpus (${CORPUS_DIR}/docx)`, () => {
  it.each(filesOf('docx'))('%s', { timeout: 30_000 }, async (file) => {
    const key = `docx/${file}`;
    const entry = entryOf(key);
    if (entry.media === null) {
      // An ECMA-376 encrypted package (a CFB container, not a ZIP).
      await expect(collect(extractDocx, read(key))).rejects.toBeInstanceOf(PasswordRequiredError);
      return;
    }
    const { images } = await collect(extractDocx, read(key));
    expectSameMedia(images, entry);
    for (const media of expectedMedia(entry)) {
      const image = renditionsOf(images, media.sha256)[0];
      const roles = media.referenced_from.flatMap(
        (part) => DOCX_ROLES.find(([pattern]) => pattern.test(part))?.[1] ?? [],
      );
      expect(roles, `${media.name} is referenced from parts we read`).not.toHaveLength(0);
      expect(roles, media.name).toContain(image?.role);
    }
  });
});

describe(`PPTX corpus (${CORPUS_DIR}/pptx)`, () => {
  it.each(filesOf('pptx'))('%s', { timeout: 30_000 }, async (file) => {
    const key = `pptx/${file}`;
    const entry = entryOf(key);
    const { images, progress } = await collect(extractPptx, read(key));
    expectSameMedia(images, entry);

    for (const media of expectedMedia(entry)) {
      const renditions = renditionsOf(images, media.sha256);
      const image = renditions[0];
      const slideNumbers = [...new Set(renditions.flatMap((rendition) => rendition.slideNumbers ?? []))];
      const direct = media.slides_direct ?? [];
      const inherited = media.slides_via_layout_or_master ?? [];
      // Superset of both; no notes pictures in this corpus, so nothing else may be added.
      expect(
        slideNumbers.sort((a, b) => a - b),
        media.name,
      ).toEqual([...new Set([...direct, ...inherited])].sort((a, b) => a - b));
      const onlyInLayoutsOrMasters = media.referenced_from.every((part) => /slide(Layout|Master)s\//.test(part));
      if (onlyInLayoutsOrMasters) expect(['layout', 'master', 'background'], media.name).toContain(image?.role);
      if (media.referenced_from.every((part) => part.startsWith('ppt/theme/'))) expect(image?.role).toBe('master');
    }
    const slideCount = entry.slide_count ?? 0;
    expect(progress).toHaveLength(slideCount);
    if (slideCount > 0) expect(progress.at(-1)).toEqual({ done: slideCount, total: slideCount, unit: 'slides' });
  });
});
