import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Tests run real servers, sockets and a browser; on a busy 2-core machine 5 s is too tight.
  // test/isolation measures the server's latency and runs alone (vitest.isolation.config.ts).
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    exclude: ['test/isolation/**', '**/node_modules/**'],
  },
});
