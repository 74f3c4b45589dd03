/** The video corpus and what ffprobe recorded about it (manifest.json, found by tooling/corpus.mjs). */
import { corpusManifest } from '../../../../tooling/corpus.mjs';

export { corpusPath } from '../../../../tooling/corpus.mjs';

export type ManifestVideo = {
  kind: 'video';
  container: string;
  duration_used_s: number;
  video: {
    codec_name: string;
    width: number;
    height: number;
    sample_aspect_ratio: string | null;
    rotation_deg: number | null;
  };
  sampling: Record<'every_1s' | 'every_5s', { expected_frames: number }>;
};

// Without the corpus this throws, saying where it looked: every suite importing it fails, none skips.
const manifest = corpusManifest<{ files: Record<string, { kind: string }> }>();

export const corpusVideos = Object.entries(manifest.files).filter(
  (entry): entry is [string, ManifestVideo] => entry[1].kind === 'video',
);

export function manifestVideo(name: string): ManifestVideo {
  const entry = corpusVideos.find(([key]) => key === name);
  if (!entry) throw new Error(`${name} is not a video of the corpus manifest`);
  return entry[1];
}

/** Width and height a player shows: SAR applied to the width, then quarter turns swap the sides. */
export function expectedDisplaySize(video: ManifestVideo['video']): { width: number; height: number } {
  const [num, den] = (video.sample_aspect_ratio ?? '1:1').split(':').map(Number);
  const sar = num && den ? num / den : 1;
  const width = Math.round(video.width * sar);
  return Math.abs(video.rotation_deg ?? 0) % 180 === 90
    ? { width: video.height, height: width }
    : { width, height: video.height };
}

/** A PNG's width and height from its IHDR. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
