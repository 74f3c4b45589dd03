/** ASCIIHexDecode: hex digits, whitespace ignored, `>` ends; an odd last digit is followed by 0. */
import { ByteSink } from './sizeBudget.ts';

export function asciiHexDecode(data: Uint8Array): Uint8Array {
  const sink = new ByteSink(data.length / 2 + 1);
  let high = -1;
  for (const byte of data) {
    if (byte === 0x3e) break;
    let v = -1;
    if (byte >= 0x30 && byte <= 0x39) v = byte - 0x30;
    else if (byte >= 0x41 && byte <= 0x46) v = byte - 0x37;
    else if (byte >= 0x61 && byte <= 0x66) v = byte - 0x57;
    if (v < 0) continue;
    if (high < 0) high = v;
    else {
      sink.push(high * 16 + v);
      high = -1;
    }
  }
  if (high >= 0) sink.push(high * 16);
  return sink.bytes();
}
