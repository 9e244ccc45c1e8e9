/**
 * @internal What one seat can infer from its view: every player's expected influence per office
 * (exact for its own hand, known cards plus an average for hidden ones for the others) and the
 * expected title points that follow. The heuristic bot decides by how an action changes
 * {@link Model.utility}: its own expected points minus the best opponent's.
 * @module
 */

import type { Card, Office, PlayerView } from '../index.js';
import { CARDS, officesInPlay, RulesError } from '../index.js';

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
  /** Average share of unseen government value per office, per unseen card. */
  readonly density: readonly number[];
}

/** @internal Office index (in `officesInPlay` order) of a government card, else -1. */
export function officeOf(model: Model, card: Card): number {
  return card.kind === 'government' ? model.offices.indexOf(card.office) : -1;
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** @internal Expected title points of every player in office `o` from `mu`, `vr` and the title values. */
export function officePoints(model: Model, o: number, out: number[] = new Array<number>(model.n)): number[] {
  const { n, mu, vr } = model;
  const primary = model.primary[o] as number;
  const secondary = n === 2 ? 0 : (model.secondary[o] as number);
  for (let p = 0; p < n; p++) {
    const mp = (mu[p] as number[])[o] as number;
    const vp = (vr[p] as number[])[o] as number;
    if (mp <= 0 && vp <= 0) {
      out[p] = 0;
      continue;
    }
    // beat[q]: probability that p ranks above q in this office.
    let first = 1;
    let second = 0;
    for (let q = 0; q < n; q++) {
      if (q === p) continue;
      const mq = (mu[q] as number[])[o] as number;
      const vq = (vr[q] as number[])[o] as number;
      const b = mq <= 0 && vq <= 0 ? 1 : sigmoid((1.7 * (mp - mq)) / Math.sqrt(vp + vq + 0.3));
      // second: exactly one opponent above p (approximation with independent comparisons).
      second = second * b + first * (1 - b);
      first *= b;
    }
    out[p] = primary * first + secondary * second;
  }
  return out;
}

/** @internal Recomputes `model.e` for office `o`. */
export function refreshOffice(model: Model, o: number): void {
  const pts = officePoints(model, o);
  for (let p = 0; p < model.n; p++) (model.e[p] as number[])[o] = pts[p] as number;
}

/** @internal Each player's total expected points. */
export function totals(model: Model): number[] {
  return model.e.map((row) => row.reduce((a, b) => a + b, 0));
}

/** @internal The utility of player `p`: own expected points minus the best opponent's. */
export function utilityOf(totalsByPlayer: readonly number[], p: number): number {
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
  const before = totals(model);
  const row = model.mu[p] as number[];
  const old = row[o] as number;
  row[o] = old + delta;
  const pts = officePoints(model, o);
  row[o] = old;
  const after = before.map((t, q) => t - ((model.e[q] as number[])[o] as number) + (pts[q] as number));
  return utilityOf(after, judge) - utilityOf(before, judge);
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
 * left unchanged.
 */
export function kingGain(model: Model, o: number, value: number, judge: number = model.me): number {
  const before = totals(model);
  const p0 = model.primary[o] as number;
  const s0 = model.secondary[o] as number;
  model.secondary[o] = secondaryAfterKing(model, o, value);
  model.primary[o] = value;
  const pts = officePoints(model, o);
  model.primary[o] = p0;
  model.secondary[o] = s0;
  const after = before.map((t, q) => t - ((model.e[q] as number[])[o] as number) + (pts[q] as number));
  return utilityOf(after, judge) - utilityOf(before, judge);
}

/**
 * @internal The King resolution `chooser` would pick (best for their own utility), and what it is
 * worth to `judge`.
 */
export function bestKing(model: Model, chooser: number, judge: number = model.me): { o: number; value: number; gain: number } {
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
  return best;
}

/** @internal Builds the model of `view.viewer` (a player index). */
export function buildModel(view: PlayerView): Model {
  if (typeof view.viewer !== 'number') throw new RulesError('INVALID_VIEW', 'a bot needs a player view, not a spectator view');
  const me = view.viewer;
  const n = view.players;
  const offices = officesInPlay(n);
  const m = offices.length;
  const seen = new Set<string>();
  const see = (c: Card | null | undefined): void => {
    if (c) seen.add(c.id);
  };
  for (const list of [view.hand, ...view.known, view.middle, view.discard, view.myFavor]) for (const c of list) see(c);
  see(view.lot);
  see(view.drawn);
  see(view.king?.card);
  const unseen = CARDS.filter((c) => (c.mark === undefined || c.mark <= n) && !seen.has(c.id));
  const u = Math.max(1, unseen.length);
  const density: number[] = new Array<number>(m).fill(0);
  const second: number[] = new Array<number>(m).fill(0);
  for (const c of unseen) {
    if (c.kind !== 'government') continue;
    const o = offices.indexOf(c.office);
    density[o] = (density[o] as number) + c.value / u;
    second[o] = (second[o] as number) + (c.value * c.value) / u;
  }
  const perCardVar = density.map((d, o) => Math.max(0, (second[o] as number) - d * d));
  // Cards each player still receives: an even share of each Advisor turn's cards but the favor
  // card in phase 1 (a turn is N + 2 cards, or N + 1 under 'one-per-opponent', RULES I2, V3), a
  // share of the lots in phase 2.
  const turn = view.variants.middle === 'one-per-opponent' ? n + 1 : n + 2;
  const drafted = ((view.deckSize + (view.advisorHoldsCard ? 1 : 0)) * (turn - 1)) / turn / n;
  const future = drafted + (view.favorSize + (view.lot ? 1 : 0)) / n;
  const mu: number[][] = [];
  const vr: number[][] = [];
  for (let p = 0; p < n; p++) {
    const own = p === me ? view.hand : (view.known[p] ?? []);
    const hidden = p === me ? 0 : Math.max(0, (view.handSizes[p] ?? 0) - own.length);
    const row = density.map((d) => (hidden + future) * d);
    for (const c of own) {
      if (c.kind === 'government') {
        const o = offices.indexOf(c.office);
        row[o] = (row[o] as number) + c.value;
      }
    }
    mu.push(row);
    vr.push(perCardVar.map((v) => (hidden + future) * v));
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
    e: Array.from({ length: n }, () => new Array<number>(m).fill(0)),
    unseen,
    density,
  };
  for (let o = 0; o < m; o++) refreshOffice(model, o);
  return model;
}
