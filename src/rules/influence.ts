/**
 * Phase 1, Share Influence (RULES I1–I4, V3): the Advisor draws and places, opponents take (and,
 * under the default middle rule, the Advisor takes the last middle card). Each legal-action
 * function sits beside the transition it allows.
 * @module
 */

import { idOf, KIND, KING } from '../data/cards.js';
import type { Action, Area, GameState } from '../state/types.js';
import { placeAction, takeAction } from './actions.js';
import { startEsteem } from './auction.js';
import type { Draft, Tx } from './draft.js';
import { addToHand, ownFavor, ownFavorBy, ownMiddle, removeAt } from './draft.js';
import { gainKing } from './king.js';

const AREA_INDEX: Readonly<Record<Area, number>> = { self: 0, middle: 1, favor: 2 };

// placeLists[player][mask]: mask bit 0 self open, bit 1 middle open, bit 2 favor open.
const placeLists: (readonly Action[])[][] = [];
for (let p = 0; p < 5; p++) {
  const row: (readonly Action[])[] = [];
  for (let mask = 0; mask < 8; mask++) {
    const list: Action[] = [];
    for (let a = 0; a < 3; a++) if (mask & (1 << a)) list.push(placeAction(p, a));
    row.push(Object.freeze(list));
  }
  placeLists.push(row);
}

/**
 * @internal How many cards the middle holds at most in one turn (RULES I2, V3): one per player
 * under `'advisor-keeps-last'`, one per opponent under `'one-per-opponent'`.
 */
export function middleCapacity(s: GameState): number {
  return keepsLast(s) ? s.players : s.players - 1;
}

/** @internal Whether the Advisor takes the last middle card (RULES V3 `'advisor-keeps-last'`, the default). */
export function keepsLast(s: GameState): boolean {
  return s.variants.middle !== 'one-per-opponent';
}

/** @internal Bit mask of the areas the Advisor may still use this turn (RULES I2). */
export function openAreas(s: GameState): number {
  return (s.selfUsed ? 0 : 1) | (s.middle.length < middleCapacity(s) ? 2 : 0) | (s.favorUsed ? 0 : 4);
}

/** @internal Legal place actions: every area that is not full, in the order self, middle, favor. */
export function legalPlace(s: GameState): readonly Action[] {
  return (placeLists[s.toMove] as (readonly Action[])[])[openAreas(s)] as readonly Action[];
}

/** @internal Whether `area` is open for the Advisor now. */
export function canPlace(s: GameState, area: Area): boolean {
  return (openAreas(s) & (1 << AREA_INDEX[area])) !== 0;
}

/** @internal Places the drawn card (RULES I2; a King placed in self is gained at once, K1). */
export function place(d: Draft, area: Area, tx: Tx): void {
  const card = d.drawn;
  const p = d.advisor;
  d.drawn = -1;
  if (area === 'self') {
    d.selfUsed = true;
    tx.events?.push({ type: 'placed', player: p, area, card: idOf(card) });
    if (KIND[card] === KING) {
      gainKing(d, p, card, 'self', tx);
      return;
    }
    addToHand(d, tx, p, card, false);
  } else if (area === 'middle') {
    ownMiddle(d, tx).push(card);
    tx.events?.push({ type: 'placed', player: p, area, card: idOf(card) });
  } else {
    d.favorUsed = true;
    ownFavor(d, tx).push(card);
    ownFavorBy(d, tx).push(p);
    tx.events?.push({ type: 'placed', player: p, area, card: idOf(card) });
  }
  continuePlacement(d, tx);
}

/** @internal Legal take actions: each middle card, in the middle's order (RULES I3). */
export function legalTake(s: GameState): Action[] {
  const p = s.toMove;
  return s.middle.map((c) => takeAction(p, c));
}

/**
 * @internal The player to move takes a middle card: an opponent, or the Advisor taking the last
 * one under `'advisor-keeps-last'` (RULES I3, V3; a King is gained at once, K1).
 */
export function take(d: Draft, card: number, tx: Tx): void {
  const p = d.toMove;
  const middle = ownMiddle(d, tx);
  removeAt(middle, middle.indexOf(card));
  tx.events?.push(
    p === d.advisor ? { type: 'taken', player: p, card: idOf(card), byAdvisor: true } : { type: 'taken', player: p, card: idOf(card) },
  );
  if (KIND[card] === KING) {
    gainKing(d, p, card, 'middle', tx);
    return;
  }
  addToHand(d, tx, p, card, true);
  continueTakes(d, p, tx);
}

/**
 * @internal After a placement: draw the next card, or, when all three areas are full or the deck
 * is empty, let the opponents take (RULES I2, I3).
 */
export function continuePlacement(d: Draft, tx: Tx): void {
  const full = d.selfUsed && d.favorUsed && d.middle.length === middleCapacity(d);
  if (full || d.deckTop === d.deck.length) {
    continueTakes(d, d.advisor, tx);
    return;
  }
  draw(d, tx);
}

/**
 * @internal After the placements or a take: the next taker, or the end of the turn when the
 * middle is empty (RULES I3, I4). The opponents take clockwise from the Advisor's left; under
 * `'advisor-keeps-last'` the last card goes to the Advisor (V3).
 */
export function continueTakes(d: Draft, taker: number, tx: Tx): void {
  const left = d.middle.length;
  if (left === 0) {
    endTurn(d, tx);
    return;
  }
  d.step = 'take';
  d.toMove = left === 1 && keepsLast(d) ? d.advisor : taker + 1 === d.players ? 0 : taker + 1;
}

/**
 * @internal Whether the Advisor, resolving a King (RULES K1), gained it by taking the last
 * middle card (V3) rather than by placing it in *self*. The state does not say where the King
 * came from, but the deck does: every turn but the last draws exactly one card per slot (`N + 2`
 * under `'advisor-keeps-last'`, RULES I2), so the turn's drawing is over exactly when the number
 * of cards drawn is a multiple of that or the deck is empty; and while the Advisor is still
 * placing, the turn's drawing is not over or the middle is not empty.
 */
export function advisorTookLast(d: GameState): boolean {
  if (!keepsLast(d) || d.middle.length > 0) return false;
  return d.deckTop === d.deck.length || d.deckTop % (d.players + 2) === 0;
}

/** @internal The Advisor draws the top card of the deck (RULES I2). */
function draw(d: Draft, tx: Tx): void {
  const card = d.deck[d.deckTop] as number;
  d.deckTop += 1;
  d.drawn = card;
  d.step = 'place';
  d.toMove = d.advisor;
  tx.events?.push({ type: 'drawn', player: d.advisor, card: idOf(card) });
}

/** @internal Starts an Advisor's turn: empty slots, first draw (RULES I1). */
export function startTurn(d: Draft, advisor: number, tx: Tx): void {
  d.advisor = advisor;
  d.selfUsed = false;
  d.favorUsed = false;
  tx.events?.push({ type: 'advisor', player: advisor });
  draw(d, tx);
}

/** @internal Ends an Advisor's turn: the next Advisor, or phase 2 when the deck is empty (RULES I4). */
function endTurn(d: Draft, tx: Tx): void {
  if (d.deckTop === d.deck.length) {
    startEsteem(d, tx);
    return;
  }
  startTurn(d, d.advisor + 1 === d.players ? 0 : d.advisor + 1, tx);
}
