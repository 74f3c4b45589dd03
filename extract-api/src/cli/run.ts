/**
 * What `pnpm extract` does once its words are read (cli/args.ts): every input of the call (files,
 * web addresses, the lines of --list), at most EXTRACT_API_DOCUMENT_WORKERS at once, each printed
 * and optionally saved; one that fails says why and the others go on. Only the code the inputs'
 * kinds need is loaded, and the first document is read from disk while it loads.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createLimiter } from '../extractors/probe/limit.ts';
import { fail, failWithUsage, positionals, values, videoOptionsGiven } from './args.ts';
import { type Input, InputFailure, inputOf, listedInputs } from './inputs.ts';
import { createOutputs, type InputOutput } from './output.ts';

/**
 * --timing: when each step first happened, in ms since the process started, and the CPU time the
 * process had used by then (on a busy machine the first is waiting for a core, the second is ours).
 */
const marks = new Map<string, { at: number; cpu: number }>();
const mark = (step: string) => {
  if (!values.timing || marks.has(step)) return;
  const { user, system } = process.cpuUsage();
  marks.set(step, { at: performance.now(), cpu: (user + system) / 1000 });
};

// pnpm runs a script in its package's folder; paths are relative to where the command was typed.
const typedIn = process.env.INIT_CWD ?? process.cwd();
const words = [...positionals, ...(values.list === undefined ? [] : listedInputs(values.list, typedIn))];
if (words.length === 0) {
  if (values.list !== undefined) fail(`--list ${values.list}: there is no input in it`);
  await failWithUsage();
}
/** One input answers as it always did; with many (or a list), output says which input it is of. */
const many = words.length > 1 || values.list !== undefined;
const inputs: Input[] = words.map((word) => inputOf(word, typedIn));
const has = (kind: Input['kind']) => inputs.some((input) => input.kind === kind);
/**
 * The order the inputs start in (their output keeps the order given): web addresses first, whose
 * length nothing tells, then files from the largest, so that a long one does not start last and
 * run alone on one core while the others idle.
 */
const startOrder = inputs
  .map((input, index) => ({ index, bytes: 'bytes' in input ? input.bytes : Number.POSITIVE_INFINITY }))
  .sort((a, b) => (a.bytes === b.bytes ? 0 : a.bytes > b.bytes ? -1 : 1))
  .map(({ index }) => index);

// An option that no input takes is a mistake in the call: refused before any work.
if (!has('video')) {
  const given = videoOptionsGiven();
  if (given.length > 0) fail(`${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} for a video file on disk.`);
}
if (!has('web') && (values.website || values.render || values.depth !== undefined)) {
  fail('--website, --depth and --render are for web pages; a document is read as it is.');
}
if (!has('document') && !has('video') && values.password !== undefined) {
  fail('--password is for a document file on disk.');
}
if (!has('document') && (values.find !== undefined || values.dpi !== undefined)) {
  fail('--find and --dpi are for a document file on disk (figures: a PDF).');
}
if (!has('document') && values.svg) fail('--svg is for the figures of a PDF file on disk (--find figures or both).');

/** The web address of each web input, or why it is none. */
const addresses = new Map<Input, string | InputFailure>();
if (has('web')) {
  const { PublicUrlSchema } = await import('shared-contracts');
  for (const input of inputs) {
    if (input.kind !== 'web') continue;
    const parsed = PublicUrlSchema.safeParse(input.arg);
    const address = parsed.success
      ? parsed.data
      : new InputFailure(
          `${parsed.error.issues[0]?.message ?? 'Not a URL'}: ${input.arg} (and no file of that name exists here either)`,
        );
    if (address instanceof InputFailure && !many) fail(address.message);
    addresses.set(input, address);
  }
}

// The first document's bytes are read while the code that reads it loads.
const firstDocument = startOrder.map((index) => inputs[index]).find((input) => input?.kind === 'document');
const bytesOf = (file: string) => {
  mark('first input read');
  return readFile(file).then((buffer) => new Uint8Array(buffer));
};
const early = firstDocument && 'file' in firstDocument ? bytesOf(firstDocument.file) : undefined;
early?.catch(() => {});

const outRoot = values.out ? path.resolve(typedIn, values.out) : undefined;
const [{ loadConfig }, documents, web, video, folders] = await Promise.all([
  import('../config.ts'),
  has('document') ? import('./documents.ts') : undefined,
  has('web') ? import('./web.ts') : undefined,
  has('video') ? import('./video.ts') : undefined,
  outRoot && many ? import('./folders.ts') : undefined,
]);
mark('code loaded');
const settings = video?.videoSettings();
const config = loadConfig();
const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
const documentReader = documents?.createDocumentReader(
  config,
  inputs.filter((input) => input.kind === 'document').length,
  controller.signal,
);
const webReader = web?.createWebReader(config, controller.signal);

const outDirs = outRoot && folders ? folders.inputFolders(inputs, outRoot) : inputs.map(() => outRoot);

async function readInput(input: Input, out: InputOutput, outDir: string | undefined) {
  if (input.kind === 'web') {
    const address = addresses.get(input);
    if (typeof address !== 'string') throw address;
    mark('first input read');
    await webReader?.read(address, out, outDir);
  } else if (input.kind === 'video') {
    mark('first input read');
    if (settings && video)
      await video.extractVideoFile(input.file, { outDir, signal: controller.signal, out, config, settings });
  } else {
    const bytes = input === firstDocument && early ? await early : await bytesOf(input.file);
    await documentReader?.read(input.file, bytes, out, outDir);
  }
}

async function failureOf(error: unknown): Promise<string> {
  if (error instanceof InputFailure) return error.message;
  const { toHttpFailure } = await import('../errors.ts');
  return `Extraction failed: ${toHttpFailure(error, { givePassword: 'Give it with --password.' }).message}`;
}

const outputs = createOutputs(words, { many, json: values.json });
const limit = createLimiter(config.documentWorkers);
const failed: string[] = [];
try {
  await Promise.all(
    startOrder.map((index) =>
      limit(async () => {
        const input = inputs[index] as Input;
        const output = outputs[index] as InputOutput;
        const out: InputOutput = {
          ...output,
          line: (text) => {
            mark('first image');
            output.line(text);
          },
          json: (value) => {
            mark('first image');
            output.json(value);
          },
        };
        try {
          await readInput(input, out, outDirs[index]);
        } catch (error) {
          const reason = await failureOf(error);
          if (!many) fail(reason);
          failed.push(input.arg);
          out.note(reason);
        } finally {
          out.end();
        }
      }),
    ),
  );
} finally {
  await Promise.all([documentReader?.close(), webReader?.close()]);
}
mark('done');
if (many) {
  process.stderr.write(
    `${inputs.length} inputs: ${inputs.length - failed.length} read${failed.length > 0 ? `, ${failed.length} failed (${failed.join(', ')})` : ''}\n`,
  );
}
if (values.timing) {
  const steps = [...marks].map(([step, { at, cpu }]) => `${step} ${Math.round(at)} ms (CPU ${Math.round(cpu)} ms)`);
  process.stderr.write(`timing (since the process started): ${steps.join(', ')}\n`);
}
if (failed.length > 0) process.exitCode = 2;
