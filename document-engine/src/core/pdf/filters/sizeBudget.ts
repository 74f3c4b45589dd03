import { DocumentError } from '../../../errors.ts';

/** Most bytes one stream may decode to (zip-bomb guard): 256 MiB. */
export const MAX_DECODED_STREAM_BYTES = 256 * 1024 * 1024;

/** A growable byte buffer that refuses to pass `limit`. */
export class ByteSink {
  private buffer: Uint8Array;
  length = 0;
  constructor(
    initial = 1024,
    private readonly limit = MAX_DECODED_STREAM_BYTES,
  ) {
    this.buffer = new Uint8Array(Math.max(16, initial));
  }
  private grow(need: number): void {
    if (need > this.limit) throw new DocumentError('too-large');
    if (need <= this.buffer.length) return;
    const next = new Uint8Array(Math.min(this.limit, Math.max(need, this.buffer.length * 2)));
    next.set(this.buffer.subarray(0, this.length));
    this.buffer = next;
  }
  push(byte: number): void {
    if (this.length >= this.buffer.length) this.grow(this.length + 1);
    this.buffer[this.length++] = byte;
  }
  append(bytes: Uint8Array): void {
    this.grow(this.length + bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }
  /** The bytes written; copied to a buffer of their size when the spare room is large. */
  bytes(): Uint8Array {
    if (this.buffer.length - this.length > Math.max(1024 * 1024, this.length >> 2)) {
      return this.buffer.slice(0, this.length);
    }
    return this.buffer.subarray(0, this.length);
  }
}
