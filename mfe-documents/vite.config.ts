import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { chunkPackages } from '../tooling/chunkPackages.mjs';
import { remoteBuild, remoteDefaults, remoteServers } from '../tooling/federation.mjs';
import { firstLoad } from '../tooling/firstLoad.mjs';
import { DEV_PORTS } from '../tooling/ports.mjs';

const exposes = {
  './PdfExtractorPage': './src/exposed/PdfExtractorPage.ts',
  './DocxExtractorPage': './src/exposed/DocxExtractorPage.ts',
  './PptExtractorPage': './src/exposed/PptExtractorPage.ts',
  './AnyFileExtractorPage': './src/exposed/AnyFileExtractorPage.ts',
};

/**
 * pdf.js's standard fonts (the 14 fonts a PDF may use without embedding them), served with the
 * build: the document Worker draws figures with pdf.js and points it at `standard_fonts/` beside
 * its own chunk (`assets/`). The dev server answers that folder's files wherever it is asked for.
 */
function pdfjsStandardFonts(): Plugin {
  const pdfjs = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const folder = join(pdfjs, 'standard_fonts');
  const files = readdirSync(folder).filter((file) => /^[\w.-]+$/.test(file));
  return {
    name: 'mfe-documents:pdfjs-standard-fonts',
    generateBundle() {
      for (const file of files) {
        this.emitFile({
          type: 'asset',
          fileName: `assets/standard_fonts/${file}`,
          source: readFileSync(join(folder, file)),
        });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = /\/standard_fonts\/([\w.-]+)$/.exec(request.url?.split('?')[0] ?? '')?.[1];
        if (!file || !files.includes(file)) return next();
        response.setHeader('content-type', 'application/octet-stream');
        response.end(readFileSync(join(folder, file)));
      });
    },
  };
}

// The remote's contract: its name and the pages it exposes. `base: './'` lets any host (or any
// path on a CDN) load its chunks from where remoteEntry.js lives.
export default defineConfig(({ command }) => ({
  base: './',
  plugins: [
    react(),
    chunkPackages(),
    firstLoad(exposes),
    pdfjsStandardFonts(),
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
