// A remote's build plugin that writes `first-load.json` beside its remoteEntry.js: for each exposed
// page, every chunk and stylesheet its first render needs (what the entry and the exposed loader
// import, the page's chunk and what it imports statically, not the views it loads later) and the
// share keys those chunks take from the shell.
// The shell reads it as soon as a route is known and asks for all of it at once, instead of
// discovering it one round trip at a time (entry, then the loader, then the page, then its imports,
// then the shared antd components). mf-manifest.json cannot serve: its list for a page mixes in
// every chunk the page might ever load (the results grid, the ZIP writer, the converter).
import { SHARED_MODULES } from './federation.mjs';

/** How the federation build plugin spells a share key inside a loadShare module's id. */
const encodedShareKey = (key) => key.replaceAll('/', '_mf_1_').replaceAll('-', '_mf_2_');

/**
 * The first-load lists of a bundle. `exposes`: the federation `exposes` option (name → loader
 * file); each loader's dynamic import is its page. `chunks`: Rollup output chunks.
 */
export function firstLoadOf(exposes, chunks, sharedKeys = SHARED_MODULES) {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const shareOf = (moduleId) =>
    sharedKeys.find((key) => moduleId.includes(`__loadShare__${encodedShareKey(key)}__loadShare__`));
  const pages = {};
  for (const [name, loaderFile] of Object.entries(exposes)) {
    const loaderPath = loaderFile.replace(/^\.\//, '/');
    const loader = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(loaderPath)));
    if (!loader) throw new Error(`first-load: no chunk holds ${loaderFile} (exposed as ${name})`);
    const js = new Set();
    const css = new Set();
    const shares = new Set();
    const visit = (fileName) => {
      if (js.has(fileName)) return;
      const chunk = byFile.get(fileName);
      if (!chunk) return;
      js.add(fileName);
      for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
      for (const id of chunk.moduleIds) {
        const key = shareOf(id);
        if (key) shares.add(key);
      }
      for (const imported of chunk.imports) visit(imported);
    };
    // The entry's own chunks and the map of its shares (which it imports on start), the exposed
    // loader, then the page it opens.
    const entry = byFile.get('remoteEntry.js');
    for (const imported of entry?.imports ?? []) visit(imported);
    for (const imported of entry?.dynamicImports ?? []) if (imported.includes('localSharedImportMap')) visit(imported);
    visit(loader.fileName);
    for (const page of loader.dynamicImports) visit(page);
    pages[name] = { js: [...js].sort(), css: [...css].sort(), shares: [...shares].sort() };
  }
  return pages;
}

export function firstLoad(exposes) {
  return {
    name: 'image-extractor:first-load',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const pages = firstLoadOf(exposes, chunks);
      this.emitFile({ type: 'asset', fileName: 'first-load.json', source: `${JSON.stringify(pages, null, 1)}\n` });
    },
  };
}
