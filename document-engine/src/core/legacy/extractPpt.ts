/**
 * PowerPoint 97-2003 (.ppt): every picture in the "Pictures" stream, in stream order (the order
 * Apache POI's HSLF lists them), with the slides that show it.
 *
 * Encrypted files (RC4 CryptoAPI, the only encryption PowerPoint 2002-2007 writes) are read
 * with the password; without one, PasswordRequiredError.
 *
 * Slide numbers come from the slides' shapes (see pptStructure.ts). A picture shown through a
 * picture shape or a shape fill gets role 'slide'; one that is only a slide background gets
 * 'background' (with those slides); one used only on masters or notes pages gets 'master' or
 * 'notes' and no slide numbers; one no slide refers to gets 'slide' and no slide numbers.
 */
import { DocumentError, PasswordRequiredError, throwIfAborted } from '../../errors.ts';
import { u16 } from '../bytes.ts';
import type { DocumentExtractor, DocumentImage } from '../types.ts';
import { openCompoundFile } from './compoundFile.ts';
import { withDocumentErrors } from './guard.ts';
import { toDocumentImage } from './legacyImage.ts';
import { decodeBlip, isBlipType, type OfficeArtRecord, RecordType, readRecord } from './officeArt.ts';
import { decryptDocument, decryptPictures, type PictureUse, readPersistState, readSlideUses } from './pptStructure.ts';
import { readEncryptionInfo, unlock } from './rc4CryptoApi.ts';

export const extractPpt: DocumentExtractor = withDocumentErrors(async function* extractPpt(bytes, options) {
  const { signal, onProgress } = options;
  throwIfAborted(signal);
  const file = openCompoundFile(bytes);
  const document = file.stream('PowerPoint Document');
  if (!document) throw new DocumentError('invalid');
  const state = readPersistState(document, file.stream('Current User'));
  let pictures = file.stream('Pictures');
  let readable = document;
  if (state.encrypted) {
    if (!options.password) throw new PasswordRequiredError('password-required');
    const info = state.encryptionInfo && readEncryptionInfo(state.encryptionInfo);
    if (info?.kind !== 'rc4-cryptoapi') throw new DocumentError('unsupported');
    const keys = unlock(info, options.password);
    readable = decryptDocument(document, state, keys);
    if (pictures) pictures = decryptPictures(pictures, keys);
  }
  const slides = readSlideUses(readable, state);
  if (!pictures) return;

  const records = listPictureRecords(pictures);
  let found = 0;
  for (const [i, record] of records.entries()) {
    throwIfAborted(signal);
    const blip = decodeBlip(pictures, record);
    onProgress?.({ done: i + 1, total: records.length, unit: 'pictures' });
    if (!blip) continue;
    found += 1;
    yield toDocumentImage(blip, found, placementOf(slides.uses.get(record.offset)));
  }
});

/**
 * The BLIP records of the Pictures stream (MS-PPT 2.1.3: a sequence of OfficeArtBlip records).
 * Like POI, reading stops at the first record that is not an FBSE or a BLIP; FBSEs and BLIP types
 * nobody defined (the "type 0" records of damaged files) are stepped over, and a record that runs
 * past the end of the stream is left out.
 */
export function listPictureRecords(pictures: Uint8Array): OfficeArtRecord[] {
  const records: OfficeArtRecord[] = [];
  let at = 0;
  while (at + 8 <= pictures.length) {
    const type = u16(pictures, at + 2);
    if (type !== RecordType.FBSE && !isBlipType(type)) break;
    const record = readRecord(pictures, at);
    if (!record) break;
    if (type !== RecordType.FBSE) records.push(record);
    at = record.end;
  }
  return records;
}

function placementOf(use: PictureUse | undefined): Pick<DocumentImage, 'role' | 'slideNumbers'> {
  if (!use) return { role: 'slide' };
  const shown = new Set([...use.pictureSlides, ...use.fillSlides]);
  if (shown.size > 0) {
    for (const slide of use.backgroundSlides) shown.add(slide);
    return { role: 'slide', slideNumbers: [...shown].sort((a, b) => a - b) };
  }
  if (use.backgroundSlides.size > 0) {
    return { role: 'background', slideNumbers: [...use.backgroundSlides].sort((a, b) => a - b) };
  }
  if (use.onMaster) return { role: 'master' };
  if (use.onNotes) return { role: 'notes' };
  return { role: 'slide' };
}
