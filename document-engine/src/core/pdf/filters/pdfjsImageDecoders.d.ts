// pdfjs-dist ships no types for its image decoders bundle; jbig2.ts states the little it uses.
declare module 'pdfjs-dist/legacy/image_decoders/pdf.image_decoders.min.mjs' {
  export const Jbig2Image: unknown;
}
