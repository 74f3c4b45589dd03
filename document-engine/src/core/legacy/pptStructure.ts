/**
 * The parts of the "PowerPoint Document" stream (MS-PPT) needed to tell which slides show which
 * picture: CurrentUserAtom → UserEditAtom chain → persist directory → DocumentContainer, whose
 * BStore (PPDrawingGroup) lists the pictures and whose SlideListWithText lists the slides in
 * presentation order. Each slide's PPDrawing holds OfficeArt shapes; a shape's `pib` property is a
 * 1-based BStore index, and that FBSE's `foDelay` is the picture's offset in the "Pictures" stream.
 *
 * Bounded, since every offset here comes from the file and many records may name one other:
 *   - the UserEditAtom chain: a visited set and at most MAX_EDITS edits; a persist directory is
 *     read once however many edits name it, and all of them together read at most as many
 *     entries as the stream has words (4,096 edits naming one 1 MB directory took 44 s);
 *   - slides' drawings: each drawing is walked once however many slides name it (20,000 slides
 *     naming one 20,000-shape drawing ran for minutes), all walks together visit at most one
 *     record per 4 bytes of the stream (or MIN_DRAWING_RECORD_VISITS), nesting is bounded in
 *     officeArt.ts, and at most MAX_PICTURE_USES (slide, picture) pairs are recorded;
 *   - decryption: the persist objects decrypted are together at most the stream's size. Past a
 *     bound, what is left is left out: pictures are still listed, with fewer slide numbers.
 */

import { u8, u16, u32 } from '../bytes.ts';
import { rc4 } from '../crypto/index.ts';
import {
  allRecords,
  childRecords,
  type Fbse,
  findChild,
  isBlipType,
  type OfficeArtRecord,
  RecordType,
  readBStore,
  readRecord,
} from './officeArt.ts';
import type { BlockKeys } from './rc4CryptoApi.ts';

const PptRecord = {
  CurrentUserAtom: 0x0ff6,
  UserEditAtom: 0x0ff5,
  PersistDirectoryAtom: 0x1772,
  DocumentContainer: 0x03e8,
  SlideListWithText: 0x0ff0,
  SlidePersistAtom: 0x03f3,
  PPDrawingGroup: 0x040b,
  PPDrawing: 0x040c,
  CryptSession10Container: 0x2f14,
} as const;

/** SlideListWithText recInstance values. */
const SlideList = { slides: 0, masters: 1, notes: 2 } as const;

const HEADER_TOKEN_ENCRYPTED = 0xf3d1c4df;

/** OfficeArt shape properties (MS-ODRAW 2.3): pid without the fBid/fComplex flags. */
const Pid = { fillBlip: 0x186, pib: 0x104 } as const;
const FSP_BACKGROUND = 0x400;
const MAX_EDITS = 4096;
/** (slide, picture) pairs recorded at most: far above real decks (1,000 slides × 50 pictures is 50,000). */
const MAX_PICTURE_USES = 1_000_000;
/** Record visits while reading drawings, at most this many, or one per 4 bytes of the stream if more. */
const MIN_DRAWING_RECORD_VISITS = 1_000_000;

/** How one picture (keyed by its offset in the Pictures stream) is used. */
export type PictureUse = {
  /** Slides with a picture shape (or OLE preview) showing it: what Apache POI reports. */
  pictureSlides: Set<number>;
  /** Slides with a shape filled with it. */
  fillSlides: Set<number>;
  /** Slides whose background is it. */
  backgroundSlides: Set<number>;
  onMaster: boolean;
  onNotes: boolean;
};

/** Where the persist objects are, from the newest edit back. */
export type PersistState = {
  encrypted: boolean;
  /** CryptSession10Container body (an EncryptionInfo), when the document is encrypted. */
  encryptionInfo?: Uint8Array;
  persist: Map<number, number>;
  docPersistIdRef?: number;
  encryptSessionPersistIdRef?: number;
};

export type SlideUses = {
  slideCount: number;
  /** Keyed by the picture's offset in the "Pictures" stream. */
  uses: Map<number, PictureUse>;
};

/**
 * CurrentUserAtom → UserEditAtom chain → persist directory. Never throws on a damaged stream:
 * what cannot be read is left out.
 */
export function readPersistState(document: Uint8Array, currentUser: Uint8Array | undefined): PersistState {
  let encrypted = false;
  let editOffset: number | undefined;
  if (currentUser && u16(currentUser, 2) === PptRecord.CurrentUserAtom) {
    if (u32(currentUser, 12) === HEADER_TOKEN_ENCRYPTED) encrypted = true;
    editOffset = u32(currentUser, 16);
  }
  if (editOffset === undefined || readRecord(document, editOffset)?.type !== PptRecord.UserEditAtom) {
    editOffset = lastUserEditByScan(document);
  }
  const state: PersistState =
    editOffset === undefined ? { encrypted, persist: new Map() } : readPersistDirectory(document, editOffset);
  state.encrypted ||= encrypted;
  if (state.encryptSessionPersistIdRef !== undefined) {
    const at = state.persist.get(state.encryptSessionPersistIdRef);
    const session = at === undefined ? undefined : readRecord(document, at);
    if (session?.type === PptRecord.CryptSession10Container) {
      state.encrypted = true;
      state.encryptionInfo = document.subarray(session.bodyStart, session.end);
    }
  }
  return state;
}

/**
 * Which slides (and masters, notes) use which picture. `document` must be readable (decrypted
 * when it was encrypted); what cannot be read is left out, and the caller then lists pictures
 * without slide numbers.
 */
export function readSlideUses(document: Uint8Array, state: PersistState): SlideUses {
  const result: SlideUses = { slideCount: 0, uses: new Map() };
  const { persist, docPersistIdRef } = state;
  const docAt = docPersistIdRef === undefined ? undefined : persist.get(docPersistIdRef);
  const documentContainer = docAt === undefined ? undefined : readRecord(document, docAt);
  if (documentContainer?.type !== PptRecord.DocumentContainer) return result;

  const bstore = findBStore(document, documentContainer);
  const lists = new Map<number, number[]>();
  for (const record of childRecords(document, documentContainer)) {
    if (record.type !== PptRecord.SlideListWithText || lists.has(record.instance)) continue;
    const refs: number[] = [];
    for (const child of childRecords(document, record)) {
      if (child.type === PptRecord.SlidePersistAtom) refs.push(u32(document, child.bodyStart));
    }
    lists.set(record.instance, refs);
  }

  const pictureUseOf = (pib: number): PictureUse | undefined => {
    const fbse = bstore[pib - 1];
    if (!fbse) return undefined;
    let use = result.uses.get(fbse.foDelay);
    if (!use) {
      use = {
        pictureSlides: new Set(),
        fillSlides: new Set(),
        backgroundSlides: new Set(),
        onMaster: false,
        onNotes: false,
      };
      result.uses.set(fbse.foDelay, use);
    }
    return use;
  };
  const budget = { records: Math.max(MIN_DRAWING_RECORD_VISITS, document.length / 4), uses: MAX_PICTURE_USES };
  const blipsByDrawing = new Map<number, ShapeBlip[]>();
  /** The distinct picture references of the drawing of the slide (master, notes) `persistId`. */
  const blipsOf = (persistId: number): ShapeBlip[] => {
    const at = persist.get(persistId);
    const container = at === undefined ? undefined : readRecord(document, at);
    const drawing = container && findChild(document, container, PptRecord.PPDrawing);
    if (!drawing) return [];
    let blips = blipsByDrawing.get(drawing.offset);
    if (!blips) {
      blips = shapeBlips(document, drawing, budget);
      blipsByDrawing.set(drawing.offset, blips);
    }
    return blips;
  };

  const slides = lists.get(SlideList.slides) ?? [];
  result.slideCount = slides.length;
  slides.forEach((persistId, index) => {
    for (const shape of blipsOf(persistId)) {
      if (budget.uses <= 0) return;
      const use = pictureUseOf(shape.pib);
      if (!use) continue;
      const set =
        shape.kind === 'picture' ? use.pictureSlides : shape.kind === 'fill' ? use.fillSlides : use.backgroundSlides;
      set.add(index + 1);
      budget.uses -= 1;
    }
  });
  for (const [instance, flag] of [
    [SlideList.masters, 'onMaster'],
    [SlideList.notes, 'onNotes'],
  ] as const) {
    for (const persistId of lists.get(instance) ?? []) {
      for (const shape of blipsOf(persistId)) {
        const use = pictureUseOf(shape.pib);
        if (use) use[flag] = true;
      }
    }
  }
  return result;
}

function findBStore(document: Uint8Array, documentContainer: OfficeArtRecord): (Fbse | undefined)[] {
  const group = findChild(document, documentContainer, PptRecord.PPDrawingGroup);
  const dgg = group && findChild(document, group, RecordType.DggContainer);
  const bstore = dgg && findChild(document, dgg, RecordType.BStoreContainer);
  return bstore ? readBStore(document, bstore) : [];
}

type ShapeBlip = { pib: number; kind: 'picture' | 'fill' | 'background' };

/**
 * The BStore references of every shape in a PPDrawing (group shapes included), each (pib, kind)
 * once, in order of first use. Stops when `budget.records` runs out.
 */
function shapeBlips(document: Uint8Array, drawing: OfficeArtRecord, budget: { records: number }): ShapeBlip[] {
  const found = new Map<string, ShapeBlip>();
  for (const record of allRecords(document, drawing)) {
    if (--budget.records < 0) break;
    if (record.type !== RecordType.SpContainer) continue;
    let background = false;
    const shapes: ShapeBlip[] = [];
    for (const child of childRecords(document, record)) {
      if (--budget.records < 0) break;
      if (child.type === RecordType.FSP) {
        background = (u32(document, child.bodyStart + 4) & FSP_BACKGROUND) !== 0;
      } else if (
        child.type === RecordType.FOPT ||
        child.type === RecordType.SecondaryFOPT ||
        child.type === RecordType.TertiaryFOPT
      ) {
        const count = child.instance;
        for (let i = 0; i < count; i++) {
          const at = child.bodyStart + i * 6;
          if (at + 6 > child.end) break;
          const opid = u16(document, at);
          const value = u32(document, at + 2);
          const pid = opid & 0x3fff;
          // fBid (0x4000): the value is a BStore index; fComplex (0x8000) values are not.
          if ((opid & 0x8000) !== 0 || value === 0) continue;
          if (pid === Pid.pib) shapes.push({ pib: value, kind: 'picture' });
          else if (pid === Pid.fillBlip) shapes.push({ pib: value, kind: 'fill' });
        }
      }
    }
    for (const shape of shapes) {
      const blip: ShapeBlip = background && shape.kind === 'fill' ? { ...shape, kind: 'background' } : shape;
      const key = `${blip.pib}:${blip.kind}`;
      if (!found.has(key)) found.set(key, blip);
    }
  }
  return [...found.values()];
}

/** Follows the UserEditAtom chain from the newest edit; newer persist entries win. */
function readPersistDirectory(document: Uint8Array, firstEdit: number): PersistState {
  const result: PersistState = { encrypted: false, persist: new Map() };
  const seen = new Set<number>();
  const directoriesRead = new Set<number>();
  // Entries of all directories together, at most: as many as the stream has words.
  let words = document.length / 4;
  let editAt: number | undefined = firstEdit;
  while (editAt !== undefined && !seen.has(editAt) && seen.size < MAX_EDITS) {
    seen.add(editAt);
    const edit = readRecord(document, editAt);
    if (edit?.type !== PptRecord.UserEditAtom || edit.length < 28) break;
    const body = edit.bodyStart;
    if (result.docPersistIdRef === undefined) {
      result.docPersistIdRef = u32(document, body + 16);
      if (edit.length >= 32) result.encryptSessionPersistIdRef = u32(document, body + 28);
    }
    const directoryAt = u32(document, body + 12);
    const directory = directoriesRead.has(directoryAt) ? undefined : readRecord(document, directoryAt);
    directoriesRead.add(directoryAt);
    if (directory?.type === PptRecord.PersistDirectoryAtom) {
      let at = directory.bodyStart;
      while (at + 4 <= directory.end && words-- > 0) {
        const entry = u32(document, at);
        const persistId = entry & 0xfffff;
        const count = entry >>> 20;
        at += 4;
        for (let i = 0; i < count && at + 4 <= directory.end && words-- > 0; i++, at += 4) {
          if (!result.persist.has(persistId + i)) result.persist.set(persistId + i, u32(document, at));
        }
      }
    }
    const previous = u32(document, body + 8);
    editAt = previous > 0 ? previous : undefined;
  }
  return result;
}

/** Without a usable "Current User" stream: the last UserEditAtom among the top-level records. */
function lastUserEditByScan(document: Uint8Array): number | undefined {
  let found: number | undefined;
  let at = 0;
  while (at + 8 <= document.length) {
    const record = readRecord(document, at);
    if (!record) break;
    if (record.type === PptRecord.UserEditAtom) found = at;
    at = record.end;
  }
  return found;
}

/**
 * A decrypted copy of the PowerPoint Document stream (MS-PPT 2.3.7): each persist object but the
 * CryptSession10Container is RC4-encrypted with the key of its persist id, header and body in one
 * key stream. UserEditAtoms and the persist directory are not encrypted.
 */
export function decryptDocument(document: Uint8Array, state: PersistState, keys: BlockKeys): Uint8Array {
  const out = document.slice();
  // Persist objects do not overlap in a well-formed stream: all of them together are at most the
  // stream (overlapping ones would make decryption quadratic).
  let bytesLeft = document.length;
  for (const [persistId, at] of state.persist) {
    if (persistId === state.encryptSessionPersistIdRef || at + 8 > document.length) continue;
    const key = keys(persistId);
    const header = rc4(key, document.subarray(at, at + 8));
    const end = Math.min(document.length, at + 8 + u32(header, 4));
    bytesLeft -= end - at;
    if (bytesLeft < 0) break;
    out.set(rc4(key, document.subarray(at, end)), at);
  }
  return out;
}

/**
 * A decrypted copy of the Pictures stream. Each picture is encrypted in segments, each with a
 * fresh RC4 key stream of block 0: the record header, each UID, the metafile header (or the tag
 * byte), then the picture data; an FBSE's fixed fields and name come before its own BLIP header.
 * (This is how PowerPoint writes it, and how Apache POI's HSLF reads it.)
 */
export function decryptPictures(pictures: Uint8Array, keys: BlockKeys): Uint8Array {
  const out = pictures.slice();
  const key = keys(0);
  const segment = (at: number, length: number) => {
    const end = Math.min(pictures.length, at + Math.max(0, length));
    if (end > at) out.set(rc4(key, pictures.subarray(at, end)), at);
    return end;
  };
  let at = 0;
  while (at + 8 <= pictures.length) {
    segment(at, 8);
    let instance = u16(out, at) >>> 4;
    let type = u16(out, at + 2);
    const end = Math.min(pictures.length, at + 8 + u32(out, at + 4));
    let cursor = at + 8;
    if (type === RecordType.FBSE) {
      for (const part of FBSE_PARTS) cursor = segment(cursor, part);
      cursor = segment(cursor, u8(out, cursor - 3));
      if (cursor + 8 <= end) {
        segment(cursor, 8);
        instance = u16(out, cursor) >>> 4;
        type = u16(out, cursor + 2);
        cursor += 8;
      } else {
        at = end;
        continue;
      }
    } else if (!isBlipType(type)) {
      break;
    }
    const uids = TWO_UID_INSTANCES.has(instance) ? 2 : 1;
    for (let i = 0; i < uids; i++) cursor = segment(cursor, 16);
    const metafile = type === 0xf01a || type === 0xf01b || type === 0xf01c;
    cursor = segment(cursor, metafile ? 34 : 1);
    segment(cursor, end - cursor);
    at = end;
  }
  return out;
}

/** OfficeArtFBSE fields, each its own encrypted segment. */
const FBSE_PARTS = [1, 1, 16, 2, 4, 4, 4, 1, 1, 1, 1];
/** BLIP recInstance values with a second UID. */
const TWO_UID_INSTANCES = new Set([0x217, 0x3d5, 0x46b, 0x543, 0x6e1, 0x6e3, 0x6e5, 0x7a9]);
