import { defineConfig } from 'vitest/config';

/**
 * Unit, rule and property tests. Browser end-to-end tests (`test/e2e/`) need a built package
 * and a browser; they run separately with `npm run test:e2e`.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', '**/node_modules/**', '**/dist/**'],
    environment: 'node',
  },
});
