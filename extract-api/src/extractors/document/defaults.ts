// The documents' defaults, in a module that imports nothing: the settings (config.ts) read them
// without loading the document engine.

/** A request may keep the engine busy this long; in the browser there is no bound (it is the user's own CPU). */
export const DOCUMENT_TIME_LIMIT_MS = 120_000;
