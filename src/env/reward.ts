/**
 * Rewards at the end of a game: a share of the win, or the points scored.
 * @module
 */
import type { Score } from '../index.js';
import { RulesError } from '../index.js';

/**
 * How rewards are counted, given once when the game ends (every earlier step gives 0):
 * - `'win'` (default): 1 to the winner; a win shared by `k` players gives each `1 / k`; 0 to the others.
 * - `'points'`: each player's final points (RULES E3).
 */
export type RewardKind = 'win' | 'points';

/** @internal Writes each player's final reward of kind `kind` into `out` at `offset`. */
export function writeRewards(score: Score, kind: RewardKind, out: { [i: number]: number }, offset: number): void {
  const n = score.points.length;
  if (kind === 'points') {
    for (let p = 0; p < n; p++) out[offset + p] = score.points[p] as number;
    return;
  }
  for (let p = 0; p < n; p++) out[offset + p] = 0;
  const share = 1 / score.winners.length;
  for (const w of score.winners) out[offset + w] = share;
}

/** @internal Checks a reward option, as read once from untrusted options. */
export function rewardKindOf(x: unknown): RewardKind {
  if (x === undefined || x === 'win') return 'win';
  if (x === 'points') return 'points';
  throw new RulesError('INVALID_OPTIONS', `reward must be "win" or "points", got ${typeof x === 'string' ? JSON.stringify(x) : String(x)}`);
}
