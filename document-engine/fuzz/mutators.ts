/**
 * The mutations. Every one is a pure function of (seed bytes, other seeds, Rng), so a case is
 * reproduced from (kind, seed file, case seed).
 *
 *   bytes   bit flips, bytes and 16/32-bit words set to interesting values, small arithmetic,
 *           truncation, duplicated / zeroed / deleted ranges, splices with another seed
 *   zip     (docx, pptx) the package is inflated with fflate, its XML parts and media mutated
 *           (attribute values, relationship targets pointing at themselves or each other,
 *           duplicated and cut elements, dropped and renamed parts), re-zipped, and sometimes its
 *           local or central headers broken afterwards (sizes, offsets, methods, counts, names)
 *   pdf     token-aware: numbers after /Length /Width /Height /BitsPerComponent /Columns /Size…,
 *           startxref and xref offsets, object numbers, references rewired to random objects (cycles),
 *           filters and colour spaces swapped, FlateDecode streams inflated, mutated, deflated
 */
import { deflateSync, inflateSync, strFromU8, strToU8, unzipSync, type Zippable, zipSync } from 'fflate';
import type { Kind, Seed } from './corpus.ts';
import type { Rng } from './prng.ts';

const INTERESTING_8 = [0, 1, 0x7f, 0x80, 0xff, 0x10, 0x20, 0x40, 0xfe];
const INTERESTING_32 = [
  0, 1, 2, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x10000, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff, 0x1000, 0x200,
];
const INTERESTING_NUMBERS = [
  '0',
  '-1',
  '1',
  '2',
  '3',
  '7',
  '8',
  '16',
  '31',
  '32',
  '33',
  '64',
  '255',
  '256',
  '65535',
  '65536',
  '2147483647',
  '2147483648',
  '4294967295',
  '4294967296',
  '1000000000',
  '99999999999999999999',
  '-2147483648',
  '1e9',
  '0.5',
  '3.5',
  '-0',
  'NaN',
  '1.7976931348623157e308',
];

type Mutator = (input: Uint8Array, rng: Rng, others: readonly Seed[]) => Uint8Array;

// ---------------------------------------------------------------------------------------------
// bytes

function bitFlip(input: Uint8Array, rng: Rng): Uint8Array {
  const out = input.slice();
  const n = rng.smallish(64);
  for (let i = 0; i < n && out.length; i++) {
    const at = rng.int(out.length);
    out[at] = (out[at] as number) ^ (1 << rng.int(8));
  }
  return out;
}

function setInteresting(input: Uint8Array, rng: Rng): Uint8Array {
  const out = input.slice();
  if (!out.length) return out;
  const n = rng.smallish(16);
  for (let i = 0; i < n; i++) {
    const at = rng.int(out.length);
    const width = rng.pick([1, 2, 4]);
    const value = width === 1 ? rng.pick(INTERESTING_8) : rng.pick(INTERESTING_32);
    const bigEndian = rng.chance(0.3);
    for (let b = 0; b < width && at + b < out.length; b++) {
      const shift = 8 * (bigEndian ? width - 1 - b : b);
      out[at + b] = (value >>> shift) & 0xff;
    }
  }
  return out;
}

function arithmetic(input: Uint8Array, rng: Rng): Uint8Array {
  const out = input.slice();
  if (out.length < 4) return out;
  const n = rng.smallish(8);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  for (let i = 0; i < n; i++) {
    const at = rng.int(out.length - 3);
    const delta = (rng.int(70) - 35) | 0;
    const le = rng.chance(0.7);
    if (rng.chance(0.5)) view.setUint16(at, (view.getUint16(at, le) + delta) & 0xffff, le);
    else view.setUint32(at, (view.getUint32(at, le) + delta) >>> 0, le);
  }
  return out;
}

function truncate(input: Uint8Array, rng: Rng): Uint8Array {
  if (input.length < 2) return input.slice();
  // Mostly near the end (the part that is read first in ZIP and PDF), sometimes anywhere.
  const cut = rng.chance(0.5) ? input.length - rng.smallish(input.length - 1) : rng.int(input.length);
  return input.slice(0, cut);
}

function range(input: Uint8Array, rng: Rng): [number, number] {
  const start = rng.int(input.length);
  const len = rng.smallish(Math.max(1, input.length - start));
  return [start, Math.min(input.length, start + len)];
}

function duplicateRange(input: Uint8Array, rng: Rng): Uint8Array {
  if (!input.length) return input.slice();
  const [start, end] = range(input, rng);
  const at = rng.int(input.length + 1);
  const times = rng.chance(0.1) ? 1 + rng.int(32) : 1;
  const chunk = input.subarray(start, end);
  const out = new Uint8Array(input.length + chunk.length * times);
  out.set(input.subarray(0, at), 0);
  for (let t = 0; t < times; t++) out.set(chunk, at + t * chunk.length);
  out.set(input.subarray(at), at + chunk.length * times);
  return out;
}

function zeroRange(input: Uint8Array, rng: Rng): Uint8Array {
  const out = input.slice();
  if (!out.length) return out;
  const [start, end] = range(out, rng);
  out.fill(rng.chance(0.8) ? 0 : 0xff, start, end);
  return out;
}

function deleteRange(input: Uint8Array, rng: Rng): Uint8Array {
  if (!input.length) return input.slice();
  const [start, end] = range(input, rng);
  const out = new Uint8Array(input.length - (end - start));
  out.set(input.subarray(0, start), 0);
  out.set(input.subarray(end), start);
  return out;
}

function splice(input: Uint8Array, rng: Rng, others: readonly Seed[]): Uint8Array {
  const other = rng.pick(others)?.bytes;
  if (!other?.length || !input.length) return input.slice();
  if (rng.chance(0.5)) {
    // Head of this one, tail of the other.
    const a = rng.int(input.length);
    const b = rng.int(other.length);
    const out = new Uint8Array(a + other.length - b);
    out.set(input.subarray(0, a), 0);
    out.set(other.subarray(b), a);
    return out;
  }
  // A piece of the other inserted over this one.
  const [start, end] = range(other, rng);
  const at = rng.int(input.length);
  const out = input.slice();
  out.set(other.subarray(start, Math.min(end, start + out.length - at)), at);
  return out;
}

const BYTE_MUTATORS: Mutator[] = [
  bitFlip,
  setInteresting,
  arithmetic,
  truncate,
  duplicateRange,
  zeroRange,
  deleteRange,
  splice,
];

function byteMutation(input: Uint8Array, rng: Rng, others: readonly Seed[]): Uint8Array {
  return rng.pick(BYTE_MUTATORS)(input, rng, others);
}

// ---------------------------------------------------------------------------------------------
// text (XML and PDF tokens)

const latin1 = new TextDecoder('latin1');
function toLatin1(bytes: Uint8Array): string {
  return latin1.decode(bytes);
}
function fromLatin1(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

/** All matches of a global regex, as [index, match] (capped: big files have many). */
function matches(text: string, re: RegExp, cap = 5000): RegExpExecArray[] {
  const found: RegExpExecArray[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m && found.length < cap; m = re.exec(text)) {
    found.push(m);
    if (m[0].length === 0) re.lastIndex++;
  }
  return found;
}

/** Replaces capture group 1 of one random match. */
function replaceGroup(text: string, re: RegExp, rng: Rng, value: (old: string) => string): string | undefined {
  const found = matches(text, re);
  if (!found.length) return undefined;
  const m = rng.pick(found);
  const group = m[1] ?? '';
  const start = m.index + m[0].indexOf(group);
  return text.slice(0, start) + value(group) + text.slice(start + group.length);
}

function mutateNumber(old: string, rng: Rng): string {
  const n = Number(old);
  const r = rng.float();
  if (r < 0.5 || !Number.isFinite(n)) return rng.pick(INTERESTING_NUMBERS);
  if (r < 0.75) return String(n + rng.int(9) - 4);
  if (r < 0.9) return String(n * rng.pick([2, 10, 1000, 1e6]));
  return String(-n);
}

// ---------------------------------------------------------------------------------------------
// XML parts

function mutateXml(text: string, rng: Rng, otherText: string | undefined): string {
  const r = rng.int(10);
  switch (r) {
    case 0: // a number inside an attribute
      return replaceGroup(text, /="(-?\d+(?:\.\d+)?)"/g, rng, (old) => mutateNumber(old, rng)) ?? text;
    case 1: // a relationship id pointing elsewhere (r:embed, r:id, r:link)
      return (
        replaceGroup(text, /r:(?:embed|id|link|pict|dm|lo|qs|cs)="([^"]*)"/g, rng, () =>
          rng.pick(['rId1', 'rId2', 'rId3', '', 'rId999999', 'rId1 ', '../', 'rIdx']),
        ) ?? text
      );
    case 2: // a relationship target to itself, a parent, another part, an absolute or external address
      return (
        replaceGroup(text, /Target="([^"]*)"/g, rng, (old) =>
          rng.pick([
            old,
            '',
            '/',
            '../../../../../etc/passwd',
            '/word/_rels/document.xml.rels',
            '/ppt/slides/slide1.xml',
            '/word/document.xml',
            'media/image1.png',
            '../media/image1.png',
            'slide1.xml',
            '../slideLayouts/slideLayout1.xml',
            '../charts/chart1.xml',
            'http://example.invalid/a.png',
            'file:///C:/a.png',
            '%2e%2e/%2e%2e/x',
            'a'.repeat(5000),
          ]),
        ) ?? text
      );
    case 3: {
      // duplicate an element (many times sometimes: size and depth)
      const found = matches(text, /<([A-Za-z][\w:.-]*)\b[^>]*?(?:\/>|>[\s\S]*?<\/\1>)/g, 2000);
      if (!found.length) return text;
      const m = rng.pick(found);
      const times = rng.chance(0.2) ? 1 + rng.int(200) : 1;
      return text.slice(0, m.index) + m[0].repeat(times + 1) + text.slice(m.index + m[0].length);
    }
    case 4: {
      // nest an element in itself, deeply
      const found = matches(text, /<([A-Za-z][\w:.-]*)\b[^>/]*>/g, 2000);
      if (!found.length) return text;
      const m = rng.pick(found);
      const depth = 1 + rng.int(rng.chance(0.1) ? 20000 : 50);
      const name = m[1] as string;
      return text.slice(0, m.index) + m[0].repeat(depth) + `</${name}>`.repeat(depth - 1) + text.slice(m.index);
    }
    case 5: // cut a piece out (unbalanced tags, broken attributes)
      {
        const a = rng.int(text.length);
        const b = Math.min(text.length, a + rng.smallish(text.length - a));
        return text.slice(0, a) + text.slice(b);
      }
    case 6: // a piece of another part inserted
      {
        if (!otherText) return text;
        const a = rng.int(otherText.length);
        const piece = otherText.slice(a, a + rng.smallish(4096));
        const at = rng.int(text.length);
        return text.slice(0, at) + piece + text.slice(at);
      }
    case 7: // entities, CDATA, a DOCTYPE, odd characters
      {
        const at = rng.int(text.length);
        const piece = rng.pick([
          '&#0;',
          '&#xFFFF;',
          '&amp',
          '&unknown;',
          '<![CDATA[',
          ']]>',
          '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>',
          '<?xml version="1.0"?>',
          '\u0000',
          '\uFEFF',
          '<',
          '>',
          '"',
          '<a:blip r:embed="rId1"/>',
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="../media/image1.png"/>',
          '<p:sldId id="256" r:id="rId2"/>',
          '<c:chart r:id="rId1"/>',
          '<v:imagedata r:id="rId1"/>',
        ]);
        return text.slice(0, at) + piece + text.slice(at);
      }
    case 8: // a name attribute or namespace changed
      return (
        replaceGroup(text, /xmlns(?::\w+)?="([^"]*)"/g, rng, () =>
          rng.pick(['', 'urn:x', 'http://schemas.openxmlformats.org/drawingml/2006/main']),
        ) ?? text
      );
    default: // a byte-level mutation of the text
      return toLatin1(byteMutation(fromLatin1(text), rng, []));
  }
}

// ---------------------------------------------------------------------------------------------
// ZIP (docx, pptx)

const zipCache = new WeakMap<Uint8Array, Record<string, Uint8Array> | null>();

function unzipped(bytes: Uint8Array): Record<string, Uint8Array> | undefined {
  let files = zipCache.get(bytes);
  if (files === undefined) {
    try {
      files = unzipSync(bytes);
    } catch {
      files = null;
    }
    zipCache.set(bytes, files);
  }
  return files ?? undefined;
}

const isXmlName = (name: string) => /\.(xml|rels|vml|opf|ncx|xhtml)$/i.test(name);
/** Kinds whose files are ZIP packages, mutated part by part. */
const ZIP_KINDS: ReadonlySet<Kind> = new Set(['docx', 'pptx', 'epub', 'odf', 'xlsx', 'cbz']);

function zipMutation(input: Uint8Array, rng: Rng, others: readonly Seed[]): Uint8Array {
  const original = unzipped(input);
  if (!original) return byteMutation(input, rng, others);
  const files: Record<string, Uint8Array> = { ...original };
  const names = Object.keys(files);
  const rounds = 1 + (rng.chance(0.3) ? rng.int(4) : 0);
  for (let round = 0; round < rounds; round++) {
    const r = rng.float();
    if (r < 0.55) {
      const xmlNames = names.filter(isXmlName);
      const name = rng.chance(0.5)
        ? (xmlNames.find((n) => /(document|presentation|slide\d+)\.xml(\.rels)?$/.test(n) && rng.chance(0.4)) ??
          rng.pick(xmlNames))
        : rng.pick(xmlNames);
      if (!name || !files[name]) continue;
      const otherName = rng.pick(xmlNames);
      const otherText = otherName && files[otherName] ? strFromU8(files[otherName]) : undefined;
      files[name] = strToU8(mutateXml(strFromU8(files[name]), rng, otherText));
    } else if (r < 0.7) {
      // a media part damaged, emptied, or swapped for another seed's bytes
      const name = rng.pick(names.filter((n) => !isXmlName(n))) ?? rng.pick(names);
      if (!name || !files[name]) continue;
      const choice = rng.int(3);
      files[name] =
        choice === 0
          ? byteMutation(files[name], rng, others)
          : choice === 1
            ? new Uint8Array(0)
            : (rng.pick(others)?.bytes.slice(0, 1 << 16) ?? new Uint8Array(0));
    } else if (r < 0.8) {
      // a part dropped
      const name = rng.pick(names);
      if (name) delete files[name];
    } else if (r < 0.9) {
      // a part renamed or duplicated under another name (case, slashes, traversal)
      const name = rng.pick(names);
      if (!name || !files[name]) continue;
      const renamed = rng.pick([
        name.toUpperCase(),
        `/${name}`,
        name.replace(/\//g, '\\'),
        `../${name}`,
        `${name}/`,
        name.replace(/\d+/, '999'),
        `${name}.bak`,
      ]);
      files[renamed] = files[name];
      if (rng.chance(0.5)) delete files[name];
    } else {
      // many small parts (directory size)
      const count = 1 + rng.int(rng.chance(0.1) ? 30000 : 300);
      for (let i = 0; i < count; i++) files[`word/media/x${i}.png`] = new Uint8Array(0);
    }
  }
  const level = rng.pick([0, 1, 6] as const);
  const zippable: Zippable = {};
  for (const [name, data] of Object.entries(files)) zippable[name] = [data, { level }];
  let zipped: Uint8Array;
  try {
    zipped = zipSync(zippable);
  } catch {
    return byteMutation(input, rng, others);
  }
  if (rng.chance(0.3)) zipped = breakZipHeaders(zipped, rng);
  return zipped;
}

/** Breaks fields of the local or central headers, or of the end record, of a well-formed ZIP. */
function breakZipHeaders(zip: Uint8Array, rng: Rng): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  const eocd = out.length - 22;
  if (eocd < 0 || view.getUint32(eocd, true) !== 0x06054b50) return out;
  const count = view.getUint16(eocd + 10, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  const central: number[] = [];
  for (let at = cdOffset, i = 0; i < count && at + 46 <= eocd; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) break;
    central.push(at);
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  const n = 1 + rng.int(3);
  for (let k = 0; k < n; k++) {
    const value32 = rng.pick(INTERESTING_32);
    const where = rng.int(3);
    if (where === 0 || !central.length) {
      // end of central directory: entry counts, directory size and offset, comment length
      const field = rng.pick([8, 10, 12, 16, 20]);
      if (field >= 12 && field <= 16) view.setUint32(eocd + field, value32, true);
      else view.setUint16(eocd + field, value32 & 0xffff, true);
    } else if (where === 1) {
      // a central header: method, flags, sizes, name length, extra length, local offset
      const at = rng.pick(central);
      const field = rng.pick([8, 10, 20, 24, 28, 30, 32, 42]);
      if (field === 20 || field === 24 || field === 42) view.setUint32(at + field, value32, true);
      else view.setUint16(at + field, value32 & 0xffff, true);
    } else {
      // the local header of an entry: signature, method, sizes, name and extra lengths
      const at = rng.pick(central) as number;
      const local = view.getUint32(at + 42, true);
      if (local + 30 > out.length) continue;
      const field = rng.pick([0, 6, 8, 18, 22, 26, 28]);
      if (field === 0 || field === 18 || field === 22) view.setUint32(local + field, value32, true);
      else view.setUint16(local + field, value32 & 0xffff, true);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// PDF

const PDF_NUMBER_KEYS =
  'Length|Width|Height|BitsPerComponent|BitsPerSample|Columns|Colors|Predictor|Size|N|K|Rows|Count|First|Prev|XRefStm|EarlyChange|Order|Range|Domain|Encode|Decode|Index|W|R|V|P|Length1|Length2|Length3|Mask|SMaskInData|Rotate|JBIG2Globals|Encoding|BlackIs1|EncodedByteAlign|EndOfBlock|DamagedRowsBeforeError|ColorTransform|HighValue';
const PDF_NUMBER_AFTER_KEY = new RegExp(`/(?:${PDF_NUMBER_KEYS})\\s+(-?\\d+(?:\\.\\d+)?)`, 'g');
const PDF_NAMES = [
  '/FlateDecode',
  '/LZWDecode',
  '/DCTDecode',
  '/JPXDecode',
  '/JBIG2Decode',
  '/CCITTFaxDecode',
  '/RunLengthDecode',
  '/ASCII85Decode',
  '/ASCIIHexDecode',
  '/Crypt',
  '/DeviceRGB',
  '/DeviceGray',
  '/DeviceCMYK',
  '/DeviceN',
  '/Indexed',
  '/ICCBased',
  '/Separation',
  '/Lab',
  '/CalRGB',
  '/Pattern',
  '/Image',
  '/Form',
  '/XObject',
  '/ObjStm',
  '/XRef',
  '/Page',
  '/Pages',
  '/Catalog',
];
const PDF_SNIPPETS = [
  '/SMask 1 0 R ',
  '/Mask [0 255 0 255 0 255] ',
  '/Decode [1 0] ',
  '/ImageMask true ',
  '/ColorSpace [/Indexed /DeviceRGB 255 1 0 R] ',
  '/ColorSpace [/ICCBased 1 0 R] ',
  '/ColorSpace [/DeviceN [/A /B /C] /DeviceRGB 1 0 R] ',
  '/ColorSpace [/Separation /X /DeviceCMYK << /FunctionType 2 /Domain [0 1] /C0 [0 0 0 0] /C1 [1 1 1 1] /N 1 >>] ',
  '/ColorSpace [/Separation /X /DeviceRGB << /FunctionType 0 /Domain [0 1] /Range [0 1 0 1 0 1] /Size [4294967295] /BitsPerSample 32 /Length 4 >>] ',
  '/ColorSpace [/Separation /X /DeviceRGB << /FunctionType 4 /Domain [0 1] /Range [0 1 0 1 0 1] /Length 30 >>] ',
  '/DecodeParms << /Predictor 15 /Columns 100000 /Colors 4 /BitsPerComponent 16 >> ',
  '/Filter [/FlateDecode /FlateDecode /LZWDecode] ',
  '/Resources << /XObject << /Im0 1 0 R /Im1 2 0 R >> >> ',
  '/Kids [1 0 R 1 0 R] ',
  '/Parent 1 0 R ',
  '/Type /Pages /Count 99999999 ',
  '/Encrypt 1 0 R ',
  '/Prev 0 ',
  '/XRefStm 1 ',
];

function pdfMutation(input: Uint8Array, rng: Rng, others: readonly Seed[]): Uint8Array {
  let text = toLatin1(input);
  const rounds = 1 + (rng.chance(0.3) ? rng.int(4) : 0);
  for (let round = 0; round < rounds; round++) {
    const r = rng.int(12);
    let next: string | undefined;
    switch (r) {
      case 0:
      case 1: // numbers after the keys that size and address things
        next = replaceGroup(text, PDF_NUMBER_AFTER_KEY, rng, (old) => mutateNumber(old, rng));
        break;
      case 2: // startxref and xref table offsets
        next = rng.chance(0.4)
          ? replaceGroup(text, /startxref\s+(\d+)/g, rng, (old) => mutateNumber(old, rng))
          : replaceGroup(text, /(\d{10}) \d{5} [nf]/g, rng, (old) =>
              String(rng.chance(0.5) ? rng.int(input.length) : Number(mutateNumber(old, rng)) || 0)
                .padStart(10, '0')
                .slice(-10),
            );
        break;
      case 3: // object numbers and generations in `N G obj`
        next = replaceGroup(text, /(\d+ \d+) obj/g, rng, (old) =>
          rng.chance(0.5)
            ? `${rng.int(64)} 0`
            : `${mutateNumber(old.split(' ')[0] as string, rng)} ${rng.pick(['0', '1', '65535', '-1'])}`,
        );
        break;
      case 4: // a reference rewired to a random object (cycles, wrong types)
        next = replaceGroup(text, /(\d+ \d+) R\b/g, rng, () => `${rng.int(rng.chance(0.8) ? 40 : 1000000)} 0`);
        break;
      case 5: {
        // a reference inserted after a dictionary key
        const found = matches(
          text,
          /\/(?:Parent|Kids|Resources|XObject|SMask|Mask|ColorSpace|Filter|DecodeParms|Pages|Root|Length|Function|Functions)\s*/g,
        );
        if (!found.length) break;
        const m = rng.pick(found);
        const at = m.index + m[0].length;
        next = `${text.slice(0, at)}${rng.int(40)} 0 R ${text.slice(at)}`;
        break;
      }
      case 6: // a name swapped (filters, colour spaces, types)
        next = replaceGroup(
          text,
          /(\/(?:[A-Z][A-Za-z0-9]*Decode|Device[A-Za-z]+|Indexed|ICCBased|Separation|Image|Form|XObject|ObjStm|XRef|Page|Pages|Catalog))\b/g,
          rng,
          () => rng.pick(PDF_NAMES),
        );
        break;
      case 7: {
        // a snippet inserted into a dictionary
        const found = matches(text, /<<\s*/g);
        if (!found.length) break;
        const m = rng.pick(found);
        const at = m.index + m[0].length;
        next = text.slice(0, at) + rng.pick(PDF_SNIPPETS) + text.slice(at);
        break;
      }
      case 8: {
        // a FlateDecode stream inflated, mutated, deflated again (reaches object streams,
        // xref streams, content streams, image data); /Length is left as it was or fixed
        const found = matches(text, /stream\r?\n/g, 3000);
        if (!found.length) break;
        const m = rng.pick(found);
        const start = m.index + m[0].length;
        const end = text.indexOf('endstream', start);
        if (end < 0) break;
        let data: Uint8Array;
        try {
          data = inflateSync(fromLatin1(text.slice(start, end)));
        } catch {
          break;
        }
        const head = text.lastIndexOf('obj', m.index);
        const isText = /\/Type\s*\/(ObjStm|XRef)|\/Length\s+\d+\s*\/Filter\s*\/FlateDecode\s*>>/.test(
          text.slice(head, m.index),
        );
        const mutated = isText && rng.chance(0.7) ? pdfMutation(data, rng, []) : byteMutation(data, rng, others);
        const packed = toLatin1(deflateSync(mutated));
        next = `${text.slice(0, start)}${packed}\n${text.slice(end)}`;
        if (rng.chance(0.7)) {
          const dict = next.slice(head, m.index);
          const fixed = dict.replace(/\/Length\s+\d+(?!\s+\d+\s+R)/, `/Length ${packed.length}`);
          next = next.slice(0, head) + fixed + next.slice(m.index);
        }
        break;
      }
      case 9: {
        // an `N 0 obj` … `endobj` duplicated (shadowing, incremental updates)
        const found = matches(text, /\d+ \d+ obj[\s\S]{0,4000}?endobj/g, 3000);
        if (!found.length) break;
        const m = rng.pick(found);
        const at = rng.chance(0.5) ? text.length : rng.int(text.length);
        next = `${text.slice(0, at)}\n${m[0]}\n${text.slice(at)}`;
        break;
      }
      case 10: // `endstream`, `endobj` or `xref` removed or doubled
        next = replaceGroup(text, /(endstream|endobj|xref|trailer|>>|\])/g, rng, (old) =>
          rng.pick(['', `${old} ${old}`, old.toUpperCase(), '(']),
        );
        break;
      default:
        return byteMutation(fromLatin1(text), rng, others);
    }
    if (next !== undefined) text = next;
  }
  return fromLatin1(text);
}

// ---------------------------------------------------------------------------------------------
// Compound files (doc, ppt; an encrypted docx)

const CFB_SPECIAL = [0xffffffff, 0xfffffffe, 0xfffffffd, 0xfffffffc, 0, 1, 2, 0x7fffffff];

/**
 * Mutates the MS-CFB structure: header fields (sector shift, FAT / directory / mini-FAT starts
 * and counts, DIFAT), FAT entries (self loops, chains into each other, ends, free), and directory
 * entries (child and sibling ids into cycles, start sectors, stream sizes, names, types).
 */
function cfbMutation(input: Uint8Array, rng: Rng, others: readonly Seed[]): Uint8Array {
  if (input.length < 512 || input[0] !== 0xd0 || input[1] !== 0xcf) return byteMutation(input, rng, others);
  const out = input.slice();
  const view = new DataView(out.buffer);
  const shift = view.getUint16(0x1e, true);
  const sectorSize = shift === 12 ? 4096 : 512;
  const sectors = Math.floor((out.length - sectorSize) / sectorSize);
  const sectorAt = (n: number) => sectorSize + n * sectorSize;
  const randomSector = () => (rng.chance(0.8) ? rng.int(Math.max(1, sectors)) : rng.pick(CFB_SPECIAL));
  const n = 1 + rng.int(3);
  for (let k = 0; k < n; k++) {
    const r = rng.int(4);
    if (r === 0) {
      const field = rng.pick([0x1e, 0x20, 0x2c, 0x30, 0x38, 0x3c, 0x40, 0x44, 0x48, 0x4c + 4 * rng.int(109)]);
      if (field === 0x1e || field === 0x20) view.setUint16(field, rng.pick([0, 1, 9, 12, 6, 16, 31, 0xffff]), true);
      else view.setUint32(field, rng.chance(0.5) ? randomSector() : rng.pick(INTERESTING_32), true);
    } else if (r === 1) {
      // a FAT entry: the FAT sectors are listed in the header's DIFAT
      const fatSector = view.getUint32(
        0x4c + 4 * rng.int(Math.max(1, Math.min(109, view.getUint32(0x2c, true)))),
        true,
      );
      const base = sectorAt(fatSector);
      if (fatSector >= sectors || base + sectorSize > out.length) continue;
      const index = rng.int(sectorSize / 4);
      const self = ((base - sectorSize) / sectorSize) * (sectorSize / 4) + index; // this entry's own sector number
      view.setUint32(base + 4 * index, rng.chance(0.3) ? self >>> 0 : randomSector(), true);
    } else {
      // a directory entry (128 bytes each) in the first directory sector(s)
      const dirStart = view.getUint32(0x30, true);
      if (dirStart >= sectors) continue;
      const base = sectorAt(dirStart) + 128 * rng.int(sectorSize / 128);
      if (base + 128 > out.length) continue;
      const field = rng.pick([0x40, 0x42, 0x43, 0x44, 0x48, 0x4c, 0x74, 0x78, 0x7c]);
      if (field === 0x40) view.setUint16(base + field, rng.pick([0, 2, 64, 66, 0xffff]), true);
      else if (field === 0x42 || field === 0x43) out[base + field] = rng.pick([0, 1, 2, 5, 0xff]);
      else if (field === 0x74) view.setUint32(base + field, randomSector(), true);
      else if (field === 0x78 || field === 0x7c) view.setUint32(base + field, rng.pick(INTERESTING_32), true);
      else view.setUint32(base + field, rng.chance(0.7) ? rng.int(16) : rng.pick(CFB_SPECIAL), true);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

/** One case's input: the seed mutated once to a few times, by kind-aware and byte mutations. */
export function mutate(kind: Kind, seed: Seed, rng: Rng, others: readonly Seed[]): Uint8Array {
  let bytes = seed.bytes;
  const stacked = 1 + (rng.chance(0.25) ? rng.int(3) : 0);
  for (let i = 0; i < stacked; i++) {
    const structured = rng.chance(0.65);
    if (structured && kind === 'pdf') bytes = pdfMutation(bytes, rng, others);
    else if (structured && ZIP_KINDS.has(kind) && i === 0 && bytes[0] === 0x50) bytes = zipMutation(bytes, rng, others);
    else if (structured && bytes[0] === 0xd0) bytes = cfbMutation(bytes, rng, others);
    else bytes = byteMutation(bytes, rng, others);
  }
  return bytes === seed.bytes ? bitFlip(bytes, rng) : bytes;
}
