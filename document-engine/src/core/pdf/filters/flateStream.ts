/**
 * FlateDecode (zlib/deflate): by the host's native zlib when it has one (hostZlib.ts), else, and
 * for any stream it cannot read to its end, with fflate. Truncated or damaged streams give the
 * bytes decoded before the damage, as viewers do. The zlib header and checksum are not required.
 */
import { Inflate } from 'fflate';
import { DocumentError } from '../../../errors.ts';
import { hostZlib } from '../../hostZlib.ts';
import { ByteSink, MAX_DECODED_STREAM_BYTES } from './sizeBudget.ts';

export function flateDecode(data: Uint8Array, limit = MAX_DECODED_STREAM_BYTES): Uint8Array {
  // zlib header: CMF (method 8) + FLG, multiple of 31; raw deflate otherwise
  const hasHeader =
    data.length >= 2 && ((data[0] ?? 0) & 0x0f) === 8 && (((data[0] ?? 0) << 8) | (data[1] ?? 0)) % 31 === 0;
  const body = hasHeader ? data.subarray(2) : data;
  const host = hostZlib();
  if (host && limit > 0) {
    try {
      return host.inflateRawSync(body, limit);
    } catch (error) {
      if (error instanceof RangeError) throw new DocumentError('too-large');
      // damaged or truncated: fflate keeps what comes before the damage
    }
  }
  const sink = new ByteSink(Math.min(limit, body.length * 4 + 64), limit);
  const inflate = new Inflate((chunk) => {
    if (sink.length + chunk.length > limit) throw new DocumentError('too-large');
    sink.append(chunk);
  });
  try {
    inflate.push(body, false);
    inflate.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    // damaged or truncated: keep what came out
  }
  return sink.bytes();
}
