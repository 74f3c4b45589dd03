/**
 * As whom, and inside which walls, Chromium runs the strangers' pages of Render JavaScript.
 *
 * The walls are Chromium's own sandbox (each renderer in its own user, PID and network namespaces,
 * under a seccomp filter), which Chromium refuses to set up for root. A service running as root
 * therefore hands Chromium to an unprivileged account (scripts/setup.mjs creates it); a service
 * running as anyone else runs Chromium as itself. Either way through a launcher script written for
 * each launch: playwright-core starts the executable it is given with its pipes on fds 3 and 4,
 * and the script passes them on through `exec`, after setting the memory limit and, for root,
 * switching account with util-linux's setpriv.
 */
import { execFile } from 'node:child_process';
import { access, constants, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { RENDER_USER } from '../../../../tooling/chromium.mjs';
import { RENDERER_MEMORY_MB_DEFAULT, RENDERER_PROCESSES_DEFAULT } from './defaults.ts';
import { noRenderUserMessage, RenderUnavailableError } from './errors.ts';

const SETPRIV = '/usr/bin/setpriv';

export type BrowserLaunchSettings = {
  /** The account Chromium runs as when this process is root (EXTRACT_API_RENDER_USER). */
  renderUser: string;
  /** Chromium without its sandbox (EXTRACT_API_CHROMIUM_NO_SANDBOX=1): for tests only. */
  chromiumNoSandbox: boolean;
  /** Renderer processes Chromium starts (EXTRACT_API_RENDERER_PROCESSES). */
  rendererProcesses: number;
  /** Memory each Chromium process may take, in MB (EXTRACT_API_RENDERER_MEMORY_MB). */
  rendererMemoryMb: number;
};

let settings: BrowserLaunchSettings = {
  renderUser: RENDER_USER,
  chromiumNoSandbox: false,
  rendererProcesses: RENDERER_PROCESSES_DEFAULT,
  rendererMemoryMb: RENDERER_MEMORY_MB_DEFAULT,
};

/**
 * Sets how the process's browser is launched (the AppConfig of EXTRACT_API_RENDER_USER…); a setting
 * left undefined keeps its value. A browser already running keeps what it was launched with.
 */
export function setBrowserLaunch(next: Partial<BrowserLaunchSettings>): void {
  settings = {
    renderUser: next.renderUser ?? settings.renderUser,
    chromiumNoSandbox: next.chromiumNoSandbox ?? settings.chromiumNoSandbox,
    rendererProcesses: next.rendererProcesses ?? settings.rendererProcesses,
    rendererMemoryMb: next.rendererMemoryMb ?? settings.rendererMemoryMb,
  };
}

export function browserLaunchSettings(): Readonly<BrowserLaunchSettings> {
  return settings;
}

/** An account, as the system's user database has it. */
export type Account = { name: string; uid: number; gid: number; home: string };

export type LaunchPlan =
  /** `runAs` undefined: Chromium runs as this process. */
  { ok: true; runAs: Account | undefined; sandbox: boolean } | { ok: false; error: RenderUnavailableError };

/**
 * Who runs Chromium, and whether with its sandbox. `processUid` is this process's (undefined where
 * there are no uids); `account` is the render user as looked up, undefined when it does not exist.
 */
export function planLaunch(input: {
  processUid: number | undefined;
  account: Account | undefined;
  renderUser: string;
  chromiumNoSandbox: boolean;
}): LaunchPlan {
  const sandbox = !input.chromiumNoSandbox;
  if (input.processUid !== 0) return { ok: true, runAs: undefined, sandbox };
  // Without the sandbox the account still counts: an exploited renderer then runs as it, not as root.
  if (input.account && input.account.uid !== 0) return { ok: true, runAs: input.account, sandbox };
  if (input.chromiumNoSandbox) return { ok: true, runAs: undefined, sandbox: false };
  const problem = input.account ? 'root' : 'missing';
  return {
    ok: false,
    error: new RenderUnavailableError('no-render-user', {
      message: noRenderUserMessage(input.renderUser, problem),
      detail: `running as root; render user "${input.renderUser}" ${problem === 'root' ? 'has uid 0' : 'not found (getent passwd)'}`,
    }),
  };
}

/** Chromium's switches for the settings: the renderer limits (the sandbox switch is Playwright's). */
export function rendererArgs(launch: Pick<BrowserLaunchSettings, 'rendererProcesses' | 'rendererMemoryMb'>): string[] {
  return [
    // The process limit binds only with site isolation off: otherwise every site a page frames gets
    // a renderer of its own (a page of 50 cross-site iframes started 53 renderers here). Site
    // isolation keeps one site's logged-in data from another's; a render has none (a fresh
    // context per render, no cookies) and shows everything it loads to the one visitor who asked.
    `--renderer-process-limit=${launch.rendererProcesses}`,
    '--disable-site-isolation-trials',
    // V8's heap gets half of the process's memory, so that a script that only grows meets V8's
    // clean out-of-memory end before the allocator fails under it; the other half is the DOM,
    // decoded images and ArrayBuffers, which V8's limit does not count.
    `--js-flags=--max-old-space-size=${Math.floor(launch.rendererMemoryMb / 2)}`,
  ];
}

/** A string as one word of sh. */
const shellWord = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/**
 * The launcher's text. The memory limit is RLIMIT_DATA on every Chromium process (what each may
 * write to: heaps, ArrayBuffers, decoded images). Not RLIMIT_AS: a renderer reserves about 1.5 TB of
 * address space it never uses (V8's cages), and not V8's heap limit alone: a page held 2 GB of
 * ArrayBuffers past a 64 MB heap. For another account, the profile directory Playwright has just
 * made (root's, mode 0700) becomes the account's, and setpriv drops root for good: no groups, no
 * capabilities, no way back through a setuid program, and none of the service's environment.
 */
export function launcherScript(input: { chromiumPath: string; runAs: Account | undefined; memoryMb: number }): string {
  const lines = ['#!/bin/sh', '# Written by extract-api for one Chromium launch (render/sandbox.ts).', 'set -eu'];
  lines.push(`ulimit -d ${input.memoryMb * 1024}`);
  const chromium = shellWord(input.chromiumPath);
  if (!input.runAs) {
    lines.push(`exec ${chromium} "$@"`);
    return `${lines.join('\n')}\n`;
  }
  const { uid, gid } = input.runAs;
  lines.push(
    'for arg in "$@"; do',
    '  case "$arg" in',
    `    --user-data-dir=*) chown -- ${uid}:${gid} "\${arg#--user-data-dir=}" ;;`,
    '  esac',
    'done',
    // The service's working directory may be one the account cannot enter.
    'cd /',
    `exec ${SETPRIV} --reuid=${uid} --regid=${gid} --clear-groups --no-new-privs --bounding-set=-all --inh-caps=-all --reset-env -- ${chromium} "$@"`,
  );
  return `${lines.join('\n')}\n`;
}

/** The account from the system's user database (getent: /etc/passwd and whatever NSS adds). */
export function lookupAccount(name: string): Promise<Account | undefined> {
  return new Promise((resolve) => {
    execFile('getent', ['passwd', name], { timeout: 5_000 }, (error, stdout) => {
      const fields = error ? [] : (stdout.trim().split('\n')[0]?.split(':') ?? []);
      const [login, , uid, gid, , home] = fields;
      if (!login || uid === undefined || gid === undefined || home === undefined) return resolve(undefined);
      resolve({ name: login, uid: Number(uid), gid: Number(gid), home });
    });
  });
}

/** The launch's plan with the account looked up now, for this process. */
export async function currentPlan(launch: BrowserLaunchSettings = settings): Promise<LaunchPlan> {
  const processUid = process.getuid?.();
  const account = processUid === 0 ? await lookupAccount(launch.renderUser) : undefined;
  return planLaunch({
    processUid,
    account,
    renderUser: launch.renderUser,
    chromiumNoSandbox: launch.chromiumNoSandbox,
  });
}

/**
 * What an operator is told at start: that rendering will be refused, or that Chromium will run
 * without its sandbox; undefined when renders are sandboxed.
 */
export async function browserLaunchWarning(): Promise<string | undefined> {
  const plan = await currentPlan();
  if (!plan.ok) return plan.error.message;
  if (plan.sandbox) return undefined;
  const who = plan.runAs ? `as "${plan.runAs.name}"` : process.getuid?.() === 0 ? 'as root' : 'as this service';
  return `EXTRACT_API_CHROMIUM_NO_SANDBOX=1: Render JavaScript runs Chromium without its sandbox, ${who}. For tests only: a page that exploits Chromium could then run code on this machine.`;
}

export type PreparedLaunch = {
  /** The launcher script, for playwright-core's `executablePath`. */
  executablePath: string;
  /** playwright-core's `chromiumSandbox`: false makes it pass --no-sandbox. */
  chromiumSandbox: boolean;
  args: string[];
  runAs: Account | undefined;
  /** Deletes the launcher; once Chromium has started, it is no longer needed. */
  cleanup: () => Promise<void>;
};

/**
 * The plan, and a launcher for it in a directory only this process's user can enter. Throws
 * RenderUnavailableError when the plan is a refusal.
 */
export async function prepareLaunch(chromiumPath: string): Promise<PreparedLaunch> {
  const launch = settings;
  const plan = await currentPlan(launch);
  if (!plan.ok) throw plan.error;
  if (plan.runAs) {
    try {
      await access(SETPRIV, constants.X_OK);
    } catch (error) {
      throw new RenderUnavailableError('launch-failed', {
        detail: `${SETPRIV} (util-linux) is needed to run Chromium as "${plan.runAs.name}"`,
        cause: error,
      });
    }
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'image-extractor-chromium-'));
  const executablePath = path.join(dir, 'chromium');
  await writeFile(
    executablePath,
    launcherScript({ chromiumPath, runAs: plan.runAs, memoryMb: launch.rendererMemoryMb }),
    { mode: 0o700 },
  );
  return {
    executablePath,
    chromiumSandbox: plan.sandbox,
    args: rendererArgs(launch),
    runAs: plan.runAs,
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * Chromium's words when it cannot set up its sandbox: no user namespaces, or root without
 * --no-sandbox. (Debian's chromium-sandbox, the setuid helper Chromium then suggests, could not run
 * anyway: setpriv's --no-new-privs keeps every setuid program from gaining anything.)
 */
const SANDBOX_FAILURE = /No usable sandbox|without --no-sandbox is not supported/;

export function isSandboxFailure(message: string): boolean {
  return SANDBOX_FAILURE.test(message);
}
