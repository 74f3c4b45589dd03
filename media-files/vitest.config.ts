import { defineConfig } from 'vitest/config';

// This code runs in Node (extract-api) as in the browser; Node is where it is tested.
export default defineConfig({ test: { environment: 'node' } });
