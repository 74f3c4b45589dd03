import { REMOTE_NAMES, type RemoteName } from './remotes.ts';

/**
 * `remotes.json`, served beside the shell: where each remote's entry lives. The shell reads it at
 * run time, so redeploying a remote means editing this file, never rebuilding the shell.
 * An entry is the remote's `remoteEntry.js` (or `mf-manifest.json`) URL, absolute or relative to
 * the shell's origin.
 *
 * Checked without zod, on purpose: the shell reads this file before any remote can start, on every
 * remote route, and zod's core would be 8 KB gzip of that route's first load. The server checks the
 * file it serves with this same function, so there is one definition of a valid manifest.
 */
export type RemotesManifest = { remotes: Partial<Record<RemoteName, string>> };

export type ManifestCheck = { success: true; data: RemotesManifest } | { success: false; error: string };

const isRemoteName = (name: string): name is RemoteName => (REMOTE_NAMES as readonly string[]).includes(name);

/** Checks a parsed `remotes.json`: `{ remotes: { <remote name>: <non-empty URL>, … } }` (other keys are ignored). */
export function checkRemotesManifest(value: unknown): ManifestCheck {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { success: false, error: 'expected an object with a "remotes" object' };
  }
  const remotes: unknown = (value as { remotes?: unknown }).remotes;
  if (typeof remotes !== 'object' || remotes === null || Array.isArray(remotes)) {
    return { success: false, error: '"remotes" must be an object of remote name → entry URL' };
  }
  const data: RemotesManifest = { remotes: {} };
  for (const [name, entry] of Object.entries(remotes)) {
    if (!isRemoteName(name)) {
      return { success: false, error: `"${name}" is not a remote of this site (${REMOTE_NAMES.join(', ')})` };
    }
    if (typeof entry !== 'string' || entry.length === 0) {
      return { success: false, error: `the entry of "${name}" must be a non-empty URL` };
    }
    data.remotes[name] = entry;
  }
  return { success: true, data };
}
