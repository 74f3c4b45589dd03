/** RC4, the stream cipher of PDF's R2-R4 security handlers and Office's RC4 CryptoAPI encryption. No maintained library carries it any more (it is broken for new uses); reading old files needs it. */
/** RC4 over `data` with a fresh key schedule; returns a new array. */
export function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = new Uint8Array(256);
  for (let i = 0; i < 256; i++) s[i] = i;
  for (let i = 0, j = 0; i < 256; i++) {
    const si = s[i] as number;
    j = (j + si + (key[i % key.length] as number)) & 0xff;
    s[i] = s[j] as number;
    s[j] = si;
  }
  const out = new Uint8Array(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    const si = s[i] as number;
    j = (j + si) & 0xff;
    const sj = s[j] as number;
    s[i] = sj;
    s[j] = si;
    out[n] = (data[n] as number) ^ (s[(si + sj) & 0xff] as number);
  }
  return out;
}
