import { checkRemotesManifest, REMOTES_MANIFEST_PATH, type RemotesManifest } from 'shared-contracts/remotes';

/** How long the shell waits for remotes.json before it reports the remotes as unavailable. */
const MANIFEST_TIMEOUT_MS = 5_000;

/** Fetches and validates remotes.json, the run-time map of remote name → entry URL. */
export async function fetchRemotesManifest(fetchImpl: typeof fetch = fetch): Promise<RemotesManifest> {
  const response = await fetchImpl(REMOTES_MANIFEST_PATH, {
    cache: 'no-store',
    signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`[shell] ${REMOTES_MANIFEST_PATH} answered ${response.status}`);
  const checked = checkRemotesManifest(await response.json());
  if (!checked.success) throw new Error(`[shell] ${REMOTES_MANIFEST_PATH} is malformed: ${checked.error}`);
  return checked.data;
}

let reading: Promise<RemotesManifest> | undefined;

/**
 * remotes.json, read once for the page (again after `forgetRemotesManifest`). A remote route asks
 * for it as soon as it renders, beside the federation runtime's download rather than after it.
 */
export function readRemotesManifest(): Promise<RemotesManifest> {
  reading ??= fetchRemotesManifest();
  return reading;
}

/** After a failure: the next read fetches remotes.json again. */
export function forgetRemotesManifest(): void {
  reading = undefined;
}

/**
 * Starts downloading a remote's entry as soon as its address is known, while the runtime is still
 * on its way: on a slow network every round trip saved is visible. The runtime's own import of the
 * same URL then finds it loaded.
 */
export function preloadRemoteEntry(manifest: RemotesManifest, remote: string, base = window.location.href): void {
  const entry = manifest.remotes[remote as keyof RemotesManifest['remotes']];
  if (!entry || entry.endsWith('.json')) return;
  const href = new URL(entry, base).href;
  if (document.head.querySelector(`link[rel="modulepreload"][href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  link.crossOrigin = '';
  document.head.append(link);
}
