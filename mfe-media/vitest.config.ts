import { defineConfig } from 'vitest/config';
import { jsdomTest } from '../tooling/vitest.mjs';

// Kept apart from vite.config.ts: tests run the modules without Module Federation.
export default defineConfig({ test: jsdomTest });
