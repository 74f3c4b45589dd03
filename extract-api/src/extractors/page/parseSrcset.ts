/** One candidate of a `srcset` attribute. */
export interface SrcsetCandidate {
  url: string;
  /** The descriptors as written, e.g. `640w`, `2x`; absent when the candidate has none. */
  descriptor?: string;
  /** From a `w` descriptor: the image's intrinsic width in CSS pixels. */
  width?: number;
  /** From an `x` descriptor: the pixel density. */
  density?: number;
  /** From an `h` descriptor (future-compat in the HTML spec). */
  height?: number;
}

function isAsciiSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';
}

/** Reads the candidates' URLs and descriptors, following the HTML standard's tokenizer. */
function tokenize(value: string): { url: string; descriptors: string[] }[] {
  const out: { url: string; descriptors: string[] }[] = [];
  const end = value.length;
  let pos = 0;
  while (pos < end) {
    while (pos < end && (isAsciiSpace(value[pos]) || value[pos] === ',')) pos++;
    if (pos >= end) break;
    const urlStart = pos;
    while (pos < end && !isAsciiSpace(value[pos])) pos++;
    let url = value.slice(urlStart, pos);
    const descriptors: string[] = [];
    if (url.endsWith(',')) {
      // "a.jpg," : the comma ends the candidate, which has no descriptors.
      let cut = url.length;
      while (cut > 0 && url[cut - 1] === ',') cut--;
      url = url.slice(0, cut);
    } else {
      let current = '';
      let inParens = false;
      while (pos <= end) {
        const c = value[pos];
        pos++;
        if (c === undefined) {
          if (current) descriptors.push(current);
          break;
        }
        if (inParens) {
          current += c;
          if (c === ')') inParens = false;
        } else if (isAsciiSpace(c)) {
          if (current) descriptors.push(current);
          current = '';
        } else if (c === ',') {
          if (current) descriptors.push(current);
          break;
        } else {
          if (c === '(') inParens = true;
          current += c;
        }
      }
    }
    if (url) out.push({ url, descriptors });
  }
  return out;
}

const INTEGER = /^\d+$/;
const FLOAT = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Splits a `srcset` (or `data-srcset`) value into its candidates. Commas inside a URL are kept
 * (`c_fill,w_320/a.jpg 320w`), as the HTML standard reads them. It is lenient: a candidate with a descriptor it
 * cannot read keeps its URL and the descriptor text, without numbers.
 */
export function parseSrcset(value: string): SrcsetCandidate[] {
  return tokenize(value).map(({ url, descriptors }) => {
    const candidate: SrcsetCandidate = { url };
    if (descriptors.length === 0) return candidate;
    candidate.descriptor = descriptors.join(' ');
    for (const d of descriptors) {
      const unit = d.slice(-1).toLowerCase();
      const number = d.slice(0, -1);
      if (unit === 'w' && INTEGER.test(number) && Number(number) > 0) candidate.width = Number(number);
      else if (unit === 'h' && INTEGER.test(number) && Number(number) > 0) candidate.height = Number(number);
      else if (unit === 'x' && FLOAT.test(number) && Number(number) > 0) candidate.density = Number(number);
    }
    return candidate;
  });
}
