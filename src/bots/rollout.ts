/**
 * @internal The fast parts of the tree search: a cheap playout policy over full (determinized)
 * states, candidate pruning, and a reward for every seat from a state's projected score.
 * @module
 */
import type { Action, GameState } from '../index.js';
import { legalActions } from '../index.js';
import type { Simulator } from '../sim/index.js';
import { largestCoinOfCover } from './cover.js';
import { INDEX_OF, KIND_OF, OFFICE_INDEX, VALUE_OF } from './tables.js';
import type { BotRandom } from './types.js';

const KING = 1;
const GOLD = 2;

/** @internal Total coin value of the gold in a hand. */
export function goldOfHand(hand: readonly number[]): number {
  let sum = 0;
  for (const c of hand) if (KIND_OF[c] === GOLD) sum += VALUE_OF[c] as number;
  return sum;
}

/** A rough worth of a card to whoever gains it, in influence-like units. */
function roughWorth(state: GameState, c: number): number {
  const k = KIND_OF[c];
  if (k === KING) return 3;
  if (k === GOLD) return 0.8 * (VALUE_OF[c] as number);
  return ((VALUE_OF[c] as number) * (state.primary[OFFICE_INDEX[c] as number] ?? 3)) / 3;
}

function findPlace(legal: readonly Action[], area: string): Action | undefined {
  for (const a of legal) if (a.type === 'place' && a.area === area) return a;
  return undefined;
}

/** Scratch influence per office for {@link strongestOffice} (called in every playout and tree walk). */
const officeInfluence = new Float64Array(6);

/** @internal The office index where player `p` has the most influence (ties: lowest index). */
export function strongestOffice(state: GameState, p: number): number {
  const m = state.primary.length;
  const inf = officeInfluence.fill(0, 0, m);
  for (const c of state.hands[p] as readonly number[]) {
    const o = OFFICE_INDEX[c] as number;
    if (o >= 0) inf[o] = (inf[o] as number) + (VALUE_OF[c] as number);
  }
  let best = 0;
  for (let o = 1; o < m; o++) if ((inf[o] as number) > (inf[best] as number)) best = o;
  return best;
}

/**
 * The playout's bidding rule of thumb: whether the bidder raises the high bid by one (else it
 * passes). It is willing to pay about the lot's rough worth, with noise, up to what it can pay:
 * under 'by-lot' a Gold lot is paid by discarding (RULES V1), otherwise it bids with gold only.
 * One draw from `rng`.
 */
function raises(state: GameState, rng: BotRandom): boolean {
  const hand = state.hands[state.toMove] as readonly number[];
  const cap = state.variants.payment === 'by-lot' ? payable(state, hand) : goldOfHand(hand);
  const willing = Math.min(cap, Math.floor(roughWorth(state, state.lot) * (0.5 + rng.next())) + 1);
  return state.highBid + 1 <= willing;
}

/** @internal The playout policy: cheap rules of thumb with some noise. */
export function rolloutAction(state: GameState, legal: readonly Action[], rng: BotRandom): Action {
  const first = legal[0] as Action;
  if (legal.length === 1) return first;
  switch (state.step) {
    case 'place': {
      const worth = roughWorth(state, state.drawn);
      if (worth >= 2.5 || rng.next() < 0.15) {
        const self = findPlace(legal, 'self');
        if (self) return self;
      }
      if (worth < 1.5 || rng.next() < 0.6) {
        const middle = findPlace(legal, 'middle');
        if (middle) return middle;
      }
      return legal[rng.int(legal.length)] as Action;
    }
    case 'take': {
      let best = first;
      let bestWorth = -1;
      for (const a of legal) {
        if (a.type !== 'take') continue;
        const w = roughWorth(state, cardIndexOf(a.card)) + rng.next() * 0.5;
        if (w > bestWorth) {
          bestWorth = w;
          best = a;
        }
      }
      return best;
    }
    case 'king': {
      const o = strongestOffice(state, state.toMove);
      const target = state.primary[o] === 6 ? 5 : 6;
      for (const a of legal) if (a.type === 'king' && a.value === target && OFFICE_OF_NAME[a.office] === o) return a;
      return legal[rng.int(legal.length)] as Action;
    }
    case 'bid':
      return raises(state, rng) ? first : (legal[legal.length - 1] as Action);
    default:
      return first;
  }
}

/**
 * The most `hand` can pay for the lot on the table (RULES A5, V1): by discarding, one card each,
 * for a Gold lot under `'by-lot'` or with no gold under `'gold-or-discard'`; else its gold.
 */
function payable(state: GameState, hand: readonly number[]): number {
  const gold = goldOfHand(hand);
  if (state.variants.payment === 'by-lot') return KIND_OF[state.lot] === GOLD ? hand.length : gold;
  return gold > 0 ? gold : hand.length;
}

const OFFICE_OF_NAME: Readonly<Record<string, number>> = {
  diplomacy: 0,
  military: 1,
  architecture: 2,
  entertainment: 3,
  provisions: 4,
  livestock: 5,
};

/**
 * @internal The actions the search considers: bids pruned to the next `bidSteps` amounts that the
 * bidder can pay (and pass), Kings to the extreme values of each office, gold payments to
 * the largest coin of the cheapest cover. Always a non-empty subset of `legal`.
 */
export function candidates(state: GameState, legal: readonly Action[], bidSteps: number): readonly Action[] {
  if (legal.length <= 1) return legal;
  switch (state.step) {
    case 'bid': {
      const top = Math.min(payable(state, state.hands[state.toMove] as readonly number[]), state.highBid + bidSteps);
      // The legal list is every bid upwards from the high bid + 1, then pass.
      const out: Action[] = [];
      for (const a of legal) {
        if (a.type !== 'bid' || a.amount > top) break;
        out.push(a);
      }
      out.push(legal[legal.length - 1] as Action);
      return out;
    }
    case 'king': {
      if (legal.length <= 3) return legal;
      // With the secondary on its own tile (RULES V2), setting the primary to the secondary's
      // value swaps the two: a third choice per office.
      const tile = state.variants.secondaryTitle === 'tile' && state.players > 2;
      const out: Action[] = [];
      for (const a of legal) {
        if (a.type !== 'king') continue;
        const o = OFFICE_OF_NAME[a.office] as number;
        const current = state.primary[o];
        const low = current === 1 ? 2 : 1;
        const high = current === 6 ? 5 : 6;
        if (a.value === low || a.value === high || (tile && a.value === state.secondary[o])) out.push(a);
      }
      return out;
    }
    case 'pay': {
      if (state.payMode !== 'gold') return legal.length <= 3 ? legal : cheapestDiscards(state, legal);
      const due = state.highBid - state.paid;
      // The largest coin of the cheapest cover (least total, then fewest coins).
      const counts = coinCounts.fill(0);
      for (const a of legal) {
        if (a.type !== 'pay') continue;
        // Gold is worth 1 to 3.
        const v = VALUE_OF[cardIndexOf(a.card)] as number;
        counts[v] = (counts[v] as number) + 1;
      }
      const want = largestCoinOfCover(counts, due);
      const best = legal.find((a) => a.type === 'pay' && VALUE_OF[cardIndexOf(a.card)] === want) ?? (legal[0] as Action);
      return [best];
    }
    default:
      return legal;
  }
}

/** Scratch coin counts by value (1 to 3) for the gold payment's candidate. */
const coinCounts = [0, 0, 0, 0];

function cardIndexOf(id: string): number {
  return INDEX_OF.get(id) ?? -1;
}

/**
 * @internal The simulator's legal actions: `legalActions` of its live state, the same shared
 * lists (the bidding and placing lists are cached, nothing is built).
 */
export function legalOf(sim: Simulator): readonly Action[] {
  return legalActions(sim.peek());
}

/**
 * @internal {@link rolloutAction} by index: the position in `legalActions(state)` (whose length is
 * `count`, the simulator's `legalCount`) of the action it would choose, with the same draws from
 * `rng`, without building the legal list. The playouts run on it.
 */
export function rolloutIndex(state: GameState, count: number, rng: BotRandom): number {
  if (count === 1) return 0;
  switch (state.step) {
    case 'place': {
      // The open areas, in the order self, middle, favor (RULES I2): `count` of them, so the
      // middle is open when self and favor do not account for them all.
      const self = state.selfUsed ? 0 : 1;
      const middle = count - self - (state.favorUsed ? 0 : 1) === 1;
      const worth = roughWorth(state, state.drawn);
      if ((worth >= 2.5 || rng.next() < 0.15) && self === 1) return 0;
      if ((worth < 1.5 || rng.next() < 0.6) && middle) return self;
      return rng.int(count);
    }
    case 'take': {
      // The middle's cards, in order.
      let best = 0;
      let bestWorth = -1;
      for (let i = 0; i < count; i++) {
        const w = roughWorth(state, state.middle[i] as number) + rng.next() * 0.5;
        if (w > bestWorth) {
          bestWorth = w;
          best = i;
        }
      }
      return best;
    }
    case 'king': {
      // Office by office, the values 1 to 6 but the office's own: five per office.
      const o = strongestOffice(state, state.toMove);
      const current = state.primary[o] as number;
      const target = current === 6 ? 5 : 6;
      return o * 5 + target - 1 - (current < target ? 1 : 0);
    }
    case 'bid':
      // The bids upwards from the high bid + 1, then pass.
      return raises(state, rng) ? 0 : count - 1;
    default:
      return 0;
  }
}

/** @internal Plays the cheap policy ({@link rolloutIndex}) for at most `depth` actions in `sim`. */
export function playout(sim: Simulator, depth: number, rng: BotRandom): void {
  for (let i = 0; i < depth && !sim.isOver(); i++) sim.applyIndex(rolloutIndex(sim.peek(), sim.legalCount(), rng));
}

/** @internal The three discards that cost least at a glance (a card's worth in its office). */
function cheapestDiscards(state: GameState, legal: readonly Action[]): readonly Action[] {
  const scored = legal.map((a) => ({ a, w: a.type === 'pay' ? roughWorth(state, cardIndexOf(a.card)) : 0 }));
  scored.sort((x, y) => x.w - y.w);
  return scored.slice(0, 3).map((x) => x.a);
}
