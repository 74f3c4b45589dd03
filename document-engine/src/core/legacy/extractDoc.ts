/**
 * Word 97-2003 (.doc): the pictures Apache POI's HWPF lists, in its order:
 *   1. inline pictures, in text order: each is a special character (0x01) whose run has a
 *      sprmCPicLocation pointing at a PICF in the Data stream; after the PICF come the picture's
 *      shape (OfficeArtSpContainer) and its BLIP, usually inside an FBSE;
 *   2. floating pictures: every entry of the BStore in the table stream's OfficeArtContent
 *      (fcDggInfo), whose BLIP is embedded or lies at foDelay in the WordDocument stream (Word's
 *      "delay stream"). Word keeps one BStore entry per distinct picture, so a picture floated in
 *      several places is listed once here, while each inline copy is listed where it stands.
 *
 * Encrypted files (RC4 CryptoAPI) are read with the password; without one, PasswordRequiredError.
 *
 * Bounded, since runs, pieces, PICFs and FBSEs all point at offsets the file chooses and many may
 * point at one: at most MAX_RUN_PIECE_CHECKS (run, piece) pairs are compared (a 30 KB file of
 * 1,000 picture runs over 1,000 overlapping pieces listed a million pictures); each PICF and each
 * BLIP record is listed once, however many characters or BStore entries lead to it (a real file
 * has one PICF per inline picture and one BStore entry per picture); and the pictures listed
 * from one stream are together no larger than that stream (in a well-formed file they do not
 * overlap; records nested inside each other would let a small file list gigabytes). Past a bound,
 * the rest is left out.
 */
import { DocumentError, PasswordRequiredError, throwIfAborted } from '../../errors.ts';
import { u8, u16, u32 } from '../bytes.ts';
import type { DocumentExtractor } from '../types.ts';
import { openCompoundFile } from './compoundFile.ts';
import {
  charAt,
  FcLcb,
  type Fib,
  readFib,
  readHeaderStories,
  readPictureRuns,
  readPieces,
  storyRoleOf,
  textSpansOf,
} from './docStructure.ts';
import { withDocumentErrors } from './guard.ts';
import { toDocumentImage } from './legacyImage.ts';
import {
  allRecords,
  decodeBlip,
  type Fbse,
  findChild,
  isBlipType,
  type OfficeArtRecord,
  RecordType,
  readBStore,
  readFbse,
  readRecord,
} from './officeArt.ts';
import { decryptWordStream, readEncryptionInfo, unlock } from './rc4CryptoApi.ts';

/** The FibBase, left unencrypted in an encrypted file. */
const FIB_BASE_BYTES = 68;
const PICF_HEADER_BYTES = 0x44;
const MM_SHAPE = 0x64;
const MM_SHAPEFILE = 0x66;
const PICTURE_CHAR = 0x01;
const END_OF_FIELD_CHAR = 0x15;
/** (picture run, piece) pairs compared at most: real files have hundreds of picture runs and a few thousand pieces. */
const MAX_RUN_PIECE_CHECKS = 10_000_000;

export const extractDoc: DocumentExtractor = withDocumentErrors(async function* extractDoc(bytes, options) {
  const { signal, onProgress } = options;
  throwIfAborted(signal);
  const file = openCompoundFile(bytes);
  let word = file.stream('WordDocument');
  if (!word) throw new DocumentError('invalid');
  let fib = readFib(word);
  let table = file.stream(fib.tableStreamName);
  if (!table) throw new DocumentError('invalid');
  let data = file.stream('Data') ?? new Uint8Array(0);
  if (fib.encrypted) {
    if (!options.password) throw new PasswordRequiredError('password-required');
    // XOR obfuscation and Office binary RC4 (MD5-based) are not read; RC4 CryptoAPI is.
    const info = fib.obfuscated ? undefined : readEncryptionInfo(table.subarray(0, fib.lKey));
    if (info?.kind !== 'rc4-cryptoapi') throw new DocumentError('unsupported');
    const keys = unlock(info, options.password);
    word = decryptWordStream(word, keys, FIB_BASE_BYTES);
    table = decryptWordStream(table, keys, fib.lKey);
    data = decryptWordStream(data, keys, 0);
    // Only the FibBase was readable before.
    fib = readFib(word);
  }

  const pictures = listOnce([...findInlinePictures(word, table, data, fib), ...findFloatingPictures(word, table, fib)]);
  const total = pictures.length;
  let done = 0;
  let found = 0;
  for (const picture of pictures) {
    throwIfAborted(signal);
    const blip = picture.blip && decodeBlip(picture.source, picture.blip);
    done += 1;
    onProgress?.({ done, total, unit: 'pictures' });
    if (!blip) continue;
    found += 1;
    yield toDocumentImage(blip, found, { role: picture.role });
  }
});

type FoundPicture = {
  /** The stream the BLIP record is in. */
  source: Uint8Array;
  blip?: OfficeArtRecord;
  role: string;
};

/**
 * Each BLIP record once (where it is first found), and from each stream no more BLIP bytes than
 * the stream holds: what repeats or overlaps is left out.
 */
function listOnce(pictures: readonly FoundPicture[]): FoundPicture[] {
  const listed = new Map<Uint8Array, { offsets: Set<number>; bytesLeft: number }>();
  return pictures.filter(({ source, blip }) => {
    if (!blip) return true;
    let stream = listed.get(source);
    if (!stream) {
      stream = { offsets: new Set(), bytesLeft: source.length };
      listed.set(source, stream);
    }
    if (stream.offsets.has(blip.offset) || blip.end - blip.offset > stream.bytesLeft) return false;
    stream.offsets.add(blip.offset);
    stream.bytesLeft -= blip.end - blip.offset;
    return true;
  });
}

function findInlinePictures(word: Uint8Array, table: Uint8Array, data: Uint8Array, fib: Fib): FoundPicture[] {
  const pieces = readPieces(table, fib);
  const headerStories = readHeaderStories(table, fib);
  // By PICF: one picture, at the first character that shows it.
  const found = new Map<number, FoundPicture & { cp: number }>();
  let checksLeft = MAX_RUN_PIECE_CHECKS;
  for (const run of readPictureRuns(word, table, fib)) {
    // As HWPF: a special character that is not an OLE object, a data field or an embedded object.
    if (!run.special || run.ole2 || run.data || run.obj) continue;
    if (!isPicf(data, run.picLocation)) continue;
    checksLeft -= pieces.length;
    if (checksLeft < 0) break;
    // Only the parts of the run that pieces use are document text (the rest may be left over
    // from fast saves); like HWPF, the text must be the picture character, alone or before 0x15.
    for (const span of textSpansOf(pieces, run.fcStart, run.fcEnd)) {
      const first = charAt(word, span.fc, span.compressed);
      const second = span.chars > 1 ? charAt(word, span.fc + (span.compressed ? 1 : 2), span.compressed) : -1;
      if (first !== PICTURE_CHAR || span.chars > 2 || (span.chars === 2 && second !== END_OF_FIELD_CHAR)) continue;
      const known = found.get(run.picLocation);
      if (known && known.cp <= span.cp) continue;
      found.set(run.picLocation, {
        source: data,
        blip: known ? known.blip : picfBlip(data, run.picLocation),
        role: storyRoleOf(span.cp, fib, headerStories),
        cp: span.cp,
      });
    }
  }
  return [...found.values()].sort((a, b) => a.cp - b.cp);
}

/** A PICF of a Word 97+ picture: the header size, and a shape mapping mode. */
function isPicf(data: Uint8Array, offset: number): boolean {
  if (offset + PICF_HEADER_BYTES > data.length) return false;
  const lcb = u32(data, offset);
  const cbHeader = u16(data, offset + 4);
  const mm = u16(data, offset + 6);
  return cbHeader === PICF_HEADER_BYTES && lcb >= PICF_HEADER_BYTES && (mm === MM_SHAPE || mm === MM_SHAPEFILE);
}

/**
 * The BLIP after a PICF: skip the picture name (MM_SHAPEFILE) and the OfficeArtInlineSpContainer's
 * shape, then read the FBSE/BLIP records up to lcb. As HWPF does, a picture is readable only when
 * there is exactly one such record.
 */
function picfBlip(data: Uint8Array, offset: number): OfficeArtRecord | undefined {
  const end = Math.min(data.length, offset + u32(data, offset));
  let at = offset + PICF_HEADER_BYTES;
  if (u16(data, offset + 6) === MM_SHAPEFILE) at += 1 + u8(data, at);
  const shape = readRecord(data, at, end);
  if (shape?.type !== RecordType.SpContainer) return undefined;
  const blips: OfficeArtRecord[] = [];
  for (at = shape.end; at < end; ) {
    const record = readRecord(data, at, end);
    if (!record || (record.type !== RecordType.FBSE && !isBlipType(record.type))) break;
    blips.push(record);
    at = record.end;
  }
  const [only] = blips;
  if (!only || blips.length !== 1) return undefined;
  if (only.type !== RecordType.FBSE) return only;
  return readFbse(data, only)?.embeddedBlip;
}

function findFloatingPictures(word: Uint8Array, table: Uint8Array, fib: Fib): FoundPicture[] {
  const { fc, lcb } = fib.fcLcb(FcLcb.DggInfo);
  const end = Math.min(table.length, fc + lcb);
  const dgg = lcb > 0 ? readRecord(table, fc, end) : undefined;
  if (dgg?.type !== RecordType.DggContainer) return [];
  const bstore = findChild(table, dgg, RecordType.BStoreContainer);
  if (!bstore) return [];
  const roles = drawingRoles(table, dgg.end, end);
  return readBStore(table, bstore).flatMap((fbse, i): FoundPicture[] => {
    if (!fbse) return [];
    const role = roles.get(i + 1) ?? 'body';
    if (fbse.embeddedBlip) return [{ source: table, blip: fbse.embeddedBlip, role }];
    return [{ source: word, blip: delayedBlip(word, fbse), role }];
  });
}

/** The BLIP an FBSE keeps in the delay stream (for Word, the WordDocument stream). */
function delayedBlip(word: Uint8Array, fbse: Fbse): OfficeArtRecord | undefined {
  if (fbse.foDelay === 0 || fbse.foDelay === 0xffffffff) return undefined;
  const record = readRecord(word, fbse.foDelay);
  return record && isBlipType(record.type) ? record : undefined;
}

/**
 * After the DggContainer, OfficeArtContent holds one drawing per document part, each a dgglbl
 * byte (0 main document, 1 headers) and an OfficeArtDgContainer. The pib properties in them tell
 * whether a BStore picture is used in the body or only in headers and footers.
 */
function drawingRoles(table: Uint8Array, start: number, end: number): Map<number, string> {
  const roles = new Map<number, string>();
  let at = start;
  while (at + 9 <= end) {
    const label = u8(table, at);
    const drawing = readRecord(table, at + 1, end);
    if (drawing?.type !== RecordType.DgContainer) break;
    const role = label === 1 ? 'header' : 'body';
    for (const record of allRecords(table, drawing)) {
      if (record.type !== RecordType.FOPT) continue;
      for (let i = 0; i < record.instance && record.bodyStart + i * 6 + 6 <= record.end; i++) {
        const opid = u16(table, record.bodyStart + i * 6);
        const pib = u32(table, record.bodyStart + i * 6 + 2);
        if ((opid & 0xbfff) !== 0x104 || pib === 0) continue;
        if (roles.get(pib) !== 'body') roles.set(pib, role);
      }
    }
    at = drawing.end;
  }
  return roles;
}
