/**
 * @internal What the value network reads from a full (determinized) state: one vector per seat,
 * from that seat's side of the table, and one context vector shared by every seat. The network
 * scores each seat from its own vector and the context, and a softmax over the seats turns the
 * scores into each seat's chance to win, so the estimate treats the seats alike whatever their
 * number (2 to 5).
 *
 * Per seat, for each of the six office slots (in `OFFICES` order; an office not in play is all
 * zeros): the seat's influence, the best and second-best influence of the other seats, and the
 * seat's chance to lead the office and to come second at the end (a projection of the cards still
 * to come, as the search's evaluation makes). Then the seat's gold, hand size, expected title
 * points and titles, the best and mean of the other seats', the share of the cards to come it
 * may expect, and whether it is to move, the Advisor, the high bidder, resolving a King, or the
 * one who put the lot on the favor pile. The context: the stage of the game (one of 14), the
 * player count, the variants, the phase, how much of the deck and of the lots is left, the lot's
 * kind and the high bid, and per office slot whether it is in play, its title values, the
 * influence still to come in it and the lot's influence in it.
 * @module
 */

import type { GameState } from '../../index.js';
import type { EvalParams } from '../evaluate.js';
import { projection, STAGES, stageOf, turnSize } from '../evaluate.js';
import { ISMCTS_DEFAULTS } from '../ismcts.js';
import { KIND_OF, OFFICE_INDEX, VALUE_OF } from '../tables.js';

/** @internal Office slots of every seat vector (the six offices; livestock plays only with 5). */
export const OFFICE_SLOTS = 6;
/** @internal Features per office slot in a seat's vector. */
export const OFFICE_FEATURES = 5;
/** @internal Features per office slot in the context. */
export const OFFICE_CONTEXT = 5;
/** @internal Features per seat beside the office slots. */
export const SEAT_EXTRA = 14;
/** @internal Length of one seat's vector. */
export const SEAT_FEATURES = OFFICE_SLOTS * OFFICE_FEATURES + SEAT_EXTRA;
/**
 * @internal Length of the context vector: stage (14), players (4), variants (3), phase, deck left,
 * lots left, lot kind (3), high bid, then {@link OFFICE_CONTEXT} per office slot.
 */
export const CONTEXT_FEATURES = STAGES + 4 + 3 + 1 + 2 + 3 + 1 + OFFICE_SLOTS * OFFICE_CONTEXT;

const GOV = 0;

/** The projection's weights: those of the search's evaluation (a coin of gold adds 0.02 to the expected points). */
const PROJECT: EvalParams = ISMCTS_DEFAULTS;

/**
 * @internal Writes the value network's inputs for `state` (not over): seat `p`'s vector at
 * `seats[p * SEAT_FEATURES …]` for every seat, and the context at `context[0 …]`.
 */
export function valueInputs(state: GameState, seats: Float32Array, context: Float32Array): void {
  const n = state.players;
  const m = state.primary.length;
  const { influence: inf, first, second, gold, share, expected, leads, supply } = projection(state, PROJECT);
  const lot = state.lot;
  const lotKind = lot >= 0 ? (KIND_OF[lot] as number) : -1;
  const lotOffice = lotKind === GOV ? (OFFICE_INDEX[lot] as number) : -1;
  for (let p = 0; p < n; p++) {
    let at = p * SEAT_FEATURES;
    for (let o = 0; o < OFFICE_SLOTS; o++) {
      if (o >= m) {
        seats.fill(0, at, at + OFFICE_FEATURES);
        at += OFFICE_FEATURES;
        continue;
      }
      let best = 0;
      let next = 0;
      for (let q = 0; q < n; q++) {
        if (q === p) continue;
        const v = inf[q * m + o] as number;
        if (v > best) {
          next = best;
          best = v;
        } else if (v > next) next = v;
      }
      const i = p * m + o;
      seats[at++] = (inf[i] as number) / 10;
      seats[at++] = best / 10;
      seats[at++] = next / 10;
      seats[at++] = first[i] as number;
      seats[at++] = second[i] as number;
    }
    let bestGold = 0;
    let sumGold = 0;
    let bestExpected = 0;
    let bestLeads = 0;
    for (let q = 0; q < n; q++) {
      if (q === p) continue;
      const g = gold[q] as number;
      sumGold += g;
      if (g > bestGold) bestGold = g;
      if ((expected[q] as number) > bestExpected) bestExpected = expected[q] as number;
      if ((leads[q] as number) > bestLeads) bestLeads = leads[q] as number;
    }
    seats[at++] = (gold[p] as number) / 10;
    seats[at++] = bestGold / 10;
    seats[at++] = sumGold / (n - 1) / 10;
    seats[at++] = (state.hands[p] as readonly number[]).length / 10;
    seats[at++] = (expected[p] as number) / 10;
    seats[at++] = bestExpected / 10;
    seats[at++] = (leads[p] as number) / 3;
    seats[at++] = bestLeads / 3;
    seats[at++] = (share[p] as number) / 10;
    seats[at++] = state.toMove === p ? 1 : 0;
    seats[at++] = state.advisor === p ? 1 : 0;
    seats[at++] = state.highBidder === p ? 1 : 0;
    seats[at++] = state.step === 'king' && state.toMove === p ? 1 : 0;
    seats[at++] = state.lotBy === p ? 1 : 0;
  }
  context.fill(0, 0, CONTEXT_FEATURES);
  context[stageOf(state)] = 1;
  let at = STAGES;
  context[at + n - 2] = 1;
  at += 4;
  context[at++] = state.variants.payment === 'by-lot' ? 1 : 0;
  context[at++] = state.variants.secondaryTitle === 'tile' ? 1 : 0;
  context[at++] = state.variants.middle === 'one-per-opponent' ? 1 : 0;
  context[at++] = state.advisor < 0 ? 1 : 0;
  const total = state.deck.length;
  context[at++] = (total - state.deckTop) / total;
  context[at++] = (state.favor.length + (lot >= 0 ? 1 : 0)) / Math.ceil(total / turnSize(state));
  if (lotKind >= 0) context[at + lotKind] = 1;
  at += 3;
  context[at++] = state.highBid / 10;
  for (let o = 0; o < m; o++) {
    context[at++] = 1;
    context[at++] = (state.primary[o] as number) / 6;
    context[at++] = (n === 2 ? 0 : (state.secondary[o] as number)) / 6;
    context[at++] = (supply[o] as number) / 10;
    context[at++] = lotOffice === o ? (VALUE_OF[lot] as number) / 4 : 0;
  }
}
