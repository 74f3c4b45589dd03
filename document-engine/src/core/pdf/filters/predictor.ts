/**
 * Predictors for Flate and LZW (ISO 32000-1 §7.4.4.4): TIFF predictor 2 and the PNG filters
 * (10–15, one filter-type byte per row).
 */
import { DocumentError } from '../../../errors.ts';
import { MAX_DECODED_STREAM_BYTES } from './sizeBudget.ts';

export type PredictorParams = {
  predictor: number;
  colors: number;
  bitsPerComponent: number;
  columns: number;
  /** Most bytes the output may have. */
  limit?: number;
};

/** Most colour components per pixel a predictor may declare (DeviceN allows 32). */
const MAX_COLORS = 32;

export function unpredict(data: Uint8Array, params: PredictorParams): Uint8Array {
  const { predictor } = params;
  if (predictor <= 1) return data;
  const colors = Math.max(1, params.colors);
  const bits = params.bitsPerComponent || 8;
  const columns = Math.max(1, params.columns);
  // checked before anything is allocated: a row is never longer than the data it comes from
  if (!Number.isInteger(colors) || colors > MAX_COLORS || ![1, 2, 4, 8, 16].includes(bits)) {
    throw new DocumentError('invalid', 'A stream in this PDF has impossible predictor parameters.');
  }
  if (!Number.isInteger(columns) || colors * bits * columns > 8 * (data.length + 8)) {
    throw new DocumentError('invalid', 'A stream in this PDF declares rows longer than its data.');
  }
  const bytesPerPixel = Math.max(1, Math.ceil((colors * bits) / 8));
  const rowBytes = Math.ceil((colors * bits * columns) / 8);
  if (predictor === 2) return tiffPredictor(data, colors, bits, columns, rowBytes);
  // PNG predictors: one filter-type byte, then the row; decoded in place into one buffer
  const rows = Math.ceil(data.length / (rowBytes + 1));
  const size = Math.min(rows * rowBytes, data.length - Math.min(rows, data.length));
  if (size > (params.limit ?? MAX_DECODED_STREAM_BYTES)) throw new DocumentError('too-large');
  const out = new Uint8Array(size);
  for (let r = 0, at = 0; at < data.length; r++, at += rowBytes + 1) {
    const type = data[at] ?? 0;
    const start = r * rowBytes;
    const length = Math.min(rowBytes, data.length - at - 1);
    if (length <= 0) break;
    out.set(data.subarray(at + 1, at + 1 + length), start);
    const prev = start - rowBytes;
    switch (type) {
      case 1:
        for (let i = bytesPerPixel; i < length; i++)
          out[start + i] = (out[start + i] ?? 0) + (out[start + i - bytesPerPixel] ?? 0);
        break;
      case 2:
        if (r > 0) for (let i = 0; i < length; i++) out[start + i] = (out[start + i] ?? 0) + (out[prev + i] ?? 0);
        break;
      case 3:
        for (let i = 0; i < length; i++) {
          const left = i >= bytesPerPixel ? (out[start + i - bytesPerPixel] ?? 0) : 0;
          const up = r > 0 ? (out[prev + i] ?? 0) : 0;
          out[start + i] = (out[start + i] ?? 0) + ((left + up) >> 1);
        }
        break;
      case 4:
        for (let i = 0; i < length; i++) {
          const left = i >= bytesPerPixel ? (out[start + i - bytesPerPixel] ?? 0) : 0;
          const up = r > 0 ? (out[prev + i] ?? 0) : 0;
          const upLeft = r > 0 && i >= bytesPerPixel ? (out[prev + i - bytesPerPixel] ?? 0) : 0;
          const p = left + up - upLeft;
          const pa = Math.abs(p - left);
          const pb = Math.abs(p - up);
          const pc = Math.abs(p - upLeft);
          out[start + i] = (out[start + i] ?? 0) + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
        }
        break;
    }
  }
  return out;
}

function tiffPredictor(data: Uint8Array, colors: number, bits: number, columns: number, rowBytes: number): Uint8Array {
  const out = new Uint8Array(data);
  for (let rowStart = 0; rowStart + rowBytes <= out.length; rowStart += rowBytes) {
    if (bits === 8) {
      for (let i = rowStart + colors; i < rowStart + rowBytes; i++) out[i] = (out[i] ?? 0) + (out[i - colors] ?? 0);
    } else if (bits === 16) {
      for (let i = rowStart + 2 * colors; i + 1 < rowStart + rowBytes; i += 2) {
        const value =
          (((out[i] ?? 0) << 8) | (out[i + 1] ?? 0)) +
          (((out[i - 2 * colors] ?? 0) << 8) | (out[i - 2 * colors + 1] ?? 0));
        out[i] = (value >> 8) & 0xff;
        out[i + 1] = value & 0xff;
      }
    } else {
      // sub-byte samples: accumulate per component
      const mask = (1 << bits) - 1;
      const sums = new Array<number>(colors).fill(0);
      for (let x = 0; x < columns * colors; x++) {
        const bit = x * bits;
        const byteIndex = rowStart + (bit >> 3);
        const shift = 8 - bits - (bit & 7);
        const value = ((out[byteIndex] ?? 0) >> shift) & mask;
        const c = x % colors;
        const sum = ((sums[c] ?? 0) + value) & mask;
        sums[c] = sum;
        out[byteIndex] = ((out[byteIndex] ?? 0) & ~(mask << shift)) | (sum << shift);
      }
    }
  }
  return out;
}
