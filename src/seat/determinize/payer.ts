/**
 * @internal The payment in progress (RULES A5): what the payer's hidden cards must allow, read
 * once per view, and the deal of those cards.
 * @module
 */
import { GOLD, KIND, VALUE } from '../../data/cards.js';
import { pickInPlace } from '../../state/rng.js';
import type { PlayerView } from '../view.js';
import { invalid, isInt } from './checks.js';
import type { Frame } from './frame.js';
import type { Shown } from './shown.js';

/** How many random picks to try before building a payer's hand greedily. */
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
}

function coins(c: number): number {
  return KIND[c] === GOLD ? (VALUE[c] as number) : 0;
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
export function readPayer(v: PlayerView, f: Frame, s: Shown): PayerDeal | null {
  const payment = v.payment;
  if (payment === null || f.over) return null;
  const p = payment.player;
  const due = payment.due;
  const paid = payment.paid;
  const mode = payment.mode;
  if (!isInt(p, 0, f.n - 1) || !isInt(due, 1, 108) || !isInt(paid, 0, due - 1)) throw invalid('payment is out of range');
  const size = f.handSizes[p] as number;
  if (mode === 'discard' && size < due - paid) throw invalid(`player ${p} cannot discard the ${due - paid} cards due`);
  if (s.hands[p] !== undefined) return null;
  const known = s.known[p] as number[];
  const noGold = mode === 'discard' && v.variants.payment === 'gold-or-discard';
  if (noGold && known.some((c) => KIND[c] === GOLD)) throw invalid(`player ${p} pays by discarding but is known to hold gold`);
  const need = due - paid - goldOf(known, 0, known.length);
  const steered = noGold || (mode === 'gold' && need > 0);
  return { player: p, slots: size - known.length, steered, gold: noGold ? -1 : need };
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
 * Deals the payer's hidden cards into `nk[0 … payer.slots)` so that the payment in progress can be
 * completed (RULES A5): enough gold, or no gold at all for a winner paying by discarding.
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
  // Rare: the payer needs most of the hidden gold. Take the highest coins until enough, then pick the rest at random.
  nk.sort((a, b) => coins(b) - coins(a));
  let k = 0;
  let sum = 0;
  while (k < slots && sum < payer.gold) sum += coins(nk[k++] as number);
  if (sum < payer.gold) throw invalid(`player ${payer.player} cannot complete the payment with the hidden gold`);
  pickInPlace(rng, nk, k, nk.length, slots - k);
}
