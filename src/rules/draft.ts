/**
 * @internal The writable copy of a state that one transition builds. A transition copies the
 * state once (a shallow copy) and then copies each array it changes on the first change (`Tx`).
 * @module
 */
import type { GameEvent, GameState } from '../state/types.js';

/** @internal A state under construction inside one `apply`. */
export type Draft = { -readonly [K in keyof GameState]: GameState[K] };

/**
 * @internal One transition's bookkeeping: where its events go (`null` when the caller does not
 * want them, as in plain `apply`), and which of the draft's arrays it owns. An array the draft
 * still shares with the state it was copied from is copied once, on its first change in the
 * transition (`ownMiddle`, `ownHand`, …); after that it is changed in place. The pure API
 * starts with nothing owned; the simulator owns every array of its state, so nothing is copied.
 */
export interface Tx {
  readonly events: GameEvent[] | null;
  /** Bit mask of owned arrays: see `OWN_*`. */
  owned: number;
}

const OWN_RNG = 1;
const OWN_MIDDLE = 2;
const OWN_FAVOR = 4;
const OWN_FAVOR_BY = 8;
const OWN_PRIMARY = 16;
const OWN_SECONDARY = 32;
const OWN_DISCARD = 64;
const OWN_HANDS = 128;
const OWN_KNOWN = 256;
/** `OWN_HAND << p`: player p's hand; `OWN_KNOWN_OF << p`: the known part of it (p < 5). */
const OWN_HAND = 512;
const OWN_KNOWN_OF = OWN_HAND << 5;

/** @internal Every array owned: the simulator's transitions, and setup's fresh state. */
export const OWNS_ALL = 0x3fffffff;

// One small function per list (rather than one keyed by the field's name): each stays a plain
// property access that the engine's hot path inlines.

/** @internal The draft's generator state, owned (copied on its first change) and writable. */
export function ownRng(d: Draft, tx: Tx): number[] {
  if ((tx.owned & OWN_RNG) === 0) {
    d.rng = d.rng.slice();
    tx.owned |= OWN_RNG;
  }
  return d.rng as number[];
}

/** @internal The draft's middle, owned and writable. */
export function ownMiddle(d: Draft, tx: Tx): number[] {
  if ((tx.owned & OWN_MIDDLE) === 0) {
    d.middle = d.middle.slice();
    tx.owned |= OWN_MIDDLE;
  }
  return d.middle as number[];
}

/** @internal The draft's favor pile, owned and writable. */
export function ownFavor(d: Draft, tx: Tx): number[] {
  if ((tx.owned & OWN_FAVOR) === 0) {
    d.favor = d.favor.slice();
    tx.owned |= OWN_FAVOR;
  }
  return d.favor as number[];
}

/** @internal Who placed each favor pile card, owned and writable. */
export function ownFavorBy(d: Draft, tx: Tx): number[] {
  if ((tx.owned & OWN_FAVOR_BY) === 0) {
    d.favorBy = d.favorBy.slice();
    tx.owned |= OWN_FAVOR_BY;
  }
  return d.favorBy as number[];
}

/** @internal The primary title values, owned and writable. */
export function ownPrimary(d: Draft, tx: Tx): number[] {
  if ((tx.owned & OWN_PRIMARY) === 0) {
    d.primary = d.primary.slice();
    tx.owned |= OWN_PRIMARY;
  }
  return d.primary as number[];
}

/** @internal The secondary title values, owned and writable. */
export function ownSecondary(d: Draft, tx: Tx): number[] {
  if ((tx.owned & OWN_SECONDARY) === 0) {
    d.secondary = d.secondary.slice();
    tx.owned |= OWN_SECONDARY;
  }
  return d.secondary as number[];
}

/** @internal The discard, owned and writable. */
export function ownDiscard(d: Draft, tx: Tx): number[] {
  if ((tx.owned & OWN_DISCARD) === 0) {
    d.discard = d.discard.slice();
    tx.owned |= OWN_DISCARD;
  }
  return d.discard as number[];
}

/** @internal Player `p`'s hand in the draft, owned and writable. */
export function ownHand(d: Draft, tx: Tx, p: number): number[] {
  if ((tx.owned & OWN_HANDS) === 0) {
    d.hands = d.hands.slice();
    tx.owned |= OWN_HANDS;
  }
  const bit = OWN_HAND << p;
  if ((tx.owned & bit) === 0) {
    (d.hands as (readonly number[])[])[p] = (d.hands[p] as readonly number[]).slice();
    tx.owned |= bit;
  }
  return d.hands[p] as number[];
}

/** @internal The publicly known part of player `p`'s hand in the draft, owned and writable. */
export function ownKnown(d: Draft, tx: Tx, p: number): number[] {
  if ((tx.owned & OWN_KNOWN) === 0) {
    d.known = d.known.slice();
    tx.owned |= OWN_KNOWN;
  }
  const bit = OWN_KNOWN_OF << p;
  if ((tx.owned & bit) === 0) {
    (d.known as (readonly number[])[])[p] = (d.known[p] as readonly number[]).slice();
    tx.owned |= bit;
  }
  return d.known[p] as number[];
}

/** @internal Removes `list[index]` in place, keeping the order (no `splice`, which allocates). */
export function removeAt(list: number[], index: number): void {
  const last = list.length - 1;
  for (let i = index; i < last; i++) list[i] = list[i + 1] as number;
  list.pop();
}

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

/** @internal Removes a card from a player's hand (and from its known part), in the draft. */
export function removeFromHand(d: Draft, tx: Tx, player: number, card: number): void {
  const hand = ownHand(d, tx, player);
  removeAt(hand, hand.indexOf(card));
  const k = (d.known[player] as readonly number[]).indexOf(card);
  if (k >= 0) removeAt(ownKnown(d, tx, player), k);
}

/** @internal Adds a card to a player's hand, publicly known if `seen`, in the draft. */
export function addToHand(d: Draft, tx: Tx, player: number, card: number, seen: boolean): void {
  ownHand(d, tx, player).push(card);
  if (seen) ownKnown(d, tx, player).push(card);
}
