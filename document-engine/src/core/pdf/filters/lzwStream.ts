/** LZWDecode (ISO 32000-1 §7.4.4): 9–12-bit codes, 256 clear, 257 end, EarlyChange 1 by default. */
import { ByteSink, MAX_DECODED_STREAM_BYTES } from './sizeBudget.ts';

export function lzwDecode(data: Uint8Array, earlyChange = 1, limit = MAX_DECODED_STREAM_BYTES): Uint8Array {
  const sink = new ByteSink(Math.min(limit, data.length * 3), limit);
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const lengths = new Uint16Array(4096);
  const stack = new Uint8Array(4096);
  for (let i = 0; i < 256; i++) {
    prefix[i] = -1;
    suffix[i] = i;
    lengths[i] = 1;
  }
  let next = 258;
  let codeLength = 9;
  let previous = -1;
  let bitBuffer = 0;
  let bitCount = 0;
  let pos = 0;
  const emit = (code: number): number => {
    let length = 0;
    let c = code;
    while (c >= 0 && length < 4096) {
      stack[length++] = suffix[c] ?? 0;
      c = prefix[c] ?? -1;
    }
    for (let k = length - 1; k >= 0; k--) sink.push(stack[k] ?? 0);
    return stack[length - 1] ?? 0;
  };
  for (;;) {
    while (bitCount < codeLength) {
      if (pos >= data.length) return sink.bytes();
      bitBuffer = ((bitBuffer << 8) | (data[pos++] ?? 0)) >>> 0;
      bitCount += 8;
    }
    const code = (bitBuffer >>> (bitCount - codeLength)) & ((1 << codeLength) - 1);
    bitCount -= codeLength;
    bitBuffer &= (1 << bitCount) - 1;
    if (code === 256) {
      next = 258;
      codeLength = 9;
      previous = -1;
      continue;
    }
    if (code === 257) break;
    let first: number;
    if (previous < 0) {
      first = emit(code);
    } else if (code < next) {
      first = emit(code);
      if (next < 4096) {
        prefix[next] = previous;
        suffix[next] = first;
        next++;
      }
    } else {
      // code === next: the previous string plus its own first byte
      const head = emit(previous);
      sink.push(head);
      first = head;
      if (next < 4096) {
        prefix[next] = previous;
        suffix[next] = head;
        next++;
      }
    }
    previous = code;
    if (next + earlyChange >= 1 << codeLength && codeLength < 12) codeLength++;
  }
  return sink.bytes();
}
