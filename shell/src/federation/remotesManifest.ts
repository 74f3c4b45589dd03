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
