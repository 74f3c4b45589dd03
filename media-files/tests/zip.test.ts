import { describe, expect, it } from 'vitest';
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
