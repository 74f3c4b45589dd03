/** The packages the shell provides once to the whole page. */
export declare const SHARED_PACKAGES: readonly string[];
/** Every share key: those packages, react's entry points, antd's component modules. */
export declare const SHARED_MODULES: readonly string[];
/** The package a share key belongs to (`antd/es/button` → `antd`). */
export declare function packageOf(key: string): string;
/** Module Federation name → folder (shared-contracts/src/federation/remotes.json). */
export declare const REMOTES: Readonly<Record<string, string>>;
/** The share keys one remote takes from the shell (the singletons and the antd modules it imports). */
export declare function sharedModulesOf(remoteDir: string): string[];
export declare function remoteDefaults(
  command: 'build' | 'serve',
  remoteDir: string,
): {
  filename: string;
  manifest: true;
  dts: false;
  shareStrategy: 'loaded-first';
  shared: Record<string, { singleton: true; requiredVersion: false; import?: false }>;
  experiments?: { externalRuntime: true };
  moduleParseIdleTimeout: number;
};
/** Seconds without a parsed module after which the federation plugin stops waiting. */
export declare const PARSE_IDLE_TIMEOUT_S: number;
/** A remote's production build options: its remoteEntry alone (no index.html harness). */
export declare const remoteBuild: { target: string; rolldownOptions: { input: Record<string, never> } };
export declare function remoteServers(
  port: number,
  apiPort: number,
): {
  server: { port: number; strictPort: true; cors: true; proxy: Record<string, string> };
  preview: { port: number; strictPort: true; cors: true };
};
