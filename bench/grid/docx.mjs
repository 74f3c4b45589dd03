// A Word file of `count` distinct small pictures (real PNGs, each a different colour and stripe
// pattern), one per paragraph: the input of the grid benchmarks. Made with node:zlib (deflate,
// CRC-32) and a stored ZIP written here, so the bench needs no tool beyond Node.
import { crc32, deflateSync } from 'node:zlib';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A `width`×`height` RGB PNG: a colour from `index`, and vertical stripes from its bits. */
export function png(index, width = 96, height = 72) {
  const hue = (index * 137) % 360;
  const [r, g, b] = [0, 120, 240].map((shift) => Math.round(127 + 120 * Math.cos(((hue + shift) * Math.PI) / 180)));
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      const bit = (index >> Math.floor((x * 13) / width)) & 1;
      const shade = bit ? 1 : 0.35 + (0.3 * y) / height;
      raw[row + 1 + x * 3] = r * shade;
      raw[row + 2 + x * 3] = g * shade;
      raw[row + 3 + x * 3] = b * shade;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A stored (not deflated) ZIP of `files` ([name, Buffer]). */
function zip(files) {
  const locals = [];
  const central = [];
  let offset = 0;
  for (const [name, data] of files) {
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    central.push(entry, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const rels = (items) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items.join('')}</Relationships>`;

/** The .docx bytes: `count` pictures in the body, in order. */
export function docxOf(count) {
  const pictures = [];
  const imageRels = [];
  const media = [];
  for (let i = 1; i <= count; i += 1) {
    pictures.push(
      `<w:p><w:r><w:drawing><a:graphic><a:graphicData><a:blip r:embed="rId${i}"/></a:graphicData></a:graphic></w:drawing></w:r></w:p>`,
    );
    imageRels.push(`<Relationship Id="rId${i}" Type="${R}/image" Target="media/image${i}.png"/>`);
    media.push([`word/media/image${i}.png`, png(i)]);
  }
  return zip([
    [
      '[Content_Types].xml',
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    ],
    [
      '_rels/.rels',
      Buffer.from(rels([`<Relationship Id="rId1" Type="${R}/officeDocument" Target="word/document.xml"/>`])),
    ],
    [
      'word/document.xml',
      Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}" xmlns:a="${A}" xmlns:r="${R}"><w:body>${pictures.join('')}</w:body></w:document>`,
      ),
    ],
    ['word/_rels/document.xml.rels', Buffer.from(rels(imageRels))],
    ...media,
  ]);
}
