/**
 * @internal The payment in progress (RULES A5): what the payer's hidden cards must allow, read
 * once per view, and the deal of those cards.
 * @module
 */
import { GOLD, KIND } from '../../data/cards.js';
import { pickInPlace } from '../../state/rng.js';
import { invalid } from './checks.js';
import type { Frame } from './frame.js';
import { coins, dealPayingHand, type PayingHands, payingHands } from './paying-hands.js';
import type { Shown } from './shown.js';

/**
 * How many uniform hands to try before drawing among the paying hands directly. A try is kept
 * exactly when its hand can pay, so a kept try is a uniform paying hand: the same law as the
 * direct draw. The tries are cheap when paying hands are common, and every deal in which one of
 * them pays is the deal the engine made before the direct draw existed (the golden traces and the
 * bots' decisions are unchanged).
 */
const PAYER_TRIES = 64;

/** The payment in progress, read once: the payer's hidden cards and what they must allow. */
export interface PayerDeal {
  readonly player: number;
  /** The payer's hidden hand cards. */
  readonly slots: number;
  /** Whether the deal must be steered (enough gold, or none): else any cards do. */
  readonly steered: boolean;
  /** Gold still needed from the hidden cards, or -1 for "no gold allowed". */
  readonly gold: number;
  /** The hands that can pay, counted when the tries of a deal first all fail (the same for every deal). */
  hands: PayingHands | null;
}

/** The gold in `a[from … to)`. */
function goldOf(a: readonly number[], from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += coins(a[i] as number);
  return sum;
}

/**
 * The payment in progress (RULES A5), read and checked once per dealer: `null` when there is
 * none, or when the payer's whole hand is shown (nothing to deal for it).
 */
export function readPayer(f: Frame, s: Shown): PayerDeal | null {
  const payment = f.fields.payment;
  if (payment === null || f.over) return null;
  const { player: p, due, paid, mode } = payment;
  const size = f.handSizes[p] as number;
  if (mode === 'discard' && size < due - paid) throw invalid(`player ${p} cannot discard the ${due - paid} cards due`);
  if (s.hands[p] !== undefined) return null;
  const known = s.known[p] as number[];
  const noGold = mode === 'discard' && f.fields.variants.payment === 'gold-or-discard';
  if (noGold && known.some((c) => KIND[c] === GOLD)) throw invalid(`player ${p} pays by discarding but is known to hold gold`);
  const need = due - paid - goldOf(known, 0, known.length);
  const steered = noGold || (mode === 'gold' && need > 0);
  return { player: p, slots: size - known.length, steered, gold: noGold ? -1 : need, hands: null };
}

/** Swaps `a[i]` and `a[j]`. */
function swap(a: number[], i: number, j: number): void {
  const t = a[i] as number;
  a[i] = a[j] as number;
  a[j] = t;
}

/** Moves the cards of `a` that pass `keep` to its front; returns how many. */
function partition(a: number[], keep: (c: number) => boolean): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (keep(a[i] as number)) swap(a, n++, i);
  return n;
}

/**
 * Deals the payer's hidden cards into `nk[0 … payer.slots)` (the rest of the unseen cards that
 * are not Kings after them), uniformly among the hands that let the payment in progress be
 * completed (RULES A5): enough gold, or no gold at all for a winner paying by discarding.
 *
 * With gold: up to {@link PAYER_TRIES} uniform hands, the first that pays is kept; when none
 * does, a hand drawn exactly among those that pay ({@link dealPayingHand}). A uniform hand kept
 * only if it pays is a uniform paying hand, so both ways give the same law.
 */
export function dealPayer(rng: number[], nk: number[], payer: PayerDeal): void {
  const slots = payer.slots;
  if (payer.gold < 0) {
    const eligible = partition(nk, (c) => KIND[c] !== GOLD);
    if (eligible < slots) throw invalid(`player ${payer.player} pays by discarding but too few cards without gold remain hidden`);
    pickInPlace(rng, nk, 0, eligible, slots);
    return;
  }
  for (let t = 0; t < PAYER_TRIES; t++) {
    pickInPlace(rng, nk, 0, nk.length, slots);
    if (goldOf(nk, 0, slots) >= payer.gold) return;
  }
  // Paying hands are rare here: draw one exactly. The count is made once, on the first such deal.
  if (payer.hands === null) payer.hands = payingHands(nk, slots, payer.gold);
  if (payer.hands.total === 0n) throw invalid(`player ${payer.player} cannot complete the payment with the hidden gold`);
  dealPayingHand(rng, nk, payer.hands);
}
