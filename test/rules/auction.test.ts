import { describe, expect, it } from 'vitest';
import type { Action, GameEvent } from '../../src/index.js';
import { apply, currentPlayer, isGameOver, legalActions, phaseOf, score } from '../../src/index.js';
import { expectConserved, idsOf } from '../helpers/cards.js';
import { rejection } from '../helpers/errors.js';
import { type AuctionOptions, auctionScenario, scenario, type Table } from '../helpers/scenario.js';

const NO_HANDS = (n: number): string[][] => Array.from({ length: n }, () => []);

/** A 4-player lot of diplomacy-A with a second lot behind it, opened by `firstPlayer`. */
function fourPlayerLot(firstPlayer = 0, hands: string[][] = NO_HANDS(4)): Table {
  return auctionScenario({ players: 4, firstPlayer, hands, favor: ['diplomacy-A', 'military-A'] });
}

function lastOf<T extends GameEvent['type']>(t: Table, type: T): Extract<GameEvent, { type: T }> {
  const e = t.history.filter((x) => x.type === type).at(-1);
  if (e === undefined) throw new Error(`no ${type} event`);
  return e as Extract<GameEvent, { type: T }>;
}

describe('A1–A2: phase 2 begins', () => {
  it('A1: the favor pile is shuffled and each player keeps the cards of phase 1 as their hand', () => {
    let shuffled = 0;
    for (const seed of [1, 2, 3]) {
      let t = scenario({ players: 4, seed });
      let lastInfluence = t;
      while (phaseOf(t.state) === 'influence') {
        lastInfluence = t;
        t = t.act(legalActions(t.state)[0] as Action);
      }
      // lastInfluence is the final take (or King resolution) of phase 1.
      const before = lastInfluence.state;
      const after = t.state;
      const favorBefore = idsOf(before.favor);
      const favorAfter = [t.lot as string, ...t.favor].reverse();
      expect([...favorAfter].sort()).toEqual([...favorBefore].sort());
      if (favorAfter.join() !== favorBefore.join()) shuffled++;
      // Hands are what each player placed in self or took; only the final action's card is added.
      for (let p = 0; p < 4; p++) expect(after.hands[p]?.slice(0, before.hands[p]?.length)).toEqual(before.hands[p]);
      expect(after.hands.flat().length - before.hands.flat().length).toBeLessThanOrEqual(1);
      expectConserved(after);
    }
    expect(shuffled).toBeGreaterThan(0);
  });

  it('A2: the top card of the favor pile is revealed as the lot, one lot at a time', () => {
    let t = fourPlayerLot();
    expect(t.lot).toBe('diplomacy-A');
    expect(t.favor).toEqual(['military-A']);
    t = t.pass(0).pass(1).pass(2).pass(3);
    expect(t.lot).toBe('military-A');
    expect(t.events.at(-1)).toEqual({ type: 'lot', card: 'military-A', remaining: 0 });
  });
});

describe('A3: bidding', () => {
  it('A3: the first player opens, then bidding goes clockwise', () => {
    let t = fourPlayerLot(2);
    const order: number[] = [];
    for (let i = 0; i < 4; i++) {
      order.push(t.toMove);
      t = t.bid(t.toMove, i + 1);
    }
    expect(order).toEqual([2, 3, 0, 1]);
    expect(t.toMove).toBe(2);
  });

  it('A3: players who passed are skipped until the lot is over', () => {
    let t = fourPlayerLot(0, [[], ['gold-3-1'], [], []])
      .pass(0)
      .bid(1, 1)
      .bid(2, 2)
      .pass(3);
    expect(t.toMove).toBe(1);
    t = t.bid(1, 3);
    expect(t.toMove).toBe(2);
    t = t.pass(2);
    // 0, 2 and 3 passed: player 1 holds the high bid and wins.
    expect(t.events.at(-1)).toEqual({ type: 'won', player: 1, card: 'diplomacy-A', amount: 3 });
  });

  it('A3: a passed player cannot bid again in the same lot', () => {
    const t = fourPlayerLot(0).pass(0).bid(1, 1);
    expect(legalActions(t.state, 0)).toEqual([]);
    expect(rejection(() => t.bid(0, 5)).code).toBe('NOT_YOUR_TURN');
  });

  it('A3: a bid must exceed the high bid; the first bid is at least 1', () => {
    const t = fourPlayerLot(0);
    const zero = rejection(() => t.bid(0, 0));
    expect(zero.code).toBe('ILLEGAL_ACTION');
    expect(zero.message).toBe('player 0 cannot bid 0: a bid is at least 1');
    const t2 = t.bid(0, 5);
    for (const amount of [5, 4]) {
      const e = rejection(() => t2.bid(1, amount));
      expect(e.code).toBe('ILLEGAL_ACTION');
      expect(e.message).toBe(`player 1 cannot bid ${amount}: the high bid is 5`);
    }
    expect(legalActions(t2.state)[0]).toEqual({ type: 'bid', player: 1, amount: 6 });
  });

  it('A3: a bid is at most the deck size after setup (60 / 72 / 80 / 108), then pass is offered', () => {
    const max = { 2: 60, 3: 72, 4: 80, 5: 108 } as const;
    for (const players of [2, 3, 4, 5] as const) {
      const t = auctionScenario({ players, hands: NO_HANDS(players), favor: ['gold-1-1'] });
      const legal = legalActions(t.state);
      expect(legal).toHaveLength(max[players] + 1);
      expect(legal.at(-2)).toEqual({ type: 'bid', player: 0, amount: max[players] });
      expect(legal.at(-1)).toEqual({ type: 'pass', player: 0 });
      expect(t.bid(0, max[players]).state.highBid).toBe(max[players]);
      const e = rejection(() => t.bid(0, max[players] + 1));
      expect(e.code).toBe('ILLEGAL_ACTION');
      expect(e.message).toBe(`player 0 cannot bid ${max[players] + 1}: the highest bid with ${players} players is ${max[players]}`);
    }
  });

  it('A3: the opener is the next player still in when the first player is out (after defaulting)', () => {
    // Player 0 opens, wins with a bid they cannot pay, and defaults: bidding restarts with player 1.
    let t = auctionScenario({ players: 3, hands: [[], ['gold-3-1'], ['gold-1-1']], favor: ['diplomacy-A', 'military-A'] });
    t = t.bid(0, 2).pass(1).pass(2);
    expect(t.events.map((e) => e.type)).toEqual(['pass', 'won', 'forfeit', 'bidding-restarted']);
    expect(t.toMove).toBe(1);
    expect(legalActions(t.state, 0)).toEqual([]);
    // The default shuts player 0 out of this lot only: they open the next one.
    t = t.pass(1).pass(2);
    expect(t.lot).toBe('military-A');
    expect(t.toMove).toBe(0);
  });
});

describe('A6: won lots are public', () => {
  it('A6, H1: a won lot joins the winner’s publicly known cards, and paying with a hidden card keeps them', () => {
    let t = auctionScenario({
      players: 3,
      firstPlayer: 0,
      hands: [['gold-3-1', 'gold-3-2'], [], []],
      favor: ['diplomacy-A', 'military-A'],
    });
    t = t.bid(0, 1).pass(1).pass(2).pay(0, 'gold-3-1');
    expect(idsOf(t.state.known[0] as number[])).toEqual(['diplomacy-A']);
    t = t.bid(0, 1).pass(1).pass(2).pay(0, 'gold-3-2');
    expect(idsOf(t.state.known[0] as number[]).sort()).toEqual(['diplomacy-A', 'military-A']);
    expect(t.hand(0).sort()).toEqual(['diplomacy-A', 'military-A']);
  });
});

describe('A4: the end of bidding on a lot', () => {
  it('A4: if everyone passes without a bid, the lot is discarded', () => {
    const t = fourPlayerLot(1).pass(1).pass(2).pass(3).pass(0);
    expect(t.events.map((e) => e.type)).toEqual(['pass', 'lot-discarded', 'lot']);
    expect(t.discard.at(-1)).toBe('diplomacy-A');
    expect(t.state.lotsDiscarded).toBe(1);
    expect(t.lot).toBe('military-A');
    expect(t.toMove).toBe(1);
    expectConserved(t.state);
  });

  it('A4: the last player still in who has not bid must still bid or pass', () => {
    const t = fourPlayerLot(0, [[], [], [], ['gold-1-1']])
      .pass(0)
      .pass(1)
      .pass(2);
    expect(t.toMove).toBe(3);
    expect(t.state.step).toBe('bid');
    expect(legalActions(t.state)).toHaveLength(81);
    const won = t.bid(3, 1);
    expect(won.events.at(-1)).toEqual({ type: 'won', player: 3, card: 'diplomacy-A', amount: 1 });
    const discarded = t.pass(3);
    expect(discarded.discard.at(-1)).toBe('diplomacy-A');
  });

  it('A4: the high bidder wins once every other player still in has passed', () => {
    const t = fourPlayerLot(0, [['gold-3-1'], [], [], []])
      .bid(0, 2)
      .pass(1)
      .pass(2)
      .pass(3);
    expect(t.events.at(-1)).toEqual({ type: 'won', player: 0, card: 'diplomacy-A', amount: 2 });
    expect(t.state.step).toBe('pay');
    expect(t.toMove).toBe(0);
  });
});

/** Player 0 wins diplomacy-A in a 3-player lot for `amount`, holding `hand`. */
function winWith(hand: string[], amount: number, extra: Partial<AuctionOptions> = {}): Table {
  return auctionScenario({ players: 3, hands: [hand, [], []], favor: ['diplomacy-A', 'military-A'], ...extra })
    .bid(0, amount)
    .pass(1)
    .pass(2);
}

describe('A5: paying', () => {
  it('A5: with gold, card by card; overpaying completes the payment and no change is given', () => {
    let t = winWith(['gold-2-1', 'provisions-A', 'gold-3-1'], 4);
    expect(t.state.step).toBe('pay');
    expect(legalActions(t.state)).toEqual([
      { type: 'pay', player: 0, card: 'gold-2-1' },
      { type: 'pay', player: 0, card: 'gold-3-1' },
    ]);
    t = t.pay(0, 'gold-2-1');
    expect(t.events).toEqual([{ type: 'paid', player: 0, card: 'gold-2-1', mode: 'gold' }]);
    expect(t.state.step).toBe('pay');
    expect(t.toMove).toBe(0);
    t = t.pay(0, 'gold-3-1');
    expect(t.hand(0)).toEqual(['provisions-A', 'diplomacy-A']);
    expect(t.discard.slice(-2)).toEqual(['gold-2-1', 'gold-3-1']);
    expect(t.lot).toBe('military-A');
    expectConserved(t.state);
  });

  it('A5: exact gold completes the payment at once', () => {
    const t = winWith(['gold-3-1', 'gold-3-2'], 3).pay(0, 'gold-3-2');
    expect(t.hand(0)).toEqual(['gold-3-1', 'diplomacy-A']);
  });

  it('A5: once begun, a payment cannot be abandoned, and only gold pays while the winner holds gold', () => {
    const t = winWith(['gold-1-1', 'gold-1-2', 'architecture-A'], 2).pay(0, 'gold-1-1');
    const passing = rejection(() => t.pass(0));
    expect(passing.code).toBe('WRONG_STEP');
    expect(passing.message).toMatch(/waits for them to pay for the lot/);
    const discard = rejection(() => t.pay(0, 'architecture-A'));
    expect(discard.code).toBe('ILLEGAL_ACTION');
    expect(discard.message).toMatch(/only gold pays/);
    const notHeld = rejection(() => t.pay(0, 'gold-2-1'));
    expect(notHeld.code).toBe('ILLEGAL_ACTION');
    expect(notHeld.message).toMatch(/gold-2-1: it is not in their hand/);
    expect(rejection(() => t.pay(1, 'gold-1-2')).code).toBe('NOT_YOUR_TURN');
  });

  it('A5: a winner with no gold at all discards as many cards of their choice as the bid', () => {
    let t = winWith(['military-C', 'architecture-A', 'king-1'], 2);
    expect(t.state.payMode).toBe('discard');
    expect(legalActions(t.state)).toHaveLength(3);
    t = t.pay(0, 'king-1');
    expect(t.events).toEqual([{ type: 'paid', player: 0, card: 'king-1', mode: 'discard' }]);
    t = t.pay(0, 'architecture-A');
    expect(t.hand(0)).toEqual(['military-C', 'diplomacy-A']);
    expect(t.discard.slice(-2)).toEqual(['king-1', 'architecture-A']);
    expectConserved(t.state);
  });

  it('A5: a winner who holds some gold but not enough forfeits: they cannot discard instead', () => {
    const t = winWith(['gold-1-1', 'military-B', 'military-C', 'architecture-A', 'provisions-A'], 3);
    expect(t.state.step).toBe('bid');
    expect(t.events.map((e) => e.type)).toEqual(['pass', 'won', 'forfeit', 'bidding-restarted']);
    expect(t.hand(0)).toHaveLength(4);
    expect(t.state.forfeits).toBe(1);
  });

  it('A5: a winner with no gold and fewer cards than the bid forfeits', () => {
    const t = winWith(['military-B', 'military-C'], 3);
    expect(lastOf(t, 'forfeit').player).toBe(0);
  });
});

describe('A6: the lot goes to the winner', () => {
  it('A6: a Government lot goes into the winner hand, publicly', () => {
    const t = winWith(['gold-1-1'], 1).pay(0, 'gold-1-1');
    expect(t.events).toContainEqual({ type: 'lot-gained', player: 0, card: 'diplomacy-A' });
    expect(t.hand(0)).toEqual(['diplomacy-A']);
    expect(idsOf(t.state.known[0] ?? [])).toEqual(['diplomacy-A']);
  });

  it('A6: a Gold lot goes into the winner hand', () => {
    const t = winWith(['gold-1-1'], 1, { favor: ['gold-3-3', 'military-A'] }).pay(0, 'gold-1-1');
    expect(t.hand(0)).toEqual(['gold-3-3']);
  });

  it('A6: a King lot is resolved by the winner at once and never enters a hand', () => {
    let t = winWith(['gold-1-1'], 1, { favor: ['king-5', 'military-A'] }).pay(0, 'gold-1-1');
    expect(t.state.step).toBe('king');
    expect(t.toMove).toBe(0);
    t = t.king('military', 6);
    expect(t.hand(0)).toEqual([]);
    expect(t.title('military')).toEqual([6, 3]);
    expect(t.lot).toBe('military-A');
  });
});

describe('A7: forfeit', () => {
  it('A7: the player on the left draws a random card from the defaulter hand; it is discarded face up', () => {
    const hand = ['diplomacy-B', 'military-B', 'architecture-C'];
    const t = winWith(hand, 5);
    const f = lastOf(t, 'forfeit');
    expect(f.player).toBe(0);
    expect(f.by).toBe(1);
    expect(hand).toContain(f.card);
    expect(t.hand(0)).toEqual(hand.filter((c) => c !== f.card));
    expect(t.discard.at(-1)).toBe(f.card);
    expect(t.state.forfeits).toBe(1);
    expectConserved(t.state);
  });

  it('A7: the forfeit discard comes from the generator: reproducible, and varying with the seed', () => {
    const hand = ['diplomacy-B', 'military-B', 'architecture-C', 'provisions-D', 'gold-1-1'];
    const drawn = new Set<string | null>();
    for (let seed = 0; seed < 20; seed++) {
      const card = lastOf(winWith(hand, 9, { seed }), 'forfeit').card;
      expect(lastOf(winWith(hand, 9, { seed }), 'forfeit').card).toBe(card);
      drawn.add(card);
    }
    expect(drawn.size).toBeGreaterThan(1);
  });

  it('A7: the player on the left of the last seat is player 0', () => {
    const t = auctionScenario({ players: 3, firstPlayer: 2, hands: [[], [], ['military-A']], favor: ['diplomacy-A'] })
      .bid(2, 4)
      .pass(0)
      .pass(1);
    expect(lastOf(t, 'forfeit')).toEqual({ type: 'forfeit', player: 2, by: 0, card: 'military-A' });
  });

  it('A7: bidding restarts from nothing without the defaulter: players who passed are back in', () => {
    let t = fourPlayerLot(0, [['gold-1-1'], ['architecture-B'], [], []]);
    t = t.pass(0).bid(1, 5).pass(2).pass(3);
    expect(lastOf(t, 'bidding-restarted')).toEqual({ type: 'bidding-restarted', card: 'diplomacy-A', excluded: [1] });
    expect(t.state.highBid).toBe(0);
    expect(t.toMove).toBe(0);
    expect(legalActions(t.state)[0]).toEqual({ type: 'bid', player: 0, amount: 1 });
    t = t.bid(0, 1);
    expect(t.toMove).toBe(2);
    t = t.pass(2).pass(3);
    expect(t.events.at(-1)).toEqual({ type: 'won', player: 0, card: 'diplomacy-A', amount: 1 });
  });

  it('A7: two defaults in one lot shut out both defaulters', () => {
    let t = fourPlayerLot(0, [['military-B'], ['architecture-B'], ['gold-1-1'], []]);
    t = t.bid(0, 1).bid(1, 5).pass(2).pass(3).pass(0);
    expect(lastOf(t, 'forfeit').player).toBe(1);
    t = t.bid(0, 3).pass(2).pass(3);
    expect(lastOf(t, 'forfeit').player).toBe(0);
    expect(lastOf(t, 'bidding-restarted').excluded).toEqual([0, 1]);
    expect(t.toMove).toBe(2);
    expect(t.state.forfeits).toBe(2);
    t = t.bid(2, 1).pass(3).pay(2, 'gold-1-1');
    expect(t.hand(2)).toEqual(['diplomacy-A']);
    expect(t.hand(0)).toEqual([]);
    expect(t.hand(1)).toEqual([]);
    expectConserved(t.state);
  });

  it('A7: when every player has defaulted, the lot is discarded', () => {
    let t = auctionScenario({ players: 2, hands: [['military-A'], []], favor: ['diplomacy-A', 'gold-2-1'] });
    t = t.bid(0, 2).pass(1);
    expect(t.toMove).toBe(1);
    t = t.bid(1, 1);
    // Player 1, the only one still in, won and defaulted: nobody is left to bid.
    expect(t.events.map((e) => e.type)).toEqual(['bid', 'won', 'forfeit', 'lot-discarded', 'lot']);
    expect(t.state.forfeits).toBe(2);
    expect(t.state.lotsDiscarded).toBe(1);
    expect(t.discard.slice(-2)).toEqual(['military-A', 'diplomacy-A']);
    expect(t.lot).toBe('gold-2-1');
    expect(t.toMove).toBe(0);
    expectConserved(t.state);
  });

  it('A7: a forfeit from an empty hand loses nothing', () => {
    const before = fourPlayerLot(0).bid(0, 3).pass(1).pass(2);
    const t = before.pass(3);
    expect(lastOf(t, 'forfeit')).toEqual({ type: 'forfeit', player: 0, by: 1, card: null });
    expect(t.state.discard).toEqual(before.state.discard);
    expect(t.state.rng).toEqual(before.state.rng);
    expect(t.toMove).toBe(1);
  });
});

describe('A8: the end of the game', () => {
  it('A8: the game ends when the favor pile is empty', () => {
    let t = auctionScenario({ players: 3, hands: [['gold-1-1'], [], []], favor: ['diplomacy-A', 'military-A'] });
    t = t.pass(0).pass(1).pass(2);
    expect(isGameOver(t.state)).toBe(false);
    t = t.bid(0, 1).pass(1).pass(2).pay(0, 'gold-1-1');
    expect(isGameOver(t.state)).toBe(true);
    expect(phaseOf(t.state)).toBe('over');
    expect(currentPlayer(t.state)).toBeNull();
    expect(legalActions(t.state)).toEqual([]);
    expect(legalActions(t.state, 0)).toEqual([]);
    const s = score(t.state);
    expect(s.final).toBe(true);
    expect(t.events.slice(-2)).toEqual([
      { type: 'phase', phase: 'over' },
      { type: 'game-over', points: s.points, winners: s.winners },
    ]);
    const e = rejection(() => apply(t.state, { type: 'pass', player: 0 }));
    expect(e.code).toBe('GAME_OVER');
    expectConserved(t.state);
  });
});
