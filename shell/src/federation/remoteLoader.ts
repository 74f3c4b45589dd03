import type { ComponentType } from 'react';
import type { RemotesManifest } from 'shared-contracts';
import type { RemoteName } from 'shared-contracts/remotes';
import { RemoteLoadError } from './errors.ts';
import { forgetRemotesManifest, readRemotesManifest } from './remotesManifest.ts';
import { loadRemoteModule, registerRemotesFromManifest } from './runtime.ts';

// Loaded with the first remote route: the federation runtime comes with it.

let registered: Promise<RemotesManifest> | undefined;
/** Bumped after each failure: the next attempt re-reads remotes.json and re-registers every remote. */
let failures = 0;

/** Fetches remotes.json and registers its remotes, once until something fails. */
function ensureRemotesRegistered(): Promise<RemotesManifest> {
  registered ??= readRemotesManifest().then((manifest) => {
    registerRemotesFromManifest(manifest, failures);
    return manifest;
  });
  return registered;
}

function forgetRegistration() {
  registered = undefined;
  forgetRemotesManifest();
  failures += 1;
}

type ExposedModule = { default?: unknown; load?: () => Promise<ExposedModule> };

/** One exposed page of a remote: its default export (or its loader's), checked to be a component. */
export async function loadRemotePage(remote: RemoteName, module: string): Promise<ComponentType> {
  const manifest = await ensureRemotesRegistered().catch((error: unknown) => {
    forgetRegistration();
    throw new RemoteLoadError(remote, module, 'manifest', error);
  });
  if (!manifest.remotes[remote]) throw new RemoteLoadError(remote, module, 'not-configured');
  // An exposed module hands over its page, or (our remotes) a loader of it, `load()`: then the page
  // and the components it draws download when the route is shown, not when the remote starts.
  const loaded = await loadRemoteModule<ExposedModule>(remote, module, undefined, (exposed) =>
    typeof exposed.load === 'function' ? exposed.load() : exposed,
  ).catch((error: unknown) => {
    forgetRegistration();
    throw error;
  });
  const Page = loaded.default;
  if (typeof Page !== 'function' && (typeof Page !== 'object' || Page === null)) {
    throw new RemoteLoadError(remote, module, 'bad-export');
  }
  return Page as ComponentType;
}
