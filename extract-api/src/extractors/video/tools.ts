import { VideoJobError } from './errors.ts';
import { runForOutput } from './runProcess.ts';

export type VideoTools = { ffmpegPath: string; ffprobePath: string };

const known = new Set<string>();

/**
 * Throws 'ffmpeg-missing' unless both programs start. A success is remembered (per path pair);
 * a failure is not, so installing ffmpeg fixes a running server without a restart.
 */
export async function checkTools(tools: VideoTools): Promise<void> {
  const key = `${tools.ffmpegPath}\u0000${tools.ffprobePath}`;
  if (known.has(key)) return;
  for (const program of [tools.ffmpegPath, tools.ffprobePath]) {
    const result = await runForOutput(program, ['-version']).catch((error: unknown) => {
      throw error instanceof VideoJobError ? error : VideoJobError.ffmpegMissing(String(error));
    });
    if (result.code !== 0) throw VideoJobError.ffmpegMissing(`${program} -version exited with ${result.code}`);
  }
  known.add(key);
}
