/**
 * The host's native zlib, when it has one (Node: `nodeZlib` from `document-engine/node`), for the
 * engine's two heavy uses of DEFLATE: a PDF's FlateDecode streams, which fflate inflates 3-4x
 * slower, and PNG views, whose CompressionStream has no level and spends 3-4x longer at its
 * default than a lower level on a scanned page. The browser sets none and keeps fflate and
 * CompressionStream. Set once, before extracting.
 */
export type HostZlib = {
  /** A zlib stream (RFC 1950) of the bytes: a PNG's IDAT. */
  deflate(bytes: Uint8Array): Promise<Uint8Array>;
  /**
   * Raw DEFLATE data inflated whole, at once. Throws a RangeError past `limit` bytes of output,
   * and any error for data it cannot read to its end (the engine then keeps what fflate can).
   */
  inflateRawSync(data: Uint8Array, limit: number): Uint8Array;
};

let host: HostZlib | undefined;

export function setHostZlib(zlib: HostZlib | undefined): void {
  host = zlib;
}

export function hostZlib(): HostZlib | undefined {
  return host;
}
