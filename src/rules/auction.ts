/**
 * Phase 2, Gain Esteem (RULES A1–A8): lots, bidding, payment and forfeit.
 * Each legal-action function sits beside the transition it allows.
 * @module
 */

import { GOLD, idOf, KIND, KING, MAX_BID, VALUE } from '../data/cards.js';
import { nextInt, shuffleInPlace } from '../state/rng.js';
import type { Action, GameState } from '../state/types.js';
import { bidList, payAction } from './actions.js';
import type { Draft, Tx } from './draft.js';
import { addToHand, ownDiscard, ownFavor, ownFavorBy, ownRng, removeFromHand } from './draft.js';
import { gainKing } from './king.js';
import { goldIn, score } from './scoring.js';

/** @internal The highest legal bid for a player count (RULES A3). */
export function maxBid(s: GameState): number {
  return MAX_BID[s.players] as number;
}

/** @internal Legal bidding actions: every bid above the high bid up to the maximum, then pass (RULES A3). */
export function legalBid(s: GameState): readonly Action[] {
  return bidList(s.toMove, s.highBid, maxBid(s));
}

/** @internal Legal payments: any gold card in hand (gold), or any card in hand (discard) (RULES A5). */
export function legalPay(s: GameState): Action[] {
  const p = s.toMove;
  const hand = s.hands[p] as readonly number[];
  const out: Action[] = [];
  if (s.payMode === 'gold') {
    for (const c of hand) if (KIND[c] === GOLD) out.push(payAction(p, c));
  } else for (const c of hand) out.push(payAction(p, c));
  return out;
}

/** @internal Whether `card` (in the payer's hand) may pay now (RULES A5). */
export function canPay(s: GameState, card: number): boolean {
  const hand = s.hands[s.toMove] as readonly number[];
  return hand.includes(card) && (s.payMode === 'discard' || KIND[card] === GOLD);
}

/** @internal Phase 2 begins: the favor pile is shuffled (RULES A1) and the first lot revealed. */
export function startEsteem(d: Draft, tx: Tx): void {
  shuffleInPlace(ownRng(d, tx), ownFavor(d, tx), ownFavorBy(d, tx));
  d.advisor = -1;
  d.selfUsed = false;
  d.favorUsed = false;
  tx.events?.push({ type: 'phase', phase: 'esteem' });
  nextLot(d, tx);
}

/** @internal Reveals the next lot (RULES A2), or ends the game when the favor pile is empty (A8). */
export function nextLot(d: Draft, tx: Tx): void {
  clearLot(d);
  const count = d.favor.length;
  if (count === 0) {
    d.step = 'over';
    d.toMove = -1;
    const events = tx.events;
    if (events) {
      events.push({ type: 'phase', phase: 'over' });
      const s = score(d);
      events.push({ type: 'game-over', points: s.points, winners: s.winners });
    }
    return;
  }
  d.lot = d.favor[count - 1] as number;
  d.lotBy = d.favorBy[count - 1] as number;
  ownFavor(d, tx).pop();
  ownFavorBy(d, tx).pop();
  tx.events?.push({ type: 'lot', card: idOf(d.lot), remaining: count - 1 });
  d.step = 'bid';
  d.toMove = nextIn(d, d.firstPlayer);
}

function clearLot(d: Draft): void {
  d.lot = -1;
  d.lotBy = -1;
  d.highBid = 0;
  d.highBidder = -1;
  d.out = 0;
  d.defaulted = 0;
  d.payMode = null;
  d.paid = 0;
}

/** @internal The first player still in the lot at or clockwise after `from` (0 ≤ from ≤ players), or -1 (RULES A3). */
function nextIn(s: GameState, from: number): number {
  const n = s.players;
  const out = s.out;
  let p = from < n ? from : from - n;
  for (let i = 0; i < n; i++) {
    if ((out & (1 << p)) === 0) return p;
    p = p + 1 === n ? 0 : p + 1;
  }
  return -1;
}

/** @internal A bid (RULES A3). */
export function bid(d: Draft, amount: number, tx: Tx): void {
  const p = d.toMove;
  d.highBid = amount;
  d.highBidder = p;
  tx.events?.push({ type: 'bid', player: p, amount });
  afterTurn(d, p, tx);
}

/** @internal A pass: out of this lot (RULES A3). */
export function pass(d: Draft, tx: Tx): void {
  const p = d.toMove;
  d.out |= 1 << p;
  tx.events?.push({ type: 'pass', player: p });
  afterTurn(d, p, tx);
}

/** @internal Ends the lot's bidding if A4 says so, else passes the turn clockwise to the next player in. */
function afterTurn(d: Draft, p: number, tx: Tx): void {
  const next = nextIn(d, p + 1);
  if (next === -1) {
    // Everyone passed and nobody bid (a high bidder never passes: they are never to move).
    discardLot(d, tx);
  } else if (next === d.highBidder) {
    // Every other player still in has passed: the high bidder wins (RULES A4).
    win(d, next, tx);
  } else {
    d.toMove = next;
  }
}

/** @internal The lot is won: payment starts, or the winner forfeits (RULES A5, A7, V1). */
function win(d: Draft, p: number, tx: Tx): void {
  const hand = d.hands[p] as readonly number[];
  const amount = d.highBid;
  tx.events?.push({ type: 'won', player: p, card: idOf(d.lot), amount });
  // Every gold card is worth at least 1, so a hand holds gold exactly when its gold is worth more than 0.
  const gold = goldIn(hand);
  let mode: 'gold' | 'discard';
  if (d.variants.payment === 'by-lot') mode = KIND[d.lot] === GOLD ? 'discard' : 'gold';
  else mode = gold > 0 ? 'gold' : 'discard';
  const able = mode === 'gold' ? gold >= amount : hand.length >= amount;
  if (able) {
    d.step = 'pay';
    d.toMove = p;
    d.payMode = mode;
    d.paid = 0;
  } else forfeit(d, p, tx);
}

/**
 * @internal The winner cannot pay (RULES A7): the player on their left draws a random card from
 * their hand, discarded face up; bidding restarts without the players who defaulted on this lot.
 */
function forfeit(d: Draft, p: number, tx: Tx): void {
  const n = d.players;
  const hand = d.hands[p] as readonly number[];
  let lost = -1;
  if (hand.length > 0) {
    lost = hand[nextInt(ownRng(d, tx), hand.length)] as number;
    removeFromHand(d, tx, p, lost);
    ownDiscard(d, tx).push(lost);
  }
  d.forfeits += 1;
  tx.events?.push({ type: 'forfeit', player: p, by: (p + 1) % n, card: lost < 0 ? null : idOf(lost) });
  d.defaulted |= 1 << p;
  d.out = d.defaulted;
  d.highBid = 0;
  d.highBidder = -1;
  const opener = nextIn(d, d.firstPlayer);
  if (opener === -1) {
    discardLot(d, tx);
    return;
  }
  const events = tx.events;
  if (events) {
    const excluded: number[] = [];
    for (let q = 0; q < n; q++) if (d.defaulted & (1 << q)) excluded.push(q);
    events.push({ type: 'bidding-restarted', card: idOf(d.lot), excluded });
  }
  d.step = 'bid';
  d.toMove = opener;
}

/** @internal The lot leaves play unsold (RULES A4, A7). */
function discardLot(d: Draft, tx: Tx): void {
  tx.events?.push({ type: 'lot-discarded', card: idOf(d.lot) });
  ownDiscard(d, tx).push(d.lot);
  d.lotsDiscarded += 1;
  nextLot(d, tx);
}

/** @internal One card of payment (RULES A5); when paid in full the lot goes to the winner (A6). */
export function pay(d: Draft, card: number, tx: Tx): void {
  const p = d.toMove;
  const mode = d.payMode === 'gold' ? 'gold' : 'discard';
  removeFromHand(d, tx, p, card);
  ownDiscard(d, tx).push(card);
  d.paid += mode === 'gold' ? (VALUE[card] as number) : 1;
  tx.events?.push({ type: 'paid', player: p, card: idOf(card), mode });
  if (d.paid < d.highBid) return;
  const lot = d.lot;
  clearLot(d);
  if (KIND[lot] === KING) {
    gainKing(d, p, lot, 'lot', tx);
    return;
  }
  addToHand(d, tx, p, lot, true);
  tx.events?.push({ type: 'lot-gained', player: p, card: idOf(lot) });
  nextLot(d, tx);
}
