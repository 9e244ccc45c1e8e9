/**
 * @internal The fast encoder: the same numbers as `encodeView(view(state, seat))`, read straight
 * from a game state without building the view. The view-based encoder is the definition; a
 * property test checks that the two agree on every step of random games. Only the parts of the
 * state that `view` shows to the seat are read.
 * @module
 */
import type { GameState } from '../index.js';
import { CARDS } from '../index.js';
import { addSlot, SLOT } from './cards.js';
import { offsetsFor } from './encode.js';

const STEP_INDEX: Readonly<Record<string, number>> = { place: 0, take: 1, king: 2, bid: 3, pay: 4, over: 5 };
/** Coin value by catalogue index (0 for cards that are not Gold). */
const COINS: Int8Array = Int8Array.from(CARDS, (c) => (c.kind === 'gold' ? c.value : 0));

function addAll(out: Float32Array, base: number, g: number, cards: readonly number[]): void {
  for (let i = 0; i < cards.length; i++) addSlot(out, base, g, SLOT[cards[i] as number] as number);
}

/** @internal Writes seat `me`'s observation of `s` into `out` at `offset` (the seat is trusted). */
export function encodeSeat(s: GameState, me: number, out: Float32Array, offset: number): void {
  const k = offsetsFor(s.players);
  const n = k.n;
  const g = k.govCells;
  const max = k.maxBid;
  out.fill(0, offset, offset + k.size);

  const hand = s.hands[me] as readonly number[];
  addAll(out, offset + k.hand, g, hand);
  let coins = 0;
  for (let i = 0; i < hand.length; i++) coins += COINS[hand[i] as number] as number;
  out[offset + k.gold] = coins / max;
  if (s.drawn >= 0 && s.advisor === me) addSlot(out, offset + k.drawn, g, SLOT[s.drawn] as number);
  const favorBy = s.favorBy;
  for (let i = 0; i < favorBy.length; i++) if (favorBy[i] === me) addSlot(out, offset + k.myFavor, g, SLOT[s.favor[i] as number] as number);
  for (let r = 1; r < n; r++) addAll(out, offset + k.known + (r - 1) * k.block, g, s.known[(me + r) % n] as readonly number[]);
  addAll(out, offset + k.middle, g, s.middle);
  if (s.lot >= 0) addSlot(out, offset + k.lot, g, SLOT[s.lot] as number);
  addAll(out, offset + k.discard, g, s.discard);

  for (let o = 0; o < k.offices; o++) {
    out[offset + k.primary + o] = (s.primary[o] as number) / 6;
    out[offset + k.secondary + o] = (n === 2 ? 0 : (s.secondary[o] as number)) / 6;
  }
  const over = s.step === 'over';
  out[offset + k.step + (STEP_INDEX[s.step] as number)] = 1;
  out[offset + k.phase + (over ? 2 : s.advisor >= 0 ? 0 : 1)] = 1;
  if (!over) out[offset + k.toMove + ((s.toMove - me + n) % n)] = 1;
  if (s.advisor >= 0) out[offset + k.advisor + ((s.advisor - me + n) % n)] = 1;
  out[offset + k.seatFromFirst + ((me - s.firstPlayer + n) % n)] = 1;
  out[offset + k.turn] = s.drawn >= 0 ? 1 : 0;
  out[offset + k.turn + 1] = s.selfUsed ? 1 : 0;
  out[offset + k.turn + 2] = s.favorUsed ? 1 : 0;

  out[offset + k.highBid] = s.highBid / max;
  if (s.highBidder >= 0) out[offset + k.highBidder + ((s.highBidder - me + n) % n)] = 1;
  if (s.lot >= 0) {
    for (let p = 0; p < n; p++) {
      const r = (p - me + n) % n;
      if ((s.out & (1 << p)) === 0) out[offset + k.stillIn + r] = 1;
      if ((s.defaulted & (1 << p)) !== 0) out[offset + k.defaulted + r] = 1;
    }
  }
  if (s.payMode !== null) {
    out[offset + k.payment + (s.payMode === 'gold' ? 0 : 1)] = 1;
    out[offset + k.payment + 2] = s.highBid / max;
    out[offset + k.payment + 3] = s.paid / max;
  }
  for (let p = 0; p < n; p++) out[offset + k.handSizes + ((p - me + n) % n)] = (s.hands[p] as readonly number[]).length / max;
  out[offset + k.deckSize] = (s.deck.length - s.deckTop) / max;
  out[offset + k.favorSize] = s.favor.length / max;
  out[offset + k.variants] = s.variants.payment === 'by-lot' ? 1 : 0;
  out[offset + k.variants + 1] = s.variants.secondaryTitle === 'tile' ? 1 : 0;
  out[offset + k.variants + 2] = s.variants.middle === 'one-per-opponent' ? 1 : 0;
}
