/**
 * What the table has seen each player do, from the public actions alone, and deals weighted by
 * it: the diagnostics' stand-in for a bot given the public history (a `PlayerView` holds none).
 * `ceiling.ts --sees history` plays with such deals; `deals.ts` measures how close they come to
 * the true hands.
 * @module
 */
import type { Observer } from '../../../src/bots/infer.js';
import { KIND_OF, OFFICE_INDEX } from '../../../src/bots/tables.js';
import type { BotRandom } from '../../../src/bots/types.js';
import { GOVERNMENT, KING } from '../../../src/data/cards.js';
import { type Action, type GameState, OFFICES } from '../../../src/index.js';

/**
 * Per player and office: `raised[q][o]`, the sum of how far each King `q` resolved moved office
 * `o`'s primary title (up positive), and `bid[q][o]`, the highest bid `q` made on a Government
 * lot of office `o`.
 */
export class History {
  raised: number[][] = [];
  bid: number[][] = [];

  /** A new game of `players`: nothing seen yet. */
  begin(players: number): void {
    this.raised = Array.from({ length: players }, () => [0, 0, 0, 0, 0, 0]);
    this.bid = Array.from({ length: players }, () => [0, 0, 0, 0, 0, 0]);
  }

  /** Takes in what action `a`, played on `before`, showed everyone. */
  watch(a: Action, before: GameState): void {
    if (a.type === 'king') {
      const o = OFFICES.indexOf(a.office);
      const row = this.raised[a.player] as number[];
      row[o] = (row[o] as number) + a.value - (before.primary[o] as number);
    } else if (a.type === 'bid' && before.lot >= 0 && KIND_OF[before.lot] === GOVERNMENT) {
      const o = OFFICE_INDEX[before.lot] as number;
      const row = this.bid[a.player] as number[];
      row[o] = Math.max(row[o] as number, a.amount);
    }
  }
}

/** How much likelier a Government card of an office is in a hand, by what its holder did there (the factors multiply). */
export interface Weights {
  /** Where a King the player resolved raised the office's title (in all). */
  readonly up: number;
  /** Where its Kings lowered it. */
  readonly down: number;
  /** Where it bid on a Government lot of the office. */
  readonly bid: number;
  /** Sweeps of Metropolis swaps over each opponent's unseen cards. */
  readonly sweeps: number;
}

/** The weights `ceiling.ts --sees history` played (set from a scratch count on other seeds, stop 48). */
export const FIRST_WEIGHTS: Weights = { up: 3, down: 0.4, bid: 2, sweeps: 2 };

/** The likelihood factor of card `c` in player `q`'s hand. */
function likelihood(h: History, w: Weights, q: number, c: number): number {
  if (KIND_OF[c] !== GOVERNMENT) return 1;
  const o = OFFICE_INDEX[c] as number;
  const r = (h.raised[q] as number[])[o] as number;
  return (r > 0 ? w.up : r < 0 ? w.down : 1) * (((h.bid[q] as number[])[o] as number) > 0 ? w.bid : 1);
}

/**
 * Weights a deal (from the view, untilted) by the history, **in place**: `w.sweeps` sweeps of
 * Metropolis swaps, each unseen card of an opponent's hand against a card from another hidden
 * place (the deck still to come, the removals, the others' favor cards), taken with probability
 * `min(1, L(new) / L(held))`. The deal then leans towards hands in proportion to how well they
 * explain the opponents' bids and Kings, and stays consistent with the view (every card moved
 * stays hidden from the seat). Returns the number of swaps made.
 */
export function weighByHistory(s: GameState, observer: Observer | null, h: History, w: Weights, rng: BotRandom): number {
  if (observer === null) return 0;
  const me = observer.me;
  const deck = s.deck as number[];
  const removed = s.removed as number[];
  const favor = s.favor as number[];
  const places: number[] = [];
  for (let i = s.deckTop; i < deck.length; i++) places.push(i);
  for (let i = 0; i < removed.length; i++) places.push(1000 + i);
  for (let i = 0; i < favor.length; i++) if (s.favorBy[i] !== me) places.push(2000 + i);
  if (places.length === 0) return 0;
  let swaps = 0;
  for (let sweep = 0; sweep < w.sweeps; sweep++)
    s.hands.forEach((hand, q) => {
      if (q === me || (s.payMode !== null && q === s.highBidder)) return;
      const cards = hand as number[];
      for (let j = 0; j < cards.length; j++) {
        const held = cards[j] as number;
        if ((((observer.knownIn[held] as number) >> q) & 1) !== 0) continue;
        const place = places[rng.int(places.length)] as number;
        const c = (place < 1000 ? deck[place] : place < 2000 ? removed[place - 1000] : favor[place - 2000]) as number;
        if (KIND_OF[c] === KING) continue; // never in a hand
        if (rng.next() * likelihood(h, w, q, held) >= likelihood(h, w, q, c)) continue;
        if (place < 1000) deck[place] = held;
        else if (place < 2000) removed[place - 1000] = held;
        else favor[place - 2000] = held;
        cards[j] = c;
        swaps++;
      }
    });
  return swaps;
}
