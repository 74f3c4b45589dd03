import type { Plugin } from 'vite';

/** One exposed page's first render: the remote's chunks and stylesheets, and the share keys it takes from the shell. */
export type FirstLoad = { js: string[]; css: string[]; shares: string[] };

/** The part of a Rollup output chunk the list is made from. */
export type FirstLoadChunk = {
  fileName: string;
  moduleIds: string[];
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string> };
};

/** The first-load lists of a bundle, by exposed name; throws when an exposed loader is in no chunk. */
export declare function firstLoadOf(
  exposes: Record<string, string>,
  chunks: readonly FirstLoadChunk[],
  sharedKeys?: readonly string[],
): Record<string, FirstLoad>;

/** Writes first-load.json beside a remote's remoteEntry.js. */
export declare function firstLoad(exposes: Record<string, string>): Plugin;
