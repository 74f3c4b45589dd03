import { defineConfig } from 'vitest/config';

// Node by default; a test that needs localStorage or window says `@vitest-environment jsdom`.
export default defineConfig({ test: { environment: 'node' } });
