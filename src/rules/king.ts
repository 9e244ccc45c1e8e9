/**
 * King cards (RULES K1–K3, V2): gained, resolved at once, then out of play.
 * @module
 */

import type { Office } from '../data/cards.js';
import { idOf, OFFICES } from '../data/cards.js';
import type { Action, GameState } from '../state/types.js';
import { kingAction } from './actions.js';
import type { Draft, Tx } from './draft.js';
import { ownDiscard, ownPrimary, ownSecondary } from './draft.js';

/** @internal A player gains a King: the game waits for them to resolve it before anything else (RULES K1). */
export function gainKing(d: Draft, p: number, card: number, from: 'self' | 'middle' | 'lot', tx: Tx): void {
  d.step = 'king';
  d.toMove = p;
  d.king = card;
  tx.events?.push({ type: 'king-gained', player: p, card: idOf(card), from });
}

/** @internal Legal resolutions: every office in play × every value 1–6 but its current one (RULES K2). */
export function legalKing(s: GameState): Action[] {
  const p = s.toMove;
  const out: Action[] = [];
  const offices = s.primary.length;
  for (let o = 0; o < offices; o++) {
    const current = s.primary[o];
    for (let v = 1; v <= 6; v++) if (v !== current) out.push(kingAction(p, o, v));
  }
  return out;
}

/** @internal Whether setting office index `o` to `value` is a legal resolution now (RULES K2). */
export function canResolve(s: GameState, o: number, value: number): boolean {
  return o >= 0 && o < s.primary.length && Number.isInteger(value) && value >= 1 && value <= 6 && value !== s.primary[o];
}

/**
 * @internal Resolves the King: sets the primary title; the secondary follows (S3) or, with the
 * tile variant, swaps when it held the new value (V2). The King then leaves play, face up.
 * The caller resumes the game where the King interrupted it.
 */
export function resolveKing(d: Draft, o: number, value: number, tx: Tx): void {
  const previous = d.primary[o] as number;
  ownPrimary(d, tx)[o] = value;
  if (d.players > 2) {
    if (d.variants.secondaryTitle === 'half') ownSecondary(d, tx)[o] = value >> 1;
    else if (d.secondary[o] === value) ownSecondary(d, tx)[o] = previous;
  }
  const card = d.king;
  ownDiscard(d, tx).push(card);
  d.king = -1;
  tx.events?.push({
    type: 'king-resolved',
    player: d.toMove,
    card: idOf(card),
    office: OFFICES[o] as Office,
    value,
    previous,
    secondary: d.players > 2 ? (d.secondary[o] as number) : null,
  });
}
