import { createEmbeddedScanJobs } from '../../src/jobs/index.ts';
import { scanJobsSuite } from './scanJobsSuite.ts';

scanJobsSuite('embedded', async (options) => createEmbeddedScanJobs(options));
