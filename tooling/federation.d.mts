export declare const sharedSingletons: Record<string, { singleton: true; requiredVersion: false }>;
export declare const REMOTES: {
  mfe_url_website: 'mfe-url-website';
  mfe_media: 'mfe-media';
  mfe_documents: 'mfe-documents';
  mfe_account: 'mfe-account';
};
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
