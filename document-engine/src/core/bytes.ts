/**
 * Little-endian readers for the engine's binary formats (DOC, PPT, compound files, EMF, WMF). Reads
 * past the end give 0 rather than throwing: the parsers check lengths where it matters and treat
 * zeros as "not there".
 */

export function u8(data: Uint8Array, offset: number): number {
  return data[offset] ?? 0;
}

export function u16(data: Uint8Array, offset: number): number {
  return u8(data, offset) | (u8(data, offset + 1) << 8);
}

export function i16(data: Uint8Array, offset: number): number {
  return (u16(data, offset) << 16) >> 16;
}

export function u32(data: Uint8Array, offset: number): number {
  return (u16(data, offset) | (u16(data, offset + 2) << 16)) >>> 0;
}

export function i32(data: Uint8Array, offset: number): number {
  return u16(data, offset) | (u16(data, offset + 2) << 16);
}

export function u16be(data: Uint8Array, offset: number): number {
  return (u8(data, offset) << 8) | u8(data, offset + 1);
}

export function u32be(data: Uint8Array, offset: number): number {
  return ((u16be(data, offset) << 16) | u16be(data, offset + 2)) >>> 0;
}

export function concatBytes(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** `length` bytes at `at`, or undefined unless all of them are inside `data` (a view: nothing is copied). */
export function span(data: Uint8Array, at: number, length: number): Uint8Array | undefined {
  if (!Number.isSafeInteger(at) || !Number.isSafeInteger(length) || at < 0 || length < 0) return undefined;
  if (at + length > data.length) return undefined;
  return data.subarray(at, at + length);
}
