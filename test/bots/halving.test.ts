import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HALVING_CONSIDERED, Halving, type RootStats } from '../../src/bots/halving.js';
import { botRandom } from '../../src/bots/index.js';
import { ISMCTS_DEFAULTS } from '../../src/bots/ismcts.js';
import type { RootChoice, SearchSettings } from '../../src/bots/search.js';
import { search } from '../../src/bots/search.js';
import type { Action, PlayerView } from '../../src/index.js';
import { createDealer, type Dealer } from '../../src/sim/index.js';
import { heuristicPositions } from '../helpers/positions.js';

/**
 * Runs a schedule of `iterations` walks over `means.length` choices (keys 10, 20, …; the prior's weight `weight`), each walk of
 * choice i rewarding exactly `means[i]`; returns the walks per key, in order of the phases, and the key played.
 */
function run(means: readonly number[], iterations: number, prior?: readonly number[], weight = 3, rescale = false) {
  const keys = means.map((_, i) => 10 * (i + 1));
  const stats = new Map<number, { visits: number; total: number }>();
  const look = (k: number): RootStats | undefined => stats.get(k);
  const h = new Halving(keys, prior, weight, iterations, rescale);
  const walks: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const k = h.next(look);
    walks.push(k);
    const s = stats.get(k) ?? { visits: 0, total: 0 };
    s.visits += 1;
    s.total += means[keys.indexOf(k)] as number;
    stats.set(k, s);
  }
  const visits = (k: number) => stats.get(k)?.visits ?? 0;
  return { keys, walks, visits, played: h.best(look) };
}

describe('sequential halving at the root (rootHalving)', () => {
  it('walks the choices in phases, equally within each, halving down to two that share what is left', () => {
    // 5 choices, 1,000 iterations: ⌈log₂ 5⌉ = 3 phases; 66 walks each of 5, then 111 each of 3, then 337 for 2.
    const r = run([0.1, 0.5, 0.3, 0.9, 0.7], 1000);
    expect(r.walks.slice(0, 5)).toEqual([10, 20, 30, 40, 50]);
    expect(r.keys.map(r.visits)).toEqual([66, 66 + 111, 66, 66 + 111 + 169, 66 + 111 + 168]);
    expect(r.played).toBe(40);
  });

  it('says which walks open a round: the first of each turn through the choices in play', () => {
    const keys = [10, 20, 30, 40, 50];
    const h = new Halving(keys, undefined, 3, 1000, false);
    const opens: number[] = [];
    for (let i = 0; i < 1000; i++) {
      h.next(() => ({ visits: 1, total: 0.5 }));
      if (h.roundStart) opens.push(i);
    }
    // 66 rounds of 5, then 111 of 3 (from walk 330), then 169 of 2 (from walk 663; the last one walk).
    expect(opens.length).toBe(66 + 111 + 169);
    expect(opens.slice(0, 3)).toEqual([0, 5, 10]);
    expect(opens.slice(65, 68)).toEqual([325, 330, 333]);
    expect(opens.slice(176, 179)).toEqual([660, 663, 665]);
    expect(opens[opens.length - 1]).toBe(999);
  });

  it('plays the best mean without a prior, and lets the prior speak while visits are few', () => {
    expect(run([0.2, 0.25, 0.6, 0.3], 400).played).toBe(30);
    // Two visits: the prior's 0.9 outweighs a mean 0.02 higher; 2,000 visits and 0.1 higher: the search's.
    expect(run([0.5, 0.52], 2, [0.9, 0.1]).played).toBe(10);
    expect(run([0.5, 0.6], 2000, [0.9, 0.1]).played).toBe(20);
    // Without a prior, or at weight 0, the same two visits go to the mean; at weight 100 the prior outweighs 2,000 visits.
    expect(run([0.5, 0.52], 2).played).toBe(20);
    expect(run([0.5, 0.52], 2, [0.9, 0.1], 0).played).toBe(20);
    expect(run([0.5, 0.6], 2000, [0.9, 0.1], 100).played).toBe(10);
  });

  it('with the rewards rescaled, lets the search outweigh the prior sooner', () => {
    // 1,000 visits each, means 0.02 apart: as they are, the prior's 0.9 still decides; rescaled, the better mean.
    expect(run([0.5, 0.52], 2000, [0.9, 0.1]).played).toBe(10);
    expect(run([0.5, 0.52], 2000, [0.9, 0.1], 3, true).played).toBe(20);
    // Equal means rescale to 0: the prior decides.
    expect(run([0.4, 0.4], 2000, [0.2, 0.8], 3, true).played).toBe(20);
    expect(run([0.3, 0.5, 0.7, 0.2, 0.6], 1000, undefined, 3, true).played).toBe(30);
  });

  it(`considers at most ${HALVING_CONSIDERED} choices, the prior's likeliest`, () => {
    const means = Array.from({ length: 20 }, (_, i) => i / 20);
    const prior = means.map((_, i) => (i + 1) / 210);
    const r = run(means, 500, prior);
    // The four least likely (keys 10 to 40) are never walked, though the last has the best mean of those.
    expect(r.keys.slice(0, 4).map(r.visits)).toEqual([0, 0, 0, 0]);
    expect(r.keys.slice(4).every((k) => r.visits(k) > 0)).toBe(true);
    expect(r.played).toBe(200);
    // The prior in no order, with ties (kept in the choices' order): the 16 likeliest, and of the tied, the first.
    const shuffled = means.map((_, i) => ((i * 7) % 20 < 4 ? 0.01 : 0.05 + ((i * 7) % 20) / 100));
    shuffled[3] = 0.02;
    shuffled[5] = 0.02;
    const s = run(means, 500, shuffled);
    const walked = s.keys.filter((k) => s.visits(k) > 0).map((k) => k / 10 - 1);
    expect(walked).toEqual(means.map((_, i) => i).filter((i) => (shuffled[i] as number) > 0.02 || i === 3));
  });

  it('spends exactly its iterations on the choices it considers and plays one walked in its last phase', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 24 }),
        fc.integer({ min: 1, max: 3000 }),
        fc.boolean(),
        fc.boolean(),
        (means, iterations, withPrior, rescale) => {
          const prior = withPrior ? means.map((_, i) => (i % 3) + 1) : undefined;
          const r = run(means, iterations, prior, 3, rescale);
          expect(r.walks.length).toBe(iterations);
          expect(new Set(r.walks).size).toBeLessThanOrEqual(Math.min(means.length, HALVING_CONSIDERED));
          expect(r.keys).toContain(r.played);
          const last = new Set(r.walks.slice(-Math.min(2, means.length)));
          if (iterations >= 2 * means.length * Math.ceil(Math.log2(Math.max(2, means.length)))) expect(last.has(r.played)).toBe(true);
        },
      ),
    );
  });
});

describe('the search with rootHalving', () => {
  const SETTINGS: SearchSettings = {
    ...ISMCTS_DEFAULTS,
    iterations: 200,
    timeMs: Number.POSITIVE_INFINITY,
    now: () => 0,
    rootHalving: true,
  };

  /** Views with at least three choices along a heuristic 4-player game. */
  function views(): PlayerView[] {
    return heuristicPositions({ players: 4, seed: 'halving' })
      .map((p) => p.view)
      .filter((v) => v.legal.length > 2)
      .slice(0, 12);
  }

  it('plays a legal action, the same for the same view and seed, asking the prior once per decision', () => {
    for (const v of views()) {
      let asked = 0;
      const settings: SearchSettings = {
        ...SETTINGS,
        prior: (_, choices) => {
          asked += 1;
          return new Float64Array(choices.length).fill(1 / choices.length);
        },
        priorWeight: 3,
      };
      const a = search(v, botRandom(7), settings, createDealer);
      expect(v.legal).toContainEqual(a);
      expect(search(v, botRandom(7), settings, createDealer)).toEqual(a);
      expect(asked).toBe(2);
    }
  });

  it('plays a legal action when a time budget ends the search in its first phase', () => {
    for (const v of views()) {
      let t = 0;
      let walked = 0;
      // The clock moves 1 ms a reading: the deadline (1 ms) has passed at the first check, after 8 iterations.
      const settings: SearchSettings = {
        ...SETTINGS,
        iterations: 1000,
        timeMs: 1,
        now: () => t++,
        value: (_, out) => {
          walked += 1;
          return out.fill(0.25);
        },
      };
      expect(v.legal).toContainEqual(search(v, botRandom(5), settings, createDealer));
      expect(walked).toBeLessThanOrEqual(8);
    }
  });

  it('walks the root as the schedule says: every iteration counted once, the played choice one of the last two, the pruned never', () => {
    for (const v of views()) {
      let report: readonly RootChoice[] = [];
      let choices: readonly Action[] = [];
      const settings: SearchSettings = {
        ...SETTINGS,
        prior: (_, c) => {
          choices = c;
          return c.map((_, i) => (i === 0 ? 0.7 : 0.3 / (c.length - 1)));
        },
        priorWeight: 3,
        report: (r) => {
          report = r;
        },
      };
      const a = search(v, botRandom(9), settings, createDealer);
      const visits = [...report].sort((x, y) => y.visits - x.visits);
      expect(report.length).toBe(choices.length);
      expect(report.reduce((n, c) => n + c.visits, 0)).toBe(SETTINGS.iterations);
      // The last two were walked in every phase: more than any choice cut before.
      if (visits.length > 2) expect((visits[1] as RootChoice).visits).toBeGreaterThan((visits[2] as RootChoice).visits);
      expect(visits.slice(0, 2).map((c) => c.action)).toContainEqual(a);
      // With the prior's filter (`priorPrune`), the choices below it are never walked.
      search(v, botRandom(9), { ...settings, priorPrune: 0.5 }, createDealer);
      expect(report.map((c) => c.action)).toEqual([choices[0]]);
    }
  });

  it("plays the prior's choice when the search has seen almost nothing", () => {
    for (const v of views()) {
      let last: unknown;
      const settings: SearchSettings = {
        ...SETTINGS,
        iterations: 2,
        // Nearly all the prior on the last choice: two walks cannot outweigh it.
        prior: (_, choices) => {
          last = choices[choices.length - 1];
          return choices.map((_, i) => (i === choices.length - 1 ? 0.999 : 0.001 / (choices.length - 1)));
        },
        priorWeight: 3,
      };
      expect(search(v, botRandom(3), settings, createDealer)).toEqual(last);
    }
  });

  /** `createDealer`, with the seed of every deal the search writes into its simulator kept in `seeds`. */
  function recording(seeds: (number | string)[]): (view: PlayerView) => Dealer {
    return (view) => {
      const d = createDealer(view);
      return {
        deal: (seed) => d.deal(seed),
        dealInto: (sim, seed) => {
          seeds.push(seed);
          d.dealInto(sim, seed);
        },
      };
    };
  }

  it('with commonDeals, walks each round on one deal: a new deal when a round opens, a legal and repeatable action', () => {
    for (const v of views()) {
      let choices = 0;
      const settings: SearchSettings = {
        ...SETTINGS,
        commonDeals: true,
        prior: (_, c) => {
          choices = c.length;
          return new Float64Array(c.length).fill(1 / c.length);
        },
        priorWeight: 3,
      };
      const seeds: (number | string)[] = [];
      const a = search(v, botRandom(11), settings, recording(seeds));
      expect(v.legal).toContainEqual(a);
      expect(search(v, botRandom(11), settings, createDealer)).toEqual(a);
      // Every iteration deals (the first too); the deals change only when a round opens.
      expect(seeds.length).toBe(SETTINGS.iterations);
      const runs: number[] = [];
      seeds.forEach((seed, i) => {
        if (i > 0 && seed === seeds[i - 1]) runs[runs.length - 1] = (runs[runs.length - 1] as number) + 1;
        else runs.push(1);
      });
      const first = Math.min(choices, HALVING_CONSIDERED);
      expect(runs[0]).toBe(first);
      // Rounds shrink with the phases, down to the last two choices.
      for (let i = 1; i < runs.length; i++) expect(runs[i] as number).toBeLessThanOrEqual(runs[i - 1] as number);
      expect(runs.slice(0, -1).every((r) => r >= 2)).toBe(true);
      expect(runs.length).toBeLessThan(SETTINGS.iterations / 2);
      // Without common deals: a new deal each iteration after the first.
      const own: (number | string)[] = [];
      search(v, botRandom(11), { ...settings, commonDeals: false }, recording(own));
      expect(own.length).toBe(SETTINGS.iterations - 1);
      expect(new Set(own).size).toBe(own.length);
    }
  });

  it("with commonDeals, a round's walks share the tilted deal too: the opponents' hands the same after each first move", () => {
    // Positions where the opponents hold cards the seat cannot see (the deals differ there).
    const held = heuristicPositions({ players: 4, seed: 'halving' })
      .map((p) => p.view)
      .filter((v) => v.legal.length > 2 && v.handSizes.some((n, q) => q !== v.viewer && n > 0))
      .slice(0, 8);
    expect(held.length).toBe(8);
    for (const v of held) {
      const me = v.viewer as number;
      // No playout: in the first round each walk ends just after its root choice, on the round's deal.
      const hands: string[] = [];
      let choices = 0;
      const settings: SearchSettings = {
        ...SETTINGS,
        depth: 0,
        depthEsteem: 0,
        commonDeals: true,
        prior: (_, c) => {
          choices = c.length;
          return new Float64Array(c.length).fill(1 / c.length);
        },
        priorWeight: 3,
        value: (s, out) => {
          hands.push(JSON.stringify(s.hands.filter((_, q) => q !== me)));
          return out.fill(0.25);
        },
      };
      search(v, botRandom(13), settings, createDealer);
      const round = Math.min(choices, HALVING_CONSIDERED);
      expect(new Set(hands.slice(0, round)).size).toBe(1);
      // The next round is another deal (and without common deals, every walk is).
      expect(hands[round]).not.toBe(hands[0]);
      hands.length = 0;
      search(v, botRandom(13), { ...settings, commonDeals: false }, createDealer);
      expect(new Set(hands.slice(0, round)).size).toBeGreaterThan(1);
    }
  });
});
