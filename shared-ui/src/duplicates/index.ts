// Duplicates of a result set: the pure grouping, and the Worker that hashes. The grid
// loads fingerprint.ts (and so the Worker) only when the visitor asks for duplicates.
export * from './perceptualHash.ts';
