// The Worker's entry: the engine runs here so a large document never freezes the page.
import { setJbig2DecoderUrl } from 'document-engine';
import jbig2WasmUrl from 'pdfjs-dist/wasm/jbig2.wasm?url';
import type { WorkerScope } from './protocol.ts';
import { serveExtraction } from './serveExtraction.ts';

// The bundler emits pdf.js's JBIG2 decoder as an asset; the engine fetches it only for JBIG2 images.
setJbig2DecoderUrl(new URL(jbig2WasmUrl, import.meta.url).href);
serveExtraction(self as unknown as WorkerScope);
