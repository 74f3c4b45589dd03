/**
 * The real tools some container tests make their files with or check them against (Info-ZIP's
 * `zip`, Python's `email` module, Debian's Chromium): a test that needs one and does not find it fails, saying what
 * to install, rather than passing on files of our own making only.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tooling/chromium.mjs';

/** Throws a sentence naming the Debian package when `command` does not run. */
export function requireTool(command: string, versionArgs: string[], debianPackage: string): void {
  const run = spawnSync(command, versionArgs, { stdio: 'ignore' });
  if (run.error) {
    throw new Error(
      `This test needs ${command}, which is not installed: install Debian's ${debianPackage} ` +
        `(sudo apt-get install -y ${debianPackage}, or node scripts/setup.mjs --browser as root).`,
    );
  }
}

/** Runs a Python 3 script with arguments; its standard output, as text. */
export function python(script: string, args: string[]): string {
  requireTool('python3', ['--version'], 'python3');
  return execFileSync('python3', ['-c', script, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** Runs Info-ZIP's zip in `cwd`. */
export function infoZip(cwd: string, args: string[]): void {
  requireTool('zip', ['-v'], 'zip');
  execFileSync('zip', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * The page at `url` as Debian's Chromium saves it (CDP `Page.captureSnapshot`, MHTML), through
 * `--remote-debugging-pipe`: JSON messages ending in a NUL byte on file descriptors 3 (to the
 * browser) and 4 (from it), so no WebSocket client is needed. `settleMs` after the load event
 * lets the page's scripts (a lazy loader) run.
 */
export async function chromiumSnapshot(url: string, settleMs = 500): Promise<string> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `This test needs Debian's Chromium at ${CHROMIUM_PATH}: install it (sudo apt-get install -y chromium, or node scripts/setup.mjs --browser as root), or name another with CHROMIUM_PATH.`,
    );
  }
  const profile = mkdtempSync(join(tmpdir(), 'chromium-snapshot-'));
  const browser = spawn(
    CHROMIUM_PATH,
    ['--headless', ...CHROMIUM_ARGS, '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const toBrowser = browser.stdio[3] as Writable;
  const fromBrowser = browser.stdio[4] as Readable;
  type Reply = { id?: number; method?: string; sessionId?: string; result?: Record<string, unknown>; error?: unknown };
  const waiting = new Map<number, (reply: Reply) => void>();
  const events: ((reply: Reply) => void)[] = [];
  let buffered = '';
  fromBrowser.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    for (let end = buffered.indexOf('\0'); end >= 0; end = buffered.indexOf('\0')) {
      const reply = JSON.parse(buffered.slice(0, end)) as Reply;
      buffered = buffered.slice(end + 1);
      if (reply.id !== undefined) waiting.get(reply.id)?.(reply);
      else for (const listener of events) listener(reply);
    }
  });
  let next = 0;
  const send = (method: string, params: object = {}, sessionId?: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = ++next;
      waiting.set(id, (reply) =>
        reply.error ? reject(new Error(JSON.stringify(reply.error))) : resolve(reply.result ?? {}),
      );
      toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  try {
    const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = (await send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
    await send('Page.enable', {}, sessionId);
    const loaded = new Promise<void>((resolve) =>
      events.push((event) => event.method === 'Page.loadEventFired' && event.sessionId === sessionId && resolve()),
    );
    await send('Page.navigate', { url }, sessionId);
    await loaded;
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const { data } = await send('Page.captureSnapshot', { format: 'mhtml' }, sessionId);
    return data as string;
  } finally {
    browser.kill();
  }
}
