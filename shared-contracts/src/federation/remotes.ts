/**
 * The remotes of the site, as Module Federation names them, and the workspace folder (and package)
 * each lives in. The list itself is `remotes.json`, the one place a remote is added: plain JSON so
 * that what cannot import TypeScript reads it too (tooling/federation.mjs, run by the Vite configs;
 * the e2e fixtures). Plain data (no zod) because the shell's always-loaded code reads it: `/` must
 * stay light.
 */
import remotes from './remotes.json' with { type: 'json' };

export type RemoteName = keyof typeof remotes;

/** Module Federation name → the folder and workspace package of that remote. */
export const REMOTE_FOLDERS: Readonly<Record<RemoteName, string>> = remotes;

export const REMOTE_NAMES = Object.keys(remotes) as readonly RemoteName[];

/** Served beside the shell: where each remote's entry lives (see remotesManifest.ts). */
export const REMOTES_MANIFEST_PATH = '/remotes.json';

/** What each remote is called where a person reads about it (error messages). */
export const REMOTE_LABELS: Readonly<Record<RemoteName, string>> = {
  mfe_url_website: 'The URL and website extractor',
  mfe_media: 'The video extractor',
  mfe_documents: 'The document extractor',
  mfe_account: 'Your account',
};
