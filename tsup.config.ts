import { defineConfig } from 'tsup';

/**
 * Builds the published package: ESM (`.js`) and CommonJS (`.cjs`) with declarations
 * (`.d.ts`, `.d.cts`). One key per entry point; its name is the file name under `dist/`.
 * Later entries: `'bots/index': 'src/bots/index.ts'`, `'cli/main': 'src/cli/main.ts'`.
 */
export default defineConfig({
  entry: {
    index: 'src/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  target: ['node20', 'es2022'],
  sourcemap: false,
  minify: false,
  splitting: true,
  treeshake: true,
  outDir: 'dist',
});
