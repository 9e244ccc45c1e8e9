/**
 * @internal The writable copy of a state that one transition builds. A transition copies the
 * state once (a shallow spread) and then replaces, never mutates, the arrays it changes.
 * @module
 */
import type { GameEvent, GameState } from '../state/types.js';

/** @internal A state under construction inside one `apply`. */
export type Draft = { -readonly [K in keyof GameState]: GameState[K] };

/** @internal Where events go; `null` when the caller does not want them (plain `apply`). */
export type Sink = GameEvent[] | null;

/**
 * @internal A shallow copy of a state, written out field by field: every state then shares one
 * object shape, which keeps property access fast in the engine's hot path.
 */
export function draftOf(s: GameState): Draft {
  return {
    players: s.players,
    variants: s.variants,
    seed: s.seed,
    rng: s.rng,
    step: s.step,
    toMove: s.toMove,
    firstPlayer: s.firstPlayer,
    advisor: s.advisor,
    deck: s.deck,
    deckTop: s.deckTop,
    removed: s.removed,
    drawn: s.drawn,
    selfUsed: s.selfUsed,
    favorUsed: s.favorUsed,
    hands: s.hands,
    known: s.known,
    middle: s.middle,
    favor: s.favor,
    favorBy: s.favorBy,
    lot: s.lot,
    lotBy: s.lotBy,
    highBid: s.highBid,
    highBidder: s.highBidder,
    out: s.out,
    defaulted: s.defaulted,
    payMode: s.payMode,
    paid: s.paid,
    king: s.king,
    primary: s.primary,
    secondary: s.secondary,
    discard: s.discard,
    forfeits: s.forfeits,
    lotsDiscarded: s.lotsDiscarded,
    moveCount: s.moveCount,
  };
}

/** @internal A copy of `list` without the element at `index`. */
export function without(list: readonly number[], index: number): number[] {
  const out = list.slice();
  out.splice(index, 1);
  return out;
}

/** @internal A copy of `list` with `value` appended. */
export function withAdded(list: readonly number[], value: number): number[] {
  const out = list.slice();
  out.push(value);
  return out;
}

/** @internal A copy of `lists` with `lists[i]` replaced. */
export function replaceAt<T>(lists: readonly T[], i: number, value: T): T[] {
  const out = lists.slice();
  out[i] = value;
  return out;
}

/** @internal Removes a card from a player's hand (and from its known part), in the draft. */
export function removeFromHand(d: Draft, player: number, card: number): void {
  const hand = d.hands[player] as readonly number[];
  d.hands = replaceAt(d.hands, player, without(hand, hand.indexOf(card)));
  const known = d.known[player] as readonly number[];
  const k = known.indexOf(card);
  if (k >= 0) d.known = replaceAt(d.known, player, without(known, k));
}

/** @internal Adds a card to a player's hand, publicly known if `seen`, in the draft. */
export function addToHand(d: Draft, player: number, card: number, seen: boolean): void {
  d.hands = replaceAt(d.hands, player, withAdded(d.hands[player] as readonly number[], card));
  if (seen) d.known = replaceAt(d.known, player, withAdded(d.known[player] as readonly number[], card));
}
