import type { SafeFetch, SafeResponse } from '../../services/safeFetch/index.ts';
import { decodeDataUrl } from './dataUrl.ts';
import { readDimensions } from './dimensions.ts';
import { sniffImageFormat } from './sniff.ts';

/** What the first bytes of an image say about it. */
export type ImageFacts = {
  /** True format from the magic bytes (`PNG`, `JPEG`, `SVG`…); undefined when it is not an image we know. */
  format?: string;
  mimeType?: string;
  /** In CSS pixels as a browser shows it (EXIF rotation applied; an SVG's width/height or viewBox). */
  width?: number;
  height?: number;
  /** The file's size in bytes: Content-Range's total, or Content-Length of a whole answer. */
  size?: number;
  /** The address the bytes came from, after redirects (the data: URL itself for one). */
  finalUrl: string;
  /** The addresses that redirected on the way to `finalUrl`, in order (the image audit reads them). */
  redirects?: string[];
  /** The first answer's status and Content-Type, as the server said them. */
  status?: number;
  contentType?: string;
  /** The whole file, when the probe read all of it and was asked to keep it (`keepWhole`). */
  bytes?: Uint8Array;
};

/** The first request asks for this much: every format's header fits, and so does nearly every JPEG's EXIF. */
export const PROBE_FIRST_RANGE_BYTES = 64 * 1024;
/** A probe never reads further into a file than this, whatever the format would need. */
export const PROBE_MAX_BYTES = 1024 * 1024;

/** What a browser's <img> asks for. */
export const IMAGE_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
/**
 * "Prefer original formats": what an old browser asked for, so a server that picks the format by
 * the request (an image CDN's auto format) sends its JPEG or PNG, not a WebP or AVIF made for us.
 */
export const ORIGINAL_FORMAT_ACCEPT = 'image/jpeg,image/png,image/gif,image/svg+xml,image/*;q=0.5,*/*;q=0.1';

/** The Accept of an image request, as the image was found (`originalFormat`) or as a browser asks. */
export const imageAccept = (originalFormat?: boolean) => (originalFormat ? ORIGINAL_FORMAT_ACCEPT : IMAGE_ACCEPT);

export type ProbeImageOptions = {
  /** Extra request headers, e.g. the page as Referer for sites that refuse hot-linked images. */
  headers?: Record<string, string>;
  /** Keep the bytes when they are the whole file (a small image): a full-size check compares them. */
  keepWhole?: boolean;
};

function header(response: SafeResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** `bytes 0-65535/5000000` → start and total (undefined for `*`). */
function parseContentRange(value: string | undefined): { start: number; total: number | undefined } | undefined {
  const match = /^\s*bytes\s+(\d+)-(\d+)\/(\d+|\*)\s*$/i.exec(value ?? '');
  if (!match) return undefined;
  return { start: Number(match[1]), total: match[3] === '*' ? undefined : Number(match[3]) };
}

function contentLength(response: SafeResponse): number | undefined {
  const value = header(response, 'content-length');
  if (value === undefined || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value);
}

/**
 * The bytes of one image read from its start, as far as needed and never further than
 * PROBE_MAX_BYTES: by range requests when the server honours them, or from one whole-file answer
 * (a server that ignores Range) read only as far as needed and then closed.
 */
class ImageBytes {
  bytes: Uint8Array = new Uint8Array(0);
  /** True once `bytes` is the whole file. */
  complete = false;
  size: number | undefined;
  finalUrl: string;
  redirects: string[] = [];
  status: number | undefined;
  contentType: string | undefined;
  #chunks: Uint8Array[] = [];
  #length = 0;
  #stream: AsyncIterator<Buffer> | undefined;
  #response: SafeResponse | undefined;

  private constructor(
    readonly fetch: SafeFetch,
    readonly signal: AbortSignal | undefined,
    readonly headers: Record<string, string>,
    url: string,
  ) {
    this.finalUrl = url;
  }

  static async open(
    url: string,
    fetch: SafeFetch,
    signal: AbortSignal | undefined,
    headers: Record<string, string>,
  ): Promise<ImageBytes> {
    const source = new ImageBytes(fetch, signal, headers, url);
    const response = await source.#request(0, PROBE_FIRST_RANGE_BYTES - 1);
    source.finalUrl = response.url;
    source.redirects = response.redirects;
    source.status = response.status;
    source.contentType = header(response, 'content-type');
    try {
      if (response.status === 206) {
        const range = parseContentRange(header(response, 'content-range'));
        source.size = range?.total;
        if (range && range.start !== 0) {
          // Not the start of the file: nothing to read from it.
          response.body.destroy();
          return source;
        }
        await source.#readRange(response, PROBE_FIRST_RANGE_BYTES);
      } else {
        // Range ignored: the whole file comes, so read its start and keep the rest unread for now.
        source.size = contentLength(response);
        source.#follow(response);
        await source.#readStream(PROBE_FIRST_RANGE_BYTES);
      }
    } catch (error) {
      source.close();
      throw error;
    }
    return source;
  }

  #request(start: number, end: number): Promise<SafeResponse> {
    return this.fetch(this.finalUrl, {
      kind: 'image',
      range: { start, end },
      // A probe reads at most PROBE_MAX_BYTES of any answer and closes it, so the image limit must
      // not refuse a large file that ignores Range by its Content-Length: that is its size.
      maxBytes: Number.POSITIVE_INFINITY,
      headers: { accept: IMAGE_ACCEPT, ...this.headers },
      ...(this.signal ? { signal: this.signal } : {}),
    });
  }

  #push(chunk: Uint8Array) {
    this.#chunks.push(chunk);
    this.#length += chunk.length;
  }

  #flush() {
    if (this.#chunks.length > 1 || this.#chunks[0] !== this.bytes) {
      this.bytes = Buffer.concat(this.#chunks, this.#length);
      this.#chunks = [this.bytes];
    }
    if (this.size !== undefined && this.#length >= this.size) this.complete = true;
  }

  #follow(response: SafeResponse) {
    this.#response = response;
    this.#stream = response.body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }

  /** Reads the body of a 206 up to `limit` bytes of it, then closes it (a server may send more than asked). */
  async #readRange(response: SafeResponse, limit: number) {
    let read = 0;
    try {
      for await (const chunk of response.body) {
        const bytes = chunk as Buffer;
        const wanted = bytes.subarray(0, limit - read);
        this.#push(wanted);
        read += wanted.length;
        if (read >= limit) break;
      }
    } finally {
      response.body.destroy();
      this.#flush();
    }
  }

  /** Reads the whole-file answer on until `target` bytes are in, or it ends. */
  async #readStream(target: number) {
    const stream = this.#stream;
    if (!stream) return;
    try {
      while (this.#length < target) {
        const next = await stream.next();
        if (next.done) {
          this.complete = true;
          this.size = this.#length;
          this.close();
          break;
        }
        this.#push(next.value);
      }
    } finally {
      this.#flush();
    }
  }

  /** Reads on until the first `target` bytes are in (or the file ends); false when nothing more came. */
  async extend(target: number): Promise<boolean> {
    const before = this.#length;
    const goal = Math.min(target, PROBE_MAX_BYTES, this.size ?? Number.POSITIVE_INFINITY);
    if (this.complete || goal <= before) return false;
    if (this.#stream) {
      await this.#readStream(goal);
      return this.#length > before;
    }
    const response = await this.#request(before, goal - 1);
    try {
      if (response.status === 206) {
        const range = parseContentRange(header(response, 'content-range'));
        if (range?.start !== before) return false;
        await this.#readRange(response, goal - before);
      } else {
        // The server stopped honouring Range: take this whole-file answer from its start.
        this.#chunks = [];
        this.#length = 0;
        this.bytes = new Uint8Array(0);
        this.#follow(response);
        await this.#readStream(goal);
      }
    } finally {
      if (!this.#stream) response.body.destroy();
    }
    return this.#length > before;
  }

  close() {
    this.#response?.body.destroy();
    this.#response = undefined;
    this.#stream = undefined;
  }
}

/**
 * Format, width × height and byte size of the image at `url`, from its first bytes: one range
 * request for the first 64 KiB, and more (up to 1 MiB in all) only when the format's header is
 * further in (a JPEG with a large EXIF segment before its frame header). A whole file is never
 * downloaded to measure it. Fails with a SafeFetchError when the image cannot be fetched; an
 * answer that is not an image gives facts without a format.
 */
export async function probeImage(
  url: string,
  fetch: SafeFetch,
  signal?: AbortSignal,
  options: ProbeImageOptions = {},
): Promise<ImageFacts> {
  if (/^data:/i.test(url)) return probeDataUrl(url);
  const source = await ImageBytes.open(url, fetch, signal, options.headers ?? {});
  try {
    const sniffed = sniffImageFormat(source.bytes);
    const facts: ImageFacts = { finalUrl: source.finalUrl };
    if (source.redirects.length > 0) facts.redirects = source.redirects;
    if (source.status !== undefined) facts.status = source.status;
    if (source.contentType !== undefined) facts.contentType = source.contentType;
    if (source.size !== undefined) facts.size = source.size;
    if (!sniffed) return facts;
    facts.format = sniffed.format;
    facts.mimeType = sniffed.mimeType;
    let dimensions = readDimensions(source.bytes, sniffed.format, source.complete);
    while (dimensions.kind === 'need' && dimensions.bytes <= PROBE_MAX_BYTES) {
      const target = Math.max(dimensions.bytes, Math.min(source.bytes.length * 2, PROBE_MAX_BYTES));
      let grew = false;
      try {
        grew = await source.extend(target);
      } catch (error) {
        // What the first bytes said still stands; only a cancelled probe is an error.
        if (signal?.aborted) throw error;
      }
      if (!grew) break;
      dimensions = readDimensions(source.bytes, sniffed.format, source.complete);
    }
    if (dimensions.kind === 'found') {
      facts.width = dimensions.width;
      facts.height = dimensions.height;
    }
    if (source.complete) {
      facts.size = source.bytes.length;
      if (options.keepWhole) facts.bytes = source.bytes;
    }
    return facts;
  } finally {
    source.close();
  }
}

/** The same facts for a `data:` URL, decoded here without any request. */
export function probeDataUrl(dataUrl: string): ImageFacts {
  const decoded = decodeDataUrl(dataUrl);
  const facts: ImageFacts = { finalUrl: dataUrl };
  if (!decoded) return facts;
  facts.size = decoded.bytes.length;
  const sniffed = sniffImageFormat(decoded.bytes);
  if (!sniffed) return facts;
  facts.format = sniffed.format;
  facts.mimeType = sniffed.mimeType;
  const dimensions = readDimensions(decoded.bytes, sniffed.format, true);
  if (dimensions.kind === 'found') {
    facts.width = dimensions.width;
    facts.height = dimensions.height;
  }
  return facts;
}
