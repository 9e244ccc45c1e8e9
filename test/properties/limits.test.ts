/**
 * `maxGameLength` (issue 5, item 5): a bound every game respects. The random games of
 * `invariants.test.ts` check it on every game; here an adversarial policy plays the longest games
 * it can (every lot bid up to the maximum, every round forfeited) to show the bound holds there
 * too and is not absurdly loose.
 */
import { describe, expect, it } from 'vitest';
import type { Action, GameState, PlayerCount, Variants } from '../../src/index.js';
import { createGame, deckSize, legalActions, maxGameLength, PUBLISHED_VARIANTS, RulesError, step } from '../../src/index.js';

/** Lowest bids while others are in; alone, the highest bid (a sure forfeit); else the first action. */
function longest(s: GameState): Action {
  const legal = legalActions(s);
  if (s.step !== 'bid') return legal[0] as Action;
  let inCount = 0;
  for (let p = 0; p < s.players; p++) if ((s.out & (1 << p)) === 0) inCount++;
  return (inCount === 1 && legal.length > 1 ? legal[legal.length - 2] : legal[0]) as Action;
}

function playLongest(players: PlayerCount, seed: number, variants: Partial<Variants>): { length: number; forfeits: number } {
  let state = createGame({ players, seed, variants });
  let length = 0;
  while (state.step !== 'over') {
    state = step(state, longest(state)).state;
    length++;
  }
  return { length, forfeits: state.forfeits };
}

describe('maxGameLength', () => {
  it('S2, A3, A7, V3: the bound of the rules, by player count and middle rule', () => {
    expect([2, 3, 4, 5].map((players) => maxGameLength({ players: players as PlayerCount }))).toEqual([1945, 3472, 4808, 9179]);
    const retail = { middle: 'one-per-opponent' } as const;
    expect([2, 3, 4, 5].map((players) => maxGameLength({ players: players as PlayerCount, variants: retail }))).toEqual([
      2550, 4132, 5466, 10293,
    ]);
  });

  it('depends on the player count and the middle rule only, not on the seed, first player, payment or secondary title', () => {
    for (const players of [2, 3, 4, 5] as const) {
      const bound = maxGameLength({ players });
      const other = { payment: 'by-lot', secondaryTitle: 'tile' } as const;
      expect(maxGameLength({ players, seed: 'x', firstPlayer: 1, variants: other })).toBe(bound);
      expect(maxGameLength({ players, variants: PUBLISHED_VARIANTS })).toBe(
        maxGameLength({ players, variants: { middle: 'one-per-opponent' } }),
      );
      expect(bound).toBeGreaterThan(players * deckSize(players));
    }
  });

  it('S1: rejects options createGame rejects', () => {
    expect(() => maxGameLength({ players: 6 as PlayerCount })).toThrow(RulesError);
    expect(() => maxGameLength({ players: 3, variants: { payment: 'cash' as 'by-lot' } })).toThrow(RulesError);
  });

  for (const players of [2, 3, 4, 5] as const) {
    it(`A3, A7: ${players} players: games that bid every lot to the maximum end within the bound, and reach 40% of it`, () => {
      for (const variants of [PUBLISHED_VARIANTS, {}]) {
        const bound = maxGameLength({ players, variants });
        const slots = variants === PUBLISHED_VARIANTS ? players + 1 : players + 2;
        for (const seed of [1, 2]) {
          const { length, forfeits } = playLongest(players, seed, variants);
          expect(forfeits).toBeGreaterThanOrEqual((players - 1) * Math.ceil(deckSize(players) / slots));
          expect(length).toBeLessThanOrEqual(bound);
          expect(length).toBeGreaterThan(0.4 * bound);
        }
      }
    });
  }
});
