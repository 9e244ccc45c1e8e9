/**
 * End and scoring (RULES E1–E4).
 * @module
 */

import type { Office } from '../data/cards.js';
import { GOLD, GOVERNMENT, KIND, LETTER_OF, OFFICE_OF, officesInPlay, VALUE } from '../data/cards.js';
import type { GameState, OfficeResult, Score } from '../state/types.js';

/** @internal Influence of every player in office index `o` (RULES E1). */
export function influenceIn(hands: readonly (readonly number[])[], o: number): number[] {
  return hands.map((hand) => {
    let sum = 0;
    for (const c of hand) if (OFFICE_OF[c] === o) sum += VALUE[c] as number;
    return sum;
  });
}

/** @internal Total coin value of the gold in a hand (RULES E3, A5). */
export function goldIn(hand: readonly number[]): number {
  let sum = 0;
  for (const c of hand) if (KIND[c] === GOLD) sum += VALUE[c] as number;
  return sum;
}

function bestLetter(hand: readonly number[], o: number): number {
  let best = 99;
  for (const c of hand) if (KIND[c] === GOVERNMENT && OFFICE_OF[c] === o && (LETTER_OF[c] as number) < best) best = LETTER_OF[c] as number;
  return best;
}

/**
 * Scores the game (RULES E1–E4): titles per office, points, and winners after the tie-breaks.
 * Before the end it is a projection on the current hands and title values (`final: false`).
 *
 * @example
 * ```ts
 * const { points, winners, offices } = score(state);
 * offices.diplomacy?.first; // the player holding the diplomacy primary title
 * ```
 * @category Game
 */
export function score(state: GameState): Score {
  const n = state.players;
  const points = new Array<number>(n).fill(0);
  const offices: Partial<Record<Office, OfficeResult>> = {};
  const inPlay = officesInPlay(n);
  inPlay.forEach((office, o) => {
    const influence = influenceIn(state.hands, o);
    const ranked = [...influence.keys()]
      .filter((p) => (influence[p] as number) > 0)
      .sort(
        (a, b) =>
          (influence[b] as number) - (influence[a] as number) ||
          bestLetter(state.hands[a] as number[], o) - bestLetter(state.hands[b] as number[], o),
      );
    const primary = state.primary[o] as number;
    const secondary = n === 2 ? null : (state.secondary[o] as number);
    const first = ranked[0] ?? null;
    const second = secondary === null ? null : (ranked[1] ?? null);
    if (first !== null) points[first] = (points[first] as number) + primary;
    if (second !== null && secondary !== null) points[second] = (points[second] as number) + secondary;
    offices[office] = { primary, secondary, influence, first, second };
  });
  return { final: state.step === 'over', points, winners: winnersOf(state, points), offices };
}

/** @internal Winners by points, then gold, then diplomacy influence (RULES E3). */
export function winnersOf(state: GameState, points: readonly number[]): number[] {
  const diplomacy = influenceIn(state.hands, 0);
  const key = (p: number): number[] => [points[p] as number, goldIn(state.hands[p] as number[]), diplomacy[p] as number];
  let winners: number[] = [];
  let best: number[] | null = null;
  for (let p = 0; p < state.players; p++) {
    const k = key(p);
    const cmp = best === null ? 1 : compareKeys(k, best);
    if (cmp > 0) {
      best = k;
      winners = [p];
    } else if (cmp === 0) winners.push(p);
  }
  return winners;
}

function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return 0;
}
