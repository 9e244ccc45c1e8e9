/**
 * @internal Where a card goes in a card block (see `cardBlockSize`): its Government slot
 * (office × 9 + letter), or the King count, or the Gold count of its value.
 * @module
 */
import type { Card } from '../index.js';
import { CARDS, LETTERS, OFFICES } from '../index.js';

/** @internal Slot code of a King card. */
export const KING_SLOT = -1;

/** Slot code of a Gold card of value `v` (1–3). */
function goldSlot(v: number): number {
  return -1 - v;
}

function slotOf(card: Card): number {
  if (card.kind === 'government') return OFFICES.indexOf(card.office) * LETTERS.length + LETTERS.indexOf(card.letter);
  return card.kind === 'king' ? KING_SLOT : goldSlot(card.value);
}

/**
 * @internal Slot code by catalogue index: `>= 0` a Government slot, `KING_SLOT` a King, `-1 - v`
 * a Gold card of value `v`.
 */
export const SLOT: Int16Array = Int16Array.from(CARDS, slotOf);

const BY_OBJECT: ReadonlyMap<unknown, number> = new Map(CARDS.map((c) => [c, slotOf(c)]));
const BY_ID: ReadonlyMap<unknown, number> = new Map(CARDS.map((c) => [c.id, slotOf(c)]));

/**
 * @internal The slot code of a card from a view: the catalogue object itself (views from `view`)
 * or any object with a catalogue `id` (a view that went through JSON).
 */
export function slotOfCard(card: unknown): number {
  const s = BY_OBJECT.get(card) ?? BY_ID.get(typeof card === 'object' && card !== null ? (card as { id?: unknown }).id : undefined);
  if (s === undefined) throw new TypeError('the view holds something that is not a card of the catalogue');
  return s;
}

/**
 * @internal Adds a card (by slot code) to the block at `base` of `out`; `govCells` is the number
 * of Government cells (offices in play × 9).
 */
export function addSlot(out: Float32Array, base: number, govCells: number, slot: number): void {
  if (slot >= 0) out[base + slot] = 1;
  else {
    const i = base + govCells - 1 - slot; // King (-1) → govCells; Gold v (-1-v) → govCells + v
    out[i] = (out[i] as number) + 1;
  }
}
