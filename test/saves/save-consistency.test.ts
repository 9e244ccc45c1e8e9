/**
 * After the field types, `deserialize` checks that a saved state is one the rules can reach
 * (`stateProblem`): each kind of inconsistency is reported by its own sentence, naming the field.
 * One row per check, each a small change to a real state.
 */
import { describe, expect, it } from 'vitest';
import { CARDS, GOLD, idOf, KIND, KING, usedCards } from '../../src/data/cards.js';
import type { Action, GameState } from '../../src/index.js';
import { apply, createGame, legalActions } from '../../src/index.js';
import { fewestActions, tableProblem } from '../../src/rules/reachable.js';
import { stateProblem } from '../../src/saves/validate.js';
import { firstState, recordStates } from '../helpers/hidden.js';
import { tampered } from '../helpers/saves.js';

// Most rows change states of the retail middle (RULES V3 'one-per-opponent'); DEFAULT_STATES
// hold the default's, for the rows about the Advisor taking the last middle card.
const STATES = recordStates(
  'save-consistency',
  [
    [4, 11],
    [4, 12],
    [3, 13],
  ],
  { middle: 'one-per-opponent' },
);
const DEFAULT_STATES = recordStates('save-consistency', [[4, 11]]);
const first = (ok: (s: GameState) => boolean): GameState => firstState(STATES, ok);

const place = first((s) => s.players === 4 && s.step === 'place' && s.deckTop > 5 && s.middle.length === 1);
const take = first((s) => s.players === 4 && s.step === 'take');
const bid = first((s) => s.players === 4 && s.step === 'bid' && s.highBidder >= 0);
const pay = first((s) => s.players === 4 && s.step === 'pay' && s.payMode === 'gold');
const over = first((s) => s.players === 4 && s.step === 'over');

/** `stateProblem` of `s` changed by `change` (a shallow copy: change only whole fields). */
const problem = (s: GameState, change: Partial<GameState>): string | null => stateProblem({ ...s, ...change });

/**
 * The fields of `s` that hold card `c` (hands, known, middle, favor, discard), with `c` taken out:
 * merged with a change that puts `c` in a single field (`drawn`, `lot`, `king`), the state still
 * uses every card exactly once.
 */
function lift(s: GameState, c: number): Partial<GameState> {
  const out: Partial<GameState> = {
    hands: s.hands.map((h) => h.filter((x) => x !== c)),
    known: s.known.map((k) => k.filter((x) => x !== c)),
    middle: s.middle.filter((x) => x !== c),
    discard: s.discard.filter((x) => x !== c),
  };
  const i = s.favor.indexOf(c);
  if (i >= 0) return { ...out, favor: s.favor.filter((_, j) => j !== i), favorBy: s.favorBy.filter((_, j) => j !== i) };
  return out;
}

/** A card of kind `kind` in `s`'s discard pile. */
function discarded(s: GameState, kind: number): number {
  const c = s.discard.find((x) => KIND[x] === kind);
  expect(c).toBeDefined();
  return c as number;
}

/** The first card in any hand of `s`, and whose hand it is in. */
function held(s: GameState): { p: number; c: number } {
  const p = s.hands.findIndex((h) => h.length > 0);
  expect(p).toBeGreaterThanOrEqual(0);
  return { p, c: (s.hands[p] as number[])[0] as number };
}

/** The quoted name of card `c`, as messages give it. */
const named = (c: number): string => `"${idOf(c)}"`;

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
    expect(problem(place, { middle: [1, 2, 3, 4] })).toBe(
      'middle holds 4 cards, at most 3 with 4 players and the "one-per-opponent" middle (RULES I2, V3)',
    );
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
    const king = discarded(over, KING);
    const discard = over.discard.filter((c) => c !== king);
    expect(problem(over, { hands: [[...(over.hands[0] as number[]), king], ...over.hands.slice(1)], discard })).toBe(
      `hands[0] holds the King ${named(king)}: a King is never kept (RULES K1)`,
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

  it('C3: every place is named, a card outside the catalogue or the game is caught in the deck too', () => {
    const n = CARDS.length;
    expect(problem(place, { middle: [...place.middle, n] })).toBe(`middle[1] holds #${n}, which is not a card`);
    expect(problem(place, { middle: [...place.middle, -1] })).toBe('middle[1] holds #-1, which is not a card');
    const { p, c: h } = held(place);
    expect(problem(place, { discard: [...place.discard, h] })).toBe(
      `${named(h)} appears twice: in discard[${place.discard.length}] and in hands[${p}][0]`,
    );
    expect(problem(place, { favor: [...place.favor, h], favorBy: [...place.favorBy, 0] })).toBe(
      `${named(h)} appears twice: in favor[${place.favor.length}] and in hands[${p}][0]`,
    );
    expect(problem(over, { ...lift(over, 0), middle: [0, 0] })).toBe(`${named(0)} appears twice: in middle[0] and in middle[1]`);
    const t = held(take);
    expect(problem(take, { drawn: t.c })).toBe(`${named(t.c)} appears twice: in hands[${t.p}][0] and in drawn`);
    // The deck's drawn part is checked only against the catalogue and the random removals.
    const unused = [...Array(n).keys()].find((c) => !usedCards(4).includes(c)) as number;
    const deck = place.deck.slice();
    deck[0] = unused;
    expect(problem(place, { deck })).toBe(`deck or removed holds ${named(unused)}, which is not a card of this game`);
    deck[0] = 999;
    expect(problem(place, { deck })).toBe('deck or removed holds #999, which is not a card of this game');
    deck[0] = place.deck[1] as number;
    expect(problem(place, { deck })).toBe(`${named(deck[0])} appears twice in deck and removed`);
    const favorBy = place.favorBy.slice();
    expect(favorBy.length).toBeGreaterThan(0);
    favorBy[0] = 4;
    expect(problem(place, { favorBy })).toBe('favorBy[0] must be a player 0 to 3, got 4');
  });

  it('V2: a secondary tile is 1 to 6 and differs from its primary', () => {
    const tile = { variants: { ...place.variants, secondaryTitle: 'tile' as const }, primary: [3, 3, 3, 3, 3] };
    expect(problem(place, { ...tile, secondary: [1, 2, 4, 5, 6] })).toBeNull();
    expect(problem(place, { ...tile, secondary: [1, 3, 1, 1, 1] })).toBe(
      'secondary[1] (military) must be 1 to 6 and differ from the primary (RULES V2), got 3',
    );
    expect(problem(place, { ...tile, secondary: [1, 1, 7, 1, 1] })).toBe(
      'secondary[2] (architecture) must be 1 to 6 and differ from the primary (RULES V2), got 7',
    );
  });

  it('H1, K1: known lists a card once; the King being resolved is a King card', () => {
    const h = (over.hands[2] as number[])[0] as number;
    expect(problem(over, { known: [over.known[0], over.known[1], [h, h], over.known[3]] as number[][] })).toBe(
      `known[2] lists ${named(h)} twice`,
    );
    const t = held(take).c;
    expect(problem(take, { ...lift(take, t), king: t })).toBe(`king holds ${named(t)}, which is not a King card`);
  });

  it('I2, I3: phase 1 has no lot, bids or payment, and its steps have what they need', () => {
    const { c } = held(place);
    expect(problem(place, { ...lift(place, c), lot: c })).toBe('phase 1 (an Advisor) has no lot, bids or payment');
    expect(problem(place, { lotBy: 0 })).toBe('phase 1 (an Advisor) has no lot, bids or payment');
    expect(problem(place, { highBid: 1, highBidder: 0 })).toBe('phase 1 (an Advisor) has no lot, bids or payment');
    expect(problem(place, { out: 1 })).toBe('phase 1 (an Advisor) has no lot, bids or payment');
    expect(problem(place, { payMode: 'gold' })).toBe('phase 1 (an Advisor) has no lot, bids or payment');
    // The drawn card is the deck's last drawn card.
    const deck = place.deck.slice();
    [deck[place.deckTop - 1], deck[place.deckTop - 2]] = [deck[place.deckTop - 2] as number, deck[place.deckTop - 1] as number];
    expect(problem(place, { deck })).toBe('the drawn card must be the last card drawn from the deck');
    // A full turn: self, favor and every middle place used.
    const [a, b] = place.hands.flat();
    const full = lift({ ...place, ...lift(place, a as number) }, b as number);
    expect(problem(place, { ...full, middle: [...place.middle, a as number, b as number], selfUsed: true, favorUsed: true })).toBe(
      'step "place" needs an area that is not full',
    );
    // One middle place left is not full (a real state: the turn order must fit too).
    const oneLeft = first((s) => s.step === 'place' && s.selfUsed && s.favorUsed && s.middle.length === s.players - 2);
    expect(stateProblem(oneLeft)).toBeNull();
    // Another decision while the Advisor holds a card.
    const last = take.deck[take.deckTop - 1] as number;
    expect(problem(take, { ...lift(take, last), drawn: last })).toBe('step "take" cannot happen while the Advisor holds a drawn card');
    expect(problem(take, { middle: [], discard: [...take.discard, ...take.middle] })).toBe('step "take" needs a card in the middle');
  });

  it('I2, I3, V3: under advisor-keeps-last the middle holds N cards and the Advisor takes exactly the last one', () => {
    const d = (ok: (s: GameState) => boolean): GameState => firstState(DEFAULT_STATES, ok);
    const dPlace = d((s) => s.step === 'place' && s.deckTop > 7 && s.middle.length === 1);
    const opponentTakes = d((s) => s.step === 'take' && s.middle.length >= 2);
    const advisorTakes = d((s) => s.step === 'take' && s.middle.length === 1);
    expect(stateProblem(opponentTakes)).toBeNull();
    expect(stateProblem(advisorTakes)).toBeNull();
    expect(advisorTakes.toMove).toBe(advisorTakes.advisor);
    expect(problem(dPlace, { middle: [1, 2, 3, 4, 5] })).toBe(
      'middle holds 5 cards, at most 4 with 4 players and the "advisor-keeps-last" middle (RULES I2, V3)',
    );
    const rule = 'step "take" is the Advisor\'s decision exactly when one middle card is left (RULES V3)';
    expect(problem(opponentTakes, { toMove: opponentTakes.advisor })).toBe(rule);
    expect(problem(advisorTakes, { toMove: (advisorTakes.advisor + 1) % 4 })).toBe(rule);
    // The same last card goes to an opponent under the retail middle.
    const retail = { variants: { ...advisorTakes.variants, middle: 'one-per-opponent' as const } };
    const retailLast = first((s) => s.step === 'take' && s.middle.length === 1);
    expect(stateProblem(retailLast)).toBeNull();
    expect(retailLast.toMove).not.toBe(retailLast.advisor);
    expect(problem(advisorTakes, retail)).toBe('step "take" is an opponent\'s decision, not the Advisor\'s');
    // A full turn has four middle cards, not three.
    const [a, b] = dPlace.hands.flat();
    const three = lift({ ...dPlace, ...lift(dPlace, a as number) }, b as number);
    expect(problem(dPlace, { ...three, middle: [...dPlace.middle, a as number, b as number], selfUsed: true, favorUsed: true })).not.toBe(
      'step "place" needs an area that is not full',
    );
    const threeOfFour = d((s) => s.step === 'place' && s.selfUsed && s.favorUsed && s.middle.length === 3);
    expect(stateProblem(threeOfFour)).toBeNull();
  });

  it('A1–A8: phase 2 has drawn the whole deck and its steps have what they need', () => {
    const last = bid.deck[bid.deck.length - 1] as number;
    expect(problem(bid, { ...lift(bid, last), deckTop: bid.deck.length - 1 })).toBe('phase 2 starts only once the deck is drawn');
    expect(problem(bid, { ...lift(bid, last), drawn: last })).toBe('phase 2 has no drawn card, middle cards or used slots');
    expect(problem(bid, { ...lift(bid, last), middle: [last] })).toBe('phase 2 has no drawn card, middle cards or used slots');
    expect(problem(bid, { favorUsed: true })).toBe('phase 2 has no drawn card, middle cards or used slots');
    expect(problem(bid, { step: 'take' })).toBe('step "take" needs an Advisor');
    // Without a lot: no bids, and no bidding.
    const noLot = { lot: -1, discard: [...bid.discard, bid.lot] };
    const cleared = { ...noLot, lotBy: -1, highBid: 0, highBidder: -1, out: 0, defaulted: 0 };
    expect(problem(bid, cleared)).toBe('step "bid" needs a lot');
    expect(problem(bid, { ...cleared, lotBy: 0 })).toBe('without a lot there are no bids');
    expect(problem(bid, { ...cleared, highBid: 1, highBidder: (bid.toMove + 1) % 4 })).toBe('without a lot there are no bids');
    expect(problem(bid, { ...cleared, out: 1 << ((bid.toMove + 1) % 4) })).toBe('without a lot there are no bids');
    expect(problem(bid, { payMode: 'gold' })).toBe('step "bid" has no payment in progress');
    // A King won at auction is resolved after the lot left the table, before anything else.
    const king = discarded(bid, KING);
    expect(problem(bid, { ...lift(bid, king), king, step: 'king' })).toBe('step "king" in phase 2 comes after the lot left the table');
    expect(problem(bid, { ...lift(bid, king), king })).toBe('step "bid" cannot happen while a King waits to be resolved');
    // The high bidder is still in; player 1 is chosen so that a sign slip (-1 / +1) shows.
    const other = bid.toMove === 1 ? 0 : 1;
    expect(problem(bid, { highBidder: other, out: 1 << other })).toBe('the high bidder cannot be out of the lot');
    const rival = (pay.toMove + 1) % 4;
    expect(problem(pay, { highBidder: rival })).toBe('step "pay" is the high bidder\'s decision');
  });

  it('V1, A5: the payment mode and what the payer can pay', () => {
    const byLot = { variants: { ...pay.variants, payment: 'by-lot' as const } };
    const goldLot = KIND[pay.lot] === GOLD;
    expect(problem(pay, { ...byLot, payMode: goldLot ? 'gold' : 'discard' })).toBe(
      'payMode must be "discard" for a Gold lot and "gold" otherwise (RULES V1)',
    );
    const p = pay.toMove;
    const hand = pay.hands[p] as number[];
    const gold = hand.filter((c) => KIND[c] === GOLD);
    const keep = hand.filter((c) => KIND[c] !== GOLD);
    const due = keep.length + 1;
    expect(
      problem(pay, {
        payMode: 'discard',
        hands: pay.hands.map((h, q) => (q === p ? keep : h)),
        known: pay.known.map((k, q) => (q === p ? k.filter((c) => keep.includes(c)) : k)),
        discard: [...pay.discard, ...gold],
        highBid: pay.paid + due,
      }),
    ).toBe(`player ${p} holds too few cards to discard the ${due} still due`);
  });

  it('A8: a finished game has no decision, cards in waiting or bids', () => {
    expect(problem(over, { advisor: 0 })).toBe('a game that is over has no player to move and no Advisor');
    const c = (over.hands[0] as number[])[0] as number;
    const waiting = 'a game that is over has no favor pile, lot, King or drawn card';
    expect(problem(over, { ...lift(over, c), favor: [c], favorBy: [0] })).toBe(waiting);
    expect(problem(over, { ...lift(over, c), lot: c })).toBe(waiting);
    expect(problem(over, { ...lift(over, c), drawn: c })).toBe(waiting);
    const king = discarded(over, KING);
    expect(problem(over, { ...lift(over, king), king })).toBe(waiting);
    const drawnAll = 'a game that is over has drawn the deck and emptied the middle';
    const last = over.deck[over.deck.length - 1] as number;
    expect(problem(over, { ...lift(over, last), deckTop: over.deck.length - 1 })).toBe(drawnAll);
    expect(problem(over, { ...lift(over, c), middle: [c] })).toBe(drawnAll);
    const bids = 'a game that is over has no bids';
    expect(problem(over, { payMode: 'gold' })).toBe(bids);
    expect(problem(over, { paid: 1 })).toBe(bids);
    expect(problem(over, { out: 1 })).toBe(bids);
  });

  it('deserialize reports the problem under "state"', () => {
    const message = tampered(place, (save) => {
      save.state.firstPlayer = 3;
      save.state.toMove = (place.advisor + 1) % 4;
    });
    expect(message).toBe('state: step "place" is the Advisor\'s decision');
  });
});

describe('turn order and counters (issue #18, classes 3 and 4)', () => {
  /** Every state of the recorded games, both middle rules. */
  const ALL = [...STATES, ...DEFAULT_STATES];

  it("I3: the issue's reproduction: a take turn handed to the wrong opponent is refused", () => {
    let s = createGame({ players: 4, seed: 2, firstPlayer: 1, variants: { middle: 'one-per-opponent' } });
    for (const area of ['self', 'middle', 'favor', 'middle', 'middle'] as const) s = apply(s, { type: 'place', player: 1, area });
    expect(s.step).toBe('take');
    expect(s.toMove).toBe(2);
    expect(tampered(s, (save) => (save.state.toMove = 0))).toBe(
      'state: step "take": 0 cards were taken, so player 2 takes next, not 0 (RULES I3, V3)',
    );
    expect(tampered(s, (save) => (save.state.toMove = 3))).toMatch(/so player 2 takes next, not 3/);
  });

  it('I2, I4, V3: a save whose middle rule was changed mid-game is refused: the favor pile counts the turns of the rule it was played under', () => {
    // 2 players under one-per-opponent draw 3 cards a turn: with the 25th card just drawn, 8 turns
    // are over and the favor pile holds 8 cards. Under advisor-keeps-last (4 a turn) the Advisor
    // and the cards placed fit too, but 25 cards make 6 turns before this one. Such a save
    // loaded, and legal actions later a forfeit broke the counters of phase 2: that state no
    // longer loaded.
    let s = createGame({ players: 2, seed: 'swapped', variants: { middle: 'one-per-opponent' } });
    while (!(s.step === 'place' && s.deckTop === 25)) s = apply(s, legalActions(s)[0] as Action);
    expect([s.favor.length, s.favorUsed, s.middle.length]).toEqual([8, false, 0]);
    // The same in phase 2: 4 players under one-per-opponent play 16 turns of 5 cards, 14 of 6 under advisor-keeps-last.
    const auction = first((x) => x.players === 4 && x.step === 'bid' && x.favor.length === 15);
    expect(tampered(auction, (save) => (save.state.variants = { ...(save.state.variants as object), middle: 'advisor-keeps-last' }))).toBe(
      'state: the favor pile and the lot hold 16 cards, more than the 14 turns of phase 1 placed (6 cards a turn under the "advisor-keeps-last" middle; RULES I2, A2, V3)',
    );
  });

  it('I1, I4: the Advisor is the first player moved on once per turn, by the cards drawn', () => {
    for (const s of ALL.filter((x) => x.advisor >= 0).slice(0, 40)) {
      for (let a = 0; a < s.players; a++) {
        if (a === s.advisor) continue;
        // Moving the Advisor (and whoever is to move with it) is refused whatever else fits.
        const toMove = s.toMove === s.advisor ? a : s.toMove === a ? s.advisor : s.toMove;
        expect(stateProblem({ ...s, advisor: a, toMove })).not.toBeNull();
      }
    }
    const s = first((x) => x.step === 'place' && x.deckTop > 10);
    expect(problem(s, { advisor: (s.advisor + 1) % s.players, toMove: (s.advisor + 1) % s.players })).toMatch(
      /^advisor must be player \d: with \d+ cards drawn it is turn \d+, from firstPlayer \d \(RULES I1, I4\)$/,
    );
  });

  it('I2, I3, K1: whoever is to move is the one the cards drawn, placed and taken name, at every step of phase 1', () => {
    let checked = 0;
    for (const s of ALL.filter((x) => x.advisor >= 0 && x.step !== 'place')) {
      for (let p = 0; p < s.players; p++) {
        if (p === s.toMove) continue;
        expect(stateProblem({ ...s, toMove: p }), `${s.step} toMove ${s.toMove} → ${p}`).not.toBeNull();
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('I2: the slots used must fit the cards placed this turn; nobody takes before the placements end', () => {
    const s = first((x) => x.step === 'place' && !x.selfUsed && x.middle.length === 0 && x.deckTop % (x.players + 1) === 2);
    expect(problem(s, { selfUsed: true, favorUsed: true })).toBe('selfUsed and favorUsed do not fit the 1 cards placed this turn');
    const t = first((x) => x.step === 'take' && x.middle.length >= 2);
    expect(
      problem(t, { step: 'place', ...lift(t, t.middle[0] as number), drawn: t.middle[0] as number, toMove: t.advisor }),
    ).not.toBeNull();
  });

  it('A3: before the first bid the players from the first player to the player to move have passed, and none after them', () => {
    const opening = first((x) => x.step === 'bid' && x.highBid === 0 && x.out === 0 && x.defaulted === 0);
    expect(opening.toMove).toBe(opening.firstPlayer);
    const next = (opening.toMove + 1) % opening.players;
    expect(problem(opening, { out: 1 << next })).toBe(
      `player ${next} has not acted yet in this round: out only if they defaulted (RULES A3, A7)`,
    );
    expect(problem(opening, { toMove: next })).toBe(
      `player ${opening.firstPlayer} bids before player ${next} from the first player, so must be out before the first bid (RULES A3)`,
    );
  });

  it('A4: a winner pays once every other player is out', () => {
    expect(problem(pay, { out: 0 })).toBe('step "pay": every player but the winner is out of the lot (RULES A4)');
  });

  it('A4, A7: counters a game can reach: none in phase 1, unsold lots on the discard, forfeits by lots begun and this lot defaulters', () => {
    expect(problem(place, { forfeits: 1 })).toBe('forfeits and lotsDiscarded must be 0 before phase 2 (RULES A4, A7)');
    expect(problem(place, { lotsDiscarded: 1 })).toBe('forfeits and lotsDiscarded must be 0 before phase 2 (RULES A4, A7)');
    expect(problem(bid, { lotsDiscarded: bid.discard.length + 1 })).toMatch(/^lotsDiscarded \(\d+\) exceeds the \d+ cards on the discard$/);
    expect(problem(bid, { forfeits: Number.MAX_SAFE_INTEGER })).toMatch(
      /^forfeits \(9007199254740991\) exceeds \d+: at most one per player/,
    );
    expect(problem(over, { forfeits: Number.MAX_SAFE_INTEGER })).toMatch(/^forfeits \(9007199254740991\) exceeds/);
    expect(problem(over, { lotsDiscarded: Number.MAX_SAFE_INTEGER })).toMatch(/^lotsDiscarded \(9007199254740991\) exceeds/);
    const defaulted = ALL.find((x) => x.defaulted !== 0);
    if (defaulted)
      expect(problem(defaulted, { forfeits: 0 })).toMatch(/^forfeits \(0\) is below the \d players who defaulted on this lot$/);
  });

  it('A7: the largest counters a loaded state allows leave room for the rest of the game', () => {
    // The bound grows with the lots begun: a state at the bound loads, and every legal action from it loads again.
    let tried = 0;
    for (const s of ALL.filter((x) => x.step === 'bid').slice(0, 20)) {
      const turns = Math.ceil(s.deck.length / (s.variants.middle === 'one-per-opponent' ? s.players + 1 : s.players + 2));
      const over = turns - s.favor.length - 1;
      let now = 0;
      for (let q = 0; q < s.players; q++) if (s.defaulted & (1 << q)) now++;
      const most = { ...s, forfeits: s.players * over + now };
      expect(stateProblem({ ...most, forfeits: most.forfeits + 1 })).toBe(
        `forfeits (${most.forfeits + 1}) exceeds ${most.forfeits}: at most one per player for each of the ${over} lots over, and this lot's ${now} (RULES A7)`,
      );
      // The move count must cover the forfeits too (each ended a round won by a bid).
      const counted = { ...most, moveCount: Math.max(most.moveCount, fewestActions(most)) };
      if (stateProblem(counted) !== null) continue;
      tried++;
      for (const a of legalActions(counted)) expect(stateProblem(apply(counted, a))).toBeNull();
    }
    expect(tried).toBeGreaterThan(0);
  });
});

describe('each turn-order and counter check by its own sentence (mutation run, issue #18)', () => {
  const ALL = [...STATES, ...DEFAULT_STATES];
  /** Cards drawn per full Advisor's turn: one per middle place, self and favor (RULES I2, V3). */
  const per = (s: GameState): number => (s.variants.middle === 'one-per-opponent' ? s.players - 1 : s.players) + 2;
  /** The King step of phase 1 in which an opponent took the King. */
  const opponentKing = first((s) => s.step === 'king' && s.advisor >= 0 && s.toMove !== s.advisor);

  it('I1: phase 1 has drawn at least the first card', () => {
    expect(tableProblem({ ...take, deckTop: 0 })).toBe('phase 1 has drawn at least the first card (RULES I1)');
  });

  it('I3: nobody takes from the middle while the Advisor still places', () => {
    expect(problem(place, { middle: [], discard: [...place.discard, ...place.middle] })).toBe(
      'step "place": nobody takes from the middle before the placements are over (RULES I3)',
    );
  });

  it('I2, I3: the takes begin only once every area is filled or the deck is drawn', () => {
    // The Advisor's drawn card counted as placed in the middle, with places left this turn.
    const s = first(
      (x) =>
        x.step === 'place' &&
        x.deckTop < x.deck.length &&
        x.deckTop - Math.floor((x.deckTop - 1) / per(x)) * per(x) < per(x) &&
        x.middle.length >= 1,
    );
    expect(tableProblem({ ...s, step: 'take', drawn: -1, middle: [...s.middle, s.drawn], toMove: (s.advisor + 1) % s.players })).toBe(
      'step "take" comes once the Advisor has filled every area or drawn the deck (RULES I2, I3)',
    );
  });

  it('K1, I3: the King of phase 1 goes to its taker, never to the Advisor from the middle of the retail rule', () => {
    expect(problem(opponentKing, { toMove: opponentKing.advisor })).toBe(
      'step "king": the Advisor gains a King only from self or as the last middle card (RULES K1, V3)',
    );
    const wrong =
      (opponentKing.toMove + 1) % opponentKing.players === opponentKing.advisor
        ? (opponentKing.toMove + 2) % opponentKing.players
        : (opponentKing.toMove + 1) % opponentKing.players;
    expect(problem(opponentKing, { toMove: wrong })).toBe(
      `step "king": the King was taken by player ${opponentKing.toMove}, the last taker, not ${wrong} (RULES I3, K1)`,
    );
  });

  it('K1: the King step needs its King', () => {
    expect(tableProblem({ ...opponentKing, king: -1 })).toBe('step "king" needs a King card being resolved');
  });

  it('A3: after a bid, everyone between the high bidder and the player to move has passed', () => {
    const s = first((x) => x.step === 'bid' && x.highBidder >= 0 && x.out === 0 && x.players === 4);
    const hb = s.highBidder;
    const p = (hb + 2) % 4;
    expect(problem(s, { toMove: p })).toBe(
      `player ${(hb + 1) % 4} comes after the high bidder ${hb} and before player ${p}, so must have passed (RULES A3)`,
    );
  });

  it('I1, I4: the Advisor named by the cards drawn, with the turn counted from 1', () => {
    const s = first((x) => x.step === 'place' && x.deckTop > 10);
    const turn = Math.floor((s.deckTop - 1) / per(s));
    const a = (s.advisor + 1) % s.players;
    expect(problem(s, { advisor: a, toMove: a })).toBe(
      `advisor must be player ${s.advisor}: with ${s.deckTop} cards drawn it is turn ${turn + 1}, from firstPlayer ${s.firstPlayer} (RULES I1, I4)`,
    );
  });

  it('I2: the slots used fit the cards placed: not more middle cards than placed there, not more placed there than it holds', () => {
    // Every card of this turn went to the middle; saying self and favor were used leaves two fewer for it.
    const s = first(
      (x) =>
        x.step === 'place' &&
        !x.selfUsed &&
        !x.favorUsed &&
        x.middle.length >= 2 &&
        x.middle.length === x.deckTop - 1 - Math.floor((x.deckTop - 1) / per(x)) * per(x),
    );
    expect(problem(s, { selfUsed: true, favorUsed: true })).toBe(
      `the middle holds ${s.middle.length} cards but only ${s.middle.length - 2} were placed there this turn`,
    );
    // A full turn with neither self nor favor used would have put every card in the middle: more than it holds.
    const t = first((x) => x.step === 'take' && x.selfUsed && x.favorUsed && x.deckTop % per(x) === 0);
    expect(problem(t, { selfUsed: false, favorUsed: false })).toBe(
      `selfUsed and favorUsed do not fit the ${per(t)} cards placed this turn`,
    );
  });

  it('A3: the high bidder is still in the lot', () => {
    const s = first((x) => x.step === 'bid' && x.highBidder >= 0 && x.players === 4);
    expect(problem(s, { out: (s.out | (1 << s.highBidder)) & ~(1 << s.toMove) })).toBe('the high bidder cannot be out of the lot');
  });

  it('A4: every card on the discard may be a lot discarded unsold', () => {
    // Two players who pass nine times in ten: the first lots go unsold before anything else is discarded.
    let s = createGame({ players: 2, seed: 675 });
    let r = 675 * 7 + 2;
    while (s.step !== 'over' && !(s.lotsDiscarded > 0 && s.lotsDiscarded === s.discard.length)) {
      const legal = legalActions(s);
      r = (r * 1103515245 + 12345) % 2147483648;
      const pass = legal.find((a) => a.type === 'pass');
      s = apply(s, pass !== undefined && r % 10 < 9 ? pass : (legal[r % legal.length] as (typeof legal)[number]));
    }
    expect(s.lotsDiscarded).toBeGreaterThan(0);
    expect(s.discard).toHaveLength(s.lotsDiscarded);
    expect(stateProblem(s)).toBeNull();
    expect(problem(s, { lotsDiscarded: s.lotsDiscarded + 1 })).toBe(
      `lotsDiscarded (${s.lotsDiscarded + 1}) exceeds the ${s.discard.length} cards on the discard`,
    );
  });

  it('A4: no more lots discarded unsold than lots over', () => {
    const s = ALL.filter((x) => x.step === 'bid').find((x) => {
      const o = Math.ceil(x.deck.length / per(x)) - x.favor.length - 1;
      return o + 1 <= x.discard.length && x.lotsDiscarded <= o;
    });
    expect(s).toBeDefined();
    const x = s as GameState;
    const o = Math.ceil(x.deck.length / per(x)) - x.favor.length - 1;
    expect(problem(x, { lotsDiscarded: o + 1 })).toBe(`lotsDiscarded (${o + 1}) exceeds the ${o} lots that can be over`);
  });
});

describe('phase 1: who placed and gained what (review finding: hand-edited phase-1 saves)', () => {
  /** Every phase-1 state of the recorded games, both middle rules. */
  const PHASE_ONE = [...STATES, ...DEFAULT_STATES].filter((x) => x.advisor >= 0);

  /** A 3-player game whose first Advisor has placed a card (not a King) in self, and nothing else yet. */
  function selfPlaced(): GameState {
    let s = createGame({ players: 3, seed: 11, firstPlayer: 0 });
    while (KIND[s.drawn] === KING) s = apply(s, { type: 'place', player: 0, area: 'middle' });
    s = apply(s, { type: 'place', player: 0, area: 'self' });
    expect(s.hands.map((h) => h.length)).toEqual([1, 0, 0]);
    return s;
  }

  it("I2, I3: the Advisor's self card moved to another player's hand, or marked known, is refused", () => {
    const s = selfPlaced();
    expect(
      tampered(s, (save) => {
        const hands = save.state.hands as string[][];
        hands[1] = hands[0] as string[];
        hands[0] = [];
      }),
    ).toBe('state: hands[1] holds 1 cards not in known[1], but player 1 has placed at most 0 in self by turn 1 (RULES I2)');
    expect(tampered(s, (save) => ((save.state.known as string[][])[0] = [...((save.state.hands as string[][])[0] as string[])]))).toBe(
      'state: known[0] lists 1 cards, but player 0 has taken at most 0 middle cards by turn 1 (RULES I3)',
    );
  });

  it('K1, A4, A5, A7: in phase 1 the discard holds only resolved Kings: a self card moved there is refused', () => {
    const s = selfPlaced();
    const c = (s.hands[0] as number[])[0] as number;
    expect(
      tampered(s, (save) => {
        const hands = save.state.hands as string[][];
        save.state.discard = hands[0];
        hands[0] = [];
      }),
    ).toBe(`state: discard[0] holds ${named(c)}: in phase 1 only resolved Kings are discarded (RULES K1)`);
  });

  it('I1, I2: in phase 1 favorBy[i] is the Advisor of turn i: a favor card credited to another player is refused', () => {
    let s = createGame({ players: 3, seed: 11, firstPlayer: 0 });
    while (s.advisor === 0) s = apply(s, legalActions(s).at(-1) as Action);
    expect(s.favorBy).toEqual([0]);
    expect(tampered(s, (save) => (save.state.favorBy = [2]))).toBe(
      'state: favorBy[0] must be player 0, the Advisor of turn 1 who placed it (RULES I1, I2), got 2',
    );
  });

  it('I1, I2: any favorBy entry of phase 1 changed to another player is refused', () => {
    let checked = 0;
    for (const s of PHASE_ONE.filter((x) => x.favor.length > 0)) {
      const i = s.favor.length - 1;
      for (let p = 0; p < s.players; p++) {
        if (p === s.favorBy[i]) continue;
        const favorBy = s.favorBy.slice();
        favorBy[i] = p;
        expect(stateProblem({ ...s, favorBy })).toMatch(/^favorBy\[\d+\] must be player \d, the Advisor of turn \d+ who placed it/);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('I2, I3: before any King, every hand of phase 1 is full: a card moved from one hand to another is refused', () => {
    let checked = 0;
    // Without a King gained, each player holds exactly the cards they placed in self (unseen) and took (known).
    for (const s of PHASE_ONE.filter((x) => x.discard.length === 0 && x.king === -1)) {
      for (let p = 0; p < s.players; p++) {
        const hand = s.hands[p] as number[];
        if (hand.length === 0) continue;
        const c = hand[hand.length - 1] as number;
        const seen = (s.known[p] as number[]).includes(c);
        for (let q = 0; q < s.players; q++) {
          if (q === p) continue;
          const hands = s.hands.map((h, r) => (r === p ? h.filter((x) => x !== c) : r === q ? [...h, c] : h));
          const known = s.known.map((k, r) => (r === p ? k.filter((x) => x !== c) : r === q && seen ? [...k, c] : k));
          expect(stateProblem({ ...s, hands, known }), `${p} → ${q}`).toMatch(/^(known|hands)\[\d\] (lists|holds) \d+ cards/);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
