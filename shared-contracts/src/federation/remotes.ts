/**
 * The remotes of the site, as Module Federation names them. Plain data (no zod) because the
 * shell's always-loaded code reads it: `/` must stay light.
 */
export const REMOTE_NAMES = ['mfe_url_website', 'mfe_media', 'mfe_documents', 'mfe_account'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Served beside the shell: where each remote's entry lives (see remotesManifest.ts). */
export const REMOTES_MANIFEST_PATH = '/remotes.json';

/** What each remote is called where a person reads about it (error messages). */
export const REMOTE_LABELS: Readonly<Record<RemoteName, string>> = {
  mfe_url_website: 'The URL and website extractor',
  mfe_media: 'The video extractor',
  mfe_documents: 'The document extractor',
  mfe_account: 'Your account',
};
