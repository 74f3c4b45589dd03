// The pages the grid benchmarks drive, built for production without Module Federation: the
// documents remote's standalone harness (mfe-documents/index.html: the real Word screen, the real
// grid, the real Workers) and zip.html (the browser ZIP path on a set made in the page). Federation
// only changes where React and antd come from; the grid's code is the same.
//
//   pnpm --filter mfe-documents exec vite build --config ../bench/grid/vite.config.mjs            # the harness
//   pnpm --filter mfe-documents exec vite build --config ../bench/grid/vite.config.mjs --mode zip # zip.html
//
// Output: /tmp/bench-grid/dist (harness) or /tmp/bench-grid/zip, or BENCH_GRID_OUT.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// vite and the React plugin are the documents remote's: bench installs no bundler of its own.
const require = createRequire(path.join(REPO, 'mfe-documents/package.json'));
const { default: react } = await import(require.resolve('@vitejs/plugin-react'));

export default ({ mode }) => ({
  // Each page from its own folder: the harness's index.html names its script from its root.
  root: mode === 'zip' ? path.join(REPO, 'bench/grid') : path.join(REPO, 'mfe-documents'),
  base: '/',
  plugins: [react()],
  resolve: {
    // zip.html imports shared-ui by name; bench itself does not depend on the browser packages.
    alias: [{ find: /^shared-ui$/, replacement: path.join(REPO, 'shared-ui/src/index.ts') }],
  },
  worker: { format: 'es' },
  logLevel: 'warn',
  build: {
    outDir: process.env.BENCH_GRID_OUT ?? (mode === 'zip' ? '/tmp/bench-grid/zip' : '/tmp/bench-grid/dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 10_000,
    rollupOptions: { input: path.join(REPO, mode === 'zip' ? 'bench/grid/zip.html' : 'mfe-documents/index.html') },
  },
});
