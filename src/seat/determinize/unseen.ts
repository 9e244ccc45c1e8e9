/**
 * @internal Step 3 of reading a view: the hidden places, and the unseen cards to deal into them.
 * @module
 */
import { KIND, KING } from '../../data/cards.js';
import { invalid, isInt } from './checks.js';
import type { Frame } from './frame.js';
import { HIDDEN, mark, UNUSED, WORDS } from './marks.js';
import type { Shown } from './shown.js';

/** The hidden places and the unseen cards to deal into them. */
export interface Unseen {
  readonly handSlots: number;
  readonly favorSlots: number;
  readonly drawnSlot: 0 | 1;
  /** Unseen cards that are not Kings (hands may hold only these, RULES K1), in catalogue order. */
  readonly nk: number[];
  readonly kings: number[];
  /** The cards in play (seen or not), as bits: card `c` is bit `c & 31` of word `c >> 5`. */
  readonly inPlay: Int32Array;
}

/** Step 3, list the unseen cards: exactly as many as the hidden places (hands, favor pile, drawn card, deck, removals). */
export function listUnseen(f: Frame, s: Shown): Unseen {
  let handSlots = 0;
  for (let p = 0; p < f.n; p++) {
    const size = f.handSizes[p];
    if (!isInt(size, 0, f.used.length)) throw invalid(`handSizes[${p}] must be a count`);
    const hand = s.hands[p];
    const have = hand !== undefined ? hand.length : (s.known[p] as number[]).length;
    if (hand !== undefined ? have !== size : have > size)
      throw invalid(`handSizes[${p}] is ${size} but the view shows ${have} cards there`);
    handSlots += size - have; // 0 for a shown hand
  }
  const favorSlots = f.favorSize - s.myFavor.length;
  if (favorSlots < 0) throw invalid('myFavor holds more cards than the favor pile');
  if (f.advisor >= 0 && f.me >= 0) {
    // In phase 1 card i of the pile is turn i's, placed by its Advisor (RULES I1, I2, A1).
    let turns = 0;
    for (let i = 0; i < f.favorSize; i++) if ((f.fields.firstPlayer + i) % f.n === f.me) turns++;
    if (s.myFavor.length !== turns)
      throw invalid(
        `myFavor must hold one card for each of the viewer's ${turns} turns as Advisor on the favor pile, got ${s.myFavor.length} (RULES I2)`,
      );
  }
  const drawnSlot = s.holds && s.drawn < 0 ? 1 : 0;
  const nk: number[] = [];
  const kings: number[] = [];
  const inPlay = new Int32Array(WORDS);
  for (let c = 0; c < mark.length; c++) {
    if (mark[c] === HIDDEN) (KIND[c] === KING ? kings : nk).push(c);
    if (mark[c] !== UNUSED) inPlay[c >> 5] = (inPlay[c >> 5] as number) | (1 << (c & 31));
  }
  const hidden = nk.length + kings.length;
  const slots = handSlots + favorSlots + drawnSlot + f.deckLeft + f.removals;
  if (hidden !== slots) throw invalid(`the view leaves ${hidden} cards unseen but has ${slots} hidden places for them`);
  if (nk.length < handSlots) throw invalid('too many hidden hand cards: nobody keeps a King (RULES K1)');
  return { handSlots, favorSlots, drawnSlot, nk, kings, inPlay };
}
