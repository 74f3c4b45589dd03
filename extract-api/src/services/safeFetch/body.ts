import { Readable } from 'node:stream';
import { formatBytes } from 'media-files';
import { type ByteBudget, ByteBudgetError } from './budget.ts';
import { SafeFetchError, toSafeFetchError, withUrl } from './errors.ts';

/**
 * A response body as a Node Readable (what Fastify's reply.send, stream.pipeline and the ZIP
 * writer take). It ends, or errors with a SafeFetchError, never with a raw undici error: the
 * first chunk past `maxBytes` (or past the extraction's byte budget) destroys it with 'too-large',
 * the deadline with 'timeout', the caller's signal with 'aborted'.
 */
export class LimitedBody extends Readable {
  /** The limit in force (Infinity for a video stream). */
  readonly maxBytes: number;
  #source: Readable;
  #received = 0;

  constructor(
    source: Readable,
    maxBytes: number,
    url: string,
    signal: AbortSignal,
    onClose: () => void,
    budget?: ByteBudget,
  ) {
    super();
    this.maxBytes = maxBytes;
    this.#source = source;
    let ended = false;
    source.on('data', (chunk: Buffer) => {
      this.#received += chunk.length;
      if (this.#received > maxBytes) {
        this.destroy(
          new SafeFetchError('too-large', {
            url,
            detail: `body passed ${maxBytes} bytes`,
            message: tooLargeMessage(maxBytes),
          }),
        );
        return;
      }
      if (budget && !budget.spend(chunk.length)) {
        this.destroy(new ByteBudgetError(budget, url));
        return;
      }
      if (!this.push(chunk)) source.pause();
    });
    source.once('end', () => {
      ended = true;
      this.push(null);
    });
    source.once('error', (error) => this.destroy(withUrl(toSafeFetchError(error, url, signal), url)));
    source.once('close', () => {
      if (!ended) this.destroy(new SafeFetchError('network', { url, detail: 'the body closed before its end' }));
    });
    source.pause();
    this.once('close', onClose);
    // A body a caller left unread may still fail later (deadline, reset); that must not crash the
    // process. Readers still get the error: for-await, pipeline and their own listeners see it.
    this.on('error', () => undefined);
  }

  /** Bytes received so far. */
  get bytesReceived(): number {
    return this.#received;
  }

  override _read(): void {
    this.#source.resume();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#source.destroy();
    callback(error);
  }
}

export function tooLargeMessage(maxBytes: number): string {
  return `The file is larger than the extractor accepts (${formatBytes(maxBytes, 'limit')}). Try a smaller page or file.`;
}

/** Reads a whole body; the limit was set when the body was made, so this cannot run away. */
export async function collect(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The charset named in a Content-Type, if the platform can decode it; otherwise UTF-8. */
export function decodeText(bytes: Buffer, contentType: string | undefined): string {
  const label = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(label ?? 'utf-8').decode(bytes);
  } catch {
    // An unknown label: RangeError from the constructor.
    return new TextDecoder('utf-8').decode(bytes);
  }
}
