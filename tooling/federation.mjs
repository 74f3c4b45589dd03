// The Module Federation contract every app of the site shares, as plain data.
// Its one import is a JSON file (no package to resolve), so each package's vite.config reads it as is.
// The list of remotes lives in shared-contracts/src/federation/remotes.json, read by the shell and the
// remotes (shared-contracts `REMOTE_NAMES`), by this file and by the e2e fixtures: one list, in JSON
// because plain Node (this file) cannot import TypeScript.
// biome-ignore lint/style/noRestrictedImports: plain data, read by path because tooling is no package that could resolve shared-contracts by name.
import remotes from '../shared-contracts/src/federation/remotes.json' with { type: 'json' };

/**
 * One React, one router, one antd theme, one toast bus, one account store: these are singletons
 * provided by the shell. browser-services must be one (its toast bus and account store hold
 * state); shared-contracts and media-files are stateless, shared so the page loads them once.
 * `requiredVersion: false` because the workspace packages have no published version to compare.
 */
export const SHARED_PACKAGES = [
  'react',
  'react-dom',
  'react-router-dom',
  'antd',
  '@ant-design/icons',
  'zod',
  'shared-contracts',
  'media-files',
  'browser-services',
  'shared-ui',
];

/**
 * Entry points of react and react-dom that remotes import. The build plugin usually finds them by
 * itself, but a build on a loaded machine once left them out and the remote failed to start
 * ("s is not a function"): named here, they are always shared.
 */
const SHARED_ENTRY_POINTS = ['react/jsx-runtime', 'react-dom/client'];

export const sharedSingletons = Object.fromEntries(
  [...SHARED_PACKAGES, ...SHARED_ENTRY_POINTS].map((name) => [name, { singleton: true, requiredVersion: false }]),
);

/** Remote names as Module Federation knows them (valid JS identifiers) and the folder each lives in. */
export const REMOTES = remotes;

/** Options every remote shares; each vite.config adds its name and exposes. */
export const remoteDefaults = {
  filename: 'remoteEntry.js',
  manifest: true,
  dts: false,
  shareStrategy: 'loaded-first',
  shared: sharedSingletons,
};

/** Dev and preview servers of a remote: its own port, CORS for the shell's origin, /api proxied. */
export function remoteServers(port, apiPort) {
  return {
    server: { port, strictPort: true, cors: true, proxy: { '/api': `http://localhost:${apiPort}` } },
    preview: { port, strictPort: true, cors: true },
  };
}
