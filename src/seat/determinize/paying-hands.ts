/**
 * @internal The hands that can pay (RULES A5), counted and drawn exactly: for a payer who must
 * find some gold among their hidden cards, dealt from the unseen cards that are not Kings.
 *
 * A hand is counted by its composition: how many cards of each coin value it holds (0 for a card
 * without gold, then 1, 2 and 3). A composition `(t_v)` pays when `Σ v·t_v` reaches the gold
 * needed, and `Π C(n_v, t_v)` hands have it, `n_v` being the unseen cards of value `v`. Drawing a
 * composition with probability proportional to that count, then `t_v` cards of each value
 * uniformly, and the hand's order uniformly, gives every paying hand the same chance, exactly.
 * The counts reach about 10^20 (a 2-player payer with many hidden cards), past the whole numbers
 * a double holds exactly, so they are `bigint`s, and the draw below their total is made of whole
 * 32-bit words of the generator.
 * @module
 */
import { GOLD, KIND, VALUE } from '../../data/cards.js';
import { copyInto } from '../../state/copy-into.js';
import { nextUint32, pickInPlace, shuffleInPlace } from '../../state/rng.js';

/** The coins card `c` is worth in a payment: its value for gold, else 0. */
export function coins(c: number): number {
  return KIND[c] === GOLD ? (VALUE[c] as number) : 0;
}

/** The hands of `slots` cards that can pay, by composition: see the module. */
export interface PayingHands {
  /** The unseen cards that are not Kings, by coin value (index 0: no gold), each list in catalogue order. */
  readonly cards: readonly (readonly number[])[];
  /** Composition `j` takes `take[j * cards.length + v]` cards of value `v`. */
  readonly take: readonly number[];
  /** Running totals of the compositions' counts: `u` below `total` draws the first `j` with `u < upTo[j]`. */
  readonly upTo: readonly bigint[];
  /** How many hands can pay: 0 when none can. */
  readonly total: bigint;
  /** The bits of `total` (its length in binary). */
  readonly bits: number;
  /** Scratch: each value's cards, reordered by a draw. */
  readonly work: number[][];
  /** Scratch: the hand drawn, `slots` cards. */
  readonly hand: number[];
}

/** `C(n, t)` for `t` from 0 to `min(n, most)`, exactly. */
function binomials(n: number, most: number): bigint[] {
  const row: bigint[] = [1n];
  for (let t = 0; t < Math.min(n, most); t++) row.push(((row[t] as bigint) * BigInt(n - t)) / BigInt(t + 1));
  return row;
}

/** Counts the hands of `slots` cards of `nk` (any order) that hold at least `need` coins. */
export function payingHands(nk: readonly number[], slots: number, need: number): PayingHands {
  const cards: number[][] = [[]];
  // Each value's cards in catalogue order, whatever the order of `nk`: the same lists for every deal.
  for (const c of [...nk].sort((a, b) => a - b)) {
    const v = coins(c);
    while (cards.length <= v) cards.push([]);
    (cards[v] as number[]).push(c);
  }
  const values = cards.length;
  const rows = cards.map((list) => binomials(list.length, slots));
  const take: number[] = [];
  const upTo: bigint[] = [];
  let total = 0n;
  const t = new Array<number>(values).fill(0);
  // Chooses how many cards of each gold value (1 up); the cards without gold fill the hand.
  const walk = (v: number, left: number, gold: number, count: bigint): void => {
    // Even with every card left worth the highest value, too little: no paying hand this way.
    if (gold + left * (values - 1) < need) return;
    if (v === values) {
      const without = rows[0] as bigint[];
      if (gold < need || left >= without.length) return;
      t[0] = left;
      total += count * (without[left] as bigint);
      take.push(...t);
      upTo.push(total);
      return;
    }
    const row = rows[v] as bigint[];
    for (let x = 0; x <= left && x < row.length; x++) {
      t[v] = x;
      walk(v + 1, left - x, gold + v * x, count * (row[x] as bigint));
    }
  };
  walk(1, slots, 0, 1n);
  const bits = total.toString(2).length;
  return { cards, take, upTo, total, bits, work: cards.map(() => []), hand: new Array<number>(slots).fill(0) };
}

/** A uniform whole number below `total` (positive, `bits` long), from whole 32-bit words of the generator. */
function below(rng: number[], total: bigint, bits: number): bigint {
  const words = (bits + 31) >> 5;
  // The first word keeps its highest `top` bits: the number is uniform below 2^bits.
  const top = bits - 32 * (words - 1);
  for (;;) {
    let u = BigInt(nextUint32(rng) >>> (32 - top));
    for (let w = 1; w < words; w++) u = (u << 32n) | BigInt(nextUint32(rng));
    if (u < total) return u;
  }
}

/**
 * Deals a paying hand, uniformly among all of them (`h.total` must be positive), into
 * `nk[0 … slots)`, in a uniform order; the other unseen cards that are not Kings follow it.
 */
export function dealPayingHand(rng: number[], nk: number[], h: PayingHands): void {
  const u = below(rng, h.total, h.bits);
  let lo = 0;
  let hi = h.upTo.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (u < (h.upTo[mid] as bigint)) hi = mid;
    else lo = mid + 1;
  }
  const values = h.cards.length;
  const hand = h.hand;
  let k = 0;
  for (let v = 0; v < values; v++) {
    const t = h.take[lo * values + v] as number;
    const work = copyInto(h.work[v] as number[], h.cards[v] as number[]);
    pickInPlace(rng, work, 0, work.length, t);
    for (let i = 0; i < t; i++) hand[k++] = work[i] as number;
  }
  shuffleInPlace(rng, hand);
  for (let i = 0; i < k; i++) nk[i] = hand[i] as number;
  for (let v = 0; v < values; v++) {
    const work = h.work[v] as number[];
    for (let i = h.take[lo * values + v] as number; i < work.length; i++) nk[k++] = work[i] as number;
  }
}
