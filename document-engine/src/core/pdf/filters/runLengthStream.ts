/** RunLengthDecode: length byte 0–127 copies n+1 bytes, 129–255 repeats the next byte 257−n times, 128 ends. */
import { ByteSink, MAX_DECODED_STREAM_BYTES } from './sizeBudget.ts';

export function runLengthDecode(data: Uint8Array, limit = MAX_DECODED_STREAM_BYTES): Uint8Array {
  const sink = new ByteSink(Math.min(limit, data.length * 2), limit);
  let i = 0;
  while (i < data.length) {
    const n = data[i++] ?? 128;
    if (n === 128) break;
    if (n < 128) {
      sink.append(data.subarray(i, Math.min(data.length, i + n + 1)));
      i += n + 1;
    } else {
      const byte = data[i++] ?? 0;
      for (let k = 0; k < 257 - n; k++) sink.push(byte);
    }
  }
  return sink.bytes();
}
