/** A `data:` URL's bytes and declared media type (RFC 2397), decoded here: no network. */
export type DecodedDataUrl = { mimeType: string; bytes: Uint8Array };

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x41 && code <= 0x46) return code - 0x37;
  if (code >= 0x61 && code <= 0x66) return code - 0x57;
  return -1;
}

/** Percent-decodes to bytes (not to a string: the bytes need not be UTF-8). */
function percentDecode(text: string): Uint8Array {
  const input = new TextEncoder().encode(text);
  const output = new Uint8Array(input.length);
  let length = 0;
  for (let i = 0; i < input.length; i += 1) {
    const byte = input[i] ?? 0;
    if (byte === 0x25 && i + 2 < input.length) {
      const high = hexValue(input[i + 1] ?? 0);
      const low = hexValue(input[i + 2] ?? 0);
      if (high >= 0 && low >= 0) {
        output[length++] = high * 16 + low;
        i += 2;
        continue;
      }
    }
    output[length++] = byte;
  }
  return output.subarray(0, length);
}

/**
 * Decodes `data:[<media type>][;base64],<data>`; undefined when `url` is not a data: URL or its
 * base64 is damaged. The media type is what the URL declares, lower case (`text/plain` when none).
 */
export function decodeDataUrl(url: string): DecodedDataUrl | undefined {
  if (!/^data:/i.test(url)) return undefined;
  const comma = url.indexOf(',');
  if (comma < 0) return undefined;
  const header = url.slice(5, comma);
  const parameters = header.split(';').map((part) => part.trim());
  const isBase64 = parameters.at(-1)?.toLowerCase() === 'base64';
  const mimeType = (parameters[0] || 'text/plain').toLowerCase();
  const data = percentDecode(url.slice(comma + 1));
  if (!isBase64) return { mimeType, bytes: data };
  const text = new TextDecoder('latin1').decode(data).replace(/[\s]+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) return undefined;
  return { mimeType, bytes: new Uint8Array(Buffer.from(text, 'base64')) };
}
