/**
 * The one loader of pdf.js's image decoders module (JpegImage, JpxImage, Jbig2Image), for the
 * engine's PDF filters and its Office crops alike: loaded once, on first need, so a document
 * that needs none never downloads it.
 *
 * pdf.js 6 calls `Promise.withResolvers`, which Node 20 and older browsers lack: it is supplied
 * before the module loads. Its minified build: a third of the script to read and parse, the same code.
 */
/// <reference path="../pdf/filters/pdfjsImageDecoders.d.ts" />

/** pdf.js's baseline/progressive JPEG decoder, as far as the engine uses it. */
export type PdfJsJpegImage = {
  width: number;
  height: number;
  numComponents: number;
  parse(data: Uint8Array): void;
  getData(options: { width: number; height: number; forceRGB?: boolean; forceRGBA?: boolean }): Uint8Array;
};

export type ImageDecoders = {
  JpegImage: new (options?: { colorTransform?: number }) => PdfJsJpegImage;
  Jbig2Image: unknown;
  JpxImage: unknown;
};

let decoders: Promise<ImageDecoders> | undefined;

export function loadImageDecoders(): Promise<ImageDecoders> {
  decoders ??= (async () => {
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
    return (await import('pdfjs-dist/legacy/image_decoders/pdf.image_decoders.min.mjs')) as unknown as ImageDecoders;
  })();
  return decoders;
}
