import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { manifestCsv } from '../src/files/manifest.ts';
import { ZIP_FAILURES_FILE, zipStream } from '../src/files/zip.ts';

/** Reads a stored (uncompressed) ZIP's central directory: names and contents. */
async function readZip(stream: ReadableStream<Uint8Array>): Promise<Map<string, string>> {
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  const view = new DataView(bytes.buffer);
  let eocd = bytes.length - 22;
  while (eocd >= 0 && view.getUint32(eocd, true) !== 0x06054b50) eocd -= 1;
  const count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  const files = new Map<string, string>();
  for (let i = 0; i < count; i += 1) {
    const size = view.getUint32(offset + 20, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const local = view.getUint32(offset + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
    const localName = view.getUint16(local + 26, true);
    const localExtra = view.getUint16(local + 28, true);
    const start = local + 30 + localName + localExtra;
    files.set(name, new TextDecoder().decode(bytes.subarray(start, start + size)));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

describe('zipStream', () => {
  it('writes every entry with unique names and its exact bytes', async () => {
    const zip = zipStream([
      { name: 'a.png', input: new TextEncoder().encode('first') },
      { name: 'A.png', input: new Blob(['second']) },
      { name: 'a.png', input: async () => new TextEncoder().encode('third') },
    ]);
    const files = await readZip(zip);
    expect([...files.entries()]).toEqual([
      ['a.png', 'first'],
      ['A-2.png', 'second'],
      ['a-3.png', 'third'],
    ]);
  });

  it('keeps folders, and never writes an absolute path or one that climbs out (zip slip)', async () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    const zip = zipStream([
      { name: 'report/a.png', input: bytes('in a folder') },
      { name: '../../etc/passwd', input: bytes('climbing') },
      { name: '/abs/b.png', input: bytes('absolute') },
      { name: 'C:\\win\\c.png', input: bytes('windows') },
      { name: 'x/./../y/d.png', input: bytes('dots') },
      { name: '..', input: bytes('nothing left') },
    ]);
    const files = await readZip(zip);
    expect([...files.keys()]).toEqual([
      'report/a.png',
      'etc/passwd',
      'abs/b.png',
      'C-/win/c.png',
      'x/y/d.png',
      'image',
    ]);
    for (const name of files.keys()) {
      expect(name.startsWith('/')).toBe(false);
      expect(name.split('/')).not.toContain('..');
    }
  });

  it('lists an entry that fails in a text file instead of aborting', async () => {
    const failures: string[] = [];
    const zip = zipStream(
      [
        { name: 'ok.jpg', input: new TextEncoder().encode('jpeg bytes') },
        {
          name: 'gone.jpg',
          input: async () => {
            throw new Error('HTTP 404');
          },
        },
      ],
      (failure) => failures.push(failure.name),
    );
    const files = await readZip(zip);
    expect([...files.keys()]).toEqual(['ok.jpg', ZIP_FAILURES_FILE]);
    expect(files.get(ZIP_FAILURES_FILE)).toContain('gone.jpg: HTTP 404');
    expect(failures).toEqual(['gone.jpg']);
  });
});

describe('the manifest in every archive', () => {
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');

  it('ends with manifest.csv and manifest.json: each file written, its name, size and SHA-256', async () => {
    const big = 'x'.repeat(200_000);
    const zip = zipStream([
      {
        name: 'a.png',
        input: new TextEncoder().encode('first'),
        facts: { source: 'Report.pdf', page: 2, format: 'PNG' },
      },
      {
        name: 'a.png',
        input: async () => new Blob([big]).stream() as ReadableStream<Uint8Array>,
        facts: {
          source: 'https://example.org/b.jpg',
          foundOn: 'https://example.org/',
          alt: 'A "kite", =1+1',
          width: 4,
          height: 3,
        },
      },
      {
        name: 'gone.png',
        input: () => Promise.reject(new Error('404')),
        facts: { source: 'https://example.org/gone.png' },
      },
    ]);
    const files = await readZip(zip);
    expect([...files.keys()]).toEqual(['a.png', 'a-2.png', 'manifest.csv', 'manifest.json', ZIP_FAILURES_FILE]);
    expect(JSON.parse(files.get('manifest.json') ?? '')).toEqual({
      images: [
        { file: 'a.png', source: 'Report.pdf', page: 2, bytes: 5, format: 'PNG', sha256: sha('first') },
        {
          file: 'a-2.png',
          source: 'https://example.org/b.jpg',
          foundOn: 'https://example.org/',
          alt: 'A "kite", =1+1',
          width: 4,
          height: 3,
          bytes: 200_000,
          sha256: sha(big),
        },
      ],
    });
    expect(files.get('manifest.csv')).toBe(
      'file,source,page,slide,time,foundOn,alt,width,height,bytes,format,sha256,shownUrl,shownWidth,shownHeight,figure,caption\r\n' +
        `a.png,Report.pdf,2,,,,,,,5,PNG,${sha('first')},,,,,\r\n` +
        `a-2.png,https://example.org/b.jpg,,,,https://example.org/,"A ""kite"", =1+1",4,3,200000,,${sha(big)},,,,,\r\n`,
    );
  });

  it('writes no manifest when no entry has facts', async () => {
    const files = await readZip(zipStream([{ name: 'a.png', input: new Uint8Array([1]) }]));
    expect([...files.keys()]).toEqual(['a.png']);
  });

  it('defuses a field a spreadsheet would run as a formula', () => {
    expect(manifestCsv([{ file: '=cmd.png', alt: '@SUM(A1)', source: '-2+3' }]).split('\r\n')[1]).toBe(
      "'=cmd.png,'-2+3,,,,,'@SUM(A1),,,,,,,,,,",
    );
  });
});
