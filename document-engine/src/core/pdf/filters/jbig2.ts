/**
 * JBIG2Decode through pdf.js's JBIG2 decoder (pdfjs-dist, Apache-2.0; the decoder itself is
 * PDFium's, BSD), loaded only when a PDF holds a JBIG2 image: 300 KB of code no other document
 * needs. Writing our own JBIG2 decoder (generic, refinement, symbol and halftone regions) is a
 * project of its own; this is the one place the engine borrows a codec.
 *
 * Its output is the filter's output: 1 bit per pixel, rows padded to a byte, 0 black, 1 white,
 * which pdfImage.ts turns into a PNG like any other 1-bit image (Decode arrays, masks).
 *
 * pdf.js 6 fetches its decoder from a URL. A browser host hands the engine the URL of the
 * WebAssembly build its bundler emitted (`setJbig2DecoderUrl`); without one (Node, whose fetch reads
 * no file: URL) the plain JavaScript build is resolved from the package and imported. The legacy
 * build is used because it carries polyfills for Node 20; it still needs Promise.withResolvers
 * (Node 22), added below when missing.
 */
/// <reference path="./pdfjsImageDecoders.d.ts" />
type Jbig2Decoder = {
  decode(bytes: Uint8Array, width: number, height: number, globals?: Uint8Array): Promise<Uint8Array>;
};
type WasmImageClass = {
  setOptions(options: { useWasm: boolean; useWorkerFetch: boolean; wasmUrl: string }): void;
  readonly instance: Jbig2Decoder & { _filename: string; _noWasmFilename: string };
};

let hostDecoderUrl: string | undefined;
let decoder: Promise<Jbig2Decoder> | undefined;

/** Where the host serves pdf.js's `jbig2.wasm` (a browser bundle's asset URL). Call before extracting. */
export function setJbig2DecoderUrl(wasmUrl: string): void {
  hostDecoderUrl = wasmUrl;
  decoder = undefined;
}

function loadDecoder(): Promise<Jbig2Decoder> {
  decoder ??= (async () => {
    if (!('withResolvers' in Promise)) {
      Object.defineProperty(Promise, 'withResolvers', {
        configurable: true,
        writable: true,
        value<T>() {
          let resolve!: (value: T) => void;
          let reject!: (reason: unknown) => void;
          const promise = new Promise<T>((yes, no) => {
            resolve = yes;
            reject = no;
          });
          return { promise, resolve, reject };
        },
      });
    }
    const { Jbig2Image } = (await import('pdfjs-dist/legacy/image_decoders/pdf.image_decoders.mjs')) as unknown as {
      Jbig2Image: WasmImageClass;
    };
    const url = hostDecoderUrl ?? import.meta.resolve('pdfjs-dist/wasm/jbig2_nowasm_fallback.js');
    // pdf.js builds each URL as `${wasmUrl}${file name}`: the names are emptied so the URLs are ours.
    const instance = Jbig2Image.instance;
    instance._filename = '';
    instance._noWasmFilename = '';
    Jbig2Image.setOptions({ useWasm: url.endsWith('.wasm'), useWorkerFetch: true, wasmUrl: url });
    return instance;
  })();
  return decoder;
}

/**
 * The decoded bitmap of a JBIG2 image, `ceil(width / 8) * height` bytes. `globals` is the
 * JBIG2Globals stream's data, when the image has one. Throws when the data can't be decoded.
 */
export async function decodeJbig2(
  data: Uint8Array,
  width: number,
  height: number,
  globals?: Uint8Array,
): Promise<Uint8Array> {
  const jbig2 = await loadDecoder();
  const bitmap = await jbig2.decode(data, width, height, globals);
  const expected = Math.ceil(width / 8) * height;
  if (!bitmap || bitmap.length < expected) throw new Error('the JBIG2 data is damaged or cut short');
  return new Uint8Array(bitmap.buffer, bitmap.byteOffset, expected);
}
