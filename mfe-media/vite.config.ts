import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkPackages } from '../tooling/chunkPackages.mjs';
import { remoteBuild, remoteDefaults, remoteServers } from '../tooling/federation.mjs';
import { firstLoad } from '../tooling/firstLoad.mjs';
import { DEV_PORTS } from '../tooling/ports.mjs';

const exposes = {
  './VideoExtractorPage': './src/exposed/VideoExtractorPage.ts',
};

// The remote's contract: its name and the pages it exposes. `base: './'` lets any host (or any
// path on a CDN) load its chunks from where remoteEntry.js lives.
export default defineConfig(({ command }) => ({
  base: './',
  plugins: [
    react(),
    chunkPackages(),
    firstLoad(exposes),
    federation({
      ...remoteDefaults(command, import.meta.dirname),
      name: 'mfe_media',
      exposes,
      dev: { remoteHmr: true },
    }),
  ],
  ...remoteServers(DEV_PORTS.mfe_media, DEV_PORTS.api),
  build: remoteBuild,
  // The frame worker is started as a module worker (from a same-origin blob that imports it), so it
  // is built as an ES module, not the default classic script.
  worker: { format: 'es' },
}));
