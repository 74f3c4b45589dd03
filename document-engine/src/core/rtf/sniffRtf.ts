/** RTF from its bytes: every RTF file starts `{\rtf` (the sniffer loads without the reader). */
const RTF_SIGNATURE = [0x7b, 0x5c, 0x72, 0x74, 0x66]; // {\rtf

export function isRtf(bytes: Uint8Array): boolean {
  return RTF_SIGNATURE.every((byte, i) => bytes[i] === byte);
}
