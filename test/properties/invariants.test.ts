/**
 * Random-simulation invariants (issue 5, items 1–6): at every step of many random games, every
 * player count and variant setting. `npm run test:conformance` runs twenty times as many.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/index.js';
import { legalActions, maxGameLength } from '../../src/index.js';
import type { GameCase } from './games.js';
import { gameCaseArb, play, runs, timeoutFor } from './games.js';
import type { CheckLevel } from './invariants.js';
import { GameChecker } from './invariants.js';
import { referenceScore } from './reference-scorer.js';

function playChecked(c: GameCase, level: CheckLevel): void {
  const limit = maxGameLength(c.options);
  const checker = new GameChecker(level);
  let last: readonly GameEvent[] = [];
  const { final, actions } = play(c, limit, {
    before: (s, legal) => checker.check(s, legal),
    after: (ply) => {
      last = ply.events;
    },
  });
  expect(actions.length).toBeLessThanOrEqual(limit);
  checker.check(final, legalActions(final));
  const ref = referenceScore(final);
  expect(last.at(-1)).toEqual({ type: 'game-over', points: ref.points, winners: ref.winners });
}

const FULL = runs(100);
const LIGHT = runs(1000);

describe('random games keep the invariants at every step', () => {
  it(
    'C3, S2, I2, I3, K2, A3, A5, V1, V2, E1–E3: every invariant, near misses and frozen input included',
    () => {
      fc.assert(
        fc.property(gameCaseArb, (c) => playChecked(c, { transitions: true })),
        { numRuns: FULL },
      );
    },
    timeoutFor(FULL, 1000),
  );

  it(
    'C3, S2, I2, K2, A3, E1–E3: conservation, legal actions, bounds and score over many more games',
    () => {
      fc.assert(
        fc.property(gameCaseArb, (c) => playChecked(c, { transitions: false })),
        { numRuns: LIGHT },
      );
    },
    timeoutFor(LIGHT, 200),
  );
});
