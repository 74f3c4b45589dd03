/**
 * Excel 97-2003 workbooks (.xls, BIFF8): the pictures of the workbook's drawing group. They are
 * OfficeArt BLIPs in a BStore, as in .doc and .ppt (read by the same code): the BStore is in the
 * Workbook stream's MsoDrawingGroup record (0x00EB), which Continue records (0x003C) carry on
 * past BIFF's 8,224-byte record bound.
 *
 * Order: BStore order, each picture once (as the .ppt reader lists its Pictures stream), with the
 * sheet (BoundSheet8's name) and top-left cell (the shape's OfficeArtClientAnchorSheet) of the
 * first picture shape that shows it, sheets in workbook order, shapes in drawing order. A
 * picture no shape shows (one whose shapes were deleted, or a comment's fill) has no sheet.
 *
 * Bounds: record walks are linear in the stream; OfficeArt nesting is bounded by the OfficeArt
 * reader; a metafile inflates to at most MAX_METAFILE_BYTES ('too-large' past it). An encrypted
 * workbook (FilePass) is refused as unsupported: its drawing records are encrypted too.
 */
import { DocumentError, throwIfAborted } from '../../errors.ts';
import { concatBytes, u8, u16, u32 } from '../bytes.ts';
import { cellName } from '../cellName.ts';
import { openCompoundFile } from '../legacy/compoundFile.ts';
import { withDocumentErrors } from '../legacy/guard.ts';
import { toDocumentImage } from '../legacy/legacyImage.ts';
import {
  allRecords,
  childRecords,
  decodeBlip,
  findChild,
  type OfficeArtRecord,
  RecordType,
  readBStore,
  readRecord,
} from '../legacy/officeArt.ts';
import type { DocumentExtractor } from '../types.ts';

const Biff = {
  BOF: 0x0809,
  EOF: 0x000a,
  BoundSheet8: 0x0085,
  FilePass: 0x002f,
  MsoDrawingGroup: 0x00eb,
  MsoDrawing: 0x00ec,
  Continue: 0x003c,
} as const;

const CLIENT_ANCHOR = 0xf010;
const PID_PIB = 0x104;

type Sheet = { name: string; offset: number };
type Use = { sheet: string; cell?: string };

export const extractXls: DocumentExtractor = withDocumentErrors(async function* extractXls(bytes, options) {
  const { signal, onProgress } = options;
  const file = openCompoundFile(bytes);
  const workbook = file.stream('Workbook') ?? file.stream('Book');
  if (!workbook) throw new DocumentError('invalid');
  const globals = readGlobals(workbook);
  if (globals.encrypted) {
    throw new DocumentError(
      'unsupported',
      'This workbook is password-protected; the extractor cannot read encrypted Excel 97-2003 files. Save it without a password and try again.',
    );
  }
  const group = globals.drawingGroup ?? new Uint8Array(0);
  const dgg = readRecord(group, 0);
  const bstore = dgg?.type === RecordType.DggContainer ? findChild(group, dgg, RecordType.BStoreContainer) : undefined;
  const entries = bstore ? readBStore(group, bstore) : [];

  // The first shape showing each picture, by its BStore index (pib, 1-based).
  const uses = new Map<number, Use>();
  for (const sheet of globals.sheets) {
    throwIfAborted(signal);
    const drawing = sheetDrawing(workbook, sheet.offset);
    for (const { pib, cell } of pictureShapes(drawing)) {
      if (!uses.has(pib)) uses.set(pib, { sheet: sheet.name, ...(cell ? { cell } : {}) });
    }
  }

  let found = 0;
  for (const [index, entry] of entries.entries()) {
    throwIfAborted(signal);
    const blip = entry?.embeddedBlip ? decodeBlip(group, entry.embeddedBlip) : undefined;
    if (blip) {
      found++;
      const use = uses.get(index + 1);
      yield { ...toDocumentImage(blip, found, {}), ...(use ?? {}) };
    } else if (entry) {
      options.onSkipped?.({ reason: "One of this workbook's pictures is damaged: its data could not be read." });
    }
    onProgress?.({ done: index + 1, total: entries.length, unit: 'pictures' });
  }
});

type Globals = { sheets: Sheet[]; drawingGroup?: Uint8Array; encrypted: boolean };

/** The workbook globals substream: sheet names and offsets, the drawing group, encryption. */
function readGlobals(stream: Uint8Array): Globals {
  const sheets: Sheet[] = [];
  const groupParts: Uint8Array[] = [];
  let encrypted = false;
  let previous = -1;
  for (const { type, body } of biffRecords(stream, 0)) {
    if (type === Biff.EOF) break;
    if (type === Biff.FilePass) encrypted = true;
    else if (type === Biff.BoundSheet8) sheets.push({ offset: u32(body, 0), name: shortUnicodeString(body, 6) });
    else if (type === Biff.MsoDrawingGroup) groupParts.push(body);
    else if (type === Biff.Continue && previous === Biff.MsoDrawingGroup) groupParts.push(body);
    if (type !== Biff.Continue) previous = type;
  }
  return { sheets, encrypted, ...(groupParts.length > 0 ? { drawingGroup: concatBytes(groupParts) } : {}) };
}

/** A sheet's MsoDrawing records (and the Continue records that carry them on), joined. */
function sheetDrawing(stream: Uint8Array, offset: number): Uint8Array {
  const parts: Uint8Array[] = [];
  let previous = -1;
  let first = true;
  for (const { type, body } of biffRecords(stream, offset)) {
    if (first && type !== Biff.BOF) return new Uint8Array(0);
    first = false;
    if (type === Biff.EOF) break;
    if (type === Biff.MsoDrawing || (type === Biff.Continue && previous === Biff.MsoDrawing)) parts.push(body);
    if (type !== Biff.Continue) previous = type;
  }
  return concatBytes(parts);
}

/** The picture shapes of a sheet's drawing: each shape's BStore index and its anchor's top-left cell. */
function* pictureShapes(drawing: Uint8Array): Generator<{ pib: number; cell?: string }> {
  const dg = readRecord(drawing, 0);
  if (!dg || dg.type !== RecordType.DgContainer) return;
  for (const record of allRecords(drawing, dg)) {
    if (record.type !== RecordType.SpContainer) continue;
    let pib = 0;
    let cell: string | undefined;
    for (const child of childRecords(drawing, record)) {
      if (child.type === RecordType.FOPT) pib = pibOf(drawing, child) || pib;
      else if (child.type === CLIENT_ANCHOR && child.length >= 18) {
        cell = cellName(u16(drawing, child.bodyStart + 2), u16(drawing, child.bodyStart + 6));
      }
    }
    if (pib > 0) yield { pib, ...(cell ? { cell } : {}) };
  }
}

function pibOf(data: Uint8Array, fopt: OfficeArtRecord): number {
  for (let i = 0; i < fopt.instance; i++) {
    const at = fopt.bodyStart + i * 6;
    if (at + 6 > fopt.end) break;
    const opid = u16(data, at);
    // fComplex values are not BStore indexes
    if ((opid & 0x3fff) === PID_PIB && (opid & 0x8000) === 0) return u32(data, at + 2);
  }
  return 0;
}

/** BIFF records from `offset`: type, and the body (a view). Stops at the stream's end or a record that runs past it. */
function* biffRecords(stream: Uint8Array, offset: number): Generator<{ type: number; body: Uint8Array }> {
  let at = offset;
  while (at + 4 <= stream.length) {
    const type = u16(stream, at);
    const length = u16(stream, at + 2);
    if (at + 4 + length > stream.length) return;
    yield { type, body: stream.subarray(at + 4, at + 4 + length) };
    at += 4 + length;
  }
}

/** ShortXLUnicodeString: a count of characters, a flag byte (bit 0: UTF-16), the characters. */
function shortUnicodeString(body: Uint8Array, at: number): string {
  const count = u8(body, at);
  const wide = (u8(body, at + 1) & 1) === 1;
  const start = at + 2;
  const chars = body.subarray(start, start + count * (wide ? 2 : 1));
  return new TextDecoder(wide ? 'utf-16le' : 'latin1').decode(chars);
}
