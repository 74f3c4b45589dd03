import { defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts: tests run the shell's modules without Module Federation.
export default defineConfig({
  test: { environment: 'jsdom', setupFiles: ['../tooling/jsdomSetup.ts', './tests/setup.ts'] },
});
