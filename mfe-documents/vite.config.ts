import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { remoteDefaults, remoteServers } from '../tooling/federation.mjs';
import { DEV_PORTS } from '../tooling/ports.mjs';

// The remote's contract: its name and the pages it exposes. `base: './'` lets any host (or any
// path on a CDN) load its chunks from where remoteEntry.js lives.
export default defineConfig(({ command }) => ({
  base: './',
  plugins: [
    react(),
    federation({
      ...remoteDefaults(command),
      name: 'mfe_documents',
      exposes: {
        './PdfExtractorPage': './src/pages/PdfExtractorPage.tsx',
        './DocxExtractorPage': './src/pages/DocxExtractorPage.tsx',
        './PptExtractorPage': './src/pages/PptExtractorPage.tsx',
      },
      dev: { remoteHmr: true },
    }),
  ],
  ...remoteServers(DEV_PORTS.mfe_documents, DEV_PORTS.api),
  build: { target: 'es2022' },
  // The document Worker is a module (its chunks import each other), started by startModuleWorker.
  worker: { format: 'es' },
}));
