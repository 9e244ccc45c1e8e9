import { describe, expect, it } from 'vitest';
import { KIND, KING } from '../../src/data/cards.js';
import type { Action, GameEvent, PlayerCount, Variants } from '../../src/index.js';
import { createGame, currentPlayer, isGameOver, legalActions, phaseOf, score, step } from '../../src/index.js';
import { expectConserved } from '../helpers/cards.js';

/** A small seeded generator for the test's own choices (mulberry32). */
function chooser(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

const VARIANTS: Variants[] = [
  { payment: 'gold-or-discard', secondaryTitle: 'half', middle: 'advisor-keeps-last' },
  { payment: 'by-lot', secondaryTitle: 'tile', middle: 'one-per-opponent' },
  { payment: 'by-lot', secondaryTitle: 'half', middle: 'advisor-keeps-last' },
  { payment: 'gold-or-discard', secondaryTitle: 'tile', middle: 'one-per-opponent' },
];

describe('whole random games', () => {
  for (const players of [2, 3, 4, 5] as PlayerCount[]) {
    for (const variants of VARIANTS) {
      it(`A8: ${players} players, ${variants.payment} + ${variants.secondaryTitle} + ${variants.middle}: seeded random games finish with a final score`, () => {
        for (const seed of [1, 2, 3]) {
          const pick = chooser(seed * 31 + players);
          let state = createGame({ players, seed, variants });
          let actions = 0;
          let last: readonly GameEvent[] = [];
          let sawEsteem = false;
          while (!isGameOver(state)) {
            const legal = legalActions(state);
            expect(legal.length).toBeGreaterThan(0);
            const p = currentPlayer(state);
            expect(legal.every((a) => a.player === p)).toBe(true);
            const r = step(state, legal[pick(legal.length)] as Action);
            state = r.state;
            last = r.events;
            if (phaseOf(state) === 'esteem') sawEsteem = true;
            actions++;
            expect(actions).toBeLessThan(20_000);
            if (actions % 25 === 0) expectConserved(state);
          }
          expect(sawEsteem).toBe(true);
          expectConserved(state);
          expect(currentPlayer(state)).toBeNull();
          expect(state.deckTop).toBe(state.deck.length);
          expect(state.favor).toEqual([]);
          expect(state.lot).toBe(-1);
          expect(state.hands.flat().some((c) => KIND[c] === KING)).toBe(false);
          const s = score(state);
          expect(s.final).toBe(true);
          expect(s.winners.length).toBeGreaterThan(0);
          const best = Math.max(...s.points);
          for (const w of s.winners) expect(s.points[w]).toBe(best);
          expect(last.at(-1)).toEqual({ type: 'game-over', points: s.points, winners: s.winners });
        }
      });
    }
  }
});
