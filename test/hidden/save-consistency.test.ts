/**
 * After the field types, `deserialize` checks that a saved state is one the rules can reach
 * (`stateProblem`): each kind of inconsistency is reported by its own sentence, naming the field.
 * One row per check, each a small change to a real state.
 */
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../src/index.js';
import { deserialize, serialize } from '../../src/index.js';
import { stateProblem } from '../../src/validate.js';
import { rejection } from '../helpers/errors.js';
import { firstState, recordStates } from '../helpers/hidden.js';

const STATES = recordStates('save-consistency', [
  [4, 11],
  [4, 12],
  [3, 13],
]);
const first = (ok: (s: GameState) => boolean): GameState => firstState(STATES, ok);

const place = first((s) => s.players === 4 && s.step === 'place' && s.deckTop > 5 && s.middle.length === 1);
const take = first((s) => s.players === 4 && s.step === 'take');
const bid = first((s) => s.players === 4 && s.step === 'bid' && s.highBidder >= 0);
const pay = first((s) => s.players === 4 && s.step === 'pay' && s.payMode === 'gold');
const over = first((s) => s.players === 4 && s.step === 'over');

/** `stateProblem` of `s` changed by `change` (a shallow copy: change only whole fields). */
const problem = (s: GameState, change: Partial<GameState>): string | null => stateProblem({ ...s, ...change });

describe('stateProblem names the first inconsistency of a saved state', () => {
  it('the recorded states themselves are consistent', () => {
    for (const s of STATES) expect(stateProblem(s)).toBeNull();
  });

  it('C3, S2: cards and counts', () => {
    const c = place.deck[place.deckTop] as number;
    expect(problem(place, { players: 6 as GameState['players'] })).toBe('players must be 2 to 5, got 6');
    expect(problem(place, { hands: place.hands.slice(1) })).toBe('hands must list 4 hands, got 3');
    expect(problem(place, { known: place.known.slice(1) })).toBe('known must list 4 players, got 3');
    expect(problem(place, { deck: place.deck.slice(1) })).toBe('deck must hold 80 cards with 4 players, got 79');
    expect(problem(place, { removed: place.removed.slice(1) })).toBe('removed must hold 8 cards with 4 players, got 7');
    expect(problem(place, { deckTop: 81 })).toBe('deckTop must be 0 to 80, got 81');
    expect(problem(place, { middle: [1, 2, 3, 4] })).toBe('middle holds 4 cards, at most 3 with 4 players');
    expect(problem(place, { favorBy: [...place.favorBy, 0] })).toBe(
      `favorBy has ${place.favorBy.length + 1} entries for ${place.favor.length} favor cards`,
    );
    expect(problem(place, { middle: [...place.middle, c] })).toMatch(/ appears twice: in /);
    expect(problem(place, { middle: [...place.middle, 999] })).toBe('middle[1] holds #999, which is not a card');
  });

  it('S4, A3: players, bids and masks in range', () => {
    expect(problem(place, { firstPlayer: 4 })).toBe('firstPlayer must be 0 to 3, got 4');
    expect(problem(place, { toMove: 4 })).toBe('toMove must be -1 to 3, got 4');
    expect(problem(place, { advisor: 4 })).toBe('advisor must be -1 to 3, got 4');
    expect(problem(place, { lotBy: 4 })).toBe('lotBy must be -1 to 3, got 4');
    expect(problem(bid, { highBid: 81 })).toBe('highBid must be 0 to 80, got 81');
    expect(problem(bid, { highBidder: 4 })).toBe('highBidder must be -1 to 3, got 4');
    expect(problem(bid, { highBid: 0 })).toBe('highBid and highBidder disagree: a high bidder holds a bid of at least 1');
    expect(problem(bid, { out: 16 })).toBe('out must be a bit mask of players (0 to 15), got 16');
    expect(problem(bid, { defaulted: 16 })).toBe('defaulted must be a bit mask of players (0 to 15), got 16');
    expect(problem(bid, { out: 0, defaulted: 1 })).toBe('defaulted players must also be out of the lot');
    expect(problem(pay, { paid: 81 })).toBe('paid must be 0 to 80, got 81');
    expect(problem(place, { forfeits: -1 })).toBe('forfeits must be a count, got -1');
    expect(problem(place, { lotsDiscarded: -1 })).toBe('lotsDiscarded must be a count, got -1');
  });

  it('S3, K2: title values', () => {
    expect(problem(place, { primary: [3, 3, 3, 3] })).toBe('primary must hold 5 titles with 4 players, got 4');
    expect(problem(place, { secondary: [1, 1, 1, 1] })).toBe('secondary must hold 5 titles with 4 players, got 4');
    expect(problem(place, { primary: [7, 3, 3, 3, 3], secondary: [3, 1, 1, 1, 1] })).toBe('primary[0] (diplomacy) must be 1 to 6, got 7');
    expect(problem(place, { secondary: [1, 2, 1, 1, 1] })).toMatch(/^secondary\[1\] \(military\) must be \d \(RULES S3\), got 2$/);
  });

  it('K1, H1: hands hold no King, and known lists cards of the hand', () => {
    const king = over.discard.find((c) => c >= 54 && c < 69);
    expect(king).toBeDefined();
    const discard = over.discard.filter((c) => c !== king);
    expect(problem(over, { hands: [[...(over.hands[0] as number[]), king as number], ...over.hands.slice(1)], discard })).toBe(
      `hands[0] holds the King "${`king-${(king as number) - 53}`}": a King is never kept (RULES K1)`,
    );
    const other = (over.hands[1] as number[])[0] as number;
    expect(other).toBeDefined();
    expect(problem(over, { known: [[other], ...over.known.slice(1)] })).toMatch(/^known\[0\] lists "[^"]+", which is not in hands\[0\]$/);
  });

  it('I2, I3: the decisions of phase 1', () => {
    expect(problem(place, { step: 'bid' })).toBe('step "bid" cannot happen while there is an Advisor');
    expect(problem(place, { paid: 1 })).toBe('phase 1 (an Advisor) has no lot, bids or payment');
    expect(problem(place, { toMove: (place.advisor + 1) % 4 })).toBe('step "place" is the Advisor\'s decision');
    expect(problem(take, { toMove: take.advisor })).toBe('step "take" is an opponent\'s decision, not the Advisor\'s');
    expect(problem(take, { toMove: -1 })).toBe('step "take" needs a player to move');
  });

  it('A2–A5: the decisions of phase 2', () => {
    expect(problem(bid, { step: 'place' })).toBe('step "place" needs an Advisor');
    expect(problem(bid, { selfUsed: true })).toBe('phase 2 has no drawn card, middle cards or used slots');
    expect(problem(bid, { lotBy: -1 })).toBe('a lot needs lotBy, the player who put it on the favor pile');
    expect(problem(bid, { paid: 1 })).toBe('step "bid" has no payment in progress');
    expect(problem(bid, { toMove: bid.highBidder })).toBe(`player ${bid.highBidder} is to bid but already holds the high bid`);
    expect(problem(bid, { out: bid.out | (1 << bid.toMove) })).toBe(`player ${bid.toMove} is to bid but is out of this lot`);
    expect(problem(pay, { payMode: null })).toBe('step "pay" needs payMode');
    expect(problem(pay, { paid: pay.highBid })).toBe(`paid (${pay.highBid}) must be below the bid (${pay.highBid}) while paying`);
    expect(problem(pay, { highBid: 80 })).toMatch(/^player \d holds too little gold to pay the \d+ still due$/);
    expect(problem(pay, { payMode: 'discard' })).toBe('payMode "discard" is only for a winner without gold (RULES A5)');
  });

  it('A8, E4: a finished game', () => {
    expect(problem(over, { toMove: 0 })).toBe('a game that is over has no player to move and no Advisor');
    expect(problem(over, { highBid: 1, highBidder: 0 })).toBe('a game that is over has no bids');
  });

  it('deserialize reports the problem under "state"', () => {
    const save = JSON.parse(serialize(place)) as { state: Record<string, unknown> };
    save.state.firstPlayer = 3;
    save.state.toMove = (place.advisor + 1) % 4;
    expect(rejection(() => deserialize(JSON.stringify(save))).message).toBe('state: step "place" is the Advisor\'s decision');
  });
});
