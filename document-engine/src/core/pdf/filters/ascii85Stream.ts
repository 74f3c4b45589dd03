/** ASCII85Decode: groups of 5 chars `!`..`u` to 4 bytes, `z` for four zeros, `~>` ends. */
import { ByteSink } from './sizeBudget.ts';

export function ascii85Decode(data: Uint8Array): Uint8Array {
  const sink = new ByteSink((data.length * 4) / 5 + 4);
  const group: number[] = [];
  const flush = (count: number) => {
    let value = 0;
    for (let i = 0; i < 5; i++) value = value * 85 + (group[i] ?? 84);
    for (let i = 0; i < count - 1; i++) sink.push((value >>> (24 - 8 * i)) & 0xff);
  };
  let i = 0;
  if (data[0] === 0x3c && data[1] === 0x7e) i = 2; // optional `<~`
  for (; i < data.length; i++) {
    const byte = data[i] ?? 0;
    if (byte === 0x7e) break;
    if (byte === 0x7a && group.length === 0) {
      for (let k = 0; k < 4; k++) sink.push(0);
      continue;
    }
    if (byte < 0x21 || byte > 0x75) continue;
    group.push(byte - 0x21);
    if (group.length === 5) {
      flush(5);
      group.length = 0;
    }
  }
  if (group.length > 1) flush(group.length);
  return sink.bytes();
}
