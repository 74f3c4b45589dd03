import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { HEADLESS_CHROMIUM_ARGS } from '../../../../tooling/chromium.mjs';
import { RenderUnavailableError } from './errors.ts';
import { isSandboxFailure, prepareLaunch } from './sandbox.ts';

/**
 * Chromium's switches besides the sandbox and the renderer limits (sandbox.ts). The first line is
 * every headless Chromium's of the project. The last two keep the browser from ever connecting
 * anywhere by itself, as a second wall behind the request routing (every http(s) request is
 * fulfilled through safeFetch):
 * - every host name and every IP literal resolves to "not found", so a WebSocket, a redirect the
 *   browser would follow itself, or a TCP TURN server has nowhere to go;
 * - WebRTC may not send UDP outside a proxy (and there is none), so STUN/TURN over UDP to an IP
 *   literal, which does not go through the resolver, is not sent either.
 * Both were checked against a listening loopback server: without them it saw connections.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  ...HEADLESS_CHROMIUM_ARGS,
  '--disable-dev-shm-usage',
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
];

const LAUNCH_TIMEOUT_MS = 30_000;

/** One browser per Chromium path, per process; launched on first use. */
const browsers = new Map<string, Promise<Browser>>();

async function checkExecutable(chromiumPath: string): Promise<void> {
  try {
    const info = await stat(chromiumPath);
    if (!info.isFile()) throw new Error('not a file');
    await access(chromiumPath, constants.X_OK);
  } catch (error) {
    throw new RenderUnavailableError('chromium-missing', {
      detail: `no executable Chromium at ${chromiumPath}`,
      cause: error,
    });
  }
}

async function launch(chromiumPath: string): Promise<Browser> {
  await checkExecutable(chromiumPath);
  const prepared = await prepareLaunch(chromiumPath);
  try {
    // Playwright loads with the first render: most of the service never needs it.
    const { chromium } = await import('playwright-core');
    return await chromium.launch({
      executablePath: prepared.executablePath,
      chromiumSandbox: prepared.chromiumSandbox,
      headless: true,
      args: [...CHROMIUM_ARGS, ...prepared.args],
      timeout: LAUNCH_TIMEOUT_MS,
      // The service shuts down through Fastify's onClose → closeRenderer(); Playwright must not
      // install its own signal handlers (its SIGINT handler exits the process). Playwright still
      // kills the browser on process exit, and Chromium exits when its pipe to us closes.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const as = prepared.runAs ? ` as ${prepared.runAs.name}` : '';
    throw new RenderUnavailableError(
      prepared.chromiumSandbox && isSandboxFailure(message) ? 'sandbox-failed' : 'launch-failed',
      {
        detail: `launching ${chromiumPath}${as}: ${message}`,
        cause: error,
      },
    );
  } finally {
    await prepared.cleanup();
  }
}

/**
 * The process's browser for this Chromium path, launched on first use. A failed launch is not
 * remembered (the next render tries again), nor is a browser that crashed or was closed.
 */
export function getBrowser(chromiumPath: string): Promise<Browser> {
  const known = browsers.get(chromiumPath);
  if (known) return known;
  const launching = launch(chromiumPath).then(
    (browser) => {
      browser.once('disconnected', () => {
        if (browsers.get(chromiumPath) === launching) browsers.delete(chromiumPath);
      });
      return browser;
    },
    (error: unknown) => {
      if (browsers.get(chromiumPath) === launching) browsers.delete(chromiumPath);
      throw error;
    },
  );
  browsers.set(chromiumPath, launching);
  return launching;
}

/** Closes every browser this process launched; call on shutdown (Fastify onClose) and after tests. */
export async function closeRenderer(): Promise<void> {
  const launching = [...browsers.values()];
  browsers.clear();
  await Promise.all(
    launching.map(async (pending) => {
      try {
        const browser = await pending;
        await browser.close();
      } catch {
        // It never started, or it is already gone: nothing to close.
      }
    }),
  );
}
