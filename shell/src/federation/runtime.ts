import { createInstance } from '@module-federation/runtime';
import * as runtimeCore from '@module-federation/runtime-core';
import type { RemotesManifest } from 'shared-contracts';
import type { RemoteName } from 'shared-contracts/remotes';
import { RemoteLoadError } from './errors.ts';
import { sharedProviders } from './sharedProviders.ts';

/**
 * Every Module Federation runtime call of the shell lives here, behind two verbs; the UI never
 * touches the runtime. This module is itself loaded on the first visit to a remote's route.
 */

/** A remote that does not answer in this time is reported as down, so Suspense never spins forever. */
export const REMOTE_LOAD_TIMEOUT_MS = 8_000;

// The remotes are built without a federation runtime of their own (`externalRuntime`, see
// tooling/federation.mjs): they use this one, published where their entries look for it.
(globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE = runtimeCore;

// 'loaded-first': a remote server that accepts connections but never answers must not block the
// shell from rendering (with 'version-first' such a remote kept the shell from rendering at all).
const federation = createInstance({
  name: 'shell',
  remotes: [],
  shared: sharedProviders(),
  shareStrategy: 'loaded-first',
});

/**
 * Registers (or re-registers) every remote of the manifest; entries may be relative to the page.
 * After a failure the entry URL gets a new query: a browser keeps an entry that hung in its module
 * map for good, so Retry must ask for a URL it has not seen.
 */
export function registerRemotesFromManifest(manifest: RemotesManifest, attempt = 0, base = window.location.href): void {
  federation.registerRemotes(
    Object.entries(manifest.remotes).map(([name, entry]) => {
      const url = new URL(entry, base);
      if (attempt > 0) url.searchParams.set('attempt', String(attempt));
      return { name, entry: url.href, ...(url.pathname.endsWith('.json') ? {} : { type: 'module' as const }) };
    }),
    { force: true },
  );
}
/** Loads one exposed module of a remote (and opens it), failing after REMOTE_LOAD_TIMEOUT_MS. */
export async function loadRemoteModule<T>(
  remoteName: RemoteName,
  moduleName: string,
  timeoutMs = REMOTE_LOAD_TIMEOUT_MS,
  /** What to do with the module once loaded (open its loader), inside the same time limit. */
  open: (module: T) => T | Promise<T> = (module) => module,
): Promise<T> {
  const id = `${remoteName}/${moduleName.replace(/^\.\//, '')}`;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteLoadError(remoteName, moduleName, 'timeout')), timeoutMs);
  });
  try {
    const loaded = await Promise.race([
      federation.loadRemote<T>(id).then((module) => (module == null ? module : open(module))),
      timeout,
    ]);
    if (loaded == null) throw new RemoteLoadError(remoteName, moduleName, 'failed');
    return loaded;
  } catch (error) {
    if (error instanceof RemoteLoadError) throw error;
    throw new RemoteLoadError(remoteName, moduleName, 'failed', error);
  } finally {
    clearTimeout(timer);
  }
}
