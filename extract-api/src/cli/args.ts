/**
 * The command line's words: what it takes, and how it says no. Cheap to load (node:util only: the
 * usage text, with its defaults from shared-contracts, is loaded when it is shown), so `--help`, a
 * mistyped option and the first input's read come at once.
 */
import { parseArgs } from 'node:util';

export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

/** The usage text, after `before` when given (what was wrong), and exit code 2. */
export async function failWithUsage(before?: string): Promise<never> {
  const { USAGE } = await import('./usage.ts');
  return fail(before === undefined ? USAGE : `${before}\n\n${USAGE}`);
}

/** The threshold of a bare `--scenes`; `--scenes 0.4` gives its own. */
export const SCENES_DEFAULT_THRESHOLD = '0.3';

/** `--scenes` takes an optional value, which parseArgs cannot say: a bare one gets the default. */
function withSceneDefault(args: string[]): string[] {
  return args.map((arg, i) =>
    arg === '--scenes' && !/^\d*\.?\d+$/.test(args[i + 1] ?? '') ? `--scenes=${SCENES_DEFAULT_THRESHOLD}` : arg,
  );
}

function parse(args: string[]) {
  return parseArgs({
    allowPositionals: true,
    options: {
      website: { type: 'boolean', default: false },
      depth: { type: 'string' },
      render: { type: 'boolean', default: false },
      sprites: { type: 'boolean', default: false },
      'original-formats': { type: 'boolean', default: false },
      original: { type: 'boolean', default: true },
      'no-original': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      out: { type: 'string' },
      password: { type: 'string' },
      find: { type: 'string' },
      dpi: { type: 'string' },
      svg: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      every: { type: 'string' },
      scenes: { type: 'string' },
      keyframes: { type: 'boolean', default: false },
      count: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      sharpest: { type: 'boolean', default: false },
      sheet: { type: 'boolean', default: false },
      columns: { type: 'string' },
      width: { type: 'string' },
      format: { type: 'string' },
      list: { type: 'string' },
      timing: { type: 'boolean', default: false },
      audit: { type: 'boolean', default: false },
    },
    args,
  });
}

let parsed: ReturnType<typeof parse>;
try {
  parsed = parse(withSceneDefault(process.argv.slice(2)));
} catch (error) {
  parsed = await failWithUsage((error as Error).message);
}
export const { values, positionals } = parsed;

/** The options that only a video takes, for refusing them elsewhere. */
export const VIDEO_OPTIONS = [
  'every',
  'scenes',
  'keyframes',
  'count',
  'from',
  'to',
  'sharpest',
  'sheet',
  'columns',
  'width',
  'format',
] as const;

export function videoOptionsGiven(): string[] {
  return VIDEO_OPTIONS.filter((name) => values[name] !== undefined && values[name] !== false).map(
    (name) => `--${name}`,
  );
}
