/**
 * @internal Where each card of the catalogue is seen while a view is read: scratch marks per
 * catalogue index, reused by every call (the engine is single-threaded per realm), and the
 * lookup of a card the view shows.
 * @module
 */
import type { Card } from '../../data/cards.js';
import { CARDS, cardIndex, usedCards } from '../../data/cards.js';
import { invalid, list } from './checks.js';

/** The marks: `UNUSED`, `HIDDEN`, `SEEN` or `IN_HAND + p`, per catalogue index. */
export const mark = new Int8Array(CARDS.length);
/** Not a card of this player count. */
export const UNUSED = 0;
/** A card of the game that the view has not shown (yet). */
export const HIDDEN = 1;
/** Shown on the table (middle, discard, the viewer's favor cards, the lot, the King, the drawn card). */
export const SEEN = 2;
/** Marks 10 + p: in player p's hand. */
export const IN_HAND = 10;

/** Words of 32 bits that hold one bit per catalogue card. */
export const WORDS = (CARDS.length + 31) >> 5;

/** Per player count, the starting marks: `HIDDEN` for the cards used with that count, else `UNUSED`. */
const TEMPLATES: Int8Array[] = [];

/** Starts reading a view of an `n`-player game: every card of the game hidden, the others unused. */
export function startMarks(n: number): void {
  let t = TEMPLATES[n];
  if (t === undefined) {
    t = new Int8Array(CARDS.length);
    for (const c of usedCards(n)) t[c] = HIDDEN;
    TEMPLATES[n] = t;
  }
  mark.set(t);
}

/** Catalogue objects to their indexes: views from `view` hold these very objects. */
const BY_OBJECT: ReadonlyMap<unknown, number> = new Map(CARDS.map((c, i) => [c, i]));

/** The catalogue index of a card the view shows, or `INVALID_VIEW` naming `what`. */
export function indexOfCard(c: unknown, what: string): number {
  const known = BY_OBJECT.get(c);
  if (known !== undefined) return known;
  // A view that went through JSON: look the card up by its id.
  const id = typeof c === 'object' && c !== null ? (c as { id?: unknown }).id : undefined;
  const i = typeof id === 'string' ? cardIndex(id) : -1;
  if (i < 0) throw invalid(`${what} holds something that is not a card`);
  return i;
}

/** The id of catalogue card `i`, for messages. */
export function idOf(i: number): string {
  return (CARDS[i] as Card).id;
}

/** Marks a visible card as placed (it must be a hidden, used card so far) and returns its index. */
export function see(c: unknown, what: string, as: number): number {
  return seeIndex(indexOfCard(c, what), what, as);
}

/** {@link see} for a card already looked up: catalogue index `i`. */
export function seeIndex(i: number, what: string, as: number): number {
  const m = mark[i] as number;
  if (m === UNUSED) throw invalid(`${what} holds ${idOf(i)}, which is not used with this player count`);
  if (m !== HIDDEN) throw invalid(`${idOf(i)} is shown twice (again in ${what})`);
  mark[i] = as;
  return i;
}

/** Marks every card of the list `x` as placed ({@link see}) and returns their indexes. */
export function cardsOf(x: unknown, what: string, as: number): number[] {
  const l = list(x, what);
  const length = l.length;
  const out = new Array<number>(length);
  for (let i = 0; i < length; i++) out[i] = see(l[i], what, as);
  return out;
}
