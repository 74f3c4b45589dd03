import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { REMOTE_FOLDERS } from 'shared-contracts';
import { RAISED_RATE_LIMITS_ENV } from '../../tooling/rateLimits.mjs';
import { buildApp } from '../src/app.ts';
import { type AppConfig, loadConfig } from '../src/config.ts';

/** A throw-away folder per test, removed afterwards. */
export async function tempDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'extract-api-test-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A minimal built site (shell + every remote) laid out as `pnpm run build` leaves it. */
export async function writeBuiltSite(siteDir: string): Promise<void> {
  const shellDist = path.join(siteDir, 'shell', 'dist');
  await mkdir(path.join(shellDist, 'assets'), { recursive: true });
  await writeFile(
    path.join(shellDist, 'index.html'),
    '<!doctype html><title>Image Extractor</title><div id="root"></div>',
  );
  await writeFile(path.join(shellDist, 'assets', 'App-abc123.js'), 'export const app = 1;');
  for (const folder of Object.values(REMOTE_FOLDERS)) {
    const dist = path.join(siteDir, folder, 'dist');
    await mkdir(dist, { recursive: true });
    await writeFile(path.join(dist, 'remoteEntry.js'), `export const remote = ${JSON.stringify(folder)};`);
  }
}

/** Rate limits no test reaches unless it means to (the e2e and bench servers' too): a test of a limit sets its own. */
const raised = loadConfig(RAISED_RATE_LIMITS_ENV);
export const RAISED_RATE_LIMITS = raised.rateLimits;

/** The app at every setting's default (loadConfig of no environment), but for what a test says. */
export async function buildTestApp(overrides: Partial<AppConfig> & { dataDir: string }): Promise<FastifyInstance> {
  return buildApp({
    ...loadConfig({}),
    port: 0,
    host: '127.0.0.1',
    siteDir: overrides.dataDir,
    serveSite: false,
    maxPages: 100,
    rateLimits: RAISED_RATE_LIMITS,
    contactPerClientPerDay: raised.contactPerClientPerDay,
    logLevel: 'silent',
    ...overrides,
  });
}
