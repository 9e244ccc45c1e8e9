/**
 * The tournament script (`npm run tournament`) refuses a flag it does not know and a bad value
 * with one line and status 2, before it loads the build or plays a game.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./tournament.mjs', import.meta.url));

describe('test/bench/tournament.mjs options', () => {
  it('an unknown flag, a flag without value, and bad numbers or lists are one line and exit 2', () => {
    for (const [args, message] of [
      [['--gmes', '4'], /^tournament: unknown option --gmes/],
      [['--games', '0'], /^tournament: --games must be a positive integer, got "0"/],
      [['--games', 'abc'], /^tournament: --games must be a positive integer/],
      [['--workers', '1.5'], /^tournament: --workers must be a positive integer/],
      [['--timing-games', '-1'], /^tournament: --timing-games must be a positive integer/],
      [['--only', '1,7'], /^tournament: --only takes 1, 2, 3, timing/],
      [['--variants', 'retail'], /^tournament: --variants must be "default" or "published"/],
      [['--games'], /^tournament: --games needs a value/],
      [['stray'], /^tournament: unknown argument "stray"/],
      [['--challenger', 'alphazero'], /^tournament: --challenger: unknown bot "alphazero"/],
    ] as const) {
      const r = spawnSync(process.execPath, [script, '--dist', '/nonexistent-dist', ...args], { encoding: 'utf8', timeout: 30_000 });
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
    }
  });
});
