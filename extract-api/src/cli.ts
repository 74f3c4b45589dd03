#!/usr/bin/env node
/**
 * `image-extractor` (and `pnpm extract`): the command line. It answers --help from its words
 * alone, then loads what its inputs need and no more (cli/run.ts). Output piped into a program
 * that stops reading (`| head -1`) ends the run quietly with exit code 0, as Unix tools do.
 */
import { values } from './cli/args.ts';

if (values.help) {
  const { USAGE } = await import('./cli/usage.ts');
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

await import('./cli/run.ts');
