/**
 * The built server renders a stranger's page with Chromium's sandbox on, never as root: while a
 * render of a loopback page runs through POST /api/extract, /proc is read for every Chromium
 * process the server started. Run as root (as CI is, after scripts/setup.mjs has created the render
 * account), no Chromium of the server may run as root or with --no-sandbox; without the account,
 * rendering is refused with a sentence. Run as another user, Chromium runs as that user, sandboxed.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDER_USER } from '../../../tooling/chromium.mjs';
import { lookupAccount } from '../../src/extractors/render/sandbox.ts';
import { chromiumProcesses, type ProcessInfo } from '../fixtures/chromiumProcesses.ts';
import { type BuiltServer, startBuiltServer } from './builtServer.ts';

const isRoot = process.getuid?.() === 0;

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
/** How long the page's image takes: the time the test has to look at the running browser. */
const SLOW_IMAGE_MS = 2_000;

// The page a visitor asks to render: its image comes late, and only a script asks for it.
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body>
<p>rendered</p>
<script>const img = new Image(); img.src = '/slow.png'; document.body.append(img);</script>
</body></html>`;

describe('Render JavaScript on the built server', { timeout: 90_000 }, () => {
  let site: http.Server;
  let origin: string;

  beforeAll(async () => {
    site = http.createServer((req, res) => {
      if (req.url === '/slow.png') {
        setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG), SLOW_IMAGE_MS);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    site.closeAllConnections();
    await new Promise<void>((resolve) => site.close(() => resolve()));
  });

  const extract = (server: BuiltServer) =>
    fetch(`${server.base}/api/extract`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${origin}/`, render: true }),
    });

  it('no Chromium of the server runs as root or without its sandbox while it renders a page', async () => {
    const server = await startBuiltServer({ EXTRACT_API_ALLOW_LOOPBACK: '1' });
    try {
      const seen = new Map<number, ProcessInfo>();
      let rendering = true;
      const watching = (async () => {
        while (rendering) {
          for (const info of chromiumProcesses(server.child.pid ?? -1)) seen.set(info.pid, info);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      const response = await extract(server);
      rendering = false;
      await watching;
      const body = (await response.json()) as { success: boolean; images: { url: string }[] };
      expect(response.status).toBe(200);
      expect(body.images.map((image) => image.url)).toContain(`${origin}/slow.png`);

      const processes = [...seen.values()];
      const renderers = processes.filter((info) => info.chromiumType === 'renderer');
      expect(processes.some((info) => info.chromiumType === 'browser')).toBe(true);
      expect(renderers.length).toBeGreaterThan(0);
      // The finding: root with --no-sandbox, anywhere in the tree.
      expect(processes.filter((info) => info.uid === 0 || info.noSandboxSwitch)).toEqual([]);
      const expectedUid = isRoot ? (await lookupAccount(RENDER_USER))?.uid : process.getuid?.();
      expect(new Set(processes.map((info) => info.uid))).toEqual(new Set([expectedUid]));
      // The sandbox at work: each renderer under a seccomp filter, in a user namespace of its own.
      const browser = processes.find((info) => info.chromiumType === 'browser');
      for (const renderer of renderers) {
        expect(renderer).toMatchObject({ seccomp: 2, noNewPrivs: true });
        expect(renderer.userNamespace).not.toBe(browser?.userNamespace);
      }
    } finally {
      await server.stop();
    }
  });

  it(
    isRoot
      ? 'run as root without the render account, rendering is refused with a sentence, and said at start'
      : 'run as another user, the render account is not needed',
    async () => {
      const server = await startBuiltServer({
        EXTRACT_API_ALLOW_LOOPBACK: '1',
        EXTRACT_API_RENDER_USER: 'no-such-render-account',
      });
      try {
        const response = await extract(server);
        const body = (await response.json()) as { success: boolean; error?: string };
        if (!isRoot) {
          expect(response.status).toBe(200);
          return;
        }
        expect(response.status).toBe(503);
        expect(body.error).toBe(
          'Render JavaScript is off on this server: the service runs as root, and Chromium runs pages only inside its sandbox, under an unprivileged account, but the account "no-such-render-account" does not exist. Turn the option off. Operators: run `npm start` as root once so that set-up creates the account, or name another one in EXTRACT_API_RENDER_USER (EXTRACT_API_CHROMIUM_NO_SANDBOX=1 turns the sandbox off: for tests only).',
        );
        expect(chromiumProcesses(server.child.pid ?? -1)).toEqual([]);
        const warnings = server
          .output()
          .split('\n')
          .filter((line) => line.includes('"level":40'));
        expect(warnings.some((line) => line.includes('no-such-render-account'))).toBe(true);
      } finally {
        await server.stop();
      }
    },
  );

  it('EXTRACT_API_CHROMIUM_NO_SANDBOX=1 is said at start, as a warning', async () => {
    const server = await startBuiltServer({ EXTRACT_API_CHROMIUM_NO_SANDBOX: '1' });
    try {
      const warning = server
        .output()
        .split('\n')
        .find((line) => line.includes('"level":40') && line.includes('EXTRACT_API_CHROMIUM_NO_SANDBOX=1'));
      expect(warning).toContain('Render JavaScript runs Chromium without its sandbox');
    } finally {
      await server.stop();
    }
  });
});
