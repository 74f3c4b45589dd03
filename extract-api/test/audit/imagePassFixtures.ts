/**
 * Real pictures for the image pass's tests: photos from the corpus's PowerPoint files, and an
 * animated GIF made by ffmpeg from the frames of a corpus video.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { corpusPath, readCorpus } from '../../../tooling/corpus.mjs';

export function corpusImage(document: string, entry: string): Buffer {
  const file = unzipSync(readCorpus(document))[entry];
  if (!file) throw new Error(`${entry} is not in ${document}`);
  return Buffer.from(file);
}

/** The dog of pptx/dml-fill.pptx: an 839x1024 PNG photo with alpha, 739 KB (a heavy PNG photo). */
export const dogPng = () => corpusImage('pptx/dml-fill.pptx', 'ppt/media/image1.png');
/** A 1600x1200 JPEG photo, 94 KB (pptx/themes.pptx). */
export const themeJpeg = () => corpusImage('pptx/themes.pptx', 'ppt/media/image3.jpeg');

/** `frames` frames of video.mp4 (the corpus's Big Buck Bunny clip), one every 0.2 s, as a GIF `width` wide. */
export function animatedGif(frames: number, width: number): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'audit-test-gif-'));
  try {
    const out = path.join(dir, 'clip.gif');
    execFileSync('ffmpeg', [
      ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-i', corpusPath('video/video.mp4')],
      ...['-vf', `fps=5,scale=${width}:-2`, '-frames:v', String(frames), '-y', out],
    ]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** ffprobe's view of a video file's first stream, frames counted by decoding them all. */
export function probeVideo(bytes: Buffer, ext: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'audit-test-probe-'));
  try {
    const file = path.join(dir, `video.${ext}`);
    writeFileSync(file, bytes);
    const json = execFileSync('ffprobe', [
      ...['-v', 'error', '-count_frames', '-select_streams', 'v:0'],
      ...['-show_entries', 'stream=codec_name,pix_fmt,width,height,nb_read_frames', '-of', 'json', file],
    ]).toString('utf8');
    const stream = JSON.parse(json).streams[0];
    return { ...stream, frames: Number(stream.nb_read_frames) } as {
      codec_name: string;
      pix_fmt: string;
      width: number;
      height: number;
      frames: number;
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
