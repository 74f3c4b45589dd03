// A build plugin that writes `chunk-packages.json` beside the build: for every JavaScript chunk, how
// many of its bytes come from each package. bench/first-load.mjs reads it to say what a page's
// first load is made of (react, antd, zod, the federation runtime, our own code) whatever the
// chunks are named. Nothing at run time reads it.

/** The package a module belongs to: the last node_modules segment, a workspace folder, or plugin code. */
export function packageOfModule(id) {
  const path = id.replaceAll('\\', '/');
  if (path.includes('__mf') || path.includes('virtual:mf') || path.includes('mf-entry-bootstrap')) {
    return '@module-federation (build plugin)';
  }
  if (path.startsWith('\0') || path.startsWith('vite/')) return 'bundler runtime';
  const inModules = path.lastIndexOf('/node_modules/');
  if (inModules >= 0) {
    const parts = path.slice(inModules + '/node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? path);
  }
  const workspace = path.match(
    /\/(shell|mfe-[\w-]+|shared-ui|shared-contracts|browser-services|media-files|document-engine)\/src\//,
  );
  return workspace ? workspace[1] : 'other';
}

export function chunkPackages() {
  return {
    name: 'image-extractor:chunk-packages',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = {};
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        const packages = {};
        for (const [id, module] of Object.entries(output.modules)) {
          const name = packageOfModule(id);
          packages[name] = (packages[name] ?? 0) + (module.renderedLength ?? 0);
        }
        chunks[fileName] = packages;
      }
      this.emitFile({ type: 'asset', fileName: 'chunk-packages.json', source: `${JSON.stringify(chunks, null, 1)}\n` });
    },
  };
}
