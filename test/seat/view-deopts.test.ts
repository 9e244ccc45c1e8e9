/**
 * `view()` stays optimized. A host builds every seat's view after every action, so `buildView`
 * is the engine's hottest function on a server. On Node 20, when `highBidder`'s `null`-or-seat
 * was computed inside the view's object literal, V8 threw the optimized `buildView` away on view
 * after view (a deoptimization, reason `Smi`) and compiled it again: in `npm run
 * bench:host-core`, about 240 compilations in three rounds, a fifth of the host's work per
 * action. The child process below builds four seats' views through 100 games of `heuristicBot`s
 * under `node --trace-deopt` and counts how often that happened: 18 to 26 times before the mend,
 * and growing with the games (62 in 300), 2 after it (while V8 learns the types, whatever the
 * number of games).
 *
 * Not a timed test: it counts V8's own events, which do not depend on the machine's speed.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'view-deopts.ts');

describe('view() stays optimized', () => {
  it('buildView is deoptimized a few times while V8 learns, not on view after view', () => {
    const r = spawnSync(process.execPath, ['--trace-deopt', '--import', 'tsx', FIXTURE, '100'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: 120_000,
    });
    expect(r.status, r.stderr).toBe(0);
    // The fixture really built the views: 100 games of about 250 actions.
    const views = Number(/views (\d+)/.exec(r.stdout)?.[1]);
    expect(views).toBeGreaterThan(20_000);
    const deopts = r.stdout.split('\n').filter((line) => /deoptimizing .*<JSFunction buildView /.test(line));
    expect(deopts.length, deopts.slice(0, 3).join('\n')).toBeLessThanOrEqual(6);
  }, 130_000);
});
