import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tooling/chromium.mjs';
import { E2E_PORTS } from '../tooling/ports.mjs';
import { RAISED_RATE_LIMITS_ENV } from '../tooling/rateLimits.mjs';
import {
  DATA_DIR,
  E2E_DIR,
  FIXTURE_SITE_SCRIPT,
  GALLERY_URL,
  previewCommand,
  REMOTE_SERVERS,
  REPO_ROOT,
  SERVED_REMOTES_FILE,
  SITE_URL,
} from './fixtures/paths.ts';

// The composed production build: extract-api serves the built shell and remotes.json, each remote
// is served by its own `vite preview`, and sites/serve.mjs serves the fixture site on loopback. The
// apps must be built first (`pnpm run build` at the root); this config never builds.
const reuseExistingServer = !process.env.CI;
const SERVER_START_TIMEOUT_MS = 60_000;

export default defineConfig({
  testDir: './tests',
  globalSetup: './fixtures/globalSetup.ts',
  fullyParallel: false,
  // Two cores run the browser, five servers and the suite.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: SITE_URL,
    acceptDownloads: true,
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium: `playwright install` cannot work on these machines.
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: [
    {
      command: 'pnpm --filter extract-api run serve',
      cwd: REPO_ROOT,
      url: `${SITE_URL}/api/health`,
      env: {
        PORT: String(E2E_PORTS.api),
        HOST: 'localhost',
        EXTRACT_API_REMOTES_FILE: SERVED_REMOTES_FILE,
        EXTRACT_API_DATA_DIR: DATA_DIR,
        LOG_LEVEL: 'warn',
        // The test-only switch: the extractors are pointed at the fixture site on loopback.
        EXTRACT_API_ALLOW_LOOPBACK: '1',
        // The suite is one client sending far more than a visitor would (tests/rateLimit.spec.ts meets a limit).
        ...RAISED_RATE_LIMITS_ENV,
      },
      reuseExistingServer,
      timeout: SERVER_START_TIMEOUT_MS,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // The loopback site the URL and Website extractors read (its images are copied by globalSetup).
      command: `node ${JSON.stringify(FIXTURE_SITE_SCRIPT)}`,
      cwd: E2E_DIR,
      url: `${GALLERY_URL}/__hits`,
      env: { PORT: String(E2E_PORTS.site) },
      reuseExistingServer,
      timeout: SERVER_START_TIMEOUT_MS,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    ...REMOTE_SERVERS.map(({ pkg, port }) => ({
      command: previewCommand(pkg, port),
      cwd: REPO_ROOT,
      url: `http://localhost:${port}/remoteEntry.js`,
      reuseExistingServer,
      timeout: SERVER_START_TIMEOUT_MS,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    })),
  ],
});
