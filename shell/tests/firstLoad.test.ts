import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstLoadOf as buildFirstLoad } from '../../tooling/firstLoad.mjs';
import { firstLoadOf, preloadFirstLoad } from '../src/federation/firstLoad.ts';

type Chunk = {
  fileName: string;
  moduleIds: string[];
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string> };
};
const chunk = (fileName: string, parts: Partial<Chunk> = {}): Chunk => ({
  fileName,
  moduleIds: [],
  imports: [],
  dynamicImports: [],
  ...parts,
});

describe("a remote's first-load list (the build)", () => {
  const bundle = [
    chunk('remoteEntry.js', {
      imports: ['assets/dist.js'],
      dynamicImports: ['assets/localSharedImportMap.js', 'assets/loader.js'],
    }),
    chunk('assets/dist.js'),
    chunk('assets/localSharedImportMap.js'),
    chunk('assets/loader.js', { moduleIds: ['/repo/mfe-x/src/exposed/Page.ts'], dynamicImports: ['assets/Page.js'] }),
    chunk('assets/Page.js', {
      moduleIds: ['/repo/mfe-x/src/pages/Page.tsx'],
      imports: ['assets/shared.js'],
      dynamicImports: ['assets/ResultsGrid.js'],
      viteMetadata: { importedCss: new Set(['assets/Page.css']) },
    }),
    chunk('assets/shared.js', {
      moduleIds: ['\0virtual:mf__mfe_internal__mfe_x__loadShare__antd_mf_1_es_mf_1_button__loadShare__'],
      imports: ['assets/Page.js'],
    }),
    chunk('assets/ResultsGrid.js', {
      moduleIds: ['\0virtual:mf__loadShare__antd_mf_1_es_mf_1_progress__loadShare__'],
    }),
  ];

  it("lists the entry's chunks, the loader, the page and its static imports with their styles and shares, not its lazy views", () => {
    const pages = buildFirstLoad({ './Page': './src/exposed/Page.ts' }, bundle, ['antd/es/button', 'antd/es/progress']);
    expect(pages).toEqual({
      './Page': {
        js: [
          'assets/Page.js',
          'assets/dist.js',
          'assets/loader.js',
          'assets/localSharedImportMap.js',
          'assets/shared.js',
        ],
        css: ['assets/Page.css'],
        shares: ['antd/es/button'],
      },
    });
  });

  it('fails the build when an exposed module is in no chunk', () => {
    expect(() => buildFirstLoad({ './Gone': './src/exposed/Gone.ts' }, bundle)).toThrow(/Gone\.ts/);
  });
});

describe('the shell reading a first-load list', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
  });

  it('takes only a well-formed entry', () => {
    expect(firstLoadOf({ './P': { js: ['a.js'], css: [], shares: [] } }, './P')).toEqual({
      js: ['a.js'],
      css: [],
      shares: [],
    });
    expect(firstLoadOf({ './P': { js: [1], css: [], shares: [] } }, './P')).toBeUndefined();
    expect(firstLoadOf({ './P': { js: [] } }, './P')).toBeUndefined();
    expect(firstLoadOf(null, './P')).toBeUndefined();
    expect(firstLoadOf({}, './P')).toBeUndefined();
  });

  it("preloads the page's chunks and styles from the remote's folder only, and asks the shell for its shares", async () => {
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL) => {
        fetched.push(String(url));
        return new Response(
          JSON.stringify({
            './Page': {
              js: ['assets/Page.js', '../../elsewhere.js', 'https://attacker.example/x.js'],
              css: ['assets/Page.css'],
              shares: ['antd/es/button'],
            },
          }),
        );
      }),
    );
    const shares: string[] = [];
    await preloadFirstLoad(
      { remotes: { mfe_url_website: '/remotes/mfe-url-website/remoteEntry.js' } } as never,
      'mfe_url_website',
      './Page',
      (key) => shares.push(key),
      'http://localhost/image-extractor-url',
    );
    expect(fetched).toEqual(['http://localhost/remotes/mfe-url-website/first-load.json']);
    const links = [...document.head.querySelectorAll('link')].map((link) => [
      link.rel,
      link.href,
      link.getAttribute('as'),
    ]);
    expect(links).toEqual([
      ['modulepreload', 'http://localhost/remotes/mfe-url-website/assets/Page.js', null],
      ['preload', 'http://localhost/remotes/mfe-url-website/assets/Page.css', 'style'],
    ]);
    expect(shares).toEqual(['antd/es/button']);
  });

  it('does nothing when the remote has no list', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('missing', { status: 404 })),
    );
    const shares: string[] = [];
    await preloadFirstLoad(
      { remotes: { mfe_url_website: '/remotes/mfe-url-website/remoteEntry.js' } } as never,
      'mfe_url_website',
      './Page',
      (key) => shares.push(key),
      'http://localhost/',
    );
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
    expect(shares).toEqual([]);
  });
});
