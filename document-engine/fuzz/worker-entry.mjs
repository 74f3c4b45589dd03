// The worker's entry: Node 20 does not apply `--import tsx` given in a Worker's execArgv to the
// worker's own entry module, so tsx's loader is registered here (in the worker) before the
// TypeScript worker is imported. On Node 22+ the execArgv alone would do.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
