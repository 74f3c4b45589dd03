import { defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts: tests render the pages without Module Federation.
export default defineConfig({
  test: { environment: 'jsdom', setupFiles: ['../tooling/jsdomSetup.ts', './tests/setup.ts'] },
});
