// The Module Federation contract every app of the site shares, as plain data.
// Its imports are JSON files and Node built-ins (no package to resolve), so each package's vite.config reads it as is.
// The list of remotes lives in shared-contracts/src/federation/remotes.json, read by the shell and the
// remotes (shared-contracts `REMOTE_NAMES`), by this file and by the e2e fixtures: one list, in JSON
// because plain Node (this file) cannot import TypeScript.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// biome-ignore lint/style/noRestrictedImports: plain data, read by path because tooling is no package that could resolve shared-contracts by name.
import remotes from '../shared-contracts/src/federation/remotes.json' with { type: 'json' };
// biome-ignore lint/style/noRestrictedImports: plain data, read by path for the same reason.
import antdModules from '../shared-ui/src/design-system/antdModules.json' with { type: 'json' };

/**
 * What the shell provides and every remote takes from it: one React, one router, one antd (theme,
 * style cache), one browser-services (toast bus, account store; shared by entry point). Everything else is stateless
 * (shared-contracts, media-files, shared-ui's components, zod, the icons) and is bundled into each
 * app, tree-shaken: sharing a package shares it whole, and a tool page would download all of it.
 * antd is shared one component module at a time (shared-ui's design system), for the same reason.
 */
export const SHARED_PACKAGES = [
  'react',
  'react-dom',
  'react-router-dom',
  // browser-services by entry point: a page that shows a toast takes the bus the shell loaded at
  // start, without the account store (and its schemas) that the root entry brings.
  'browser-services',
  'browser-services/toast',
  'browser-services/extraction',
  'browser-services/files',
  'browser-services/workers',
];

/**
 * Entry points of react and react-dom that remotes import. The build plugin usually finds them by
 * itself, but a build on a loaded machine once left them out and the remote failed to start
 * ("s is not a function"): named here, they are always shared.
 */
const SHARED_ENTRY_POINTS = ['react/jsx-runtime', 'react-dom/client'];

/** Every share key: packages, their entry points, and antd's component modules. */
export const SHARED_MODULES = [...SHARED_PACKAGES, ...SHARED_ENTRY_POINTS, ...Object.values(antdModules)];

/** The package a share key belongs to (`antd/es/button` → `antd`), for its version. */
export const packageOf = (key) =>
  (key.startsWith('@') ? key.split('/').slice(0, 2) : key.split('/').slice(0, 1)).join('/');

/** Remote names as Module Federation knows them (valid JS identifiers) and the folder each lives in. */
export const REMOTES = remotes;

// An import of a module: `from 'x'`, `import('x')`, `import 'x'`.
const IMPORTED = /(?:from|import)\s*\(?\s*'([^']+)'/g;
// An import or re-export of types only: it loads nothing at run time.
const TYPE_ONLY = /(?:import|export)\s+type\s[^;]*?from\s*'[^']+'/g;
// A design-system room, by package path or, inside shared-ui, by relative path (antdModules.json
// names its antd module).
const DESIGN_SYSTEM_ROOM = /^(?:shared-ui\/design-system|.*design-system\/antd)\/([a-z-]+?)(?:\.ts)?$/;
/** Shares every React app takes whatever its source says (the JSX transform imports the runtime). */
const ALWAYS = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'];

function sourcesUnder(dir, skip) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (skip.some((name) => path.endsWith(name))) return [];
    if (entry.isDirectory()) return sourcesUnder(path, skip);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The share keys one remote takes from the shell: those its source (or shared-ui's, which it
 * bundles) imports. The build plugin resolves every configured consume-only share that no
 * `import()` hides when the remote starts, imported or not, so configuring all of antd's modules
 * would make every page download all of them. Listing too few cannot happen silently: antd comes
 * only through the design system (lint), whose rooms this reads.
 */
export function sharedModulesOf(remoteDir) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const files = [
    ...sourcesUnder(join(remoteDir, 'src'), [join('src', 'dev')]),
    // The rooms themselves import every antd module; who imports a room is what counts.
    ...sourcesUnder(join(root, 'shared-ui', 'src'), [
      join('design-system', 'sharing.ts'),
      join('design-system', 'antd'),
    ]),
  ];
  const imported = new Set(ALWAYS);
  for (const file of files) {
    for (const [, specifier] of readFileSync(file, 'utf8').replace(TYPE_ONLY, '').matchAll(IMPORTED)) {
      const room = specifier.match(DESIGN_SYSTEM_ROOM)?.[1];
      imported.add(room ? (antdModules[room] ?? specifier) : specifier);
    }
  }
  return SHARED_MODULES.filter((key) => imported.has(key));
}

/**
 * Options every remote shares; each vite.config adds its name and exposes. `command` is Vite's,
 * `remoteDir` the remote's folder.
 * A production build bundles no fallback for what the shell provides (`import: false`) and takes the
 * federation runtime from the shell (`externalRuntime`): otherwise every remote downloads its own
 * copy of both on every visit, though the shell's always wins. The dev server keeps the fallbacks, so
 * a remote's standalone harness (its index.html) still runs without the shell.
 */
export function remoteDefaults(command, remoteDir) {
  const build = command === 'build';
  return {
    filename: 'remoteEntry.js',
    manifest: true,
    dts: false,
    shareStrategy: 'loaded-first',
    shared: Object.fromEntries(
      sharedModulesOf(remoteDir).map((name) => [
        name,
        { singleton: true, requiredVersion: false, ...(build ? { import: false } : {}) },
      ]),
    ),
    ...(build ? { experiments: { externalRuntime: true } } : {}),
    // The plugin analyses which named exports each shared module must re-export, and gives up after
    // 10 s by default. A remote takes 10-14 s to build on a busy 2-core machine; a build that gave
    // up left React's named exports out of its loadShare module and failed (rolldown refuses a
    // MISSING_EXPORT). Waiting is always right here: the analysis ends by itself once the module
    // graph is parsed, so this only fires for a build that made no progress for this long.
    moduleParseIdleTimeout: PARSE_IDLE_TIMEOUT_S,
  };
}

/** Seconds without a parsed module after which the federation plugin stops waiting (see above). */
export const PARSE_IDLE_TIMEOUT_S = 600;

/**
 * A remote's production build: its remoteEntry and what it reaches, nothing else. index.html is the
 * standalone harness of the dev server; as a build entry it would import every page statically, and
 * the plugin fetches at start-up every share that any entry reaches statically.
 */
export const remoteBuild = { target: 'es2022', rolldownOptions: { input: {} } };

/** Dev and preview servers of a remote: its own port, CORS for the shell's origin, /api proxied. */
export function remoteServers(port, apiPort) {
  return {
    server: { port, strictPort: true, cors: true, proxy: { '/api': `http://localhost:${apiPort}` } },
    preview: { port, strictPort: true, cors: true },
  };
}
