// The entry of a document worker whose module is TypeScript (under tsx and vitest; the built
// server runs .js workers directly). Node 20 applies no `--import tsx` ESM hooks inside worker
// threads, and piscina would then load the .ts through tsx's require hook, as CommonJS, where
// `import.meta.resolve` (the engine's JBIG2 decoder) does not exist. Registering tsx here loads
// the worker as the ES module it is.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { default: handler } = await import(workerData.workerFile);
export default handler;
