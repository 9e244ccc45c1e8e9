/**
 * @internal What the policy network reads at a decision: one vector for the decision (what the
 * seat knows of the table) and one per choice (what the choice does), both from the seat's
 * {@link PlayerView} only, through the heuristic bot's belief (`model.ts`): its own hand exactly,
 * the others' influence as the cards seen plus an average for the hidden ones.
 *
 * The decision vector: the step (place, take, King, bid), the stage of the game (one of 14), the
 * player count, the variants, the seat's gold, hand size, expected title points and those of
 * the best opponent, and for each of the six office slots whether it is in play, its title
 * values, the seat's expected influence, the best opponent's, and the seat's expected points
 * there; then the auction (high bid, players still in, whether the seat holds the high bid, the
 * lot's kind, lots left).
 *
 * A choice's vector: its kind (self, middle, favor, take, King, raise, pass), the card it moves
 * (drawn, taken or the lot: kind, value, office), what that card is worth to the seat and to its
 * opponents (mean and best) in title points, the heuristic bot's worth of the placement, the
 * King's old and new values and its worth to the seat, the bid against the seat's gold and the
 * heuristic bot's limit, and whether it is the heuristic bot's own choice.
 * @module
 */

import type { Action, Card, PlayerView } from '../../index.js';
import { OFFICES } from '../../index.js';
import { STAGES } from '../evaluate.js';
import type { HeuristicParams } from '../heuristic.js';
import { areaValues, bidLimit, gainValue, heuristicBot } from '../heuristic.js';
import type { Model } from '../model.js';
import { buildModel, kingGain, totals } from '../model.js';
import { sameAction } from '../play.js';
import type { BotRandom } from '../types.js';

/** @internal Length of the decision vector. */
export const DECISION_FEATURES = 4 + STAGES + 4 + 3 + 5 + 6 * 6 + 7;
/** @internal Length of one choice's vector. */
export const CHOICE_FEATURES = 7 + 10 + 3 + 1 + 3 + 3 + 1;

const DECK_AFTER_SETUP = [0, 0, 60, 72, 80, 108];

/** @internal The stage of the game a view shows, as the search's evaluation counts it (0–5 the auction, 6–13 the draft). */
export function stageOfView(view: PlayerView): number {
  const n = view.players;
  const total = DECK_AFTER_SETUP[n] as number;
  const turn = view.variants.middle === 'one-per-opponent' ? n + 1 : n + 2;
  const lots = Math.ceil(total / turn);
  const left = view.deckSize + view.favorSize + view.middle.length + (view.lot ? 1 : 0) + (view.advisorHoldsCard ? 1 : 0);
  if (view.phase !== 'influence') return Math.min(5, Math.floor((6 * left) / (lots + 1)));
  return 6 + Math.max(0, Math.min(7, Math.floor((8 * (left - lots)) / (total - lots + 1))));
}

function goldOf(hand: readonly Card[]): number {
  let sum = 0;
  for (const c of hand) if (c.kind === 'gold') sum += c.value;
  return sum;
}

const STEP_SLOT: Readonly<Record<string, number>> = { place: 0, take: 1, king: 2, bid: 3 };

/** @internal Writes the decision vector of `view` (whose belief is `model`) at `out[0 …]`. */
export function decisionInputs(view: PlayerView, model: Model, out: Float32Array): void {
  out.fill(0, 0, DECISION_FEATURES);
  const n = view.players;
  const me = model.me;
  let at = 0;
  const slot = STEP_SLOT[view.step];
  if (slot !== undefined) out[at + slot] = 1;
  at += 4;
  out[at + stageOfView(view)] = 1;
  at += STAGES;
  out[at + n - 2] = 1;
  at += 4;
  out[at++] = view.variants.payment === 'by-lot' ? 1 : 0;
  out[at++] = view.variants.secondaryTitle === 'tile' ? 1 : 0;
  out[at++] = view.variants.middle === 'one-per-opponent' ? 1 : 0;
  const sums = totals(model);
  let bestOther = 0;
  for (let q = 0; q < n; q++) if (q !== me && (sums[q] as number) > bestOther) bestOther = sums[q] as number;
  out[at++] = goldOf(view.hand) / 10;
  out[at++] = view.hand.length / 10;
  out[at++] = (sums[me] as number) / 10;
  out[at++] = bestOther / 10;
  out[at++] = ((sums[me] as number) - bestOther) / 5;
  for (let slotIndex = 0; slotIndex < 6; slotIndex++) {
    const o = model.offices.indexOf(OFFICES[slotIndex] as (typeof OFFICES)[number]);
    if (o < 0) {
      at += 6;
      continue;
    }
    let best = 0;
    for (let q = 0; q < n; q++)
      if (q !== me && ((model.mu[q] as number[])[o] as number) > best) best = (model.mu[q] as number[])[o] as number;
    out[at++] = 1;
    out[at++] = (model.primary[o] as number) / 6;
    out[at++] = (model.secondary[o] as number) / 6;
    out[at++] = ((model.mu[me] as number[])[o] as number) / 10;
    out[at++] = best / 10;
    out[at++] = ((model.e[me] as number[])[o] as number) / 6;
  }
  out[at++] = view.highBid / 10;
  out[at++] = view.stillIn.length / n;
  out[at++] = view.highBidder === me ? 1 : 0;
  if (view.lot) out[at + (view.lot.kind === 'government' ? 0 : view.lot.kind === 'king' ? 1 : 2)] = 1;
  at += 3;
  out[at++] = view.favorSize / 10;
}

/** The card a choice moves: the drawn card, the middle card taken, or the lot bid on or passed. */
function cardOf(view: PlayerView, a: Action): Card | null {
  switch (a.type) {
    case 'place':
      return view.drawn;
    case 'take':
      return view.middle.find((c) => c.id === a.card) ?? null;
    case 'bid':
    case 'pass':
      return view.lot;
    default:
      return null;
  }
}

const KIND_SLOT: Readonly<Record<string, number>> = { self: 0, middle: 1, favor: 2 };

/**
 * @internal Writes the vector of each choice at `out[i * CHOICE_FEATURES …]`. `heuristic` is the
 * heuristic bot's action at this view; `params` its weights.
 */
export function choiceInputs(
  view: PlayerView,
  model: Model,
  choices: readonly Action[],
  heuristic: Action,
  params: HeuristicParams,
  out: Float32Array,
): void {
  out.fill(0, 0, choices.length * CHOICE_FEATURES);
  const me = model.me;
  const n = view.players;
  const areas = view.step === 'place' && view.drawn ? areaValues(model, view.drawn, params) : null;
  const limit = view.step === 'bid' ? bidLimit(view, model, params) : 0;
  const gold = goldOf(view.hand);
  // Worth of each card moved, to the seat and to its opponents, computed once per card.
  const worth = new Map<string, readonly number[]>();
  const worthOf = (card: Card): readonly number[] => {
    const known = worth.get(card.id);
    if (known) return known;
    const self = gainValue(model, me, card, params.coin);
    let sum = 0;
    let best = Number.NEGATIVE_INFINITY;
    for (let q = 0; q < n; q++) {
      if (q === me) continue;
      const g = gainValue(model, q, card, params.coin);
      sum += g;
      if (g > best) best = g;
    }
    const w = [self, sum / (n - 1), best];
    worth.set(card.id, w);
    return w;
  };
  choices.forEach((a, i) => {
    let at = i * CHOICE_FEATURES;
    const kind =
      a.type === 'place' ? (KIND_SLOT[a.area] as number) : a.type === 'take' ? 3 : a.type === 'king' ? 4 : a.type === 'bid' ? 5 : 6;
    out[at + kind] = 1;
    at += 7;
    const card = cardOf(view, a);
    if (card) {
      out[at + (card.kind === 'government' ? 0 : card.kind === 'king' ? 1 : 2)] = 1;
      out[at + 3] = card.kind === 'king' ? 0 : card.value / 4;
      if (card.kind === 'government') out[at + 4 + OFFICES.indexOf(card.office)] = 1;
    } else if (a.type === 'king') out[at + 4 + OFFICES.indexOf(a.office)] = 1;
    at += 10;
    if (card) {
      const w = worthOf(card);
      out[at] = (w[0] as number) / 3;
      out[at + 1] = (w[1] as number) / 3;
      out[at + 2] = (w[2] as number) / 3;
    }
    at += 3;
    if (areas && a.type === 'place') out[at] = areas[a.area] / 3;
    at += 1;
    if (a.type === 'king') {
      const o = model.offices.indexOf(a.office);
      out[at] = (model.primary[o] as number) / 6;
      out[at + 1] = a.value / 6;
      out[at + 2] = kingGain(model, o, a.value, me) / 3;
    }
    at += 3;
    if (a.type === 'bid') {
      out[at] = a.amount / 10;
      out[at + 1] = a.amount / Math.max(1, gold);
      out[at + 2] = (limit - a.amount) / 5;
    }
    at += 3;
    out[at] = sameAction(a, heuristic) ? 1 : 0;
  });
}

/** A source the heuristic bot accepts; it draws nothing from it. */
const UNUSED: BotRandom = { next: () => 0, int: () => 0 };

/**
 * @internal Writes the policy network's inputs for `choices` at `view`: the decision vector at
 * `decision[0 …]`, each choice's at `choiceVectors[i * CHOICE_FEATURES …]` (long enough).
 */
export function policyInputs(
  view: PlayerView,
  choices: readonly Action[],
  params: HeuristicParams,
  decision: Float32Array,
  choiceVectors: Float32Array,
): void {
  const model = buildModel(view);
  decisionInputs(view, model, decision);
  choiceInputs(view, model, choices, heuristicBot(view, UNUSED), params, choiceVectors);
}
