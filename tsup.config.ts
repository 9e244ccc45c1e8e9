import { defineConfig } from 'tsup';

/**
 * Builds the published package: ESM (`.js`) and CommonJS (`.cjs`) with declarations
 * (`.d.ts`, `.d.cts`). One key per entry point; its name is the file name under `dist/`.
 * `bots` is the `for-the-king-and-me/bots` subpath, `text` the `for-the-king-and-me/text` one, `sim` the `for-the-king-and-me/sim` one (the in-place simulator), `env` the `for-the-king-and-me/env` one (the learning environment), `server` and `client` the match host and its client (`ws` and `pg` stay external: optional peer dependencies), `protocol` the wire protocol they share, `cli` the `for-the-king` program (its
 * shebang comes from `src/cli/main.ts`), `simulate-worker` the script `simulate` starts on
 * worker threads, `server-bot-worker` the thread on which the match host's searching bots think. `shims` gives the CommonJS build an `import.meta.url` (the worker's path).
 */
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    bots: 'src/bots/index.ts',
    text: 'src/text/index.ts',
    sim: 'src/sim/index.ts',
    server: 'src/server/index.ts',
    client: 'src/client/index.ts',
    protocol: 'src/protocol/index.ts',
    env: 'src/env/index.ts',
    ui: 'src/ui/index.ts',
    cli: 'src/cli/main.ts',
    'simulate-worker': 'src/bots/worker.ts',
    'server-bot-worker': 'src/server/host/bot-worker.ts',
  },
  shims: true,
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
