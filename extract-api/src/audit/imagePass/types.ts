/**
 * What the pass learnt of one image, the report's type (rules/context.ts). `error` without
 * `format`: the file could not be read as an image (fetch, size, not an image); `error` with
 * `format`: it was read and measured (and hashed when it decodes) but not re-encoded.
 */
export type { ImagePassResult } from '../rules/context.ts';

/** One image the audit asks the pass for: its address and the largest size a page shows it at. */
export type ImagePassRequest = {
  url: string;
  displayWidth?: number;
  displayHeight?: number;
  /** Make the re-encoded copies (false: hashes and facts only). */
  encode: boolean;
};

/** A file the pass made, as the audit's files route serves it. */
export type StoredFile = { bytes: Buffer; mimeType: string; name: string };
