import type { ExtractedImage } from 'shared-contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { namedFiles } from '../src/extraction/namedFiles.ts';
import { writeToFolder } from '../src/extraction/saveToFolder.ts';
import { scanOf, taggedJpeg } from './taggedJpeg.ts';

/** What a writable was given (a Blob, a stream's chunk, bytes), as bytes. */
async function bytesOf(chunk: unknown): Promise<Uint8Array> {
  if (typeof (chunk as Blob).arrayBuffer === 'function') return new Uint8Array(await (chunk as Blob).arrayBuffer());
  if (ArrayBuffer.isView(chunk))
    return Uint8Array.from(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  return new Uint8Array(chunk as ArrayBuffer);
}

/**
 * A directory handle over a Map (jsdom has no File System Access API): the calls Save to folder
 * makes, with a browser's errors for a missing file and a refused write.
 */
class FakeFolder {
  readonly files = new Map<string, Uint8Array>();
  readonly folders = new Map<string, FakeFolder>();
  constructor(
    readonly name: string,
    private readonly refuse = new Set<string>(),
  ) {}
  async getDirectoryHandle(name: string, options?: { create?: boolean }) {
    if (!this.folders.has(name) && options?.create) this.folders.set(name, new FakeFolder(name, this.refuse));
    const folder = this.folders.get(name);
    if (!folder) throw new DOMException(name, 'NotFoundError');
    return folder;
  }
  async getFileHandle(name: string, options?: { create?: boolean }) {
    if (!this.files.has(name) && !options?.create) throw new DOMException(name, 'NotFoundError');
    if (this.refuse.has(name)) throw new DOMException(name, 'NotAllowedError');
    if (!this.files.has(name)) this.files.set(name, new Uint8Array());
    return {
      createWritable: async () => {
        const parts: Uint8Array[] = [];
        const collect = async (chunk: unknown) => {
          parts.push(await bytesOf(chunk));
        };
        const done = () => {
          this.files.set(name, Uint8Array.from(parts.flatMap((part) => [...part])));
        };
        return Object.assign(new WritableStream<Uint8Array>({ write: collect, close: done }), {
          write: collect,
          close: async () => done(),
          abort: async () => undefined,
        });
      },
    };
  }
}

const image = (name: string, url: string, origin?: string): ExtractedImage => ({
  id: `${origin}/${name}`,
  name,
  url,
  source: 'page',
  format: 'JPEG',
  origin,
});

afterEach(() => vi.unstubAllGlobals());

describe('Save to folder: writeToFolder', () => {
  const tagged = taggedJpeg();

  it('writes each file under its ZIP name, a sub-folder per source, bytes as read (here without metadata)', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      if (url.includes('missing')) return new Response('gone', { status: 404 });
      return new Response(url.startsWith('data:') ? Uint8Array.of(1, 2, 3) : tagged);
    });
    const folder = new FakeFolder('Pictures');
    folder.files.set('x', new Uint8Array());
    const images = [
      image('photo.jpg', 'https://a.example/photo.jpg', 'https://a.example/'),
      image('photo.jpg', 'https://b.example/photo.jpg', 'https://b.example/'),
      image('dot.png', 'data:image/png;base64,AQID', 'https://b.example/'),
      image('missing.jpg', 'https://b.example/missing.jpg', 'https://b.example/'),
    ];
    const files = namedFiles(images, { folders: true, removeMetadata: true });
    const progress: number[] = [];
    const result = await writeToFolder(folder as unknown as FileSystemDirectoryHandle, files, {
      removeMetadata: true,
      onProgress: (done) => progress.push(done),
    });
    expect(progress).toEqual([1, 2, 3, 4]);
    expect(result.failed).toEqual([files[3]?.name]);
    expect(result.written).toEqual(files.slice(0, 3).map((file) => file.name));
    expect(result.written.every((name) => name.includes('/'))).toBe(true);
    expect(fetched[0]).toBe(`${location.origin}/api/image?url=${encodeURIComponent('https://a.example/photo.jpg')}`);

    const [first, second, third] = result.written.map((name) => name.split('/'));
    const written = folder.folders.get(first?.[0] ?? '')?.files.get(first?.[1] ?? '') as Uint8Array;
    expect(written.length).toBeLessThan(tagged.length);
    expect(Buffer.from(scanOf(written)).equals(Buffer.from(scanOf(tagged)))).toBe(true);
    expect(folder.folders.get(second?.[0] ?? '')?.files.get(second?.[1] ?? '')).toEqual(written);
    expect([...(folder.folders.get(third?.[0] ?? '')?.files.get(third?.[1] ?? '') ?? [])]).toEqual([1, 2, 3]);
  });

  it('never overwrites a file the folder has, and goes on past a refused write', async () => {
    vi.stubGlobal('fetch', async () => new Response(Uint8Array.of(9, 9)));
    const folder = new FakeFolder('Pictures', new Set(['locked.jpg']));
    folder.files.set('a.jpg', Uint8Array.of(7));
    const files = namedFiles([image('a.jpg', 'blob:x/1'), image('locked.jpg', 'blob:x/2'), image('b.jpg', 'blob:x/3')]);
    const result = await writeToFolder(folder as unknown as FileSystemDirectoryHandle, files);
    expect(result).toEqual({ written: ['a-2.jpg', 'b.jpg'], failed: ['locked.jpg'] });
    expect([...(folder.files.get('a.jpg') ?? [])]).toEqual([7]);
    expect([...(folder.files.get('a-2.jpg') ?? [])]).toEqual([9, 9]);
  });
});
