/**
 * The engine's figure renderer: a one-page PDF (a figure's vector file) drawn as a PNG by pdf.js.
 *
 * pdf.js runs its worker code in the calling thread ("fake worker": `globalThis.pdfjsWorker` set
 * before `getDocument`), so the same code runs in a browser Worker (no second worker to bundle
 * and start) and in Node. It draws on @napi-rs/canvas in Node (pdf.js loads it
 * itself) and on an OffscreenCanvas elsewhere (`CanvasFactory` below, no DOM fonts). The pixels
 * are read back and written by the engine's own PNG encoder, so both hosts give the same bytes
 * for the same pixels (the pixels themselves differ a little: Chromium's canvas and
 * @napi-rs/canvas anti-alias differently, a mean of 2/255 on a table measured in both).
 *
 * Bounded: a render larger than `maxPixels` is drawn at the dpi that fits (the caller is told the
 * dpi used); one that takes longer than `timeLimitMs` is cancelled. Each render opens and destroys
 * its own pdf.js document: nothing is kept from one figure to the next.
 */
/// <reference path="./pdfjsWorker.d.ts" />
import { encodePng, type RasterImage } from '../core/png/pngEncoder.ts';
import type { FigureRenderer } from '../core/types.ts';
import { DocumentError, throwIfAborted } from '../errors.ts';

export type PdfjsRendererOptions = {
  /** Folder (ending in `/`) of pdf.js's standard fonts, for PDFs that name Helvetica or Times without embedding them. Node: the package's own folder. */
  standardFontDataUrl?: string;
  /** Most pixels of one render: past it the dpi is lowered to fit. */
  maxPixels?: number;
  /** Longest one render may take. */
  timeLimitMs?: number;
  /** Folder of pdf.js's CMaps (CJK fonts without embedded maps) and of its .wasm decoders (JPEG 2000, JBIG2 images in a figure). Node: the package's own. */
  cMapUrl?: string;
  wasmUrl?: string;
};

export const DEFAULT_MAX_PIXELS = 40_000_000;
export const DEFAULT_RENDER_TIME_LIMIT_MS = 10_000;

/** What a render gives: the PNG, its size, and the dpi it was drawn at (lower than asked when `maxPixels` bit). */
export type FigureRender = { png: Uint8Array; width: number; height: number; dpi: number };

type PdfjsModule = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type RenderParameters = Parameters<
  Awaited<ReturnType<import('pdfjs-dist/legacy/build/pdf.mjs').PDFDocumentProxy['getPage']>>['render']
>[0];

let loaded: Promise<PdfjsModule> | undefined;

function loadPdfjs(): Promise<PdfjsModule> {
  loaded ??= (async () => {
    polyfillsForPdfjs();
    // the worker's code first: pdf.js then never starts a worker thread
    const worker = await importWorkerCode();
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}

/**
 * pdf.js 6 calls `Promise.withResolvers` and `ArrayBuffer.prototype.transferToFixedLength` (Node 22+,
 * every current browser); Node 20, which the workspace supports, lacks both: they are added where
 * missing, and only then. Without the second, every page silently draws blank.
 */
function polyfillsForPdfjs(): void {
  const buffer = ArrayBuffer.prototype as { transferToFixedLength?: unknown; transfer?: unknown };
  if (typeof buffer.transferToFixedLength !== 'function') {
    // a copy, where the real one moves the memory: the source stays usable, which pdf.js never relies on
    const transfer = function (this: ArrayBuffer, length = this.byteLength): ArrayBuffer {
      const out = new ArrayBuffer(length);
      new Uint8Array(out).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return out;
    };
    buffer.transferToFixedLength = transfer;
    if (typeof buffer.transfer !== 'function') buffer.transfer = transfer;
  }
  const promise = Promise as { withResolvers?: unknown };
  if (typeof promise.withResolvers === 'function') return;
  promise.withResolvers = function withResolvers<T>() {
    let resolve!: (value: T | PromiseLike<T>) => void;
    let reject!: (reason?: unknown) => void;
    const created = new Promise<T>((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
    return { promise: created, resolve, reject };
  };
}

/**
 * pdf.worker.mjs, loaded inside a Worker, takes that Worker for its own: it listens on `self` and
 * posts a "ready" message to the page, unless `window` exists. The host's Worker is ours, not
 * pdf.js's: `window` is defined while the module loads, and only where it was not.
 */
async function importWorkerCode(): Promise<unknown> {
  const scope = globalThis as { window?: unknown; document?: unknown; postMessage?: unknown };
  const inWorker = !isNode && scope.window === undefined && typeof scope.postMessage === 'function';
  if (inWorker) scope.window = globalThis;
  try {
    return await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  } finally {
    if (inWorker) delete scope.window;
  }
}

type Fs = { existsSync(path: string): boolean };
type ProcessLike = { getBuiltinModule?: (name: string) => unknown; versions?: { node?: string } };

const nodeProcess = (globalThis as { process?: ProcessLike }).process;
const isNode = typeof nodeProcess?.versions?.node === 'string';

/** pdf.js's data folders on disk, in Node (`fs.readFile` of folder + file name: a path, not a URL). */
function nodeFolder(file: string): string | undefined {
  if (!isNode) return undefined;
  try {
    const url = new URL('./', import.meta.resolve(`pdfjs-dist/${file}`));
    const path = decodeURIComponent(url.pathname);
    const fs = nodeProcess?.getBuiltinModule?.('fs') as Fs | undefined;
    return fs?.existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** The little of a 2D canvas the renderer itself touches (the engine is built without DOM types). */
type Context2D = {
  fillStyle: unknown;
  fillRect(x: number, y: number, width: number, height: number): void;
  getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray };
};
type Canvas = { width: number; height: number; getContext(kind: '2d', options?: object): Context2D | null };
type CanvasAndContext = { canvas: Canvas | null; context: Context2D | null };

const Offscreen = (globalThis as { OffscreenCanvas?: new (width: number, height: number) => Canvas }).OffscreenCanvas;

/** Canvases for pdf.js where there is no DOM (a Worker): OffscreenCanvas, as BaseCanvasFactory shapes them. */
class OffscreenCanvasFactory {
  create(width: number, height: number): CanvasAndContext {
    if (width <= 0 || height <= 0) throw new Error('Invalid canvas size');
    if (!Offscreen) throw new Error('OffscreenCanvas is not available');
    const canvas = new Offscreen(width, height);
    return { canvas, context: canvas.getContext('2d', { willReadFrequently: true }) };
  }
  reset(entry: CanvasAndContext, width: number, height: number): void {
    if (!entry.canvas) throw new Error('Canvas is not specified');
    if (width <= 0 || height <= 0) throw new Error('Invalid canvas size');
    entry.canvas.width = width;
    entry.canvas.height = height;
  }
  destroy(entry: CanvasAndContext): void {
    if (!entry.canvas) throw new Error('Canvas is not specified');
    entry.canvas.width = 0;
    entry.canvas.height = 0;
    entry.canvas = null;
    entry.context = null;
  }
  getNoAlphaContext(canvas: Canvas): Context2D | null {
    return canvas.getContext('2d', { alpha: false, willReadFrequently: true });
  }
}

/**
 * The canvas's pixels as the PNG encoder takes them. The page is opaque on white, so alpha is
 * dropped; most figures are black on white, and when every pixel is gray they are written as gray:
 * a third of the bytes to deflate (deflate is most of a render's cost after the drawing itself).
 */
function opaquePixels(rgba: Uint8ClampedArray, width: number, height: number): RasterImage {
  const count = width * height;
  // a pixel a word (the byte order does not matter for comparing its three colour bytes)
  const aligned = rgba.byteOffset % 4 === 0 ? rgba : rgba.slice();
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, count);
  let gray = true;
  for (let i = 0; i < count; i++) {
    const v = words[i] as number;
    const a = v & 0xff;
    if (a !== ((v >>> 8) & 0xff) || a !== ((v >>> 16) & 0xff)) {
      gray = false;
      break;
    }
  }
  if (gray) {
    const data = new Uint8Array(count);
    for (let i = 0; i < count; i++) data[i] = (words[i] as number) & 0xff;
    return { width, height, channels: 1, bitDepth: 8, data };
  }
  const data = new Uint8Array(count * 3);
  for (let i = 0, j = 0; i < count; i++, j += 3) {
    data[j] = rgba[i * 4] as number;
    data[j + 1] = rgba[i * 4 + 1] as number;
    data[j + 2] = rgba[i * 4 + 2] as number;
  }
  return { width, height, channels: 3, bitDepth: 8, data };
}

export function createPdfjsRenderer(options: PdfjsRendererOptions = {}): FigureRenderer {
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_RENDER_TIME_LIMIT_MS;
  const standardFontDataUrl = options.standardFontDataUrl ?? nodeFolder('standard_fonts/FoxitSans.pfb');
  const cMapUrl = options.cMapUrl ?? nodeFolder('cmaps/Identity-H.bcmap');
  const wasmUrl = options.wasmUrl ?? nodeFolder('wasm/openjpeg.wasm');
  const hasDom = typeof (globalThis as { document?: unknown }).document !== 'undefined';
  const offscreen = !isNode && !hasDom && Offscreen !== undefined;

  return async function renderFigure(pdf, { dpi, signal }): Promise<FigureRender> {
    throwIfAborted(signal);
    const pdfjs = await loadPdfjs();
    const task = pdfjs.getDocument({
      // pdf.js may hand the buffer to its worker side: a copy keeps the caller's bytes whole
      data: pdf.slice(),
      isEvalSupported: false,
      verbosity: 0,
      ...(standardFontDataUrl ? { standardFontDataUrl } : {}),
      ...(cMapUrl ? { cMapUrl, cMapPacked: true } : {}),
      ...(wasmUrl ? { wasmUrl } : {}),
      ...(offscreen
        ? {
            CanvasFactory: OffscreenCanvasFactory,
            isOffscreenCanvasSupported: true,
            disableFontFace: true,
            useSystemFonts: false,
          }
        : {}),
    } as Parameters<PdfjsModule['getDocument']>[0]);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancel: (() => void) | undefined;
    let why: 'time' | 'abort' | undefined;
    const stop = (reason: 'time' | 'abort') => {
      why ??= reason;
      if (cancel) cancel();
      else void task.destroy();
    };
    const onAbort = () => stop('abort');
    signal?.addEventListener('abort', onAbort);
    timer = setTimeout(() => stop('time'), timeLimitMs);
    try {
      const document = await task.promise;
      const page = await document.getPage(1);
      const base = page.getViewport({ scale: 1 });
      let used = dpi;
      const size = (at: number) => ({
        width: Math.max(1, Math.round((base.width * at) / 72)),
        height: Math.max(1, Math.round((base.height * at) / 72)),
      });
      let { width, height } = size(used);
      if (width * height > maxPixels) {
        // the dpi that fits, rounded down to a whole dpi
        used = Math.max(1, Math.floor(dpi * Math.sqrt(maxPixels / (width * height))));
        ({ width, height } = size(used));
      }
      const viewport = page.getViewport({ scale: used / 72 });
      const factory = document.canvasFactory as unknown as OffscreenCanvasFactory;
      const target = factory.create(width, height);
      try {
        const context = target.context as Context2D;
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, width, height);
        // the viewport's own size may be a fraction of a pixel off ours: scale to fill the canvas exactly
        const fit: [number, number, number, number, number, number] = [
          width / viewport.width,
          0,
          0,
          height / viewport.height,
          0,
          0,
        ];
        const render = page.render({
          canvasContext: context as unknown as RenderParameters['canvasContext'],
          canvas: target.canvas as unknown as RenderParameters['canvas'],
          viewport,
          transform: fit,
          background: '#ffffff',
        });
        cancel = () => render.cancel();
        if (why) render.cancel();
        await render.promise;
        cancel = undefined;
        const png = await encodePng(opaquePixels(context.getImageData(0, 0, width, height).data, width, height));
        return { png, width, height, dpi: used };
      } finally {
        factory.destroy(target);
        page.cleanup();
      }
    } catch (error) {
      if (why === 'abort' || signal?.aborted) throw new DocumentError('aborted');
      if (why === 'time') {
        throw new DocumentError(
          'too-large',
          `This figure took longer than ${timeLimitMs < 1000 ? `${timeLimitMs} ms` : `${Math.round(timeLimitMs / 100) / 10} s`} to draw and was not drawn; its PDF is still there.`,
        );
      }
      if (error instanceof DocumentError) throw error;
      throw new DocumentError('invalid', 'This figure could not be drawn; its PDF is still there.', { cause: error });
    } finally {
      clearTimeout(timer);
      timer = undefined;
      signal?.removeEventListener('abort', onAbort);
      await task.destroy();
    }
  };
}
