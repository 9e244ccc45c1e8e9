import { describe, expect, it } from 'vitest';
import { evaluate, STAGES, stageOf, valueFeatures, weightsOf } from '../../src/bots/evaluate.js';
import { heuristicBot } from '../../src/bots/heuristic.js';
import { ISMCTS_DEFAULTS } from '../../src/bots/ismcts.js';
import { playGame } from '../../src/bots/play.js';
import { VALUE_WEIGHTS } from '../../src/bots/value-weights.js';
import type { GameState, PlayerCount, Variants } from '../../src/index.js';
import { createGame, DEFAULT_VARIANTS, PUBLISHED_VARIANTS, score } from '../../src/index.js';
import { goldIn } from '../../src/rules/scoring.js';

/** Every state of a heuristic self-play game, the last one over. */
function states(players: PlayerCount, seed: string, variants: Variants = DEFAULT_VARIANTS): GameState[] {
  const out: GameState[] = [];
  playGame({ players, seed, variants, bots: Array.from({ length: players }, () => heuristicBot), onAction: (_a, s) => out.push(s) });
  return out;
}

describe('the search’s value estimate', () => {
  it('has finite weights for both middle rules (V3), 3, 4 and 5 players and every stage', () => {
    expect(Object.keys(VALUE_WEIGHTS).sort()).toEqual(['advisor-keeps-last', 'one-per-opponent']);
    for (const tables of Object.values(VALUE_WEIGHTS)) {
      expect(tables).toHaveLength(3);
      for (const table of tables) {
        expect(table).toHaveLength(STAGES);
        for (const w of table) {
          expect(w).toHaveLength(3);
          for (const x of w) expect(Number.isFinite(x)).toBe(true);
        }
      }
    }
  });

  it('V3: takes the weights of the game’s middle rule, fitted on DEFAULT_VARIANTS or PUBLISHED_VARIANTS games', () => {
    // The two tables are fitted on different games, so they differ.
    expect(VALUE_WEIGHTS['one-per-opponent']).not.toEqual(VALUE_WEIGHTS['advisor-keeps-last']);
    for (const players of [3, 4, 5] as const) {
      const byDefault = createGame({ players, seed: 1 });
      const published = createGame({ players, seed: 1, variants: PUBLISHED_VARIANTS });
      const retailMiddleOnly = createGame({ players, seed: 1, variants: { middle: 'one-per-opponent' } });
      expect(weightsOf(byDefault)).toBe(VALUE_WEIGHTS['advisor-keeps-last'][players - 3]);
      expect(weightsOf(published)).toBe(VALUE_WEIGHTS['one-per-opponent'][players - 3]);
      expect(weightsOf(retailMiddleOnly)).toBe(VALUE_WEIGHTS['one-per-opponent'][players - 3]);
    }
  });

  it('stages run from 13 (the first draws) down to 6 (the end of the draft), then 5 down to 0 (the last lots)', () => {
    for (const players of [2, 3, 4, 5] as const) {
      const all = states(players, `stage-${players}`).filter((s) => s.step !== 'over');
      const stages = all.map(stageOf);
      expect(stages[0]).toBe(13);
      expect(stages.at(-1)).toBe(0);
      for (let i = 1; i < stages.length; i++) expect(stages[i]).toBeLessThanOrEqual(stages[i - 1] as number);
      for (let i = 0; i < all.length; i++) expect((stages[i] as number) >= 6).toBe((all[i] as GameState).advisor >= 0);
      expect(new Set(stages).size).toBe(STAGES);
    }
  });

  it('gives every seat a reward in [0, 1], summing to 1; the real result once the game is over', () => {
    for (const players of [2, 3, 4, 5] as const) {
      const all = states(players, `value-${players}`);
      const out = new Array<number>(players).fill(0);
      for (const s of all) {
        evaluate(s, out, ISMCTS_DEFAULTS);
        for (const x of out) expect(x >= 0 && x <= 1).toBe(true);
        expect(out.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
      }
      const last = all.at(-1) as GameState;
      const winners = score(last).winners;
      evaluate(last, out, ISMCTS_DEFAULTS);
      expect(out).toEqual(out.map((_, p) => (winners.includes(p) ? 1 / winners.length : 0)));
    }
  });

  it('with 2 players: a logistic of the expected point margin at the set temperature', () => {
    const mid = states(2, 'margin').filter((s) => s.step !== 'over');
    for (const s of mid.filter((_, i) => i % 11 === 0)) {
      const { expected } = valueFeatures(s, ISMCTS_DEFAULTS);
      const margin = (expected[0] as number) - (expected[1] as number);
      for (const temperature of [1, 3]) {
        const out = evaluate(s, [0, 0], { ...ISMCTS_DEFAULTS, temperature });
        expect(out[0]).toBeCloseTo(1 / (1 + Math.exp(-margin / temperature)), 12);
        expect(out[1]).toBeCloseTo(1 / (1 + Math.exp(margin / temperature)), 12);
      }
    }
  });

  it('with 3 to 5 players: a softmax of the projection weighted for the middle rule, player count and stage', () => {
    for (const [variants, middle] of [
      [DEFAULT_VARIANTS, 'advisor-keeps-last'],
      [PUBLISHED_VARIANTS, 'one-per-opponent'],
    ] as const)
      for (const players of [3, 4, 5] as const) {
        const mid = states(players, `softmax-${players}`, variants).filter((s) => s.step !== 'over');
        for (const s of mid.filter((_, i) => i % 13 === 0)) {
          const f = valueFeatures(s, ISMCTS_DEFAULTS);
          const [we, wg, wl] = (VALUE_WEIGHTS[middle][players - 3] as readonly (readonly number[])[])[f.stage] as readonly number[];
          const u = f.expected.map(
            (e, p) => (we as number) * e + (wg as number) * (f.gold[p] as number) + (wl as number) * (f.leads[p] as number),
          );
          const total = u.reduce((a, x) => a + Math.exp(x), 0);
          const out = evaluate(s, new Array<number>(players).fill(0), ISMCTS_DEFAULTS);
          for (let p = 0; p < players; p++) expect(out[p]).toBeCloseTo(Math.exp(u[p] as number) / total, 12);
        }
      }
  });

  it('picks the winner-to-be more often than chance late in the auction', () => {
    let right = 0;
    const games = 40;
    for (let g = 0; g < games; g++) {
      const all = states(4, `late-${g}`);
      const late = all.find((s) => s.step !== 'over' && stageOf(s) === 0) as GameState;
      const out = evaluate(late, [0, 0, 0, 0], ISMCTS_DEFAULTS);
      const best = out.indexOf(Math.max(...out));
      if (score(all.at(-1) as GameState).winners.includes(best)) right += 1;
    }
    // Chance is 1 in 4; the projection on the last lots is right most of the time.
    expect(right).toBeGreaterThan(games * 0.6);
  }, 60_000);

  it('features: each seat’s gold, and expected titles that add up to at most one per office', () => {
    const all = states(4, 'features').filter((s) => s.step !== 'over');
    for (const s of all.filter((_, i) => i % 7 === 0)) {
      const f = valueFeatures(s, ISMCTS_DEFAULTS);
      expect(f.stage).toBe(stageOf(s));
      const gold = s.hands.map(goldIn);
      expect(f.gold).toEqual(gold);
      expect(f.leads.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(s.primary.length + 1e-9);
      for (const e of f.expected) expect(e).toBeGreaterThanOrEqual(0);
    }
    expect(() => valueFeatures(states(2, 'over').at(-1) as GameState, ISMCTS_DEFAULTS)).toThrow(/over/);
  });
});
