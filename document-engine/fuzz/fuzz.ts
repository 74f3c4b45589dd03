/**
 * The document engine's fuzzer: our own mutation fuzzer over the corpus seeds and the hostile
 * builders, one target per kind (pdf, docx, pptx, doc, ppt), cases run in a warm worker with a heap
 * limit and a wall-clock limit (runner.ts). Each kind is fuzzed in a child process that names each
 * case to this one before running it: a V8 fatal error in the worker aborts the whole process, and
 * the case is then still kept (as 'crash') and fuzzing goes on from the next case.
 *
 *   pnpm --filter document-engine run fuzz -- --seconds 60 [--kind pdf] [--seed N] [--timeout 5000]
 *   pnpm --filter document-engine run fuzz -- --repro pdf:<case seed> [--seed N]   (one case again)
 *
 * Every case is a pure function of (kind, case seed): the case seed picks the seed file and the
 * mutations, and is hash32(run seed, kind, iteration). The run seed is 1 under CI (npm test passes
 * --seed 1 too: the same cases every run, so a CI failure is a change of the engine, not luck) and
 * random by hand, printed so a run can be repeated. --seconds is fuzzing time, split between the
 * kinds; each kind first runs its seeds once unmutated (calibration, on top), and cases drawn from
 * a seed slower than 1 s unmutated are skipped (not re-drawn, so the other cases stay the same).
 *
 * A finding (escaped / hang / crash) is run again in a fresh worker to confirm it, cut down by
 * truncation for a bounded time, and written to fuzz/regressions/<kind>-<hash>.<ext> with a
 * one-line JSON sidecar when it is at most 64 KB (larger ones go to fuzz/out/, not committed);
 * regressions.test.ts replays that folder. One file per distinct failure (verdict + place in the
 * engine) is written, and none for a failure a committed regression already shows. The run exits 1
 * on any finding.
 *
 * Coverage guidance: Jazzer.js (@jazzer.js/core 4.0.0) installs from npm here, but its libFuzzer
 * addon is a prebuilt linux-x64 binary that needs glibc 2.38 (this Debian 12 has 2.36), and the
 * 2.x line downloads its binary from GitHub at install time, which is not reachable; building it
 * from source needs node headers and compiler-rt sources from outside too. So this fuzzer is
 * unguided: seeds are real files and the mutations know the formats instead.
 */

import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CorpusMissingError, EXTENSIONS, KINDS, type Kind, loadSeeds, type Seed } from './corpus.ts';
import { mutate } from './mutators.ts';
import { hash32, Rng } from './prng.ts';
import { CaseRunner, type Outcome } from './runner.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
export const REGRESSIONS_DIR = join(HERE, 'regressions');
const OUT_DIR = join(HERE, 'out');
const MAX_REGRESSION_BYTES = 64 * 1024;
/** A seed slower than this unmutated is not mutated (its cases would time out for no bug). */
const SLOW_SEED_MS = 1000;

type Args = {
  seconds: number;
  kinds: Kind[];
  seed: number;
  timeoutMs: number;
  repro?: { kind: Kind; caseSeed: number };
  minimizeSeconds: number;
  /** Internal: this process is the child that fuzzes one kind from this iteration on. */
  child?: { start: number };
};

function parseArgs(argv: string[]): Args {
  const args: Args = {
    seconds: 60,
    kinds: [...KINDS],
    seed: process.env.CI ? 1 : (Math.random() * 0x100000000) >>> 0,
    timeoutMs: 5000,
    minimizeSeconds: 15,
  };
  const kinds: Kind[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--') continue;
    else if (arg === '--seconds') args.seconds = Number(value());
    else if (arg === '--seed') args.seed = Number(value()) >>> 0;
    else if (arg === '--timeout') args.timeoutMs = Number(value());
    else if (arg === '--minimize-seconds') args.minimizeSeconds = Number(value());
    else if (arg === '--child-from') args.child = { start: Number(value()) };
    else if (arg === '--kind') {
      for (const k of value().split(',')) {
        if (!(KINDS as readonly string[]).includes(k)) throw new Error(`--kind: one of ${KINDS.join(', ')}`);
        kinds.push(k as Kind);
      }
    } else if (arg === '--repro') {
      const [kind, caseSeed] = value().split(':');
      if (!(KINDS as readonly string[]).includes(kind ?? '')) throw new Error('--repro kind:caseSeed');
      args.repro = { kind: kind as Kind, caseSeed: Number(caseSeed) >>> 0 };
    } else throw new Error(`unknown argument ${arg}`);
  }
  if (kinds.length) args.kinds = kinds;
  if (!(args.seconds > 0)) throw new Error('--seconds must be positive');
  return args;
}

/**
 * Seeds are drawn in proportion to 1/sqrt(size): small ones are faster and their findings fit a
 * regression file. A hostile builder weighs a quarter: small but slow by design, and its class
 * has a test of its own.
 */
function pickSeed(seeds: readonly Seed[], rng: Rng): Seed {
  const weights = seeds.map(
    (s) => (s.name.startsWith('hostile:') ? 0.25 : 1) / Math.sqrt(Math.max(256, s.bytes.length)),
  );
  let r = rng.float() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < seeds.length; i++) {
    r -= weights[i] as number;
    if (r <= 0) return seeds[i] as Seed;
  }
  return seeds[seeds.length - 1] as Seed;
}

type Case = { kind: Kind; caseSeed: number; seed: Seed; bytes: Uint8Array; password?: string; nodeInflate: boolean };

export function makeCase(kind: Kind, caseSeed: number, seeds: readonly Seed[]): Case {
  const rng = new Rng(caseSeed);
  const seed = pickSeed(seeds, rng);
  const nodeInflate = rng.chance(0.5);
  const password = seed.password && rng.chance(0.8) ? seed.password : undefined;
  // Splices take from seeds of every kind this target has (a PDF spliced into a DOCX…).
  const bytes = mutate(kind, seed, rng, seeds);
  return { kind, caseSeed, seed, bytes, password, nodeInflate };
}

/** What makes two failures the same bug: the verdict and, for an escape, the error type and the first engine frame. */
export function signatureOf(outcome: Outcome): string {
  if (outcome.verdict !== 'escaped') return outcome.verdict;
  const name = outcome.message.split(':')[0] ?? '';
  const frame =
    (outcome.stack ?? '')
      .split('\n')
      .map((line) => line.match(/document-engine\/(src\/[^):]+:\d+)/)?.[1])
      .find(Boolean) ?? '';
  return `escaped ${name} ${frame}`;
}

function knownSignatures(): Set<string> {
  const known = new Set<string>();
  if (!existsSync(REGRESSIONS_DIR)) return known;
  for (const file of readdirSync(REGRESSIONS_DIR)) {
    if (!file.endsWith('.json')) continue;
    try {
      const sidecar = JSON.parse(readFileSync(join(REGRESSIONS_DIR, file), 'utf8')) as {
        kind?: string;
        signature?: string;
      };
      if (sidecar.signature) known.add(`${sidecar.kind} ${sidecar.signature}`);
    } catch {
      // a sidecar being written by another run
    }
  }
  return known;
}

/** Cuts the input down by truncation while it fails the same way, for a bounded time. */
async function minimize(
  runner: CaseRunner,
  c: Case,
  signature: string,
  deadline: number,
): Promise<{ bytes: Uint8Array; outcome?: Outcome }> {
  let best = c.bytes;
  let bestOutcome: Outcome | undefined;
  let lo = 0;
  let hi = best.length;
  const same = (o: Outcome) => o.verdict !== 'ok' && signatureOf(o) === signature;
  while (hi - lo > Math.max(16, hi >> 6) && performance.now() < deadline) {
    const mid = (lo + hi) >>> 1;
    const outcome = await runner.run(best.subarray(0, mid), c.password, c.nodeInflate);
    if (same(outcome)) {
      hi = mid;
      best = best.slice(0, mid);
      bestOutcome = outcome;
    } else {
      lo = mid;
    }
  }
  return { bytes: best, outcome: bestOutcome };
}

type Finding = {
  kind: Kind;
  verdict: string;
  message: string;
  file: string;
  signature: string;
  seedFile: string;
  caseSeed: number;
};

async function fuzzKind(kind: Kind, args: Args, seconds: number, runner: CaseRunner, known: Set<string>, from = 0) {
  const allSeeds = loadSeeds(kind);
  const start = performance.now();
  // Calibration: each seed once, unmutated. Cases drawn from a slow seed (a hostile builder of a
  // class still being bounded, a big file) are skipped, not re-drawn, so the other cases stay the
  // same whatever calibration measured; a corpus seed that fails unmutated is itself a finding.
  const slow = new Set<Seed>();
  const notes: string[] = [];
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const seed of allSeeds) {
    const outcome = await runner.run(seed.bytes, seed.password, false, Math.min(args.timeoutMs, 1.5 * SLOW_SEED_MS));
    if (outcome.verdict === 'ok' && outcome.ms <= SLOW_SEED_MS) continue;
    slow.add(seed);
    notes.push(`seed ${seed.name} not mutated: ${outcome.verdict} ${outcome.message} (${Math.round(outcome.ms)} ms)`);
    if ((outcome.verdict === 'escaped' || outcome.verdict === 'crash') && !seed.name.startsWith('hostile:')) {
      const c: Case = { kind, caseSeed: 0, seed, bytes: seed.bytes, password: seed.password, nodeInflate: false };
      const finding = await record(runner, c, outcome, signatureOf(outcome), args, performance.now(), known, seen);
      if (finding) findings.push(finding);
    }
  }
  if (slow.size === allSeeds.length) throw new Error(`${kind}: every seed is slow or failing; nothing to mutate`);
  const calibrationMs = performance.now() - start;
  // The budget is fuzzing time: calibration (a second or so per slow seed) comes on top.
  const deadline = performance.now() + seconds * 1000;

  const counts = { ok: 0, escaped: 0, hang: 0, crash: 0 };
  let cases = 0;
  let skipped = 0;
  let withImages = 0;
  const refusals = new Map<string, number>();
  const causes = new Map<string, number>();
  const fuzzStart = performance.now();
  let nextReport = fuzzStart + 60_000;
  for (let i = from; performance.now() < deadline; i++) {
    const caseSeed = hash32(args.seed, kind, i);
    const c = makeCase(kind, caseSeed, allSeeds);
    if (slow.has(c.seed)) {
      skipped++;
      continue;
    }
    // The parent hears of each case before it runs: if the whole process dies (a V8 fatal error in
    // the worker aborts the process, not only the worker), the parent knows which case did it.
    process.send?.({ type: 'case', i, caseSeed });
    const outcome = await runner.run(c.bytes, c.password, c.nodeInflate);
    cases++;
    if (performance.now() > nextReport) {
      // A long run by hand says how it goes once a minute.
      nextReport += 60_000;
      const s = (performance.now() - fuzzStart) / 1000;
      console.log(`  ${kind}: ${cases} cases in ${s.toFixed(0)} s, ${findings.length} finding(s) so far`);
    }
    counts[outcome.verdict]++;
    if (outcome.verdict === 'ok') {
      if (outcome.refused) refusals.set(outcome.refused, (refusals.get(outcome.refused) ?? 0) + 1);
      if (outcome.cause) causes.set(outcome.cause, (causes.get(outcome.cause) ?? 0) + 1);
      else if ((outcome.images ?? 0) > 0) withImages++;
      continue;
    }
    const signature = signatureOf(outcome);
    const finding = await record(runner, c, outcome, signature, args, deadline, known, seen);
    if (finding) findings.push(finding);
  }
  const elapsed = (performance.now() - fuzzStart) / 1000;
  const rate = cases / Math.max(elapsed, 0.001);
  console.log(
    `${kind}: ${cases} cases in ${elapsed.toFixed(1)} s (${rate.toFixed(1)} cases/s) over ${allSeeds.length - slow.size} seeds ` +
      `(calibration ${Math.round(calibrationMs)} ms, ${skipped} draws of slow seeds skipped) — ok ${counts.ok}, escaped ${counts.escaped}, hang ${counts.hang}, crash ${counts.crash}`,
  );
  const refused = [...refusals].sort((a, b) => b[1] - a[1]).map(([m, n]) => `${m} ${n}`);
  console.log(`  ok cases: ${withImages} gave images, refused: ${refused.join(', ') || 'none'}`);
  if (causes.size) {
    // Within the contract, but places where a parser crashed into the guard instead of noticing the damage.
    const top = [...causes].sort((a, b) => b[1] - a[1]).slice(0, 8);
    console.log(`  refusals made from the engine's own errors: ${top.map(([c, n]) => `${c} ×${n}`).join(', ')}`);
  }
  for (const note of notes) console.log(`  ${note}`);
  process.send?.({ type: 'done', cases, findings });
  return { cases, counts, findings, rate };
}

async function record(
  runner: CaseRunner,
  c: Case,
  outcome: Outcome,
  signature: string,
  args: Args,
  deadline: number,
  known: Set<string>,
  seen: Set<string>,
): Promise<Finding | undefined> {
  const label = `${c.kind}:${c.caseSeed} (seed file ${c.seed.name}, run seed ${args.seed})`;
  if (seen.has(signature)) return undefined; // this run already kept one of these
  // Confirm in a fresh worker, a hang with twice the time: a case slow only because the machine is
  // busy, or a worker made sick by an earlier case, is not this case's finding.
  await runner.close();
  const again = await runner.run(
    c.bytes,
    c.password,
    c.nodeInflate,
    outcome.verdict === 'hang' ? 2 * runner.timeoutMs : runner.timeoutMs,
  );
  if (again.verdict === 'ok' || signatureOf(again) !== signature) {
    console.log(`  ${label}: ${outcome.verdict} did not repeat (${again.verdict}), not kept`);
    return undefined;
  }
  seen.add(signature);
  const where = (outcome.stack ?? '').split('\n').slice(0, 4).join(' | ');
  console.log(`  FINDING ${label}: ${outcome.verdict} ${outcome.message}${where ? `\n    ${where}` : ''}`);
  if (known.has(`${c.kind} ${signature}`)) {
    console.log('    (a committed regression already shows this failure: no new file)');
    return {
      kind: c.kind,
      verdict: outcome.verdict,
      message: outcome.message,
      file: '(known)',
      signature,
      seedFile: c.seed.name,
      caseSeed: c.caseSeed,
    };
  }
  // A hang costs the whole limit per try: fewer tries.
  const budget = (outcome.verdict === 'hang' ? 0.5 : 1) * args.minimizeSeconds * 1000;
  const minDeadline = performance.now() + Math.min(budget, Math.max(3000, deadline - performance.now() + 3000));
  const { bytes, outcome: minimized } = await minimize(runner, c, signature, minDeadline);
  const final = minimized ?? outcome;
  return writeFinding(c, final, signature, args, bytes, known);
}

/** Writes a finding's input and its one-line sidecar: to regressions/ when at most 64 KB, else to out/. */
function writeFinding(
  c: Case,
  final: Outcome,
  signature: string,
  args: Args,
  bytes: Uint8Array,
  known: Set<string>,
): Finding | undefined {
  if (known.has(`${c.kind} ${signature}`)) {
    const { verdict, message } = final;
    return { kind: c.kind, verdict, message, file: '(known)', signature, seedFile: c.seed.name, caseSeed: c.caseSeed };
  }
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  const small = bytes.length <= MAX_REGRESSION_BYTES;
  const dir = small ? REGRESSIONS_DIR : OUT_DIR;
  mkdirSync(dir, { recursive: true });
  const base = join(dir, `${c.kind}-${hash}.${EXTENSIONS[c.kind]}`);
  writeFileSync(base, bytes);
  const sidecar = {
    kind: c.kind,
    verdict: final.verdict,
    message: final.message,
    signature,
    seedFile: c.seed.name,
    caseSeed: c.caseSeed,
    runSeed: args.seed,
    password: c.password,
    nodeInflate: c.nodeInflate,
    bytes: bytes.length,
    originalBytes: c.bytes.length,
    stack: (final.stack ?? '').split('\n').slice(0, 6).join('\n'),
  };
  writeFileSync(base.replace(/\.\w+$/, '.json'), `${JSON.stringify(sidecar)}\n`);
  const shown = relative(process.cwd(), base);
  if (!small)
    console.log(`    ${bytes.length} bytes after minimizing: over 64 KB, kept in ${shown} (not a regression file)`);
  known.add(`${c.kind} ${signature}`);
  return {
    kind: c.kind,
    verdict: final.verdict,
    message: final.message,
    file: shown,
    signature,
    seedFile: c.seed.name,
    caseSeed: c.caseSeed,
  };
}

async function repro(args: Args, runner: CaseRunner) {
  if (!args.repro) return;
  const { kind, caseSeed } = args.repro;
  const c = makeCase(kind, caseSeed, loadSeeds(kind));
  const outcome = await runner.run(c.bytes, c.password, c.nodeInflate);
  const path = join(OUT_DIR, `repro-${kind}-${caseSeed}.${EXTENSIONS[kind]}`);
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(path, c.bytes);
  console.log(
    `${kind}:${caseSeed} from ${c.seed.name} (${c.bytes.length} bytes, written to ${relative(process.cwd(), path)}): ${outcome.verdict} ${outcome.message}`,
  );
  if (outcome.stack) console.log(outcome.stack);
  process.exitCode = outcome.verdict === 'ok' ? 0 : 1;
}

/**
 * Fuzzes one kind in a child process (this file again, with --child-from), and starts another from
 * the next case if it dies: a V8 fatal error ("invalid size error", a failed CHECK) in a worker
 * thread aborts the whole process, which a worker's resourceLimits cannot contain. The case that
 * was running is then a 'crash' finding, regenerated here from its case seed.
 */
async function superviseKind(
  kind: Kind,
  args: Args,
  known: Set<string>,
): Promise<{ cases: number; findings: Finding[] }> {
  const seconds = args.seconds / args.kinds.length;
  const deadline = performance.now() + seconds * 1000;
  const findings: Finding[] = [];
  let cases = 0;
  let from = 0;
  for (let restarts = 0; restarts < 50; restarts++) {
    const remaining = Math.max(1, (deadline - performance.now()) / 1000);
    const childArgs = [
      ...['--kind', kind, '--seed', String(args.seed), '--seconds', String(remaining)],
      ...['--timeout', String(args.timeoutMs), '--minimize-seconds', String(args.minimizeSeconds)],
      ...['--child-from', String(from)],
    ];
    const child = fork(fileURLToPath(import.meta.url), childArgs, {
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    let last: { i: number; caseSeed: number } | undefined;
    let done = false;
    child.on(
      'message',
      (message: { type: string; i: number; caseSeed: number; cases: number; findings: Finding[] }) => {
        if (message.type === 'case') {
          last = message;
          cases++;
        } else if (message.type === 'done') {
          done = true;
          findings.push(...message.findings);
          child.disconnect(); // the open channel would keep the child alive
        }
      },
    );
    const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
    if (done || code === 2) {
      if (code === 2) process.exitCode = 2; // the corpus is missing: the child said where it looked
      if (!done && stderr) process.stderr.write(stderr);
      return { cases, findings };
    }
    const fatal = stderr.match(/Fatal[^\n]*|FATAL ERROR[^\n]*|Check failed[^\n]*/)?.[0]?.trim();
    const message = `the process died (${signal ?? `exit code ${code}`})${fatal ? `: ${fatal}` : ''}`;
    console.log(`  ${kind}: ${message}${last ? ` during case ${kind}:${last.caseSeed}` : ''}`);
    if (!last) {
      process.stderr.write(stderr);
      throw new Error(`${kind}: the fuzzing process died before its first case`);
    }
    const c = makeCase(kind, last.caseSeed, loadSeeds(kind));
    const signature = `crash process ${fatal?.replace(/\d+/g, 'N').slice(0, 60) ?? signal ?? code}`;
    const finding = writeFinding(
      c,
      { verdict: 'crash', message, stack: stderr.slice(0, 1500), ms: 0 },
      signature,
      args,
      c.bytes,
      known,
    );
    if (finding) findings.push(finding);
    from = last.i + 1;
    if (performance.now() >= deadline) break;
  }
  return { cases, findings };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.child) {
    // The parent was stopped (Ctrl-C, a CI timeout): stop too, worker and all.
    process.on('disconnect', () => process.exit(130));
    const runner = new CaseRunner({ timeoutMs: args.timeoutMs });
    try {
      await fuzzKind(args.kinds[0] as Kind, args, args.seconds, runner, knownSignatures(), args.child.start);
    } catch (error) {
      if (!(error instanceof CorpusMissingError)) throw error;
      console.error(error.message);
      process.exitCode = 2;
    } finally {
      await runner.close();
      // An open IPC channel keeps a process alive: closed here on every path (done, corpus missing, error).
      process.removeAllListeners('disconnect');
      process.disconnect?.();
    }
    return;
  }
  if (args.repro) {
    const runner = new CaseRunner({ timeoutMs: args.timeoutMs });
    await repro(args, runner).finally(() => runner.close());
    return;
  }
  console.log(
    `fuzzing ${args.kinds.join(', ')} for ${args.seconds} s with run seed ${args.seed}` +
      `${process.env.CI ? ' (fixed under CI)' : ''}, ${args.timeoutMs} ms per case`,
  );
  const known = knownSignatures();
  const findings: Finding[] = [];
  let total = 0;
  for (const kind of args.kinds) {
    const result = await superviseKind(kind, args, known);
    if (process.exitCode === 2) return;
    total += result.cases;
    findings.push(...result.findings);
  }
  if (findings.length) {
    console.log(`\n${findings.length} finding(s) in ${total} cases:`);
    for (const f of findings)
      console.log(`  ${f.file}  ${f.verdict}  ${f.message}  [${f.signature}]  ${f.kind}:${f.caseSeed}`);
    process.exitCode = 1;
  } else {
    console.log(`\nno finding in ${total} cases`);
  }
}

await main();
