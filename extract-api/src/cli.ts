#!/usr/bin/env node
/**
 * `image-extractor` (and `pnpm extract`): the command line. It answers --help from its words
 * alone, then loads the extractors. Output piped into a program that stops reading (`| head -1`)
 * ends the run quietly with exit code 0, as Unix tools do.
 */
import { USAGE, values } from './cli/args.ts';

if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

await import('./cli/run.ts');
