/**
 * @internal What one seat can infer from its view: every player's expected influence per office
 * (exact for its own hand, known cards plus an average for hidden ones for the others) and the
 * expected title points that follow. The heuristic bot decides by how an action changes
 * {@link Model.utility}: its own expected points minus the best opponent's.
 * @module
 */

import type { Card, Office, PlayerView } from '../index.js';
import { CARDS, officesInPlay, RulesError } from '../index.js';
import { INDEX_OF, MARK_OF, OFFICE_INDEX, VALUE_OF } from './tables.js';

/** @internal A player's belief about the table, built from one {@link PlayerView}. */
export interface Model {
  readonly n: number;
  readonly me: number;
  readonly offices: readonly Office[];
  /** Title values per office index. */
  readonly primary: number[];
  readonly secondary: number[];
  readonly tile: boolean;
  /** Whether the Advisor takes the last middle card (RULES V3 `'advisor-keeps-last'`). */
  readonly keepsLast: boolean;
  /** Expected influence `mu[p][o]` and its variance `vr[p][o]`. */
  readonly mu: number[][];
  readonly vr: number[][];
  /** Expected points per player and office, kept in step with `mu`, `primary`, `secondary`. */
  readonly e: number[][];
  /** Cards no one has seen (opponents' hidden cards, the deck, others' favor cards, removals). */
  readonly unseen: readonly Card[];
  /** Catalogue indexes (in `CARDS`) of `unseen`. */
  readonly unseenIndex: readonly number[];
  /** Average share of unseen government value per office, per unseen card. */
  readonly density: readonly number[];
  /** `totals(model)`, kept in step with `e`. */
  readonly sums: number[];
  /** The comparisons behind `e`: `beat[(o * n + p) * n + q]`, the probability that p ranks above q in office o. */
  readonly beat: number[];
  /** The probability to rank first and exactly second behind `e`, at `o * n + p`. */
  readonly first: number[];
  readonly second: number[];
  /** `bestKing` results by `chooser * n + judge`, filled on demand. */
  readonly kings: ({ o: number; value: number; gain: number } | undefined)[];
  /** `influenceGain` results for the owner by `(p * offices + o) * 9 + delta + 4`, filled on demand. */
  readonly gains: (number | undefined)[];
  /** Work space of `influenceGain` and the office gains. */
  readonly scratch: { readonly beat: number[]; readonly first: number[]; readonly second: number[] };
}

/** @internal Office index (in `officesInPlay` order) of a government card, else -1. */
export function officeOf(model: Model, card: Card): number {
  return card.kind === 'government' ? model.offices.indexOf(card.office) : -1;
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** Whether player `p` holds and expects nothing in office `o` (no title points, beaten by anyone). */
function idle(mu: readonly number[][], vr: readonly number[][], p: number, o: number): boolean {
  return ((mu[p] as number[])[o] as number) <= 0 && ((vr[p] as number[])[o] as number) <= 0;
}

/** Probability that `p` ranks above `q` in office `o`. */
function beats(mu: readonly number[][], vr: readonly number[][], p: number, q: number, o: number): number {
  if (idle(mu, vr, q, o)) return 1;
  const vp = (vr[p] as number[])[o] as number;
  const vq = (vr[q] as number[])[o] as number;
  return sigmoid((1.7 * (((mu[p] as number[])[o] as number) - ((mu[q] as number[])[o] as number))) / Math.sqrt(vp + vq + 0.3));
}

/**
 * From the comparisons `beat` (`beat[at + p * n + q]`: `p` above `q`; not read for idle players),
 * each player's probability to rank first (`first[to + p]`) and exactly second (`second[to + p]`)
 * in office `o`, both 0 for an idle player. Points are then `primary * first + secondary * second`.
 */
function rank(model: Model, o: number, beat: readonly number[], at: number, first: number[], second: number[], to: number): void {
  const { n, mu, vr } = model;
  for (let p = 0; p < n; p++) {
    let f = 0;
    let s = 0;
    if (!idle(mu, vr, p, o)) {
      f = 1;
      for (let q = 0; q < n; q++) {
        if (q === p) continue;
        const b = beat[at + p * n + q] as number;
        // second: exactly one opponent above p (approximation with independent comparisons).
        s = s * b + f * (1 - b);
        f *= b;
      }
    }
    first[to + p] = f;
    second[to + p] = s;
  }
}

/**
 * Change of `judge`'s utility if office `o`'s expected points become `primary * first[to + p] +
 * secondary * second[to + p]` for every player `p` (the others' offices unchanged).
 */
function officeGain(
  model: Model,
  o: number,
  primary: number,
  secondary: number,
  first: readonly number[],
  second: readonly number[],
  to: number,
  judge: number,
): number {
  const { n, sums, e } = model;
  const s = n === 2 ? 0 : secondary;
  // utilityOf(after, judge) - utilityOf(sums, judge), in one pass.
  let mine = 0;
  let best = Number.NEGATIVE_INFINITY;
  let bestBefore = Number.NEGATIVE_INFINITY;
  for (let q = 0; q < n; q++) {
    const t = sums[q] as number;
    const after = t - ((e[q] as number[])[o] as number) + (primary * (first[to + q] as number) + s * (second[to + q] as number));
    if (q === judge) mine = after;
    else {
      if (after > best) best = after;
      if (t > bestBefore) bestBefore = t;
    }
  }
  return mine - best - ((sums[judge] as number) - bestBefore);
}

/**
 * @internal Expected title points of every player in office `o` from `mu`, `vr` and the title
 * values; keeps the comparisons and places behind them in the model (`beat`, `first`, `second`).
 */
export function officePoints(model: Model, o: number, out: number[] = new Array<number>(model.n)): number[] {
  const { n, mu, vr, beat, first, second } = model;
  const at = o * n * n;
  for (let p = 0; p < n; p++)
    if (!idle(mu, vr, p, o)) for (let q = 0; q < n; q++) if (q !== p) beat[at + p * n + q] = beats(mu, vr, p, q, o);
  rank(model, o, beat, at, first, second, o * n);
  const primary = model.primary[o] as number;
  const secondary = n === 2 ? 0 : (model.secondary[o] as number);
  for (let p = 0; p < n; p++) out[p] = primary * (first[o * n + p] as number) + secondary * (second[o * n + p] as number);
  return out;
}

/** @internal Recomputes `model.e` for office `o` (and the comparisons and totals kept with it). */
export function refreshOffice(model: Model, o: number): void {
  const pts = officePoints(model, o);
  for (let p = 0; p < model.n; p++) (model.e[p] as number[])[o] = pts[p] as number;
  const sums = totals(model);
  for (let p = 0; p < model.n; p++) model.sums[p] = sums[p] as number;
  model.kings.length = 0;
  model.gains.length = 0;
}

/** @internal Each player's total expected points. */
export function totals(model: Model): number[] {
  return model.e.map((row) => row.reduce((a, b) => a + b, 0));
}

/** @internal The utility of player `p`: own expected points minus the best opponent's. */
export function utilityOf(totalsByPlayer: ArrayLike<number>, p: number): number {
  let best = Number.NEGATIVE_INFINITY;
  for (let q = 0; q < totalsByPlayer.length; q++) if (q !== p && (totalsByPlayer[q] as number) > best) best = totalsByPlayer[q] as number;
  return (totalsByPlayer[p] as number) - best;
}

/** @internal Utility of the model's own seat. */
export function utility(model: Model): number {
  return utilityOf(totals(model), model.me);
}

/**
 * @internal Change of player `judge`'s utility if player `p`'s influence in office `o` changes by
 * `delta` (a card gained, `delta > 0`, or lost, `delta < 0`). The model is left unchanged.
 */
export function influenceGain(model: Model, p: number, o: number, delta: number, judge: number = model.me): number {
  if (o < 0 || delta === 0) return 0;
  // Remembered for the owner's judgement of a card (an integer delta of at most 4 either way).
  const slot = judge === model.me && Number.isInteger(delta) && Math.abs(delta) <= 4 ? (p * model.offices.length + o) * 9 + delta + 4 : -1;
  const known = model.gains[slot];
  if (known !== undefined) return known;
  const { n, mu, vr, beat, scratch } = model;
  // Only the comparisons with p change: redo those (kept aside and put back after), keep the others.
  const at = o * n * n;
  const kept = scratch.beat;
  const row = mu[p] as number[];
  const old = row[o] as number;
  row[o] = old + delta;
  for (let q = 0; q < n; q++) {
    if (q === p) continue;
    kept[2 * q] = beat[at + p * n + q] as number;
    kept[2 * q + 1] = beat[at + q * n + p] as number;
    if (!idle(mu, vr, p, o)) beat[at + p * n + q] = beats(mu, vr, p, q, o);
    if (!idle(mu, vr, q, o)) beat[at + q * n + p] = beats(mu, vr, q, p, o);
  }
  rank(model, o, beat, at, scratch.first, scratch.second, 0);
  row[o] = old;
  for (let q = 0; q < n; q++) {
    if (q === p) continue;
    beat[at + p * n + q] = kept[2 * q] as number;
    beat[at + q * n + p] = kept[2 * q + 1] as number;
  }
  const gain = officeGain(model, o, model.primary[o] as number, model.secondary[o] as number, scratch.first, scratch.second, 0, judge);
  if (slot >= 0) model.gains[slot] = gain;
  return gain;
}

/** @internal The secondary value after a King sets office `o` to `value` (RULES S3, V2). */
export function secondaryAfterKing(model: Model, o: number, value: number): number {
  const old = model.secondary[o] as number;
  if (model.n === 2) return 0;
  if (!model.tile) return Math.floor(value / 2);
  return old === value ? (model.primary[o] as number) : old;
}

/**
 * @internal Change of `judge`'s utility if office `o`'s primary title becomes `value`. The model is
 * left unchanged. (The ranking does not depend on the titles: only the points are recomputed.)
 */
export function kingGain(model: Model, o: number, value: number, judge: number = model.me): number {
  return officeGain(model, o, value, secondaryAfterKing(model, o, value), model.first, model.second, o * model.n, judge);
}

/**
 * @internal The King resolution `chooser` would pick (best for their own utility), and what it is
 * worth to `judge` (computed once per model and pair).
 */
export function bestKing(model: Model, chooser: number, judge: number = model.me): { o: number; value: number; gain: number } {
  const key = chooser * model.n + judge;
  const known = model.kings[key];
  if (known) return known;
  let best = { o: 0, value: 1, gain: Number.NEGATIVE_INFINITY };
  let bestForChooser = Number.NEGATIVE_INFINITY;
  for (let o = 0; o < model.offices.length; o++) {
    for (let v = 1; v <= 6; v++) {
      if (v === model.primary[o]) continue;
      const g = kingGain(model, o, v, chooser);
      if (g > bestForChooser) {
        bestForChooser = g;
        best = { o, value: v, gain: chooser === judge ? g : kingGain(model, o, v, judge) };
      }
    }
  }
  model.kings[key] = best;
  return best;
}

/** @internal Builds the model of `view.viewer` (a player index). */
export function buildModel(view: PlayerView): Model {
  if (typeof view.viewer !== 'number') throw new RulesError('INVALID_VIEW', 'a bot needs a player view, not a spectator view');
  const me = view.viewer;
  const n = view.players;
  const offices = officesInPlay(n);
  const m = offices.length;
  const seen = new Uint8Array(CARDS.length); // the cards the view shows, by catalogue index
  for (const list of [view.hand, ...view.known, view.middle, view.discard, view.myFavor, [view.lot, view.drawn, view.king?.card]])
    for (const c of list) {
      const i = c ? INDEX_OF.get(c.id) : undefined;
      if (i !== undefined) seen[i] = 1;
    }
  const unseen: Card[] = [];
  const unseenIndex: number[] = [];
  for (let i = 0; i < CARDS.length; i++) {
    if ((MARK_OF[i] as number) <= n && seen[i] === 0) {
      unseen.push(CARDS[i] as Card);
      unseenIndex.push(i);
    }
  }
  const u = Math.max(1, unseen.length);
  const density: number[] = new Array<number>(m).fill(0);
  const second: number[] = new Array<number>(m).fill(0);
  // The offices in play are the first of OFFICES: a card's office index is the same in both.
  for (const i of unseenIndex) {
    const o = OFFICE_INDEX[i] as number;
    if (o < 0) continue;
    const value = VALUE_OF[i] as number;
    density[o] = (density[o] as number) + value / u;
    second[o] = (second[o] as number) + (value * value) / u;
  }
  const perCardVar = density.map((d, o) => Math.max(0, (second[o] as number) - d * d));
  // Cards each player still receives: an even share of each Advisor turn's cards but the favor
  // card in phase 1 (a turn is N + 2 cards, or N + 1 under 'one-per-opponent', RULES I2, V3), a
  // share of the lots in phase 2.
  const turn = view.variants.middle === 'one-per-opponent' ? n + 1 : n + 2;
  const drafted = ((view.deckSize + (view.advisorHoldsCard ? 1 : 0)) * (turn - 1)) / turn / n;
  const future = drafted + (view.favorSize + (view.lot ? 1 : 0)) / n;
  const zeros = (size: number): number[] => new Array<number>(size).fill(0);
  const mu: number[][] = [];
  const vr: number[][] = [];
  const e: number[][] = [];
  for (let p = 0; p < n; p++) {
    const own = p === me ? view.hand : (view.known[p] ?? []);
    const hidden = p === me ? 0 : Math.max(0, (view.handSizes[p] ?? 0) - own.length);
    const k = hidden + future;
    const row = zeros(m);
    const vrow = zeros(m);
    for (let o = 0; o < m; o++) {
      row[o] = k * (density[o] as number);
      vrow[o] = k * (perCardVar[o] as number);
    }
    for (const c of own) {
      if (c.kind === 'government') {
        const o = offices.indexOf(c.office);
        row[o] = (row[o] as number) + c.value;
      }
    }
    mu.push(row);
    vr.push(vrow);
    e.push(zeros(m));
  }
  const primary: number[] = [];
  const secondaryValues: number[] = [];
  for (const office of offices) {
    const t = view.titles[office];
    primary.push(t?.primary ?? 3);
    secondaryValues.push(t?.secondary ?? 0);
  }
  const model: Model = {
    n,
    me,
    offices,
    primary,
    secondary: secondaryValues,
    tile: view.variants.secondaryTitle === 'tile',
    keepsLast: view.variants.middle !== 'one-per-opponent',
    mu,
    vr,
    e,
    unseen,
    unseenIndex,
    density,
    sums: zeros(n),
    beat: zeros(m * n * n),
    first: zeros(m * n),
    second: zeros(m * n),
    kings: [],
    gains: [],
    scratch: { beat: zeros(2 * n), first: zeros(n), second: zeros(n) },
  };
  for (let o = 0; o < m; o++) refreshOffice(model, o);
  return model;
}
