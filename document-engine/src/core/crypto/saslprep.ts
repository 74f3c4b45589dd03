/**
 * SASLprep (RFC 4013, the stringprep profile of RFC 3454 for user names and passwords), which
 * PDF 2.0 (ISO 32000-2 §7.6.4.3.3) asks of an AES-256 (revision 6) password before it is UTF-8
 * encoded: non-ASCII spaces become U+0020, soft hyphens, joiners and variation selectors go,
 * the result is NFKC-normalised (so a composed and a decomposed accent are one password), then
 * refused if it holds a prohibited character or mixes right-to-left and left-to-right text.
 *
 * Our own, small, for browsers and Node alike: the maintained npm package (@mongodb-js/saslprep)
 * builds its tables with Node's `Buffer` even in its browser build (and ships 560 KB of them),
 * which a browser Worker does not have. NFKC is the platform's (String.prototype.normalize: a
 * newer Unicode than RFC 3454's 3.2, which by Unicode's normalisation stability gives the same
 * result for the characters 3.2 assigned).
 */
import { L_CAT, MAPPED_TO_NOTHING, NON_ASCII_SPACE, PROHIBITED, RAND_AL_CAT } from './saslprepTables.ts';

/** A table: sorted [start, end] pairs, searched by bisection. */
type RangeTable = Uint32Array;

function parseTable(text: string): RangeTable {
  const parts = text.split(',');
  const table = new Uint32Array(parts.length * 2);
  parts.forEach((part, i) => {
    const [start = '0', end = start] = part.split('-');
    table[2 * i] = Number.parseInt(start, 16);
    table[2 * i + 1] = Number.parseInt(end, 16);
  });
  return table;
}

function inTable(table: RangeTable, codePoint: number): boolean {
  let lo = 0;
  let hi = table.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (codePoint < (table[2 * mid] ?? 0)) hi = mid - 1;
    else if (codePoint > (table[2 * mid + 1] ?? 0)) lo = mid + 1;
    else return true;
  }
  return false;
}

let tables:
  | { nothing: RangeTable; space: RangeTable; prohibited: RangeTable; ral: RangeTable; l: RangeTable }
  | undefined;

function loadTables(): NonNullable<typeof tables> {
  tables ??= {
    nothing: parseTable(MAPPED_TO_NOTHING),
    space: parseTable(NON_ASCII_SPACE),
    prohibited: parseTable(PROHIBITED),
    ral: parseTable(RAND_AL_CAT),
    l: parseTable(L_CAT),
  };
  return tables;
}

/** Why a string cannot be prepared. */
export class SaslprepError extends Error {}

/** The string SASLprep makes of `input` (unassigned code points allowed: a query); throws SaslprepError. */
export function saslprep(input: string): string {
  const t = loadTables();
  let mapped = '';
  for (const char of input) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (inTable(t.nothing, codePoint)) continue;
    mapped += inTable(t.space, codePoint) ? ' ' : char;
  }
  const output = mapped.normalize('NFKC');
  const codePoints = Array.from(output, (char) => char.codePointAt(0) ?? 0);
  if (codePoints.some((codePoint) => inTable(t.prohibited, codePoint))) {
    throw new SaslprepError('The password holds a character SASLprep prohibits.');
  }
  // RFC 3454 §6: right-to-left text must not be mixed with left-to-right, and must start and end it
  if (codePoints.some((codePoint) => inTable(t.ral, codePoint))) {
    const first = codePoints[0] ?? 0;
    const last = codePoints[codePoints.length - 1] ?? 0;
    if (codePoints.some((codePoint) => inTable(t.l, codePoint)) || !inTable(t.ral, first) || !inTable(t.ral, last)) {
      throw new SaslprepError('The password mixes right-to-left and left-to-right text.');
    }
  }
  return output;
}
