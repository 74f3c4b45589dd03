/**
 * Little-endian reads for the metafile walkers. A read past the end gives 0 (never throws): every
 * walker checks the lengths it relies on before it trusts what it read.
 */

export function u8(data: Uint8Array, at: number): number {
  return data[at] ?? 0;
}

export function u16(data: Uint8Array, at: number): number {
  return u8(data, at) | (u8(data, at + 1) << 8);
}

export function i16(data: Uint8Array, at: number): number {
  return (u16(data, at) << 16) >> 16;
}

export function u32(data: Uint8Array, at: number): number {
  return (u16(data, at) | (u16(data, at + 2) << 16)) >>> 0;
}

export function i32(data: Uint8Array, at: number): number {
  return u16(data, at) | (u16(data, at + 2) << 16);
}

/** `length` bytes at `at`, or undefined unless all of them are inside `data` (a view: nothing is copied). */
export function span(data: Uint8Array, at: number, length: number): Uint8Array | undefined {
  if (!Number.isSafeInteger(at) || !Number.isSafeInteger(length) || at < 0 || length < 0) return undefined;
  if (at + length > data.length) return undefined;
  return data.subarray(at, at + length);
}
