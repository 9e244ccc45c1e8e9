import { defineConfig } from 'vitest/config';

/**
 * Browser end-to-end tests (`npm run test:e2e`): they drive the demo page (`docs/demo/`, built by
 * `npm run demo:build`) in headless Debian Chromium through playwright-core. One file at a time:
 * each starts its own browser and static server.
 */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 300_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
