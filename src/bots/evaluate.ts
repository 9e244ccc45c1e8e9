/**
 * @internal The search's estimate of a full (determinized) state for every seat. First a
 * projection: influence now, plus the spread the cards still to come may bring, turned into
 * expected title points and expected titles won; gold buys a share of the favor pile and the
 * lots in proportion to the gold each player holds. Then a reward: with 2 players, a logistic of
 * the expected point margin; with 3 to 5, each seat's chance to win, a softmax of weighted
 * projections with weights fitted to the outcomes of self-play games under the game's middle rule
 * ({@link VALUE_WEIGHTS}).
 * Once the game is over, the real result.
 * @module
 */

import type { GameState } from '../index.js';
import { RulesError } from '../index.js';
import { softmaxInPlace } from './net/dense.js';
import { KIND_OF, LETTER_RANK, OFFICE_INDEX, VALUE_OF } from './tables.js';
import { VALUE_WEIGHTS } from './value-weights.js';

const GOV = 0;
const GOLD = 2;

/** @internal Weights of the evaluation. */
export interface EvalParams {
  /**
   * Logistic temperature of the expected point margin over the other player, in 2-player games
   * (points). In 2-player games a win is a positive margin, and this sharp reward measured
   * better than the fitted one (see `docs/lab/bots.md`).
   */
  readonly temperature: number;
  /**
   * Points per coin of gold held (on top of the lots gold buys; a tie-break, RULES E3), in games
   * of 3 to 5 players (the value weights were fitted with it).
   */
  readonly coin: number;
  /** The same in 2-player games, where the reward is the logistic of the margin (see `docs/lab/bots.md`, "The 2-player coin weight"). */
  readonly coinTwoPlayers: number;
  /** Gold-like weight every player has in the auction share (a player without gold can still pay by discarding). */
  readonly goldFloor: number;
}

/**
 * @internal The cards of one Advisor turn (RULES I2, V3): self, favor and the middle's capacity,
 * `N + 2` under `'advisor-keeps-last'` and `N + 1` under `'one-per-opponent'`. All but the favor
 * card go to the players' hands.
 */
export function turnSize(state: GameState): number {
  return state.variants.middle === 'one-per-opponent' ? state.players + 1 : state.players + 2;
}

/** @internal Stages of a game the value weights distinguish: 0–5 the auction, 6–13 the draft. */
export const STAGES = 14;

/**
 * @internal The stage of a state that is not over: in the auction, by the lots left (0 = the
 * last ones); in the draft, by the cards left to deal (6 = the end of the draft).
 */
export function stageOf(state: GameState): number {
  const total = state.deck.length;
  const lots = Math.ceil(total / turnSize(state));
  const left = total - state.deckTop + state.favor.length + state.middle.length + (state.lot >= 0 ? 1 : 0) + (state.drawn >= 0 ? 1 : 0);
  if (state.advisor < 0) return Math.min(5, Math.floor((6 * left) / (lots + 1)));
  return 6 + Math.max(0, Math.min(7, Math.floor((8 * (left - lots)) / (total - lots + 1))));
}

/**
 * @internal The value weights' rows for `state`'s player count (3 to 5), from the table of its
 * middle rule (RULES V3): fitted on `DEFAULT_VARIANTS` games for `'advisor-keeps-last'`, on
 * `PUBLISHED_VARIANTS` games for `'one-per-opponent'`.
 */
export function weightsOf(state: GameState): readonly (readonly number[])[] {
  return VALUE_WEIGHTS[state.variants.middle][state.players - 3] as readonly (readonly number[])[];
}

/** @internal What the value weights multiply, per seat: see {@link valueFeatures}. */
export interface ValueFeatures {
  readonly stage: number;
  /** Expected title points (plus `coin` per coin held). */
  readonly expected: readonly number[];
  /** Coin value of the gold held. */
  readonly gold: readonly number[];
  /** Expected primary titles won. */
  readonly leads: readonly number[];
}

const MAX = 5 * 6;
const inf = new Float64Array(MAX);
const letter = new Float64Array(MAX);
const density = new Float64Array(6);
const spread = new Float64Array(6);
const expected = new Float64Array(5);
const share = new Float64Array(5);
const gold = new Float64Array(5);
const leads = new Float64Array(5);
const meanOf = new Float64Array(5);
const varianceOf = new Float64Array(5);
const letterOf = new Float64Array(5);
const first = new Float64Array(MAX);
const second = new Float64Array(MAX);

function addFuture(c: number): void {
  if (KIND_OF[c] !== GOV) return;
  const o = OFFICE_INDEX[c] as number;
  const v = VALUE_OF[c] as number;
  density[o] = (density[o] as number) + v;
  spread[o] = (spread[o] as number) + v * v;
}

/** @internal Final result: 1 to the sole winner, 1/k to each of k sharing (RULES E3). */
function finalRewards(state: GameState, points: readonly number[], out: number[]): void {
  const n = state.players;
  const m = state.primary.length;
  let best = -1;
  const keys: number[] = [];
  for (let p = 0; p < n; p++) {
    const k = (points[p] as number) * 1e6 + (gold[p] as number) * 1e3 + (inf[p * m] as number);
    keys.push(k);
    if (k > best) best = k;
  }
  let winners = 0;
  for (const k of keys) if (k === best) winners++;
  for (let p = 0; p < n; p++) out[p] = keys[p] === best ? 1 / winners : 0;
}

/** Influence, best letter and gold of every seat, from the hands. */
function tally(state: GameState): void {
  const n = state.players;
  const m = state.primary.length;
  inf.fill(0, 0, n * m);
  letter.fill(99, 0, n * m);
  gold.fill(0, 0, n);
  for (let p = 0; p < n; p++) {
    for (const c of state.hands[p] as readonly number[]) {
      const k = KIND_OF[c];
      if (k === GOV) {
        const i = p * m + (OFFICE_INDEX[c] as number);
        inf[i] = (inf[i] as number) + (VALUE_OF[c] as number);
        if ((LETTER_RANK[c] as number) < (letter[i] as number)) letter[i] = LETTER_RANK[c] as number;
      } else if (k === GOLD) gold[p] = (gold[p] as number) + (VALUE_OF[c] as number);
    }
  }
}

/** The final points of every seat (RULES E1–E2), after {@link tally}. */
function finalPoints(state: GameState): number[] {
  const n = state.players;
  const m = state.primary.length;
  const points = new Array<number>(n).fill(0);
  for (let o = 0; o < m; o++) {
    let first = -1;
    let second = -1;
    for (let p = 0; p < n; p++) {
      const i = p * m + o;
      if ((inf[i] as number) <= 0) continue;
      if (first < 0 || ranksAbove(i, first * m + o)) {
        second = first;
        first = p;
      } else if (second < 0 || ranksAbove(i, second * m + o)) second = p;
    }
    if (first >= 0) points[first] = (points[first] as number) + (state.primary[o] as number);
    if (second >= 0 && n > 2) points[second] = (points[second] as number) + (state.secondary[o] as number);
  }
  return points;
}

/**
 * Fills `expected` and `leads` for a state that is not over, after {@link tally}. Of each
 * Advisor turn still in the deck ({@link turnSize} cards), all but one go to the players' hands
 * (shared evenly) and one to the favor pile; the drawn card and the middle go to hands too. The favor pile and the lot go to
 * whoever pays: shared in proportion to gold.
 */
function project(state: GameState, params: EvalParams): void {
  const n = state.players;
  const m = state.primary.length;
  density.fill(0, 0, m);
  spread.fill(0, 0, m);
  for (let i = state.deckTop; i < state.deck.length; i++) addFuture(state.deck[i] as number);
  if (state.drawn >= 0) addFuture(state.drawn);
  for (const c of state.middle) addFuture(c);
  for (const c of state.favor) addFuture(c);
  if (state.lot >= 0) addFuture(state.lot);
  const deckLeft = state.deck.length - state.deckTop;
  const turn = turnSize(state);
  const even = (deckLeft * (turn - 1)) / turn + (state.drawn >= 0 ? 1 : 0) + state.middle.length;
  const auction = deckLeft / turn + state.favor.length + (state.lot >= 0 ? 1 : 0);
  const future = even + auction;
  let weightSum = 0;
  for (let p = 0; p < n; p++) weightSum += (gold[p] as number) + params.goldFloor;
  const coin = n === 2 ? params.coinTwoPlayers : params.coin;
  for (let p = 0; p < n; p++) {
    share[p] = even / n + (auction * ((gold[p] as number) + params.goldFloor)) / weightSum;
    expected[p] = coin * (gold[p] as number);
    leads[p] = 0;
  }
  for (let o = 0; o < m; o++) {
    const mean = future > 0 ? (density[o] as number) / future : 0;
    const variance = future > 0 ? Math.max(0, (spread[o] as number) / future - mean * mean) : 0;
    const primary = state.primary[o] as number;
    const secondary = n === 2 ? 0 : (state.secondary[o] as number);
    // Each seat's expected influence in the office, its variance and best letter, once per office.
    for (let p = 0; p < n; p++) {
      meanOf[p] = (inf[p * m + o] as number) + (share[p] as number) * mean;
      varianceOf[p] = (share[p] as number) * variance;
      letterOf[p] = letter[p * m + o] as number;
    }
    for (let p = 0; p < n; p++) {
      const mp = meanOf[p] as number;
      if (mp <= 0) {
        first[p * m + o] = 0;
        second[p * m + o] = 0;
        continue;
      }
      const vp = varianceOf[p] as number;
      const lp = letterOf[p] as number;
      let f = 1;
      let s = 0;
      for (let q = 0; q < n; q++) {
        if (q === p) continue;
        const mq = meanOf[q] as number;
        let b: number;
        if (mq <= 0) b = 1;
        else {
          // Ties in influence: the earlier letter ranks higher (RULES E2), worth a small edge.
          const edge = lp < (letterOf[q] as number) ? 0.25 : -0.25;
          b = 1 / (1 + Math.exp((-1.7 * (mp - mq + edge)) / Math.sqrt(vp + (varianceOf[q] as number) + 0.3)));
        }
        s = s * b + f * (1 - b);
        f *= b;
      }
      first[p * m + o] = f;
      second[p * m + o] = s;
      expected[p] = (expected[p] as number) + primary * f + secondary * s;
      leads[p] = (leads[p] as number) + f;
    }
  }
}

/**
 * @internal The projection of a state that is not over, per seat, copied out: what the value
 * weights are fitted on (`npm run fit:value`).
 */
export function valueFeatures(state: GameState, params: EvalParams): ValueFeatures {
  if (state.step === 'over') throw new RulesError('GAME_OVER', 'valueFeatures: the game is over');
  const n = state.players;
  tally(state);
  project(state, params);
  return {
    stage: stageOf(state),
    expected: Array.from(expected.subarray(0, n)),
    gold: Array.from(gold.subarray(0, n)),
    leads: Array.from(leads.subarray(0, n)),
  };
}

/**
 * @internal The projection of a state that is not over, as the evaluation computes it, for the
 * value network's inputs (`net/value-features.ts`). Views of scratch arrays that the next
 * projection or evaluation overwrites: read them at once. Per seat `p` and office `o` (`m`
 * offices in play) at `p * m + o`: influence now, and the chance to lead and to come second at
 * the end. Per seat: gold, the share of the cards to come, expected title points (with `coin` per
 * coin held) and expected titles led. Per office: the influence still to come.
 */
export interface Projection {
  readonly influence: Float64Array;
  readonly first: Float64Array;
  readonly second: Float64Array;
  readonly gold: Float64Array;
  readonly share: Float64Array;
  readonly expected: Float64Array;
  readonly leads: Float64Array;
  readonly supply: Float64Array;
}

const PROJECTION: Projection = { influence: inf, first, second, gold, share, expected, leads, supply: density };

/** @internal Projects a state that is not over: see {@link Projection}. */
export function projection(state: GameState, params: EvalParams): Projection {
  tally(state);
  project(state, params);
  return PROJECTION;
}

/**
 * @internal Fills `out[p]` with seat `p`'s reward for `state`, in `[0, 1]`: the real result when
 * the game is over; else with 2 players a logistic of the expected point margin, with 3 to 5 the
 * chance to win, a softmax of the projection weighted by {@link VALUE_WEIGHTS} for the middle
 * rule, player count and stage (summing to 1).
 */
export function evaluate(state: GameState, out: number[], params: EvalParams): number[] {
  const n = state.players;
  tally(state);
  if (state.step === 'over') {
    finalRewards(state, finalPoints(state), out);
    return out;
  }
  project(state, params);
  if (n === 2) {
    const margin = (expected[0] as number) - (expected[1] as number);
    out[0] = 1 / (1 + Math.exp(-margin / params.temperature));
    out[1] = 1 / (1 + Math.exp(margin / params.temperature));
    return out;
  }
  const w = weightsOf(state)[stageOf(state)] as readonly number[];
  const we = w[0] as number;
  const wg = w[1] as number;
  const wl = w[2] as number;
  for (let p = 0; p < n; p++) out[p] = we * (expected[p] as number) + wg * (gold[p] as number) + wl * (leads[p] as number);
  return softmaxInPlace(out, n);
}

function ranksAbove(a: number, b: number): boolean {
  const d = (inf[a] as number) - (inf[b] as number);
  return d > 0 || (d === 0 && (letter[a] as number) < (letter[b] as number));
}
