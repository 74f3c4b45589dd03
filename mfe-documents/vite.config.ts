import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkPackages } from '../tooling/chunkPackages.mjs';
import { remoteBuild, remoteDefaults, remoteServers } from '../tooling/federation.mjs';
import { firstLoad } from '../tooling/firstLoad.mjs';
import { DEV_PORTS } from '../tooling/ports.mjs';

const exposes = {
  './PdfExtractorPage': './src/exposed/PdfExtractorPage.ts',
  './DocxExtractorPage': './src/exposed/DocxExtractorPage.ts',
  './PptExtractorPage': './src/exposed/PptExtractorPage.ts',
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
      name: 'mfe_documents',
      exposes,
      dev: { remoteHmr: true },
    }),
  ],
  ...remoteServers(DEV_PORTS.mfe_documents, DEV_PORTS.api),
  build: remoteBuild,
  // The document Worker is a module (its chunks import each other), started by startModuleWorker.
  worker: { format: 'es' },
}));
