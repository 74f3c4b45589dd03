/**
 * The document Worker, both sides: the page starts it and talks to it through extractInWorker.ts
 * (watched: a worker that dies or falls silent is ended); the Worker runs the engine
 * (documentWorker.ts → serveExtraction.ts); protocol.ts is what crosses between them.
 */
export * from './extractInWorker.ts';
export type { ReadableKind } from './protocol.ts';
