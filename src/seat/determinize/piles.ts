/**
 * @internal Step 5 of a deal: the piles (the drawn card, the favor pile, the deck, the random
 * removals), from the unseen cards the hands were not dealt, Kings included.
 * @module
 */
import type { Draft } from '../../rules/draft.js';
import { truncate } from '../../state/copy-into.js';
import { nextInt, shuffleInPlace } from '../../state/rng.js';
import type { Frame } from './frame.js';
import { WORDS } from './marks.js';
import type { Shown } from './shown.js';
import type { Unseen } from './unseen.js';

/** Scratch bits of the cards drawn so far, for each deal. */
const drawnBits = new Int32Array(WORDS);

/** Scratch list of the others' favor cards, for a pile of phase 1. */
const others: number[] = [];

/**
 * Puts a dealt favor pile of phase 1 in the order of the turns: the pile is shuffled only when
 * phase 2 begins (RULES A1), so its card i is turn i's, placed by that turn's Advisor (I1, I2).
 * The cards keep their dealt order among the viewer's and among the others'. `listUnseen`
 * checked that the viewer's cards are one per turn of theirs.
 */
function inTurnOrder(f: Frame, favor: number[], favorBy: number[]): void {
  const { n, me } = f;
  const k = favor.length;
  let m = 0;
  let o = 0;
  for (let i = 0; i < k; i++) {
    const c = favor[i] as number;
    if (favorBy[i] === me) favor[m++] = c;
    else others[o++] = c;
  }
  // From the back: the viewer's cards, gathered at the front, are read before they are overwritten.
  for (let i = k - 1; i >= 0; i--) {
    const by = (f.fields.firstPlayer + i) % n;
    favorBy[i] = by;
    favor[i] = by === me ? (favor[--m] as number) : (others[--o] as number);
  }
}

/** A player other than the viewer `me`, at random (who placed a hidden favor card or the lot). */
export function otherThan(rng: number[], n: number, me: number): number {
  if (me < 0) return nextInt(rng, n);
  const q = nextInt(rng, n - 1);
  return q >= me ? q + 1 : q;
}

/**
 * Step 5, deal the piles into `d`: the rest of the unseen cards (Kings included), shuffled in the
 * scratch list `rest`, to the drawn card, the favor pile (then shuffled with the viewer's own
 * favor cards), the deck's rest and the random removals; the deck's drawn part is listed in
 * catalogue order.
 */
export function dealPiles(rng: number[], f: Frame, s: Shown, u: Unseen, nk: number[], rest: number[], d: Draft): void {
  const { n, me } = f;
  // Every list is written from its start by index and then cut to length: the deck, the
  // removals and `rest` have the same length in every deal, so nothing is emptied or grown.
  let k = 0;
  for (let i = u.handSlots; i < nk.length; i++) rest[k++] = nk[i] as number;
  for (const c of u.kings) rest[k++] = c;
  truncate(rest, k);
  shuffleInPlace(rng, rest);
  let r = 0;
  let drawn = s.drawn;
  if (u.drawnSlot === 1) drawn = rest[r++] as number;
  const favor = d.favor as number[];
  const favorBy = d.favorBy as number[];
  const mine = s.myFavor;
  k = 0;
  for (; k < mine.length; k++) {
    favor[k] = mine[k] as number;
    favorBy[k] = me;
  }
  for (let i = 0; i < u.favorSlots; i++, k++) {
    favor[k] = rest[r++] as number;
    favorBy[k] = otherThan(rng, n, me);
  }
  truncate(favor, k);
  truncate(favorBy, k);
  shuffleInPlace(rng, favor, favorBy);
  if (f.advisor >= 0) inTurnOrder(f, favor, favorBy);
  // The deck: the cards drawn so far (any order: catalogue order; the drawn card last), then the
  // rest. Drawn so far is every card in play but the drawn card, the deck's rest and the removals
  // (`rest` from `r` on), found as bits and listed lowest first.
  const bits = drawnBits;
  bits.set(u.inPlay);
  for (let i = r; i < rest.length; i++) {
    const c = rest[i] as number;
    bits[c >> 5] = (bits[c >> 5] as number) & ~(1 << (c & 31));
  }
  if (drawn >= 0) bits[drawn >> 5] = (bits[drawn >> 5] as number) & ~(1 << (drawn & 31));
  const deck = d.deck as number[];
  k = 0;
  for (let w = 0; w < WORDS; w++) {
    let word = bits[w] as number;
    while (word !== 0) {
      const low = word & -word;
      deck[k++] = (w << 5) + 31 - Math.clz32(low);
      word ^= low;
    }
  }
  if (drawn >= 0) deck[k++] = drawn;
  d.deckTop = k;
  const removedFrom = r + f.deckLeft;
  for (let i = r; i < removedFrom; i++) deck[k++] = rest[i] as number;
  truncate(deck, k);
  const removed = d.removed as number[];
  k = 0;
  for (let i = removedFrom; i < rest.length; i++) removed[k++] = rest[i] as number;
  truncate(removed, k);
  d.drawn = drawn;
}
