import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { checkTools, runForOutput, type VideoTools } from '../../extractors/video/index.ts';

export type GifVideoFormat = 'MP4' | 'WEBM';

export type GifVideo = { format: GifVideoFormat; bytes: Buffer; width: number; height: number };

/**
 * The encoders' settings: what a site would serve in place of a GIF. H.264 in yuv420p (the one
 * every browser plays), its index first (+faststart) so it starts before it has all arrived; VP9
 * at constant quality. One thread each, as the pass's concurrency counts cores.
 */
const MP4_ARGS = [
  ...['-c:v', 'libx264', '-preset', 'medium', '-crf', '23', '-pix_fmt', 'yuv420p'],
  ...['-movflags', '+faststart', '-threads', '1'],
];
const WEBM_ARGS = [
  ...['-c:v', 'libvpx-vp9', '-crf', '35', '-b:v', '0', '-pix_fmt', 'yuv420p'],
  ...['-deadline', 'good', '-cpu-used', '4', '-row-mt', '0', '-threads', '1'],
];

/** yuv420p halves colour in both directions: both sides must be even (never below 2). */
export const evenSide = (side: number) => Math.max(2, Math.floor(side / 2) * 2);

/**
 * The MP4 and WebM that would replace an animated GIF, at `size` (even sides), every GIF frame kept
 * at its own time. Bounded: ffmpeg is killed when `signal` fires (the pass's time limit), and each
 * output is cut at `maxOutputBytes` (ffmpeg's -fs), a copy that reaches it being no smaller than
 * the GIF and dropped. A GIF's transparent pixels become the colour the frame stores under them:
 * a video has no alpha, and the large animated GIFs worth replacing are screen captures and clips.
 * Throws VideoJobError 'ffmpeg-missing' when ffmpeg cannot be started.
 */
export async function gifToVideos(
  gif: Uint8Array,
  size: { width: number; height: number },
  options: { tools: VideoTools; tmpDir?: string | undefined; signal?: AbortSignal | undefined; maxOutputBytes: number },
): Promise<GifVideo[]> {
  await checkTools(options.tools);
  const width = evenSide(size.width);
  const height = evenSide(size.height);
  const dir = await mkdtemp(path.join(options.tmpDir ?? os.tmpdir(), 'audit-gif-'));
  try {
    const input = path.join(dir, 'in.gif');
    await writeFile(input, gif);
    const videos: GifVideo[] = [];
    for (const [format, args, file] of [
      ['MP4', MP4_ARGS, 'out.mp4'],
      ['WEBM', WEBM_ARGS, 'out.webm'],
    ] as const) {
      options.signal?.throwIfAborted();
      const output = path.join(dir, file);
      const result = await runForOutput(
        options.tools.ffmpegPath,
        [
          ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-i', input, '-an'],
          ...['-vf', `scale=${width}:${height}:flags=lanczos`, '-fps_mode', 'passthrough'],
          ...args,
          ...['-fs', String(options.maxOutputBytes), '-y', output],
        ],
        options.signal,
      );
      options.signal?.throwIfAborted();
      if (result.code !== 0) throw new Error(`ffmpeg could not encode the ${format}: ${result.stderr.slice(-300)}`);
      if ((await stat(output)).size >= options.maxOutputBytes) continue;
      videos.push({ format, bytes: await readFile(output), width, height });
    }
    return videos;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
