/**
 * The project's one byte formatter (1 KB = 1024 bytes), in the three ways the site writes a size:
 * - `card` (default): "245 KB", "3.4 MB", "512 B": an image's size on its card (undefined stays undefined);
 * - `file`: "2.47 MB", "0.02 MB": a chosen file's size, in MB to 2 decimals, as the upload box shows it;
 * - `limit`: "100 MB", "512 KB", "2 GB": a bound, in the largest unit it reaches, to 1 decimal without a
 *   trailing ".0".
 */
export type ByteStyle = 'card' | 'file' | 'limit';

const MB = 1024 * 1024;
const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

export function formatBytes(bytes: number, style: 'file' | 'limit'): string;
export function formatBytes(bytes: number | undefined, style?: ByteStyle): string | undefined;
export function formatBytes(bytes: number | undefined, style: ByteStyle = 'card'): string | undefined {
  if (bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return undefined;
  if (style === 'file') return `${(bytes / MB).toFixed(2)} MB`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (style === 'limit') return `${Math.round(value * 10) / 10} ${UNITS[unit]}`;
  if (unit === 0) return `${bytes} B`;
  return `${value >= 100 || unit === 1 ? Math.round(value) : value.toFixed(1)} ${UNITS[unit]}`;
}
