/**
 * A stream's filter chain (ISO 32000-1 §7.4): each named filter with its DecodeParms (a
 * dictionary, or an array parallel to the filters). The image codecs (DCT, JPX, JBIG2)
 * stop the chain: their input bytes are returned with the codec's name, so JPEG and JPEG 2000
 * come out exactly as stored.
 */
import { DocumentError } from '../../../errors.ts';
import { nameOf, numberOf, PdfDict, type PdfObject } from '../objects.ts';
import { ascii85Decode } from './ascii85Stream.ts';
import { asciiHexDecode } from './asciiHexStream.ts';
import { ccittFaxDecode } from './ccittFaxStream.ts';
import { flateDecode } from './flateStream.ts';
import { lzwDecode } from './lzwStream.ts';
import { unpredict } from './predictor.ts';
import { runLengthDecode } from './runLengthStream.ts';
import { MAX_DECODED_STREAM_BYTES } from './sizeBudget.ts';

export type ImageCodec = 'DCTDecode' | 'JPXDecode' | 'JBIG2Decode' | 'CCITTFaxDecode';

export type DecodedStream = { data: Uint8Array; codec?: ImageCodec; codecParams?: PdfDict };

/** Bytes the filters of a whole document may still produce (shared by its streams). */
export type DecodeBudget = { remaining: number };

const ABBREVIATIONS: Record<string, string> = {
  AHx: 'ASCIIHexDecode',
  A85: 'ASCII85Decode',
  LZW: 'LZWDecode',
  Fl: 'FlateDecode',
  RL: 'RunLengthDecode',
  CCF: 'CCITTFaxDecode',
  DCT: 'DCTDecode',
};

const CODECS = new Set<string>(['DCTDecode', 'JPXDecode', 'JBIG2Decode']);

/** Filters and parameters, already resolved (no indirect references). */
export function decodeFilters(
  data: Uint8Array,
  filter: PdfObject | undefined,
  parms: PdfObject | undefined,
  budget?: DecodeBudget,
): DecodedStream {
  const stage = { limit: 0 };
  try {
    return decodeChain(data, filter, parms, budget, stage);
  } catch (error) {
    // a stream refused for its size did the work up to the limit: that counts too
    if (budget && error instanceof DocumentError && error.code === 'too-large') budget.remaining -= stage.limit;
    throw error;
  }
}

function decodeChain(
  data: Uint8Array,
  filter: PdfObject | undefined,
  parms: PdfObject | undefined,
  budget: DecodeBudget | undefined,
  stage: { limit: number },
): DecodedStream {
  const filters = (Array.isArray(filter) ? filter : filter == null ? [] : [filter]).map((f) => nameOf(f) ?? '');
  const parmList = Array.isArray(parms) ? parms : filters.map(() => parms ?? null);
  let current = data;
  // each filter's output counts against the document's budget; none may pass the per-stream limit
  const limit = () => {
    stage.limit = Math.max(0, Math.min(MAX_DECODED_STREAM_BYTES, budget?.remaining ?? Number.POSITIVE_INFINITY));
    return stage.limit;
  };
  for (const [index, rawName] of filters.entries()) {
    if (index > 0 && budget && current !== data) {
      budget.remaining -= current.length;
      if (budget.remaining < 0) throw new DocumentError('too-large');
    }
    const name = ABBREVIATIONS[rawName] ?? rawName;
    const p = parmList[index];
    const params = p instanceof PdfDict ? p : undefined;
    if (CODECS.has(name))
      return { data: current, codec: name as ImageCodec, ...(params ? { codecParams: params } : {}) };
    switch (name) {
      case 'FlateDecode':
        current = withPredictor(flateDecode(current, limit()), params, limit());
        break;
      case 'LZWDecode':
        current = withPredictor(
          lzwDecode(current, numberOf(params?.get('EarlyChange')) ?? 1, limit()),
          params,
          limit(),
        );
        break;
      case 'ASCIIHexDecode':
        current = asciiHexDecode(current);
        break;
      case 'ASCII85Decode':
        current = ascii85Decode(current);
        break;
      case 'RunLengthDecode':
        current = runLengthDecode(current, limit());
        break;
      case 'CCITTFaxDecode':
        current = ccittFaxDecode(current, {
          k: numberOf(params?.get('K')) ?? 0,
          columns: numberOf(params?.get('Columns')) ?? 1728,
          rows: numberOf(params?.get('Rows')) ?? 0,
          blackIs1: params?.get('BlackIs1') === true,
          encodedByteAlign: params?.get('EncodedByteAlign') === true,
        });
        break;
      case 'Crypt':
        break; // Identity crypt filter: the security handler already did its work
      default:
        throw new DocumentError(
          'unsupported',
          `This PDF uses the filter ${name || '(unnamed)'}, which the extractor cannot read.`,
        );
    }
  }
  if (budget && current !== data && filters.length > 0) {
    budget.remaining -= current.length;
    if (budget.remaining < 0) throw new DocumentError('too-large');
  }
  return { data: current };
}

function withPredictor(data: Uint8Array, params: PdfDict | undefined, limit: number): Uint8Array {
  const predictor = numberOf(params?.get('Predictor')) ?? 1;
  if (predictor <= 1) return data;
  return unpredict(data, {
    predictor,
    colors: numberOf(params?.get('Colors')) ?? 1,
    bitsPerComponent: numberOf(params?.get('BitsPerComponent')) ?? 8,
    columns: numberOf(params?.get('Columns')) ?? 1,
    limit,
  });
}
