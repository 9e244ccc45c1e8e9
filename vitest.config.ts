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
    // Generous: no test asserts time, and a loaded 2-core machine runs some property tests and
    // child processes many times slower than a quiet one; a timeout there is noise, not a finding.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
