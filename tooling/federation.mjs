// The Module Federation contract every app of the site shares, as plain data.
// Its imports are JSON files (no package to resolve), so each package's vite.config reads it as is.
// The list of remotes lives in shared-contracts/src/federation/remotes.json, read by the shell and the
// remotes (shared-contracts `REMOTE_NAMES`), by this file and by the e2e fixtures: one list, in JSON
// because plain Node (this file) cannot import TypeScript.
// biome-ignore lint/style/noRestrictedImports: plain data, read by path because tooling is no package that could resolve shared-contracts by name.
import remotes from '../shared-contracts/src/federation/remotes.json' with { type: 'json' };
// biome-ignore lint/style/noRestrictedImports: plain data, read by path for the same reason.
import antdModules from '../shared-ui/src/design-system/antdModules.json' with { type: 'json' };

/**
 * What the shell provides and every remote takes from it: one React, one router, one antd (theme,
 * style cache), one browser-services (toast bus, account store). Everything else is stateless
 * (shared-contracts, media-files, shared-ui's components, zod, the icons) and is bundled into each
 * app, tree-shaken: sharing a package shares it whole, and a tool page would download all of it.
 * antd is shared one component module at a time (shared-ui's design system), for the same reason.
 */
export const SHARED_PACKAGES = ['react', 'react-dom', 'react-router-dom', 'browser-services'];

/**
 * Entry points of react and react-dom that remotes import. The build plugin usually finds them by
 * itself, but a build on a loaded machine once left them out and the remote failed to start
 * ("s is not a function"): named here, they are always shared.
 */
const SHARED_ENTRY_POINTS = ['react/jsx-runtime', 'react-dom/client'];

/** Every share key: packages, their entry points, and antd's component modules. */
export const SHARED_MODULES = [...SHARED_PACKAGES, ...SHARED_ENTRY_POINTS, ...antdModules];

/** The package a share key belongs to (`antd/es/button` → `antd`), for its version. */
export const packageOf = (key) => (key.startsWith('@') ? key.split('/').slice(0, 2) : key.split('/').slice(0, 1)).join('/');

/** Remote names as Module Federation knows them (valid JS identifiers) and the folder each lives in. */
export const REMOTES = remotes;

/**
 * Options every remote shares; each vite.config adds its name and exposes. `command` is Vite's.
 * A production build bundles no fallback for what the shell provides (`import: false`) and takes the
 * federation runtime from the shell (`externalRuntime`): otherwise every remote downloads its own
 * copy of both on every visit, though the shell's always wins. The dev server keeps the fallbacks, so
 * a remote's standalone harness (its index.html) still runs without the shell.
 */
export function remoteDefaults(command) {
  const build = command === 'build';
  return {
    filename: 'remoteEntry.js',
    manifest: true,
    dts: false,
    shareStrategy: 'loaded-first',
    shared: Object.fromEntries(
      SHARED_MODULES.map((name) => [
        name,
        { singleton: true, requiredVersion: false, ...(build ? { import: false } : {}) },
      ]),
    ),
    ...(build ? { experiments: { externalRuntime: true } } : {}),
  };
}

/** Dev and preview servers of a remote: its own port, CORS for the shell's origin, /api proxied. */
export function remoteServers(port, apiPort) {
  return {
    server: { port, strictPort: true, cors: true, proxy: { '/api': `http://localhost:${apiPort}` } },
    preview: { port, strictPort: true, cors: true },
  };
}
