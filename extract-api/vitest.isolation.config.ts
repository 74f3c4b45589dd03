import { defineConfig } from 'vitest/config';

// The built server under hostile and heavy uploads, with /api/health timed meanwhile: run after
// every other suite, one file at a time, so that nothing else on the machine competes with it.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/isolation/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
