import { defineConfig } from 'vitest/config';

// The engine runs in Node here, as it does in extract-api and the CLI.
export default defineConfig({ test: { environment: 'node' } });
