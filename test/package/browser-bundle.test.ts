/**
 * The entries a web page may import bundle for the browser as they are: esbuild with
 * `platform: 'browser'` (which, unlike Vite or webpack, refuses a Node built-in it cannot
 * resolve) follows every static import and every `import('literal')` from them. The worker-thread
 * side of `simulate` is reached from `for-the-king-and-me/bots` only by a dynamic import: its own
 * `node:worker_threads` must not be a specifier a bundler resolves.
 */
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');

describe('package: the browser entries bundle for the browser', () => {
  it.each([
    ['', 'index.ts'],
    ['/bots', 'bots/index.ts'],
    ['/ui', 'ui/index.ts'],
    ['/text', 'text/index.ts'],
    ['/client', 'client/index.ts'],
  ])('for-the-king-and-me%s (esbuild, platform browser)', async (_, entry) => {
    const result = await build({
      entryPoints: [join(ROOT, 'src', entry)],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    }).catch((e: { errors?: { text: string; location?: { file: string } | null }[] }) => ({
      failed: (e.errors ?? []).map((x) => `${x.location?.file}: ${x.text}`),
    }));
    expect('failed' in result ? result.failed : []).toEqual([]);
  });
});
