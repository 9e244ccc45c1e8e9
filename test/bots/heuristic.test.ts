import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cheapestCover, largestCoinOfCover } from '../../src/bots/cover.js';
import { botRandom, heuristicBot, randomBot } from '../../src/bots/index.js';
import type { Card, PlayerView } from '../../src/index.js';
import { apply, createGame, currentPlayer, view } from '../../src/index.js';
import { auctionScenario, scenario } from '../helpers/scenario.js';

const gold = (hand: readonly Card[]): number => hand.reduce((a, c) => a + (c.kind === 'gold' ? c.value : 0), 0);

/** Every view the heuristic bot decides on in a few games against the random bot. */
function heuristicDecisions(games: number): { v: PlayerView; a: ReturnType<typeof heuristicBot> }[] {
  const out: { v: PlayerView; a: ReturnType<typeof heuristicBot> }[] = [];
  const rng = botRandom(0);
  for (let g = 0; g < games; g++) {
    let state = createGame({ players: 3, seed: g });
    for (let p = currentPlayer(state); p !== null; p = currentPlayer(state)) {
      const v = view(state, p);
      const a = p === 0 ? heuristicBot(v, rng) : randomBot(v, rng);
      if (p === 0) out.push({ v, a });
      state = apply(state, a);
    }
  }
  return out;
}

describe('heuristicBot', () => {
  const decisions = heuristicDecisions(3);

  it('never bids more than it can pay (gold, or cards to discard when it has no gold)', () => {
    const bids = decisions.filter((d) => d.a.type === 'bid');
    expect(bids.length).toBeGreaterThan(0);
    for (const { v, a } of bids) {
      if (a.type !== 'bid') continue;
      const g = gold(v.hand);
      expect(a.amount).toBeLessThanOrEqual(g > 0 ? g : v.hand.length);
    }
  });

  it('pays with gold without overpaying when an exact cover exists', () => {
    expect(cheapestCover([3, 2, 1, 1], 4)).toEqual([3, 1]);
    expect(cheapestCover([3, 3], 2)).toEqual([3]);
    expect(cheapestCover([2, 2, 2], 5)).toEqual([2, 2, 2]);
    expect(cheapestCover([1, 1, 2], 2)).toEqual([2]);
  });

  it('A5: the search takes the largest coin of that cover, counted without building it (also when nothing covers the due)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 12 }), fc.integer({ min: 0, max: 30 }), (values, due) => {
        const counts = [0, 0, 0, 0];
        for (const v of values) counts[v] = (counts[v] as number) + 1;
        expect(largestCoinOfCover(counts, due)).toBe(cheapestCover(values, due)[0]);
      }),
    );
  });

  it('resolves a King by raising the title it leads most surely (or lowering an opponent’s)', () => {
    const king = (mine: string[], theirs: string[]) => {
      const t = auctionScenario({ players: 2, hands: [['gold-1-1', ...mine], theirs], favor: ['king-1', 'gold-1-2'], firstPlayer: 0 })
        .bid(0, 1)
        .pass(1)
        .pay(0, 'gold-1-1');
      return heuristicBot(view(t.state, 0), botRandom(1));
    };
    // Sure lead in diplomacy, hopeless in military: raise diplomacy.
    expect(king(['diplomacy-A', 'diplomacy-B', 'diplomacy-C'], ['military-A', 'military-B', 'military-C'])).toEqual({
      type: 'king',
      player: 0,
      office: 'diplomacy',
      value: 6,
    });
    // The opponent holds everything it could raise: lower the title they lead most surely.
    expect(king([], ['military-A', 'military-B', 'military-C', 'military-D'])).toEqual({
      type: 'king',
      player: 0,
      office: 'military',
      value: 1,
    });
  });

  it('keeps Diplomacy 4 when it is the first card it draws', () => {
    for (const players of [2, 3, 4] as const) {
      const t = scenario({ players, deck: ['diplomacy-A'], firstPlayer: 0 });
      expect(heuristicBot(view(t.state, 0), botRandom(1))).toEqual({ type: 'place', player: 0, area: 'self' });
    }
  });

  it('bids for a lot that wins it a title, within its gold, and pays exactly', () => {
    // Player 0 leads nothing in military; the lot military-A would give it the title.
    let t = auctionScenario({
      players: 2,
      hands: [
        ['gold-3-1', 'gold-1-1', 'diplomacy-I'],
        ['gold-2-1', 'military-I', 'diplomacy-H'],
      ],
      favor: ['military-A', 'gold-1-2'],
      firstPlayer: 0,
      titles: { military: 6 },
    });
    const first = heuristicBot(view(t.state, 0), botRandom(1));
    expect(first).toEqual({ type: 'bid', player: 0, amount: 1 });
    t = t.act(first).pass(1);
    // It won for 1: it pays with its 1, not its 3.
    expect(heuristicBot(view(t.state, 0), botRandom(1))).toEqual({ type: 'pay', player: 0, card: 'gold-1-1' });
  });

  it('passes rather than bid beyond its gold', () => {
    const t = auctionScenario({
      players: 2,
      hands: [
        ['gold-1-1', 'diplomacy-I'],
        ['gold-3-1', 'gold-3-2', 'military-I'],
      ],
      favor: ['military-A', 'gold-1-2'],
      firstPlayer: 1,
      titles: { military: 6 },
    }).bid(1, 1);
    expect(heuristicBot(view(t.state, 0), botRandom(1))).toEqual({ type: 'pass', player: 0 });
  });
});
