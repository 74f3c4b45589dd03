/**
 * Predictors for Flate and LZW (ISO 32000-1 §7.4.4.4): TIFF predictor 2 and the PNG filters
 * (10–15, one filter-type byte per row).
 */
import { ByteSink } from './sizeBudget.ts';

export type PredictorParams = { predictor: number; colors: number; bitsPerComponent: number; columns: number };

export function unpredict(data: Uint8Array, params: PredictorParams): Uint8Array {
  const { predictor } = params;
  if (predictor <= 1) return data;
  const colors = Math.max(1, params.colors);
  const bits = params.bitsPerComponent || 8;
  const columns = Math.max(1, params.columns);
  const bytesPerPixel = Math.max(1, Math.ceil((colors * bits) / 8));
  const rowBytes = Math.ceil((colors * bits * columns) / 8);
  if (predictor === 2) return tiffPredictor(data, colors, bits, columns, rowBytes);
  const sink = new ByteSink(data.length);
  let previous = new Uint8Array(rowBytes);
  for (let at = 0; at < data.length; at += rowBytes + 1) {
    const type = data[at] ?? 0;
    const input = data.subarray(at + 1, at + 1 + rowBytes);
    const row = new Uint8Array(rowBytes);
    row.set(input);
    for (let i = 0; i < rowBytes; i++) {
      const left = i >= bytesPerPixel ? (row[i - bytesPerPixel] ?? 0) : 0;
      const up = previous[i] ?? 0;
      const upLeft = i >= bytesPerPixel ? (previous[i - bytesPerPixel] ?? 0) : 0;
      const raw = row[i] ?? 0;
      switch (type) {
        case 1:
          row[i] = raw + left;
          break;
        case 2:
          row[i] = raw + up;
          break;
        case 3:
          row[i] = raw + ((left + up) >> 1);
          break;
        case 4: {
          const p = left + up - upLeft;
          const pa = Math.abs(p - left);
          const pb = Math.abs(p - up);
          const pc = Math.abs(p - upLeft);
          row[i] = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
          break;
        }
      }
    }
    sink.append(row.subarray(0, input.length));
    previous = row;
  }
  return sink.bytes();
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
