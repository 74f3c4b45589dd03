import * as z from 'zod/mini';
import { REMOTE_NAMES } from './remotes.ts';

/**
 * `remotes.json`, served beside the shell: where each remote's entry lives. The shell reads it at
 * run time, so redeploying a remote means editing this file, never rebuilding the shell.
 * An entry is the remote's `remoteEntry.js` (or `mf-manifest.json`) URL, absolute or relative to
 * the shell's origin.
 */
export const RemoteNameSchema = z.enum(REMOTE_NAMES);

export const RemotesManifestSchema = z.object({
  remotes: z.partialRecord(RemoteNameSchema, z.string().check(z.minLength(1))),
});
export type RemotesManifest = z.infer<typeof RemotesManifestSchema>;
