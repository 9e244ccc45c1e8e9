/**
 * @internal Step 4 of a deal: the hidden hand cards, from the unseen cards that are not Kings.
 * @module
 */
import { copyInto } from '../../state/copy-into.js';
import { pickInPlace } from '../../state/rng.js';
import type { Frame } from './frame.js';
import { dealPayer, type PayerDeal } from './payer.js';
import type { Shown } from './shown.js';
import type { Unseen } from './unseen.js';

/**
 * Step 4, deal the hands into `out` (one owned row per player): the payer's first (so the
 * payment in progress can be completed, RULES A5), then every other hidden hand, from the unseen
 * cards that are not Kings. Leaves the cards not dealt at `nk[u.handSlots …]`.
 *
 * The other hands are a uniform choice among the cards the payer was not dealt, so how many ways
 * they can be dealt does not depend on the payer's hand: the payer's law is the whole deal's.
 */
export function dealHands(rng: number[], f: Frame, s: Shown, u: Unseen, nk: number[], payer: PayerDeal | null, out: number[][]): void {
  const { n, handSizes } = f;
  const { known } = s;
  let dealt = 0;
  if (payer !== null) {
    const slots = payer.slots;
    if (payer.steered) dealPayer(rng, nk, payer);
    else pickInPlace(rng, nk, 0, nk.length, slots);
    const hand = copyInto(out[payer.player] as number[], known[payer.player] as number[]);
    for (let i = 0; i < slots; i++) hand.push(nk[i] as number);
    dealt = slots;
  }
  pickInPlace(rng, nk, dealt, nk.length, u.handSlots - dealt);
  for (let p = 0; p < n; p++) {
    if (payer !== null && p === payer.player) continue;
    const shown = s.hands[p];
    if (shown !== undefined) {
      copyInto(out[p] as number[], shown);
      continue;
    }
    const k = known[p] as number[];
    const size = handSizes[p] as number;
    const hand = copyInto(out[p] as number[], k);
    for (let i = k.length; i < size; i++) hand.push(nk[dealt++] as number);
  }
}
