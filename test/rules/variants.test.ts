import { describe, expect, it } from 'vitest';
import type { Variants } from '../../src/index.js';
import { createGame, DEFAULT_VARIANTS, legalActions, PUBLISHED_VARIANTS, score } from '../../src/index.js';
import { expectConserved } from '../helpers/cards.js';
import { rejection } from '../helpers/errors.js';
import { auctionScenario, scenario, type Table } from '../helpers/scenario.js';

const BY_LOT: Partial<Variants> = { payment: 'by-lot' };
const TILE: Partial<Variants> = { secondaryTitle: 'tile' };

/** Player 0 wins `lot` for `amount` in a 3-player game, holding `hand`. */
function winLot(lot: string, hand: string[], amount: number, variants: Partial<Variants>): Table {
  return auctionScenario({ players: 3, variants, hands: [hand, [], []], favor: [lot, 'military-I'] })
    .bid(0, amount)
    .pass(1)
    .pass(2);
}

describe('V: variant options', () => {
  it('V: the defaults are gold-or-discard, half and advisor-keeps-last; PUBLISHED_VARIANTS is by-lot, tile and one-per-opponent', () => {
    expect(DEFAULT_VARIANTS).toEqual({ payment: 'gold-or-discard', secondaryTitle: 'half', middle: 'advisor-keeps-last' });
    expect(PUBLISHED_VARIANTS).toEqual({ payment: 'by-lot', secondaryTitle: 'tile', middle: 'one-per-opponent' });
    expect(createGame({ players: 3, seed: 1 }).variants).toEqual(DEFAULT_VARIANTS);
    expect(createGame({ players: 3, seed: 1, variants: PUBLISHED_VARIANTS }).variants).toEqual(PUBLISHED_VARIANTS);
    expect(createGame({ players: 3, seed: 1, variants: TILE }).variants).toEqual({
      payment: 'gold-or-discard',
      secondaryTitle: 'tile',
      middle: 'advisor-keeps-last',
    });
    expect(createGame({ players: 3, seed: 1, variants: { middle: 'one-per-opponent' } }).variants).toEqual({
      payment: 'gold-or-discard',
      secondaryTitle: 'half',
      middle: 'one-per-opponent',
    });
  });
});

describe('V1: payment by lot', () => {
  it('V1: a Government lot is paid with gold only', () => {
    let t = winLot('diplomacy-A', ['gold-2-1', 'military-A', 'gold-1-1'], 3, BY_LOT);
    expect(t.state.payMode).toBe('gold');
    expect(legalActions(t.state).map((a) => (a.type === 'pay' ? a.card : ''))).toEqual(['gold-2-1', 'gold-1-1']);
    expect(rejection(() => t.pay(0, 'military-A')).message).toMatch(/only gold pays/);
    t = t.pay(0, 'gold-2-1').pay(0, 'gold-1-1');
    expect(t.hand(0)).toEqual(['military-A', 'diplomacy-A']);
  });

  it('V1: a winner with no gold cannot discard for a Government lot: they forfeit', () => {
    const hand = ['military-A', 'military-B', 'architecture-A'];
    const byLot = winLot('diplomacy-A', hand, 2, BY_LOT);
    expect(byLot.events.map((e) => e.type)).toContain('forfeit');
    expect(byLot.state.step).toBe('bid');
    // The same situation under the default rule is paid by discarding (RULES A5).
    const byDefault = winLot('diplomacy-A', hand, 2, {});
    expect(byDefault.state.step).toBe('pay');
    expect(byDefault.state.payMode).toBe('discard');
  });

  it('V1: a King lot is paid with gold only', () => {
    const paid = winLot('king-2', ['gold-3-1', 'diplomacy-B'], 2, BY_LOT);
    expect(legalActions(paid.state)).toEqual([{ type: 'pay', player: 0, card: 'gold-3-1' }]);
    expect(paid.pay(0, 'gold-3-1').state.step).toBe('king');
    const forfeited = winLot('king-2', ['diplomacy-B', 'military-B'], 2, BY_LOT);
    expect(forfeited.events.map((e) => e.type)).toContain('forfeit');
  });

  it('V1: a Gold lot is paid only by discarding as many cards as the bid, even by a player who holds gold', () => {
    let t = winLot('gold-3-3', ['gold-3-1', 'military-A', 'gold-1-1'], 2, BY_LOT);
    expect(t.state.payMode).toBe('discard');
    expect(legalActions(t.state)).toHaveLength(3);
    // A gold card discarded counts as one card, not its coin value.
    t = t.pay(0, 'gold-3-1');
    expect(t.events).toEqual([{ type: 'paid', player: 0, card: 'gold-3-1', mode: 'discard' }]);
    expect(t.state.step).toBe('pay');
    t = t.pay(0, 'military-A');
    expect(t.hand(0)).toEqual(['gold-1-1', 'gold-3-3']);
    expect(t.discard.slice(-2)).toEqual(['gold-3-1', 'military-A']);
    expectConserved(t.state);
  });

  it('V1: a Gold lot winner with plenty of gold but fewer cards than the bid forfeits', () => {
    const t = winLot('gold-3-3', ['gold-3-1', 'gold-3-2'], 3, BY_LOT);
    expect(t.events.map((e) => e.type)).toEqual(['pass', 'won', 'forfeit', 'bidding-restarted']);
  });
});

/** A 3-player turn (retail middle, V3) where player 0 places king-1 in self and player 1 takes king-2 from the middle. */
function twoKings(variants: Partial<Variants>, players: 2 | 3 = 3): Table {
  const deck = ['king-1', 'king-2', 'diplomacy-A', 'military-A'];
  let t = scenario({ players, variants: { ...variants, middle: 'one-per-opponent' }, deck })
    .advisorPlaces('self')
    .king('military', 6)
    .advisorPlaces('middle');
  if (players === 3) t = t.advisorPlaces('middle');
  return t.advisorPlaces('favor').take('king-2');
}

describe('V2: secondary title tile', () => {
  it('V2: the secondary title starts at 1 and does not follow the primary', () => {
    const t = scenario({ players: 3, variants: TILE, deck: ['king-1'] });
    expect(t.title('military')).toEqual([3, 1]);
    const after = t.advisorPlaces('self').king('military', 6);
    expect(after.title('military')).toEqual([6, 1]);
    expect(score(after.state).offices.military).toMatchObject({ primary: 6, secondary: 1 });
    // Under the default the secondary would be 3.
    const half = scenario({ players: 3, deck: ['king-1'] })
      .advisorPlaces('self')
      .king('military', 6);
    expect(half.title('military')).toEqual([6, 3]);
  });

  it('V2: a King setting the primary to the secondary value swaps the two', () => {
    let t = twoKings(TILE);
    expect(t.title('military')).toEqual([6, 1]);
    t = t.king('military', 1);
    expect(t.title('military')).toEqual([1, 6]);
    expect(t.events[0]).toEqual({
      type: 'king-resolved',
      player: 1,
      card: 'king-2',
      office: 'military',
      value: 1,
      previous: 6,
      secondary: 6,
    });
    // The swapped values score as they are: the secondary may now exceed the primary.
    expect(score(t.state).offices.military).toMatchObject({ primary: 1, secondary: 6 });
  });

  it('V2: a King setting another value leaves the secondary alone', () => {
    const t = twoKings(TILE).king('military', 2);
    expect(t.title('military')).toEqual([2, 1]);
  });

  it('V2: with 2 players there is no secondary title, and no swap', () => {
    let t = twoKings(TILE, 2);
    expect(t.title('military')).toEqual([6, 0]);
    t = t.king('military', 1);
    expect(t.title('military')).toEqual([1, 0]);
    expect(t.events[0]).toMatchObject({ type: 'king-resolved', secondary: null });
    expect(score(t.state).offices.military).toMatchObject({ primary: 1, secondary: null });
  });

  it('V2: the published preset combines both variants', () => {
    const t = winLot('gold-3-3', ['gold-3-1', 'diplomacy-B'], 2, PUBLISHED_VARIANTS);
    expect(t.state.payMode).toBe('discard');
    const king = winLot('king-1', ['gold-1-1', 'diplomacy-B'], 1, PUBLISHED_VARIANTS);
    expect(king.state.payMode).toBe('gold');
    const resolved = king.pay(0, 'gold-1-1').king('diplomacy', 1);
    expect(resolved.title('diplomacy')).toEqual([1, 3]);
  });
});
