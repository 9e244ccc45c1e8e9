/**
 * The heuristic bot: one-step judgement of each legal action with the seat's {@link Model}.
 * @module
 */

import type { Action, Card, PlayerView } from '../index.js';
import { cheapestCover } from './cover.js';
import type { Model } from './model.js';
import { bestKing, buildModel, influenceGain, officeOf } from './model.js';
import { KIND_OF, OFFICE_INDEX, VALUE_OF } from './tables.js';
import type { Bot } from './types.js';
import { named } from './types.js';
import { botLegal, checkBotView } from './view-check.js';

/** @internal Tunable weights of the heuristic bot. */
export interface HeuristicParams {
  /** Points one coin of gold is worth during the draft. */
  readonly coin: number;
  /** Lowest points-per-coin rate used in the auction (reached on the last lots). */
  readonly minRate: number;
  /** Share of an opponent's gain that counts against a lot in games of 3+ players. */
  readonly denial: number;
}

/** @internal The weights `heuristicBot` uses. */
export const HEURISTIC_PARAMS: HeuristicParams = { coin: 0.3, minRate: 0.05, denial: 0.5 };

/** @internal Change of the model owner's utility if player `p` gains `card` (points). */
export function gainValue(model: Model, p: number, card: Card, coin: number): number {
  switch (card.kind) {
    case 'government':
      return influenceGain(model, p, officeOf(model, card), card.value);
    case 'king':
      return bestKing(model, p).gain;
    default:
      return p === model.me ? coin * card.value : (-coin * card.value) / (model.n - 1);
  }
}

/** @internal What losing `card` from the owner's hand costs (points, positive). */
export function lossValue(model: Model, card: Card, coin: number): number {
  if (card.kind === 'gold') return coin * card.value;
  if (card.kind === 'government') return -influenceGain(model, model.me, officeOf(model, card), -card.value);
  return 0;
}

function mean(xs: readonly number[]): number {
  return xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length;
}

/** The value at quantile `q` (0 … 1) of weighted samples. */
function quantile(samples: readonly { v: number; w: number }[], q: number): number {
  const sorted = [...samples].sort((a, b) => a.v - b.v);
  const total = sorted.reduce((a, s) => a + s.w, 0);
  let acc = 0;
  for (const s of sorted) {
    acc += s.w;
    if (acc >= q * total) return s.v;
  }
  return sorted.at(-1)?.v ?? 0;
}

/** @internal What a drawn card is worth to its Advisor in each area (points). */
export interface AreaValues {
  readonly self: number;
  readonly middle: number;
  readonly favor: number;
}

/** @internal What `card` is worth to the model's owner in each area it may place it in. */
export function areaValues(model: Model, card: Card, params: HeuristicParams): AreaValues {
  const self = gainValue(model, model.me, card, params.coin);
  let sum = 0;
  for (let q = 0; q < model.n; q++) if (q !== model.me) sum += gainValue(model, q, card, params.coin);
  const toOpponents = sum / (model.n - 1);
  // Under the default middle rule (RULES V3) the Advisor takes one middle card in N: the last.
  const middle = model.keepsLast ? ((model.n - 1) * toOpponents + self) / model.n : toOpponents;
  // A favor card is bought later by someone, for gold: about half its worth to whoever gets it.
  const favor = (0.5 * (self + (model.n - 1) * toOpponents)) / model.n;
  return { self, middle, favor };
}

/** Area values of the unseen cards, grouped by what they are (the pool the next draws come from). */
function poolValues(model: Model, params: HeuristicParams): { values: AreaValues; w: number }[] {
  // Grouped by kind, office and value (an office index is below 8, a value below 8).
  const groups = new Map<number, { card: Card; w: number }>();
  model.unseenIndex.forEach((i, at) => {
    const key =
      KIND_OF[i] === 0 ? (OFFICE_INDEX[i] as number) * 8 + (VALUE_OF[i] as number) : KIND_OF[i] === 2 ? 64 + (VALUE_OF[i] as number) : 99;
    const g = groups.get(key);
    if (g) g.w += 1;
    else groups.set(key, { card: model.unseen[at] as Card, w: 1 });
  });
  return [...groups.values()].map((g) => ({ values: areaValues(model, g.card, params), w: g.w }));
}

function choosePlace(view: PlayerView, model: Model, params: HeuristicParams): Action {
  const legal = view.legal;
  const card = view.drawn;
  if (legal.length === 1 || card === null) return legal[0] as Action;
  const open = new Set(legal.map((a) => (a.type === 'place' ? a.area : '')));
  const find = (area: string): Action => legal.find((a) => a.type === 'place' && a.area === area) as Action;
  const v = areaValues(model, card, params);
  const middleFree = (view.variants.middle === 'one-per-opponent' ? view.players - 1 : view.players) - view.middle.length;
  const slots = (open.has('self') ? 1 : 0) + (open.has('favor') ? 1 : 0) + (open.has('middle') ? middleFree : 0);
  const future = Math.min(slots - 1, view.deckSize);
  // Keep a scarce slot for this card only if it is among the best the rest of the turn may bring.
  const level = 1 - 1 / (future + 1);
  const pool = poolValues(model, params);
  const bar = (f: (x: AreaValues) => number): number =>
    quantile(
      pool.map((p) => ({ v: f(p.values), w: p.w })),
      level,
    );
  if (open.has('middle')) {
    const selfEdge = v.self - v.middle;
    const favorEdge = v.favor - v.middle;
    if (open.has('self') && selfEdge >= bar((x) => x.self - x.middle) && (!open.has('favor') || selfEdge >= favorEdge)) return find('self');
    if (open.has('favor') && favorEdge >= bar((x) => x.favor - x.middle)) return find('favor');
    return find('middle');
  }
  return v.self - v.favor >= bar((x) => x.self - x.favor) ? find('self') : find('favor');
}

function chooseTake(view: PlayerView, model: Model, params: HeuristicParams): Action {
  let best = view.legal[0] as Action;
  let bestValue = Number.NEGATIVE_INFINITY;
  for (const a of view.legal) {
    if (a.type !== 'take') continue;
    const card = view.middle.find((c) => c.id === a.card);
    if (!card) continue;
    const value = gainValue(model, model.me, card, params.coin);
    if (value > bestValue) {
      bestValue = value;
      best = a;
    }
  }
  return best;
}

function chooseKing(view: PlayerView, model: Model): Action {
  const { o, value } = bestKing(model, model.me);
  const office = model.offices[o];
  return view.legal.find((a) => a.type === 'king' && a.office === office && a.value === value) ?? (view.legal[0] as Action);
}

/** @internal How the owner would pay for the current lot: `'gold'` or `'discard'` (RULES A5, V1). */
export function payModeFor(view: PlayerView, hand: readonly Card[]): 'gold' | 'discard' {
  if (view.variants.payment === 'by-lot') return view.lot?.kind === 'gold' ? 'discard' : 'gold';
  return hand.some((c) => c.kind === 'gold') ? 'gold' : 'discard';
}

function goldOf(hand: readonly Card[]): number {
  let sum = 0;
  for (const c of hand) if (c.kind === 'gold') sum += c.value;
  return sum;
}

/** @internal The most the owner will bid for the lot, in bid units. */
export function bidLimit(view: PlayerView, model: Model, params: HeuristicParams): number {
  const lot = view.lot;
  if (!lot) return 0;
  const me = model.me;
  const self = gainValue(model, me, lot, params.coin);
  const rivals = view.stillIn.filter((q) => q !== me);
  const rivalGain = mean(rivals.map((q) => gainValue(model, q, lot, params.coin)));
  const worth = self - (view.players === 2 ? rivalGain : params.denial * rivalGain);
  if (worth <= 0) return 0;
  const hand = view.hand;
  if (payModeFor(view, hand) === 'discard') {
    const losses = hand.map((c) => lossValue(model, c, params.coin)).sort((a, b) => a - b);
    let cost = 0;
    let count = 0;
    for (const l of losses) {
      if (cost + l >= worth) break;
      cost += l;
      count += 1;
    }
    return count;
  }
  const gold = goldOf(hand);
  if (gold === 0) return 0;
  // Spread the gold over the lots still to come, weighted by what they are worth.
  const pool = poolValues(model, params);
  const poolWeight = pool.reduce((a, p) => a + p.w, 0);
  const typical = pool.reduce((a, p) => a + Math.max(0, p.values.self) * p.w, 0) / Math.max(1, poolWeight);
  const ahead = typical * view.favorSize;
  const rate = Math.max(params.minRate, ahead / gold);
  return Math.min(gold, Math.floor(worth / rate));
}

function chooseBid(view: PlayerView, model: Model, params: HeuristicParams): Action {
  const limit = bidLimit(view, model, params);
  const pass = view.legal.find((a) => a.type === 'pass') as Action;
  if (limit <= view.highBid) return pass;
  return view.legal.find((a) => a.type === 'bid' && a.amount === view.highBid + 1) ?? pass;
}

function choosePay(view: PlayerView, model: Model, params: HeuristicParams): Action {
  const payment = view.payment;
  const hand = view.hand;
  const payable = view.legal.filter((a): a is Extract<Action, { type: 'pay' }> => a.type === 'pay');
  const cardOf = (id: string): Card | undefined => hand.find((c) => c.id === id);
  if (payment?.mode === 'gold') {
    const gold = payable.map((a) => ({ a, card: cardOf(a.card) })).filter((x) => x.card?.kind === 'gold');
    const cover = cheapestCover(
      gold.map((x) => (x.card as Card & { value: number }).value),
      payment.due - payment.paid,
    );
    const want = cover[0];
    const pick = gold.find((x) => (x.card as Card & { value: number }).value === want);
    if (pick) return pick.a;
  }
  let best = payable[0] as Action;
  let bestLoss = Number.POSITIVE_INFINITY;
  for (const a of payable) {
    const card = cardOf(a.card);
    if (!card) continue;
    const loss = lossValue(model, card, params.coin);
    if (loss < bestLoss) {
      bestLoss = loss;
      best = a;
    }
  }
  return best;
}

/** @internal The heuristic bot with explicit weights (for tuning). */
export function heuristicWith(params: HeuristicParams): Bot {
  return named('heuristic', (view) => {
    const legal = botLegal(view, 'heuristicBot');
    if (legal.length === 1) return legal[0] as Action;
    // An impossible view (7 players, an unknown variant or step…) is refused, as the search bots refuse it.
    checkBotView(view, 'heuristicBot');
    const model = buildModel(view);
    switch (view.step) {
      case 'place':
        return choosePlace(view, model, params);
      case 'take':
        return chooseTake(view, model, params);
      case 'king':
        return chooseKing(view, model);
      case 'bid':
        return chooseBid(view, model, params);
      case 'pay':
        return choosePay(view, model, params);
      default:
        return legal[0] as Action;
    }
  });
}

/**
 * A sensible, fast, deterministic bot that judges each option one step ahead. It keeps a
 * belief of everyone's influence per office (exact for its own hand; cards seen taken or won
 * plus an average for hidden cards for the others) and turns it into expected title points.
 *
 * - Drafting: keeps a card (self) when it is among the best the rest of the turn may bring,
 *   gives opponents (middle) what helps them least, and sends middling cards to the favor pile.
 * - Kings: sets the title that helps it most against the best opponent (raise an office it
 *   leads, lower one an opponent leads).
 * - Bidding: values the lot by the title points it adds (and denies), converts that to gold
 *   given the gold it holds and the lots still to come, and never bids more than it can pay.
 * - Payment: the cheapest set of gold that covers the bid; when discarding, the least useful card.
 *
 * It ignores its random source: the same view always gives the same action.
 *
 * @example
 * ```ts
 * import { heuristicBot, botRandom } from 'for-the-king-and-me/bots';
 * const action = heuristicBot(view(state, currentPlayer(state)!), botRandom(1));
 * ```
 * @category Bots
 */
export const heuristicBot: Bot = heuristicWith(HEURISTIC_PARAMS);
