/**
 * The rasters of a WMF (MS-WMF): the records that carry a device-independent bitmap after their
 * fixed fields (META_DIBSTRETCHBLT, META_STRETCHDIB, META_DIBBITBLT, META_SETDIBTODEV). The
 * optional placeable (Aldus) header is skipped; record sizes are in 16-bit words, and a record
 * whose size is damaged ends the walk.
 */
import { u16, u32 } from '../bytes.ts';
import { type ColourUsage, packedDibCandidate, type RasterCandidate } from './raster.ts';

const PLACEABLE_KEY = 0x9ac6cdd7;
const PLACEABLE_BYTES = 22;
const META_EOF = 0;

/** Where a record's DIB starts, and where its colour usage is (the blits always use RGB colours). */
type DibRecord = { name: string; dibAt: number; usageAt?: number; scansAt?: number };

const DIB_RECORDS = new Map<number, DibRecord>([
  // RecordSize, RecordFunction, RasterOperation, 8 x 16-bit coordinates: 26 bytes before the DIB.
  [0x0b41, { name: 'META_DIBSTRETCHBLT', dibAt: 26 }],
  // ... RasterOperation, ColorUsage, 8 coordinates.
  [0x0f43, { name: 'META_STRETCHDIB', dibAt: 28, usageAt: 10 }],
  // ... RasterOperation, 6 coordinates.
  [0x0940, { name: 'META_DIBBITBLT', dibAt: 22 }],
  // ColorUsage, ScanCount, StartScan, 6 coordinates.
  [0x0d33, { name: 'META_SETDIBTODEV', dibAt: 24, usageAt: 6, scansAt: 8 }],
]);

/** Where the records start: after the placeable header, if any, and the META_HEADER; undefined if not a WMF. */
function firstRecord(bytes: Uint8Array): number | undefined {
  const start = u32(bytes, 0) === PLACEABLE_KEY ? PLACEABLE_BYTES : 0;
  if (bytes.length < start + 18) return undefined;
  const type = u16(bytes, start);
  const headerWords = u16(bytes, start + 2);
  if ((type !== 1 && type !== 2) || headerWords !== 9) return undefined;
  return start + headerWords * 2;
}

export function wmfRasters(bytes: Uint8Array): RasterCandidate[] {
  const found: RasterCandidate[] = [];
  let at = firstRecord(bytes);
  if (at === undefined) return found;
  while (at + 6 <= bytes.length) {
    const size = u32(bytes, at) * 2;
    const fn = u16(bytes, at + 4);
    if (size < 6 || at + size > bytes.length) break;
    if (fn === META_EOF) break;
    const layout = DIB_RECORDS.get(fn);
    // The bitmap-less forms of the blits (a fill) are too short to hold a DIB header.
    if (layout && size >= layout.dibAt + 12) {
      const record = bytes.subarray(at, at + size);
      const usage: ColourUsage =
        layout.usageAt !== undefined && u16(record, layout.usageAt) === 1 ? 'palette-indexes' : 'rgb';
      const rows = layout.scansAt !== undefined ? u16(record, layout.scansAt) : undefined;
      const candidate = packedDibCandidate(layout.name, record.subarray(layout.dibAt), { usage, rows });
      if (candidate) found.push(candidate);
    }
    at += size;
  }
  return found;
}
