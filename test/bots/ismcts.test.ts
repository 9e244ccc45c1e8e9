import { describe, expect, it } from 'vitest';
import { botRandom, ismctsBot } from '../../src/bots/index.js';
import { ISMCTS_DEFAULTS } from '../../src/bots/ismcts.js';
import { candidates, goldOfHand, rolloutAction, rolloutIndex } from '../../src/bots/rollout.js';
import type { SearchSettings } from '../../src/bots/search.js';
import { actionKey, nodeKey, search } from '../../src/bots/search.js';
import { cardIndex } from '../../src/data/cards.js';
import type { Action, GameState, PlayerView, Viewer } from '../../src/index.js';
import { apply, createGame, currentPlayer, DEFAULT_VARIANTS, legalActions, PUBLISHED_VARIANTS, view } from '../../src/index.js';
import type { Dealer } from '../../src/sim/index.js';
import { createDealer } from '../../src/sim/index.js';
import { rejection } from '../helpers/errors.js';
import { firstState, randomAction, testRandom } from '../helpers/hidden.js';
import { heuristicPositions, type Position } from '../helpers/positions.js';
import { auctionScenario } from '../helpers/scenario.js';

const SETTINGS: SearchSettings = { ...ISMCTS_DEFAULTS, iterations: 50, timeMs: Number.POSITIVE_INFINITY, now: () => 0 };

/** States and views along a few heuristic games. */
function positions(players: 2 | 3 | 4 | 5, games: number): Position[] {
  return Array.from({ length: games }, (_, g) => heuristicPositions({ players, seed: `ismcts-${g}` })).flat();
}

/** A determinizer that calls `count` once per deal (as a state or into a simulator). */
function countingDealer(count: () => void): (v: PlayerView) => Dealer {
  return (v) => {
    const dealer = createDealer(v);
    return {
      deal: (seed) => {
        count();
        return dealer.deal(seed);
      },
      dealInto: (sim, seed) => {
        count();
        dealer.dealInto(sim, seed);
      },
    };
  };
}

describe('ismctsBot', () => {
  it('rejects a bad iteration count or time budget', () => {
    expect(rejection(() => ismctsBot({ iterations: 0 })).code).toBe('INVALID_OPTIONS');
    expect(() => ismctsBot({ iterations: 2.5 })).toThrow(/positive integer/);
    expect(() => ismctsBot({ timeMs: 0 })).toThrow(/timeMs must be positive/);
  });

  it('answers a single legal action without searching', () => {
    let calls = 0;
    const counting = countingDealer(() => {
      calls += 1;
    });
    const only = positions(3, 1).find((p) => p.view.legal.length === 1);
    expect(only).toBeDefined();
    const { view: v } = only as { view: PlayerView };
    expect(search(v, botRandom(1), SETTINGS, counting)).toBe(v.legal[0]);
    expect(calls).toBe(0);
  });

  it('stops at the time budget: one deal per iteration, far fewer than asked', () => {
    let calls = 0;
    let clock = 0;
    const counting = countingDealer(() => {
      calls += 1;
    });
    const start = createGame({ players: 4, seed: 1 });
    const v = view(start, start.toMove);
    // Each reading of the clock advances it by 1 ms; the budget is 3 ms.
    const a = search(v, botRandom(1), { ...SETTINGS, iterations: 100_000, timeMs: 3, now: () => clock++ }, counting);
    expect(v.legal).toContainEqual(a);
    expect(calls).toBeGreaterThan(1);
    expect(calls).toBeLessThan(100);
  });
});

describe('the prior (progressive bias)', () => {
  /** The visits of each root choice of the searching seat, with a prior all on its last choice. */
  function visits(v: PlayerView, priorWeight: number, priorForm: 'visits' | 'sqrt', priorPrune = 0): { favoured: number; total: number } {
    let favoured = 0;
    let total = 0;
    let target: Action | undefined;
    const settings: SearchSettings = {
      ...SETTINGS,
      iterations: 400,
      prior: (_v, choices) => {
        target = choices[choices.length - 1];
        return Float64Array.from(choices, (_c, i) => (i === choices.length - 1 ? 1 : 0));
      },
      priorWeight,
      priorForm,
      priorPrune,
      report: (choices) => {
        for (const c of choices) {
          total += c.visits;
          if (target !== undefined && actionKey(c.action) === actionKey(target)) favoured += c.visits;
        }
      },
    };
    search(v, botRandom(1), settings, createDealer);
    return { favoured, total };
  }

  it('draws visits to the choice the prior favours, and the sqrt (PUCT) form keeps its say longer', () => {
    const views = positions(4, 1)
      .map((x) => x.view)
      .filter((v) => v.step === 'place' && v.legal.length > 2)
      .slice(0, 3);
    expect(views.length).toBe(3);
    for (const v of views) {
      const none = visits(v, 0, 'visits');
      const fading = visits(v, 0.5, 'visits');
      const lasting = visits(v, 0.5, 'sqrt');
      expect(none.total).toBe(400);
      expect(fading.favoured).toBeGreaterThanOrEqual(none.favoured);
      expect(lasting.favoured).toBeGreaterThan(fading.favoured);
    }
  });

  it('leaves out of the search the root choices whose prior is under priorPrune × the top one', () => {
    const views = positions(4, 1)
      .map((x) => x.view)
      .filter((v) => v.step === 'place' && v.legal.length > 2)
      .slice(0, 3);
    for (const v of views) {
      const pruned = visits(v, 0.5, 'visits', 0.5);
      expect(pruned.total).toBe(400);
      expect(pruned.favoured).toBe(400);
      expect(visits(v, 0.5, 'visits', 0).favoured).toBeLessThan(400);
    }
  });
});

describe('the prior below the root (treePrior)', () => {
  /** The viewers the prior was asked for, in order, in one search of 400 iterations. */
  function asked(v: PlayerView, treePrior?: SearchSettings['treePrior']): Viewer[] {
    const viewers: Viewer[] = [];
    const settings: SearchSettings = {
      ...SETTINGS,
      iterations: 400,
      prior: (pv, choices) => {
        viewers.push(pv.viewer);
        expect(choices.length).toBeGreaterThan(0);
        for (const c of choices) expect(pv.legal).toContainEqual(c);
        return new Float64Array(choices.length).fill(1 / choices.length);
      },
      priorWeight: 3,
      ...(treePrior === undefined ? {} : { treePrior }),
    };
    const a = search(v, botRandom(1), settings, createDealer);
    expect(v.legal).toContainEqual(a);
    return viewers;
  }

  // Bids: the seats take turns, so the tree has every seat's decisions near its root.
  const views = positions(4, 1)
    .map((x) => x.view)
    .filter((v) => v.step === 'bid' && v.legal.length > 2)
    .slice(0, 3);

  it('asks only at the root without it, or before any decision below was walked often enough', () => {
    expect(views.length).toBe(3);
    for (const v of views) {
      expect(asked(v)).toEqual([v.viewer]);
      expect(asked(v, { visits: 1_000_000, movers: 'all' })).toEqual([v.viewer]);
    }
  });

  it("asks below the root for the searching seat's own decisions with 'self', for every seat's with 'all'", () => {
    for (const v of views) {
      const self = asked(v, { visits: 2, movers: 'self' });
      expect(self.length).toBeGreaterThan(1);
      expect(self.filter((viewer) => viewer !== v.viewer)).toEqual([]);
      const all = asked(v, { visits: 2, movers: 'all' });
      expect(all.filter((viewer) => viewer !== v.viewer).length).toBeGreaterThan(0);
    }
  });
});

describe('the search’s candidate actions', () => {
  const all = [...positions(2, 2), ...positions(4, 1)];

  it('are a non-empty subset of the legal actions', () => {
    for (const { state } of all) {
      const legal = legalActions(state);
      if (legal.length === 0) continue;
      const c = candidates(state, legal, 2);
      expect(c.length).toBeGreaterThan(0);
      for (const a of c) expect(legal).toContain(a);
    }
  });

  it('bid no more than the bidder can pay, and always keep pass', () => {
    let bidSteps = 0;
    for (const { state } of all) {
      if (state.step !== 'bid') continue;
      bidSteps += 1;
      const hand = state.hands[state.toMove] as number[];
      const gold = goldOfHand(hand);
      const c = candidates(state, legalActions(state), 2);
      expect(c.at(-1)).toEqual({ type: 'pass', player: state.toMove });
      for (const a of c)
        if (a.type === 'bid') expect(a.amount).toBeLessThanOrEqual(Math.min(gold > 0 ? gold : hand.length, state.highBid + 2));
    }
    expect(bidSteps).toBeGreaterThan(0);
  });

  /** A King bought by player 0 at auction: the state waits for its resolution. */
  const kingToResolve = (players: 2 | 3, variants: typeof DEFAULT_VARIANTS) => {
    const t = auctionScenario({
      players,
      variants,
      hands: [['gold-1-1', 'diplomacy-A'], ['military-A'], ['architecture-A']].slice(0, players),
      favor: ['king-1', 'gold-1-2'],
      titles: { diplomacy: 4, military: 6 },
      secondary: { diplomacy: 2, military: 3 },
      firstPlayer: 0,
    })
      .bid(0, 1)
      .pass(1);
    return (players === 3 ? t.pass(2) : t).pay(0, 'gold-1-1');
  };

  const kingValues = (state: GameState) => {
    expect(state.step).toBe('king');
    const out: Record<string, number[]> = {};
    for (const a of candidates(state, legalActions(state), 1)) if (a.type === 'king') out[a.office] = [...(out[a.office] ?? []), a.value];
    return out;
  };

  it('resolve a King to either extreme of each office, and with a secondary tile also to the secondary’s value (RULES K2, V2)', () => {
    const half = kingValues(kingToResolve(3, DEFAULT_VARIANTS).state);
    expect(half.diplomacy).toEqual([1, 6]);
    expect(half.military).toEqual([1, 5]);
    // Under 'tile' setting a primary to its secondary's value swaps the two: diplomacy 4/2 and
    // military 6/3 keep that third choice; the offices at 3/1 have it already (1).
    const tile = kingValues(kingToResolve(3, PUBLISHED_VARIANTS).state);
    expect(tile.diplomacy).toEqual([1, 2, 6]);
    expect(tile.military).toEqual([1, 3, 5]);
    expect(tile.architecture).toEqual([1, 6]);
    // With 2 players there is no secondary title to swap with.
    expect(kingValues(kingToResolve(2, PUBLISHED_VARIANTS).state).diplomacy).toEqual([1, 6]);
  });

  it('pay with a single gold card: the largest of the cheapest cover', () => {
    const t = auctionScenario({
      players: 2,
      hands: [['gold-3-1', 'gold-2-1', 'gold-1-1'], ['gold-1-2']],
      favor: ['military-A', 'gold-1-3'],
      firstPlayer: 0,
    })
      .bid(0, 2)
      .pass(1);
    const c = candidates(t.state, legalActions(t.state), 1);
    expect(c).toEqual([{ type: 'pay', player: 0, card: 'gold-2-1' }]);
  });
});

describe('the playout policy', () => {
  const eager = { next: () => 0.99, int: () => 0 };
  const bidOn = (lot: string, payment: 'by-lot' | 'gold-or-discard') =>
    auctionScenario({
      players: 2,
      variants: { payment },
      hands: [['diplomacy-A', 'military-A', 'military-B'], ['gold-3-1']],
      favor: [lot, 'gold-1-2'],
      firstPlayer: 0,
    }).state;

  it('bids for a Gold lot by discarding under by-lot, with no gold at all (RULES V1)', () => {
    const state = bidOn('gold-3-2', 'by-lot');
    expect(rolloutAction(state, legalActions(state), eager)).toEqual({ type: 'bid', player: 0, amount: 1 });
  });

  it('never bids for a Government lot under by-lot without gold, nor without gold under gold-or-discard', () => {
    for (const state of [bidOn('diplomacy-B', 'by-lot'), bidOn('gold-3-2', 'gold-or-discard')])
      expect(rolloutAction(state, legalActions(state), eager)).toEqual({ type: 'pass', player: 0 });
  });
});

describe('the playout policy by index', () => {
  it('chooses the index of the action rolloutAction chooses, with the same draws, in every step, player count and variant', () => {
    const variants = [DEFAULT_VARIANTS, PUBLISHED_VARIANTS, { payment: 'by-lot', secondaryTitle: 'tile' } as const];
    const seen = new Set<string>();
    let checked = 0;
    for (const players of [2, 3, 4, 5] as const) {
      for (const v of variants) {
        for (let g = 0; g < 3; g++) {
          const rand = testRandom(players * 100 + g);
          let state = createGame({ players, seed: `rollout-index-${g}`, variants: v });
          for (let i = 0; currentPlayer(state) !== null; i++) {
            const legal = legalActions(state);
            // Two generators in step: after both choices they must still give the same draw.
            const a = botRandom(`${players}-${g}-${i}`);
            const b = botRandom(`${players}-${g}-${i}`);
            const index = rolloutIndex(state, legal.length, a);
            expect(index, `${state.step} of ${legal.length}`).toBe(legal.indexOf(rolloutAction(state, legal, b)));
            expect(a.next()).toBe(b.next());
            seen.add(state.step);
            checked++;
            state = apply(state, randomAction(state, rand));
          }
        }
      }
    }
    expect([...seen].sort()).toEqual(['bid', 'king', 'pay', 'place', 'take']);
    expect(checked).toBeGreaterThan(5000);
  });
});

describe('action keys', () => {
  it('equal actions share a key and different actions do not', () => {
    const seen = new Map<number, string>();
    for (const { state } of positions(3, 1)) {
      for (const a of legalActions(state) as Action[]) {
        const key = actionKey(a);
        const text = JSON.stringify(a);
        expect(seen.get(key) ?? text).toBe(text);
        seen.set(key, text);
        expect(actionKey({ ...a })).toBe(key);
      }
    }
    expect(seen.size).toBeGreaterThan(50);
  });
});

describe('node keys', () => {
  const states = positions(4, 2).map((p) => p.state);
  const at = (ok: (s: GameState) => boolean): GameState => firstState(states, ok);

  it('an opponent resolving a King: keyed by the office where they hold most influence in the deal', () => {
    const s = at((x) => x.step === 'king');
    const mover = s.toMove;
    const me = (mover + 1) % 4;
    const a = legalActions(s)[0] as Action;
    const holding = (ids: string[]): GameState => ({ ...s, hands: s.hands.map((h, p) => (p === mover ? ids.map(cardIndex) : h)) });
    const diplomacy = holding(['diplomacy-A', 'military-I']);
    const military = holding(['diplomacy-I', 'military-A', 'military-B']);
    expect(nodeKey(diplomacy, a, me)).not.toBe(nodeKey(military, a, me));
    expect(nodeKey(diplomacy, a, me)).toBe(nodeKey(holding(['diplomacy-B']), a, me));
    // The searching seat's own King choice: its hand is the same in every deal, no key needed.
    expect(nodeKey(diplomacy, a, mover)).toBe(nodeKey(military, a, mover));
    expect(nodeKey(diplomacy, a, mover)).toBe(actionKey(a));
  });

  it('placing: keyed by the drawn card for the searching seat only; bidding: by the lot', () => {
    const s = at((x) => x.step === 'place');
    const a = legalActions(s)[0] as Action;
    const other = { ...s, drawn: s.drawn === 0 ? 1 : 0 };
    expect(nodeKey(s, a, s.toMove)).not.toBe(nodeKey(other, a, s.toMove));
    expect(nodeKey(s, a, (s.toMove + 1) % 4)).toBe(nodeKey(other, a, (s.toMove + 1) % 4));
    const b = at((x) => x.step === 'bid');
    const bid = legalActions(b)[0] as Action;
    expect(nodeKey(b, bid, b.toMove)).not.toBe(nodeKey({ ...b, lot: b.lot === 0 ? 1 : 0 }, bid, b.toMove));
  });
});
