// The test settings every React package shares (plain data: each vitest.config.ts imports it).
// `globals: true` lets Testing Library clean up after each test by itself.
export const jsdomTest = {
  environment: 'jsdom',
  globals: true,
  setupFiles: ['../tooling/jsdomSetup.ts'],
};
