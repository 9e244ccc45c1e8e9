/**
 * Phase 1, Share Influence (RULES I1–I4): the Advisor draws and places, opponents take.
 * Each legal-action function sits beside the transition it allows.
 * @module
 */

import { idOf, KIND, KING } from '../data/cards.js';
import type { Action, Area, GameState } from '../state/types.js';
import { placeAction, takeAction } from './actions.js';
import { startEsteem } from './auction.js';
import type { Draft, Sink } from './draft.js';
import { addToHand, withAdded, without } from './draft.js';
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

/** @internal Bit mask of the areas the Advisor may still use this turn (RULES I2). */
export function openAreas(s: GameState): number {
  return (s.selfUsed ? 0 : 1) | (s.middle.length < s.players - 1 ? 2 : 0) | (s.favorUsed ? 0 : 4);
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
export function place(d: Draft, area: Area, ev: Sink): void {
  const card = d.drawn;
  const p = d.advisor;
  d.drawn = -1;
  if (area === 'self') {
    d.selfUsed = true;
    if (ev) ev.push({ type: 'placed', player: p, area, card: idOf(card) });
    if (KIND[card] === KING) {
      gainKing(d, p, card, 'self', ev);
      return;
    }
    addToHand(d, p, card, false);
  } else if (area === 'middle') {
    d.middle = withAdded(d.middle, card);
    if (ev) ev.push({ type: 'placed', player: p, area, card: idOf(card) });
  } else {
    d.favorUsed = true;
    d.favor = withAdded(d.favor, card);
    d.favorBy = withAdded(d.favorBy, p);
    if (ev) ev.push({ type: 'placed', player: p, area, card: idOf(card) });
  }
  continuePlacement(d, ev);
}

/** @internal Legal take actions: each middle card, in the middle's order (RULES I3). */
export function legalTake(s: GameState): Action[] {
  const p = s.toMove;
  return s.middle.map((c) => takeAction(p, c));
}

/** @internal An opponent takes a middle card (RULES I3; a King is gained at once, K1). */
export function take(d: Draft, card: number, ev: Sink): void {
  const p = d.toMove;
  d.middle = without(d.middle, d.middle.indexOf(card));
  if (ev) ev.push({ type: 'taken', player: p, card: idOf(card) });
  if (KIND[card] === KING) {
    gainKing(d, p, card, 'middle', ev);
    return;
  }
  addToHand(d, p, card, true);
  continueTakes(d, p, ev);
}

/**
 * @internal After a placement: draw the next card, or, when all three areas are full or the deck
 * is empty, let the opponents take (RULES I2, I3).
 */
export function continuePlacement(d: Draft, ev: Sink): void {
  const n = d.players;
  const full = d.selfUsed && d.favorUsed && d.middle.length === n - 1;
  if (full || d.deckTop === d.deck.length) {
    if (d.middle.length > 0) {
      d.step = 'take';
      d.toMove = (d.advisor + 1) % n;
    } else endTurn(d, ev);
    return;
  }
  draw(d, ev);
}

/** @internal After a take: the next opponent clockwise takes, or the turn ends (RULES I3, I4). */
export function continueTakes(d: Draft, taker: number, ev: Sink): void {
  if (d.middle.length === 0) {
    endTurn(d, ev);
    return;
  }
  d.step = 'take';
  d.toMove = (taker + 1) % d.players;
}

/** @internal The Advisor draws the top card of the deck (RULES I2). */
function draw(d: Draft, ev: Sink): void {
  const card = d.deck[d.deckTop] as number;
  d.deckTop += 1;
  d.drawn = card;
  d.step = 'place';
  d.toMove = d.advisor;
  if (ev) ev.push({ type: 'drawn', player: d.advisor, card: idOf(card) });
}

/** @internal Starts an Advisor's turn: empty slots, first draw (RULES I1). */
export function startTurn(d: Draft, advisor: number, ev: Sink): void {
  d.advisor = advisor;
  d.selfUsed = false;
  d.favorUsed = false;
  if (ev) ev.push({ type: 'advisor', player: advisor });
  draw(d, ev);
}

/** @internal Ends an Advisor's turn: the next Advisor, or phase 2 when the deck is empty (RULES I4). */
function endTurn(d: Draft, ev: Sink): void {
  if (d.deckTop === d.deck.length) {
    startEsteem(d, ev);
    return;
  }
  startTurn(d, (d.advisor + 1) % d.players, ev);
}
