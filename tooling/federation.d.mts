/** Every package the shell provides once to the whole page. */
export declare const SHARED_PACKAGES: readonly string[];
export declare const sharedSingletons: Record<string, { singleton: true; requiredVersion: false }>;
/** Module Federation name → folder (shared-contracts/src/federation/remotes.json). */
export declare const REMOTES: Readonly<Record<string, string>>;
export declare const remoteDefaults: {
  filename: string;
  manifest: true;
  dts: false;
  shareStrategy: 'loaded-first';
  shared: Record<string, { singleton: true; requiredVersion: false }>;
};
export declare function remoteServers(
  port: number,
  apiPort: number,
): {
  server: { port: number; strictPort: true; cors: true; proxy: Record<string, string> };
  preview: { port: number; strictPort: true; cors: true };
};
