import { saveBlob } from 'browser-services/files';
import {
  type DownloadChoices,
  type ExtractedImage,
  MANIFEST_CSV,
  MANIFEST_JSON,
  type ManifestRow,
} from 'shared-contracts';
import { manifestFactsOf, namedFiles } from './namedFiles.ts';

const isLocal = (url: string) => /^(blob|data):/i.test(url);

/**
 * The manifest of `images` as a download with `choices` would give them: each file's name, and
 * its size and SHA-256 where its bytes are on this device (a web image's bytes are not read here:
 * every ZIP's manifest has them, measured as they go in).
 */
export async function manifestOf(
  images: readonly ExtractedImage[],
  choices: Partial<DownloadChoices> = {},
): Promise<ManifestRow[]> {
  const { sha256Hex } = await import('media-files/manifest');
  const rows: ManifestRow[] = [];
  // Named as in the ZIP: in their source's folder when the set holds several inputs.
  for (const file of namedFiles(images, { ...choices, folders: true })) {
    const row: ManifestRow = { ...manifestFactsOf(file), file: file.name, bytes: file.size };
    if (isLocal(file.url)) {
      try {
        const bytes = new Uint8Array(await (await fetch(file.url)).arrayBuffer());
        Object.assign(row, { bytes: bytes.length, sha256: sha256Hex(bytes) });
      } catch {
        // A revoked object URL: the row keeps what the grid knows.
      }
    }
    rows.push(row);
  }
  return rows;
}

/** "Download manifest": the images shown, as manifest.csv or manifest.json. */
export async function downloadManifest(
  images: readonly ExtractedImage[],
  choices: Partial<DownloadChoices>,
  kind: 'csv' | 'json',
): Promise<void> {
  const [{ manifestCsv, manifestJson }, rows] = await Promise.all([
    import('media-files/manifest'),
    manifestOf(images, choices),
  ]);
  if (kind === 'csv') saveBlob(new Blob([manifestCsv(rows)], { type: 'text/csv;charset=utf-8' }), MANIFEST_CSV);
  else saveBlob(new Blob([manifestJson(rows)], { type: 'application/json' }), MANIFEST_JSON);
}
