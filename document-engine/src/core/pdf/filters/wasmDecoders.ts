/**
 * pdf.js's two WebAssembly image decoders, OpenJPEG (JPXDecode) and PDFium's JBIG2 (JBIG2Decode),
 * configured once for both: pdf.js keeps one base URL for every WebAssembly decoder and appends
 * each decoder's file name to it.
 *
 * - A browser host says where its bundler put the two `.wasm` files (`setDecoderWasmUrls`, with
 *   the URLs the bundler emitted: they share its assets folder), and they are fetched from there.
 * - Without URLs, in Node (whose fetch reads no file: URL), the `.wasm` files are read from the
 *   pdfjs-dist package with node:fs, reached through `process.getBuiltinModule` so no bundler ever
 *   sees a Node import; OpenJPEG's WebAssembly decodes 3-4x faster than its JavaScript build.
 * - Elsewhere, the plain JavaScript builds that pdfjs-dist ships beside them are imported.
 */
import { loadImageDecoders } from '../../raster/imageDecoders.ts';

export type DecoderWasmUrls = { jbig2: string; openjpeg: string };

/** What the engine uses of pdf.js's JBIG2 and JPX decoder instances. */
type WasmDecoderInstance = { _filename: string; _noWasmFilename: string };
type FetchHandler = {
  sendWithPromise(action: 'FetchBinaryData', data: { kind: string; filename: string }): Promise<Uint8Array>;
};
type WasmImageClass<T> = {
  setOptions(options: {
    useWasm: boolean;
    useWorkerFetch: boolean;
    wasmUrl: string;
    getHandler?: () => FetchHandler;
  }): void;
  readonly instance: T & WasmDecoderInstance;
};

export type Jbig2Decoder = {
  decode(bytes: Uint8Array, width: number, height: number, globals?: Uint8Array): Promise<Uint8Array>;
};
export type JpxDecoder = {
  decode(
    bytes: Uint8Array,
    options: { numComponents?: number; isIndexedColormap?: boolean; smaskInData?: boolean },
  ): Promise<Uint8Array | Uint8ClampedArray>;
};
type JpxClass = WasmImageClass<JpxDecoder> & {
  parseImageProperties(bytes: Uint8Array): { width: number; height: number; componentsCount: number };
};

let hostUrls: DecoderWasmUrls | undefined;
let configured: Promise<{ jbig2: Jbig2Decoder; jpx: JpxDecoder; jpxClass: JpxClass }> | undefined;

/** Where the host serves pdf.js's `jbig2.wasm` and `openjpeg.wasm`. Call before extracting. */
export function setDecoderWasmUrls(urls: DecoderWasmUrls): void {
  hostUrls = urls;
  configured = undefined;
}

const folderOf = (url: string) => url.slice(0, url.lastIndexOf('/') + 1);
const fileOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

function loadDecoders() {
  configured ??= (async () => {
    const modules = await loadImageDecoders();
    const Jbig2Image = modules.Jbig2Image as WasmImageClass<Jbig2Decoder>;
    const JpxImage = modules.JpxImage as JpxClass;
    const jbig2 = Jbig2Image.instance;
    const jpx = JpxImage.instance;
    if (hostUrls && folderOf(hostUrls.jbig2) === folderOf(hostUrls.openjpeg)) {
      jbig2._filename = fileOf(hostUrls.jbig2);
      jpx._filename = fileOf(hostUrls.openjpeg);
      Jbig2Image.setOptions({ useWasm: true, useWorkerFetch: true, wasmUrl: folderOf(hostUrls.jbig2) });
    } else {
      // the package's own folder: its files keep their names
      const folder = folderOf(import.meta.resolve('pdfjs-dist/wasm/jbig2_nowasm_fallback.js'));
      const fs = nodeFs();
      if (fs) {
        const getHandler = (): FetchHandler => ({
          sendWithPromise: async (_action, { filename }) => new Uint8Array(fs.readFileSync(new URL(filename, folder))),
        });
        Jbig2Image.setOptions({ useWasm: true, useWorkerFetch: false, wasmUrl: folder, getHandler });
      } else Jbig2Image.setOptions({ useWasm: false, useWorkerFetch: true, wasmUrl: folder });
    }
    return { jbig2, jpx, jpxClass: JpxImage };
  })();
  return configured;
}

/**
 * Loads pdf.js's image decoders and builds OpenJPEG's module (fetching and compiling its .wasm)
 * ahead of the first JPEG 2000 image, as a host does while the visitor reaches for Extract.
 * pdf.js has no call for building the module alone; its `decode` builds it before reading the
 * bytes, so an empty input builds it and is refused, harmlessly.
 */
export async function preloadDecoders(): Promise<void> {
  const { jpx } = await loadDecoders();
  await jpx.decode(new Uint8Array(0), {}).catch(() => undefined);
}

export async function jbig2Decoder(): Promise<Jbig2Decoder> {
  return (await loadDecoders()).jbig2;
}

export async function jpxDecoder(): Promise<{ decoder: JpxDecoder; properties: JpxClass['parseImageProperties'] }> {
  const { jpx, jpxClass } = await loadDecoders();
  return { decoder: jpx, properties: (bytes) => jpxClass.parseImageProperties(bytes) };
}

/** Node's fs, where the engine runs in Node 20.16+ (`process.getBuiltinModule`); else undefined. */
function nodeFs(): { readFileSync(url: URL): Uint8Array } | undefined {
  const host = globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } };
  return host.process?.getBuiltinModule?.('node:fs') as { readFileSync(url: URL): Uint8Array } | undefined;
}
