import { createWriteStream } from 'node:fs';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sniffVideoContainer, VIDEO_SNIFF_BYTES, type VideoContainer } from 'media-files';
import { VIDEO_MAX_BYTES } from 'shared-contracts';
import { VideoJobError } from './errors.ts';

/**
 * Passes a video's bytes through while checking them: the first bytes must be a video container,
 * and the total must stay within VIDEO_MAX_BYTES. Fails as early as it can tell, so a 2 GB file
 * that is not a video costs one chunk, not a disk's worth.
 */
export class VideoGuard extends Transform {
  container: VideoContainer | undefined;
  #head: Buffer[] = [];
  #received = 0;
  readonly #maxBytes: number;

  constructor(maxBytes = VIDEO_MAX_BYTES) {
    super();
    this.#maxBytes = maxBytes;
  }

  get bytesReceived(): number {
    return this.#received;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#received += chunk.length;
    if (this.#received > this.#maxBytes) {
      callback(VideoJobError.tooLarge());
      return;
    }
    if (this.container) {
      callback(null, chunk);
      return;
    }
    this.#head.push(chunk);
    if (this.#received < VIDEO_SNIFF_BYTES) {
      callback();
      return;
    }
    this.#check(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.container) callback();
    else if (this.#received === 0) callback(new VideoJobError('no-video', 'The video file is empty.'));
    else this.#check(callback);
  }

  #check(callback: TransformCallback): void {
    const head = Buffer.concat(this.#head);
    this.#head = [];
    this.container = sniffVideoContainer(head);
    if (!this.container) callback(VideoJobError.notVideoFile(`first bytes ${head.subarray(0, 16).toString('hex')}`));
    else callback(null, head);
  }
}

/** Writes a video stream to `file` through the guard; resolves with the container its bytes say. */
export async function saveVideo(source: Readable, file: string, signal?: AbortSignal): Promise<VideoContainer> {
  const guard = new VideoGuard();
  await pipeline(source, guard, createWriteStream(file, { flags: 'wx' }), signal ? { signal } : {});
  if (!guard.container) throw VideoJobError.notVideoFile();
  return guard.container;
}

/**
 * Content types a server sends for what is certainly not a video file (a web page, an image, JSON).
 * Anything else is judged by its first bytes: many servers send video as application/octet-stream.
 */
export function isClearlyNotVideo(contentType: string | undefined): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (!type) return false;
  if (type.startsWith('text/') || type.startsWith('image/') || type.startsWith('audio/')) return true;
  return (
    /^application\/(json|xml|xhtml\+xml|javascript|pdf|zip|x-www-form-urlencoded)$/.test(type) || type.endsWith('+json')
  );
}
