import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkPackages } from '../tooling/chunkPackages.mjs';
import { packageOf, SHARED_MODULES } from '../tooling/federation.mjs';
import { DEV_PORTS } from '../tooling/ports.mjs';

const require = createRequire(import.meta.url);
const versionOf = (pkg: string) =>
  (JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')) as { version: string }).version;

// The shell is a Module Federation host built without the federation build plugin: it creates the
// runtime itself (src/federation/runtime.ts) on the first visit to a remote's route. The plugin
// would load every shared package (antd, icons, zod: 913 KB gz measured) before `/` could render.
export default defineConfig({
  plugins: [react(), chunkPackages()],
  define: {
    __SHARED_VERSIONS__: JSON.stringify(
      Object.fromEntries(SHARED_MODULES.map((key) => [key, versionOf(packageOf(key))])),
    ),
  },
  server: {
    port: DEV_PORTS.shell,
    strictPort: true,
    proxy: { '/api': `http://localhost:${DEV_PORTS.api}` },
  },
  preview: { port: DEV_PORTS.shell, strictPort: true },
  build: {
    target: 'es2022',
    rolldownOptions: {
      // lifecycles.js: the single-spa lifecycles of the whole site, at a stable address.
      input: { index: 'index.html', lifecycles: 'src/singleSpa.tsx' },
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: (chunk) => (chunk.name === 'lifecycles' ? 'lifecycles.js' : 'assets/[name]-[hash].js'),
        // The packages `/` loads, each in a chunk of its own: they cache apart from app code, and
        // bench/first-load.mjs can report the weight of each.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            {
              name: 'vendor-react-router',
              test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
              priority: 30,
            },
            // What the icons need, which antd's core needs too: apart, so a page that draws only
            // icons does not load antd's core for a few shared helpers.
            {
              name: 'vendor-icons',
              test: /node_modules[/](@ant-design[/](icons|icons-svg|colors|fast-color)|@rc-component[/]util|@babel[/]runtime|classnames|clsx)[/]/,
              priority: 25,
            },
            // What every antd component needs (ConfigProvider, the theme engine, cssinjs, locale and
            // shared utilities): one file instead of some forty, since any antd screen loads all of it.
            {
              name: 'vendor-antd-core',
              test: /node_modules[/](antd[/]es[/](config-provider|theme|locale)[/]|@ant-design[/](cssinjs|cssinjs-utils)[/])/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
});
