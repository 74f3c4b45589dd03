// The Worker's entry: the engine runs here so a large document never freezes the page.
import { preloadImageDecoders, setDecoderWasmUrls } from 'document-engine';
import jbig2WasmUrl from 'pdfjs-dist/wasm/jbig2.wasm?url';
import openjpegWasmUrl from 'pdfjs-dist/wasm/openjpeg.wasm?url';
import type { WorkerScope } from './protocol.ts';
import { serveExtraction } from './serveExtraction.ts';

// The bundler emits pdf.js's JBIG2 and OpenJPEG decoders as assets (in one folder); the engine
// fetches one only for a JBIG2 or JPEG 2000 image.
setDecoderWasmUrls({
  jbig2: new URL(jbig2WasmUrl, import.meta.url).href,
  openjpeg: new URL(openjpegWasmUrl, import.meta.url).href,
});
// A Worker starts when a file is chosen, before Extract is pressed: it loads pdf.js's image
// decoders and builds OpenJPEG's module meanwhile. The first image a document's view must decode
// (a JPEG under a mask, a crop, a JPEG 2000 image) then does not wait for them (about 100 KB of
// script and 220 KB of WebAssembly to fetch and compile, the largest part of the time to the
// first such image).
void preloadImageDecoders().catch(() => undefined);
// pdf.js's standard fonts are copied beside the build's chunks (vite.config.ts), one folder down
// from this script; the dev server answers the same path. A variable, not a literal: the bundler
// would otherwise try to resolve the folder as one asset.
const STANDARD_FONTS = 'standard_fonts/';
serveExtraction(self as unknown as WorkerScope, {
  standardFontDataUrl: new URL(STANDARD_FONTS, import.meta.url).href,
});
