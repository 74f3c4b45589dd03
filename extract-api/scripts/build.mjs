// Builds extract-api for production: the server, the CLI and the document worker as ES modules in
// dist/, run by plain Node (no TypeScript loader at run time). The workspace packages it uses
// (shared-contracts, media-files, document-engine) are TypeScript sources and are bundled in;
// every npm package stays external and must be a dependency of extract-api, which this script checks.
//   node scripts/build.mjs
import { readFileSync } from 'node:fs';
import { copyFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

import { BUILD_SETTINGS, BUILD_STAMP } from './buildStamp.mjs';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
const WORKSPACE = new Set(
  Object.entries(manifest.dependencies ?? {})
    .filter(([, version]) => String(version).startsWith('workspace:'))
    .map(([name]) => name),
);
const packageOf = (specifier) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];

/** npm packages stay imports; workspace packages (TypeScript) are bundled. */
const externalNpm = {
  name: 'external-npm',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || WORKSPACE.has(packageOf(args.path))) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const outdir = path.join(packageDir, 'dist');
// Taken before esbuild reads anything: a source saved during the build is newer, so the next
// `pnpm extract` builds again (buildStamp.mjs).
const startedAt = Date.now();
await rm(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: packageDir,
  // The worker sits beside the code that starts it (documentPool finds it by its own URL).
  entryPoints: {
    server: 'src/server.ts',
    cli: 'src/cli.ts',
    worker: 'src/worker.ts',
    documentWorker: 'src/extractors/document/documentWorker.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [externalNpm],
});

// The pool's CommonJS worker entry is not bundled: it is copied beside the code that names it.
await copyFile(path.join(packageDir, 'src/extractors/document/workerEntry.cjs'), path.join(outdir, 'workerEntry.cjs'));

// Every npm package the bundle imports must resolve from extract-api itself (pnpm is strict).
const require = createRequire(path.join(packageDir, 'package.json'));
const missing = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const imported of output.imports) {
    if (!imported.external || imported.path.startsWith('node:')) continue;
    const name = packageOf(imported.path);
    try {
      require.resolve(`${name}/package.json`);
    } catch {
      if (!manifest.dependencies?.[name]) missing.add(name);
    }
  }
}
if (missing.size > 0) {
  console.error(
    `extract-api's build imports npm packages it does not declare: ${[...missing].join(', ')}. Add them to extract-api/package.json dependencies.`,
  );
  process.exit(1);
}
await writeFile(
  path.join(outdir, BUILD_STAMP),
  `${JSON.stringify({ startedAt, inputs: [...Object.keys(result.metafile.inputs), ...BUILD_SETTINGS] })}\n`,
);
const files = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));
console.error(`extract-api: built ${files.length} files in dist/ (${files.map((f) => path.basename(f)).join(', ')})`);
