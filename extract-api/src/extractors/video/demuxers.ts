import type { VideoContainer } from 'media-files';

/** ffmpeg's demuxer for each container the upload guard recognises (`ffmpeg -demuxers`). */
export const DEMUXERS: Readonly<Record<VideoContainer, string>> = {
  mp4: 'mov',
  webm: 'matroska',
  matroska: 'matroska',
  avi: 'avi',
  flv: 'flv',
  mpegts: 'mpegts',
  mpegps: 'mpeg',
  ogg: 'ogg',
  asf: 'asf',
};

/**
 * What comes before every `-i` (ffmpeg's and ffprobe's): the file is opened by the demuxer of the
 * container its first bytes were checked as, and through the file protocol alone. Left to probe,
 * ffmpeg picks whichever demuxer scores a file highest: an SDP description whose bytes also pass
 * for MPEG-TS is opened as SDP and listens for RTP; a playlist or manifest fetches its segments.
 */
export function inputArgs(container: VideoContainer): string[] {
  return ['-protocol_whitelist', 'file', '-f', DEMUXERS[container]];
}
