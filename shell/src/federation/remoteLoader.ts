import type { ComponentType } from 'react';
import type { RemotesManifest } from 'shared-contracts';
import type { RemoteName } from 'shared-contracts/remotes';
import { RemoteLoadError } from './errors.ts';
import { fetchRemotesManifest } from './remotesManifest.ts';
import { loadRemoteModule, registerRemotesFromManifest } from './runtime.ts';

// Loaded with the first remote route: the runtime and the manifest schema come with it.

let registered: Promise<RemotesManifest> | undefined;
/** Bumped after each failure: the next attempt re-reads remotes.json and re-registers every remote. */
let failures = 0;

/** Fetches remotes.json and registers its remotes, once until something fails. */
function ensureRemotesRegistered(): Promise<RemotesManifest> {
  registered ??= fetchRemotesManifest().then((manifest) => {
    registerRemotesFromManifest(manifest, failures);
    return manifest;
  });
  return registered;
}

function forgetRegistration() {
  registered = undefined;
  failures += 1;
}

/** One exposed page of a remote: its default export, checked to be a component. */
export async function loadRemotePage(remote: RemoteName, module: string): Promise<ComponentType> {
  const manifest = await ensureRemotesRegistered().catch((error: unknown) => {
    forgetRegistration();
    throw new RemoteLoadError(remote, module, 'manifest', error);
  });
  if (!manifest.remotes[remote]) throw new RemoteLoadError(remote, module, 'not-configured');
  const loaded = await loadRemoteModule<{ default?: unknown }>(remote, module).catch((error: unknown) => {
    forgetRegistration();
    throw error;
  });
  const Page = loaded.default;
  if (typeof Page !== 'function' && (typeof Page !== 'object' || Page === null)) {
    throw new RemoteLoadError(remote, module, 'bad-export');
  }
  return Page as ComponentType;
}
