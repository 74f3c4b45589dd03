import { type ExtractedImage, MESSAGES } from 'shared-contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadAll, fileBytesReader, zipMakerFor } from '../src/extraction/downloadAll.ts';

const image = (url: string, name = 'a.png'): ExtractedImage => ({ id: name, name, url, source: 'page' });

describe('which ZIP Download All makes', () => {
  it.each([
    ['web images', ['https://example.org/a.png', 'http://example.org/b.gif'], 'server'],
    [
      'web images beside an inline SVG (the server takes data: URLs)',
      ['https://a.org/a.png', 'data:image/svg+xml,x'],
      'server',
    ],
    [
      'frames and document images made on this device',
      ['blob:http://localhost/1', 'blob:http://localhost/2'],
      'browser',
    ],
    ['server frames carried as data: URLs', ['data:image/png;base64,AAAA'], 'browser'],
    [
      'document images beside a linked one (blob: never reaches the server)',
      ['blob:x/1', 'https://a.org/l.png'],
      'browser',
    ],
  ] as const)('%s: %s', (_label, urls, maker) => {
    expect(zipMakerFor(urls.map((url, i) => image(url, `${i}.png`)))).toBe(maker);
  });
});

describe('downloadAll', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('posts web images to the server ZIP as a form, with names and the archive name', async () => {
    let submitted: HTMLFormElement | undefined;
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted = this;
    });
    const maker = await downloadAll([image('https://example.org/a.png')], { zipName: 'images.zip' });
    expect(maker).toBe('server');
    expect(submitted?.action).toMatch(/\/api\/zip$/);
    expect(submitted?.method).toBe('post');
    const field = submitted?.elements.namedItem('payload') as HTMLInputElement | null;
    const payload = JSON.parse(field?.value ?? '{}');
    expect(payload).toEqual({
      name: 'images.zip',
      images: [{ url: 'https://example.org/a.png', name: 'a.png', facts: { source: 'https://example.org/a.png' } }],
    });
    expect(document.querySelector('form')).toBeNull();
  });

  it('tells why the image proxy refused a file in its words: a rate limit says how long to wait', async () => {
    const sentence = MESSAGES.rateLimit.wait(42);
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ success: false, error: sentence }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '42' },
        }),
    );
    const reader = fileBytesReader();
    await expect(reader.read(image('https://example.org/a.png'))).rejects.toThrow(sentence);
    await expect(fileBytesReader({ removeMetadata: true }).read(image('https://example.org/b.png'))).rejects.toThrow(
      sentence,
    );
    // An answer without words still says what it was.
    vi.stubGlobal('fetch', async () => new Response('gone', { status: 404 }));
    await expect(reader.read(image('https://example.org/c.png'))).rejects.toThrow('HTTP 404');
  });

  it('writes bytes on the device into a ZIP here, and saves it under its name', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return new Response(new Uint8Array([1, 2, 3]));
    });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:zip');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const maker = await downloadAll(
      [image('blob:http://localhost/1', 'frame-1.png'), image('data:image/png;base64,AAAA', 'frame-2.png')],
      {
        zipName: 'video-frames.zip',
      },
    );
    expect(maker).toBe('browser');
    expect(fetched).toEqual(['blob:http://localhost/1', 'data:image/png;base64,AAAA']);
    expect(clicked[0]?.download).toBe('video-frames.zip');
    const archive = createObjectURL.mock.calls[0]?.[0] as Blob;
    const zip = new Uint8Array(await archive.arrayBuffer());
    const names = new TextDecoder().decode(zip);
    expect(names).toContain('frame-1.png');
    expect(names).toContain('frame-2.png');
  });

  it('reads nothing a document only links to (file:, relative, web): each is a line of could-not-download.txt', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return new Response(new Uint8Array([1, 2, 3]));
    });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:zip');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await downloadAll(
      [
        image('blob:http://localhost/1', 'embedded.png'),
        image('file:///C:/Users/ada/monty.png', 'monty.png'),
        image('media/python.jpeg', 'python.jpeg'),
        image('https://example.org/logo.png', 'logo.png'),
      ],
      { zipName: 'document.zip', remoteNote: () => 'linked, not embedded' },
    );
    expect(fetched).toEqual(['blob:http://localhost/1']);
    const { unzipSync } = await import('fflate');
    const archive = createObjectURL.mock.calls[0]?.[0] as Blob;
    const zip = unzipSync(new Uint8Array(await archive.arrayBuffer()));
    const note = new TextDecoder().decode(zip['could-not-download.txt']);
    for (const name of ['monty.png', 'python.jpeg', 'logo.png']) expect(note).toContain(`${name}: `);
    expect(note.match(/linked, not embedded/g)).toHaveLength(3);
    expect(Object.keys(zip)).toContain('embedded.png');
  });
});
