import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CHROMIUM_PATH, RENDER_USER } from '../../../tooling/chromium.mjs';
import { getBrowser } from '../../src/extractors/render/browser.ts';
import { RENDERER_MEMORY_MB_DEFAULT, RENDERER_PROCESSES_DEFAULT } from '../../src/extractors/render/defaults.ts';
import { closeRenderer, RenderUnavailableError } from '../../src/extractors/render/index.ts';
import {
  type Account,
  browserLaunchSettings,
  isSandboxFailure,
  launcherScript,
  lookupAccount,
  planLaunch,
  rendererArgs,
  setBrowserLaunch,
} from '../../src/extractors/render/sandbox.ts';
import { chromiumProcesses, type ProcessInfo } from '../fixtures/chromiumProcesses.ts';

// CI runs these as root, after scripts/setup.mjs has created the render account; run as anyone
// else, Chromium runs as that user, and each test says what it then expects.
const isRoot = process.getuid?.() === 0;
const run = promisify(execFile);

const renderAccount: Account = { name: 'renderer', uid: 999, gid: 995, home: '/var/lib/renderer' };
const plan = (input: Partial<Parameters<typeof planLaunch>[0]>) =>
  planLaunch({ processUid: 0, account: renderAccount, renderUser: 'renderer', chromiumNoSandbox: false, ...input });

describe('who runs Chromium, and with which sandbox', () => {
  it('root with the render account: Chromium runs as the account, with its sandbox', () => {
    expect(plan({})).toEqual({ ok: true, runAs: renderAccount, sandbox: true });
  });

  it('root without the account: rendering is refused, saying what to do', () => {
    const refused = plan({ account: undefined });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error).toBeInstanceOf(RenderUnavailableError);
    expect(refused.error.code).toBe('no-render-user');
    expect(refused.error.message).toBe(
      'Render JavaScript is off on this server: the service runs as root, and Chromium runs pages only inside its sandbox, under an unprivileged account, but the account "renderer" does not exist. Turn the option off. Operators: run `npm start` as root once so that set-up creates the account, or name another one in EXTRACT_API_RENDER_USER (EXTRACT_API_CHROMIUM_NO_SANDBOX=1 turns the sandbox off: for tests only).',
    );
  });

  it('root with a "render account" that is root itself: refused too', () => {
    const refused = plan({ account: { ...renderAccount, uid: 0 } });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toContain('but "renderer" is root.');
  });

  it('EXTRACT_API_CHROMIUM_NO_SANDBOX=1: allowed without the sandbox, still as the account when there is one', () => {
    expect(plan({ chromiumNoSandbox: true })).toEqual({ ok: true, runAs: renderAccount, sandbox: false });
    expect(plan({ chromiumNoSandbox: true, account: undefined })).toEqual({
      ok: true,
      runAs: undefined,
      sandbox: false,
    });
  });

  it('not root: Chromium runs as this process, with its sandbox', () => {
    expect(plan({ processUid: 1000 })).toEqual({ ok: true, runAs: undefined, sandbox: true });
    expect(plan({ processUid: 1000, account: undefined })).toEqual({ ok: true, runAs: undefined, sandbox: true });
  });

  it('the settings default to the account set-up creates, the sandbox on, and the renderer limits', () => {
    expect(browserLaunchSettings()).toEqual({
      renderUser: RENDER_USER,
      chromiumNoSandbox: false,
      rendererProcesses: RENDERER_PROCESSES_DEFAULT,
      rendererMemoryMb: RENDERER_MEMORY_MB_DEFAULT,
    });
    expect(rendererArgs({ rendererProcesses: 3, rendererMemoryMb: 1024 })).toEqual([
      '--renderer-process-limit=3',
      '--disable-site-isolation-trials',
      '--js-flags=--max-old-space-size=512',
    ]);
  });
});

describe('the launcher script', () => {
  let dir: string;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /**
   * Runs the launcher in front of a stand-in for Chromium that reports who it runs as, its data
   * limit, its environment and its arguments, as Playwright would start it: with a profile directory.
   */
  async function launchStandIn(runAs: Account | undefined) {
    dir = await mkdtemp(path.join(os.tmpdir(), 'launcher-test-'));
    await chmod(dir, 0o755); // the account reads the stand-in
    const standIn = path.join(dir, "chromium's stand-in");
    await writeFile(
      standIn,
      '#!/bin/sh\necho "uid=$(id -u) gid=$(id -g) groups=$(id -G) data=$(ulimit -d) home=$HOME secret=$SERVICE_SECRET cwd=$(pwd)"\nprintf "%s\\n" "$@"\n',
      { mode: 0o755 },
    );
    const profile = await mkdtemp(path.join(os.tmpdir(), 'launcher-profile-'));
    const launcher = path.join(dir, 'launcher');
    await writeFile(launcher, launcherScript({ chromiumPath: standIn, runAs, memoryMb: 700 }), { mode: 0o700 });
    const { stdout } = await run(launcher, ['--headless', `--user-data-dir=${profile}`, 'a b'], {
      env: { ...process.env, SERVICE_SECRET: 'redis://user:password@host' },
      cwd: dir,
    });
    const owner = (await stat(profile)).uid;
    await rm(profile, { recursive: true, force: true });
    const [identity, ...args] = stdout.trim().split('\n');
    return { identity: identity ?? '', args, profileOwner: owner };
  }

  it(
    isRoot
      ? 'drops root for the render account: its ids, no groups, the data limit, none of the service environment'
      : 'runs Chromium as this user with the data limit',
    async () => {
      if (!isRoot) {
        const { identity, args } = await launchStandIn(undefined);
        expect(identity).toContain(`uid=${process.getuid?.()} `);
        expect(identity).toContain(' data=716800 ');
        expect(args).toEqual(['--headless', expect.stringMatching(/^--user-data-dir=/), 'a b']);
        return;
      }
      const account = await lookupAccount(RENDER_USER);
      if (!account) throw new Error(`The account ${RENDER_USER} is missing: run \`node scripts/setup.mjs\` as root.`);
      const { identity, args, profileOwner } = await launchStandIn(account);
      expect(identity).toBe(
        `uid=${account.uid} gid=${account.gid} groups=${account.gid} data=716800 home=${account.home} secret= cwd=/`,
      );
      expect(args).toEqual(['--headless', expect.stringMatching(/^--user-data-dir=/), 'a b']);
      // Playwright's profile directory, made by root, is the account's before Chromium starts.
      expect(profileOwner).toBe(account.uid);
    },
  );
});

describe(`Chromium launched for renders (${CHROMIUM_PATH})`, { timeout: 60_000 }, () => {
  const defaults = { ...browserLaunchSettings() };
  const contexts: BrowserContext[] = [];
  let dir: string | undefined;

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
    await closeRenderer();
    setBrowserLaunch(defaults);
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  afterAll(() => closeRenderer());

  /** A fresh context whose every request is answered here: nothing leaves the browser. */
  async function contextOf(browser: Browser, pages: (url: URL) => string): Promise<BrowserContext> {
    const context = await browser.newContext();
    contexts.push(context);
    await context.route('**/*', (route) =>
      route.fulfill({ contentType: 'text/html', body: pages(new URL(route.request().url())) }),
    );
    return context;
  }

  const renderers = () => chromiumProcesses(process.pid).filter((info) => info.chromiumType === 'renderer');

  it(
    isRoot
      ? 'runs every Chromium process as the render account, with the sandbox on: renderers under seccomp, in namespaces of their own'
      : 'runs every Chromium process as this user, with the sandbox on',
    async () => {
      const browser = await getBrowser(CHROMIUM_PATH);
      const page = await (await contextOf(browser, () => '<p>hello</p>')).newPage();
      await page.goto('http://site.test/');
      expect(await page.textContent('p')).toBe('hello');

      const tree = chromiumProcesses(process.pid);
      const expectedUid = isRoot ? (await lookupAccount(RENDER_USER))?.uid : process.getuid?.();
      expect(expectedUid).toBeTypeOf('number');
      expect(tree.map((info: ProcessInfo) => [info.chromiumType, info.uid, info.noSandboxSwitch])).toEqual(
        tree.map((info) => [info.chromiumType, expectedUid, false]),
      );
      const main = tree.find((info) => info.chromiumType === 'browser');
      expect(main).toBeDefined();
      expect(renderers().length).toBeGreaterThan(0);
      for (const renderer of renderers()) {
        expect(renderer).toMatchObject({ seccomp: 2, noNewPrivs: true });
        expect(renderer.userNamespace).not.toBe(main?.userNamespace);
      }
    },
  );

  it('a page of 30 cross-site frames starts no more renderers than EXTRACT_API_RENDERER_PROCESSES', async () => {
    setBrowserLaunch({ rendererProcesses: 3 });
    const browser = await getBrowser(CHROMIUM_PATH);
    const frames = Array.from({ length: 30 }, (_, i) => `<iframe src="http://frame-${i}.test/"></iframe>`).join('');
    const page = await (
      await contextOf(browser, (url) => (url.hostname === 'site.test' ? frames : '<p>x</p>'))
    ).newPage();
    await page.goto('http://site.test/', { waitUntil: 'load' });
    expect(page.frames()).toHaveLength(31);
    expect(renderers().length).toBeLessThanOrEqual(3);
  });

  it('a page cannot take more memory than EXTRACT_API_RENDERER_MEMORY_MB, and the browser goes on', async () => {
    setBrowserLaunch({ rendererMemoryMb: 1024 });
    const browser = await getBrowser(CHROMIUM_PATH);
    const context = await contextOf(browser, () => '<p>x</p>');
    const page = await context.newPage();
    await page.goto('http://site.test/');
    // ArrayBuffers, which V8's heap limit does not count, in 64 MB steps up to 2 GB.
    const heldMb = await page.evaluate(() => {
      const held: Uint8Array[] = [];
      try {
        while (held.length < 32) held.push(new Uint8Array(64 * 1024 * 1024).fill(1));
      } catch {
        // the limit
      }
      return held.length * 64;
    });
    expect(heldMb).toBeGreaterThan(0);
    expect(heldMb).toBeLessThan(1024);
    const next = await context.newPage();
    await next.goto('http://site.test/again');
    expect(await next.textContent('p')).toBe('x');
  });

  it(
    isRoot
      ? 'EXTRACT_API_CHROMIUM_NO_SANDBOX=1 launches with --no-sandbox, as the render account still'
      : 'EXTRACT_API_CHROMIUM_NO_SANDBOX=1 launches with --no-sandbox',
    async () => {
      setBrowserLaunch({ chromiumNoSandbox: true });
      const browser = await getBrowser(CHROMIUM_PATH);
      await (await (await contextOf(browser, () => '<p>x</p>')).newPage()).goto('http://site.test/');
      const main = chromiumProcesses(process.pid).find((info) => info.chromiumType === 'browser');
      expect(main?.noSandboxSwitch).toBe(true);
      expect(main?.uid).not.toBe(0);
    },
  );

  it(
    isRoot
      ? 'run as root with no render account, rendering is refused before Chromium starts'
      : 'run as another user, the render account is not needed',
    async () => {
      setBrowserLaunch({ renderUser: 'no-such-render-account' });
      const launched = getBrowser(CHROMIUM_PATH);
      if (!isRoot) {
        await expect(launched).resolves.toBeDefined();
        return;
      }
      const error = await launched.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RenderUnavailableError);
      expect(error).toMatchObject({ code: 'no-render-user' });
      expect((error as Error).message).toContain('the account "no-such-render-account" does not exist');
      expect(chromiumProcesses(process.pid)).toEqual([]);
    },
  );

  it("Chromium's own words for a sandbox it cannot start are recognised as such", async () => {
    // As root with the sandbox asked for, Chromium refuses to start: the one failure reachable here.
    dir = await mkdtemp(path.join(os.tmpdir(), 'launcher-test-'));
    const launcher = path.join(dir, 'launcher');
    await writeFile(launcher, launcherScript({ chromiumPath: CHROMIUM_PATH, runAs: undefined, memoryMb: 2048 }), {
      mode: 0o700,
    });
    const { chromium } = await import('playwright-core');
    const started = chromium.launch({ executablePath: launcher, chromiumSandbox: true, timeout: 30_000 });
    if (!isRoot) {
      await (await started).close();
      return;
    }
    const error = await started.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(isSandboxFailure((error as Error).message)).toBe(true);
    // Chromium 156's words with user namespaces off (user.max_user_namespaces=0 in a namespace of its own).
    expect(
      isSandboxFailure(
        'ERROR:content/browser/zygote_host/zygote_host_impl_linux.cc:130] No usable sandbox! If this is a Debian system, please install the chromium-sandbox package to solve this problem.',
      ),
    ).toBe(true);
    expect(isSandboxFailure('Failed to launch the browser process: libnss3.so: cannot open shared object file')).toBe(
      false,
    );
  });
});
