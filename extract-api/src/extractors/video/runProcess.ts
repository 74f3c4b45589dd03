import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { VideoJobError } from './errors.ts';

/** ffmpeg's last words: enough to say why it failed, never its whole log. */
const STDERR_TAIL_CHARS = 2000;

export type RunningProcess = {
  stdout: Readable;
  /** Resolves with the exit code once the process has ended and its streams are closed. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
  kill: () => void;
};

/**
 * Starts a program without a shell (arguments are never parsed by one, so a file name can't inject
 * anything), killed when `signal` fires. A program that can't be started at all (ENOENT, EACCES)
 * rejects `exited` with 'ffmpeg-missing'.
 */
export function runProcess(
  command: string,
  args: readonly string[],
  signal?: AbortSignal,
  /** Every piece of standard error as it comes (showinfo's frame times). */
  onStderr?: (text: string) => void,
  /** The program's environment, when it must not inherit this one (a converter given its own home). */
  env?: NodeJS.ProcessEnv,
): RunningProcess {
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: false,
    windowsHide: true,
    ...(env ? { env } : {}),
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    stderr = (stderr + text).slice(-STDERR_TAIL_CHARS);
    onStderr?.(text);
  });
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  signal?.addEventListener('abort', kill, { once: true });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>(
    (resolve, reject) => {
      child.once('error', (error: NodeJS.ErrnoException) => {
        signal?.removeEventListener('abort', kill);
        if (error.code === 'ENOENT' || error.code === 'EACCES') {
          reject(VideoJobError.ffmpegMissing(`${command}: ${error.code}`));
        } else reject(error);
      });
      child.once('close', (code, sig) => {
        signal?.removeEventListener('abort', kill);
        resolve({ code, signal: sig, stderr: stderr.trim() });
      });
    },
  );
  // Awaited by the caller; never an unhandled rejection if the caller gave up first.
  exited.catch(() => undefined);
  if (signal?.aborted) kill();
  return { stdout: child.stdout, exited, kill };
}

/** Runs a program to its end and returns its standard output as text (ffprobe's JSON). */
export async function runForOutput(command: string, args: readonly string[], signal?: AbortSignal) {
  const running = runProcess(command, args, signal);
  const chunks: Buffer[] = [];
  running.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  const result = await running.exited;
  return { ...result, stdout: Buffer.concat(chunks).toString('utf8') };
}
