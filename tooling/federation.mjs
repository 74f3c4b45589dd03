// The Module Federation contract every app of the site shares, as plain data.
// It holds no imports so each package's vite.config can read it without resolving anything here.

/**
 * One React, one router, one antd theme, one toast bus, one account store: these are singletons
 * provided by the shell. `requiredVersion: false` because the workspace packages have no
 * published version to compare.
 */
export const sharedSingletons = Object.fromEntries(
  ['react', 'react-dom', 'react-router-dom', 'antd', '@ant-design/icons', 'zod', 'shared-contracts', 'shared-ui'].map(
    (name) => [name, { singleton: true, requiredVersion: false }],
  ),
);

/** Remote names as Module Federation knows them (valid JS identifiers) and the folder each lives in. */
export const REMOTES = {
  mfe_url_website: 'mfe-url-website',
  mfe_media: 'mfe-media',
  mfe_documents: 'mfe-documents',
  mfe_account: 'mfe-account',
};

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
