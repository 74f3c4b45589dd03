import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Tests run real servers, sockets and a browser; on a busy 2-core machine 5 s is too tight.
  test: { environment: 'node', testTimeout: 20_000, hookTimeout: 30_000 },
});
