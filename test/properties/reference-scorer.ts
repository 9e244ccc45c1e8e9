/**
 * A deliberately simple scorer written from RULES E1–E3 alone, to cross-check `score`.
 * It does not import `src/rules/scoring.ts` (nor anything else of the engine's logic): only the card
 * catalogue, which is data (RULES C4). It favours obviousness over speed.
 */
import type { GameState } from '../../src/index.js';
import { CARDS } from '../../src/index.js';

/** The offices in play, by title index (RULES C1): livestock only with 5 players. */
const ALL_OFFICES = ['diplomacy', 'military', 'architecture', 'entertainment', 'provisions', 'livestock'];

/** What the reference scorer computes. */
export interface ReferenceScore {
  /** Each player's points (RULES E3). */
  points: number[];
  /** Winners in seat order (RULES E3). */
  winners: number[];
  /** Per office in play: influence by player, and who takes the primary and secondary title. */
  offices: Record<string, { influence: number[]; first: number | null; second: number | null }>;
}

function influence(hand: readonly number[], office: string): number {
  let total = 0;
  for (const index of hand) {
    const card = CARDS[index];
    if (card?.kind === 'government' && card.office === office) total += card.value;
  }
  return total;
}

/** The earliest letter (as 'A'…'I') of the office's cards in the hand, or '~' (after 'Z'). */
function earliestLetter(hand: readonly number[], office: string): string {
  let best = '~';
  for (const index of hand) {
    const card = CARDS[index];
    if (card?.kind === 'government' && card.office === office && card.letter < best) best = card.letter;
  }
  return best;
}

function gold(hand: readonly number[]): number {
  let total = 0;
  for (const index of hand) {
    const card = CARDS[index];
    if (card?.kind === 'gold') total += card.value;
  }
  return total;
}

/** Scores `state` by RULES E1–E3 on the current hands and title values. */
export function referenceScore(state: GameState): ReferenceScore {
  const players = state.hands.length;
  const offices = players === 5 ? ALL_OFFICES : ALL_OFFICES.slice(0, 5);
  const points: number[] = state.hands.map(() => 0);
  const result: ReferenceScore['offices'] = {};
  offices.forEach((office, o) => {
    const byPlayer = state.hands.map((hand) => influence(hand, office));
    // E1: only players with influence above 0 can take a title.
    const ranked: number[] = [];
    for (let p = 0; p < players; p++) if ((byPlayer[p] ?? 0) > 0) ranked.push(p);
    // E2: highest influence first; on a tie, the earliest letter first.
    ranked.sort((a, b) => {
      const diff = (byPlayer[b] ?? 0) - (byPlayer[a] ?? 0);
      if (diff !== 0) return diff;
      return earliestLetter(state.hands[a] ?? [], office) < earliestLetter(state.hands[b] ?? [], office) ? -1 : 1;
    });
    const first = ranked[0] ?? null;
    // E2: the secondary title exists only with 3+ players.
    const second = players >= 3 ? (ranked[1] ?? null) : null;
    if (first !== null) points[first] = (points[first] ?? 0) + (state.primary[o] ?? 0);
    if (second !== null) points[second] = (points[second] ?? 0) + (state.secondary[o] ?? 0);
    result[office] = { influence: byPlayer, first, second };
  });
  // E3: most points; then most gold; then most diplomacy influence; still tied share the win.
  const keyOf = (p: number): [number, number, number] => [
    points[p] ?? 0,
    gold(state.hands[p] ?? []),
    influence(state.hands[p] ?? [], 'diplomacy'),
  ];
  let winners: number[] = [];
  let best: [number, number, number] | null = null;
  for (let p = 0; p < players; p++) {
    const key = keyOf(p);
    const cmp = best === null ? 1 : key[0] - best[0] || key[1] - best[1] || key[2] - best[2];
    if (cmp > 0) {
      best = key;
      winners = [p];
    } else if (cmp === 0) winners.push(p);
  }
  return { points, winners, offices: result };
}
