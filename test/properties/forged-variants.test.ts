/**
 * A save whose variants were changed mid-game (RULES V) is refused, or it is a game the rules can
 * play on: every state reached from it by legal actions loads again, as `deserialize` promises.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action, GameState, Variants } from '../../src/index.js';
import { fromSave, legalActions, maxGameLength, step, toSave } from '../../src/index.js';
import { gameCaseArb, pickIndex, play, runs, timeoutFor } from './games.js';

const ALL_VARIANTS: readonly Variants[] = (['gold-or-discard', 'by-lot'] as const).flatMap((payment) =>
  (['half', 'tile'] as const).flatMap((secondaryTitle) =>
    (['advisor-keeps-last', 'one-per-opponent'] as const).map((middle) => ({ payment, secondaryTitle, middle })),
  ),
);

/**
 * The save of `s` under every other combination of variants: refused with INVALID_SAVE, or
 * played on with `picks` from `from` (the last legal action once they run out), every state
 * loading again.
 */
function checkForgeries(s: GameState, picks: readonly number[], from: number): void {
  for (const variants of ALL_VARIANTS) {
    if (JSON.stringify(variants) === JSON.stringify(s.variants)) continue;
    const save = JSON.parse(JSON.stringify(toSave(s))) as { state: { variants: Variants } };
    save.state.variants = variants;
    let x: GameState;
    try {
      x = fromSave(save);
    } catch (e) {
      expect(e).toMatchObject({ code: 'INVALID_SAVE' });
      continue;
    }
    const most = maxGameLength({ players: x.players, variants: x.variants });
    for (let i = 0; x.step !== 'over'; i++) {
      expect(i).toBeLessThan(most);
      const legal = legalActions(x);
      const k = picks[from + i];
      x = step(x, legal[k === undefined ? legal.length - 1 : pickIndex(k, legal.length)] as Action).state;
      expect(fromSave(JSON.parse(JSON.stringify(toSave(x)))), `${JSON.stringify(variants)}, action ${i}`).toEqual(x);
    }
  }
}

const GAMES = runs(30);

describe('saves with other variants', () => {
  it(
    'I2, I4, V3: a save whose variants were changed is refused, or every state played on from it loads again',
    () => {
      fc.assert(
        fc.property(gameCaseArb, fc.nat(), (c, at) => {
          const states: GameState[] = [];
          play(c, maxGameLength(c.options), { before: (s) => states.push(s) });
          // A position of the game, and the auction's first, where the lots left say most about the turns played.
          const auction = states.find((x) => x.advisor < 0);
          checkForgeries(states[at % states.length] as GameState, c.picks, at);
          if (auction !== undefined) checkForgeries(auction, c.picks, at);
        }),
        // No shrinking: each try plays up to fourteen games on; the first counterexample names its variants and action.
        { numRuns: GAMES, endOnFailure: true },
      );
    },
    timeoutFor(GAMES, 5000),
  );
});
