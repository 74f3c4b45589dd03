// The Worker's entry: the engine runs here so a large document never freezes the page.
import type { WorkerScope } from './protocol.ts';
import { serveExtraction } from './serveExtraction.ts';

serveExtraction(self as unknown as WorkerScope);
