/**
 * Video on the server: ffmpeg for what the browser cannot decode (AVI, FLV, MPEG-TS, HEVC…).
 * The screens decode MP4, WebM and MKV themselves with WebCodecs; this module is their fallback.
 *
 *   const info = await probeVideo(ffprobePath, file, signal);        // duration, display size
 *   for await (const frame of extractFrames({ ffmpegPath, input: file, workDir, video: info,
 *     selection: { mode: { kind: 'scenes', sensitivity: 70 }, sharpest: false }, format: 'png',
 *     quality: 92, signal })) { … }
 *
 * Times and names come from media-files (`frameTimes`, `frameFileName`), the same functions
 * the browser uses, so a frame is named alike wherever it was made.
 */

export { composeContactSheet, type SheetRequest } from './contactSheet.ts';
export { isVideoJobError, VideoJobError, type VideoJobErrorCode } from './errors.ts';
export { type ExtractedFrame, extractFrames, type FrameRequest } from './extractFrames.ts';
export {
  finishFilters,
  gridExtractionArgs,
  keyframeArgs,
  rotationFilters,
  sceneArgs,
  toneMapFilters,
} from './ffmpegArgs.ts';
export { probeVideo, type VideoInfo } from './probeVideo.ts';
export { isClearlyNotVideo, saveVideo, VideoGuard } from './receiveVideo.ts';
export { runForOutput, runProcess } from './runProcess.ts';
export { splitImages } from './splitImages.ts';
export { checkTools, type VideoTools } from './tools.ts';
