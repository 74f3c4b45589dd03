/** What crosses between the page and the hashing Worker. */
export type HashRequest = { images: { id: string; url: string }[] };
export type HashResult = {
  id: string;
  sha256?: string | undefined;
  dhash?: string | undefined;
  bytes?: number | undefined;
  /** Time the Worker spent on this image once its bytes were there: hashing and decoding. */
  ms: number;
  error?: string | undefined;
};
export type FromHashWorker = { kind: 'result'; result: HashResult } | { kind: 'done' };
