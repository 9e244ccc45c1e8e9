/**
 * @internal Opponent inference for the tree search. A uniform deal of the hidden cards assumes
 * an opponent's unseen hand is average, but those cards are the ones they chose to keep (their
 * *self* picks). This reweights a deal towards that: each unseen card of an opponent's hand is
 * compared with a few cards from other hidden places (the rest of the deck, the random removals,
 * the favor cards the searching seat did not place), and the best for a keeper stays in the hand.
 * Every card stays in a place the searching seat cannot see, so the deal stays consistent with
 * its view.
 * @module
 */
import type { GameState, PlayerView } from '../index.js';
import { INDEX_OF, KIND_OF, VALUE_OF } from './tables.js';
import type { BotRandom } from './types.js';

const KING = 1;
const GOLD = 2;

/** The shipped worth of a coin of gold to a player keeping it, against 1 per point of a Government card. */
export const TILT_GOLD = 0.9;

/**
 * What a card is worth to a player keeping it, at a glance, by catalogue index: a Government
 * card its value, a Gold card `gold` × its coins, and `-Infinity` for a King (never swapped
 * into a hand).
 */
function swapWorth(gold: number): Float64Array {
  return Float64Array.from(KIND_OF, (k, c) =>
    k === KING ? Number.NEGATIVE_INFINITY : k === GOLD ? gold * (VALUE_OF[c] as number) : (VALUE_OF[c] as number),
  );
}

const SHIPPED_WORTH = swapWorth(TILT_GOLD);

/** @internal The tilt's worth table for a coin's worth `gold` (the shipped table for {@link TILT_GOLD}). */
export function tiltWorth(gold: number = TILT_GOLD): Float64Array {
  return gold === TILT_GOLD ? SHIPPED_WORTH : swapWorth(gold);
}

/** @internal What `biasHidden` needs from the view, computed once per decision. */
export interface Observer {
  readonly me: number;
  /**
   * By catalogue index, the players whose hands the card is publicly known to be in, as bits
   * (`1 << p`; a card is in one hand at most).
   */
  readonly knownIn: Uint8Array;
}

/** @internal The observer of a view (a player's view; a spectator is never biased). */
export function observerOf(view: PlayerView): Observer | null {
  if (typeof view.viewer !== 'number') return null;
  const knownIn = new Uint8Array(SHIPPED_WORTH.length);
  view.known.forEach((cards, p) => {
    for (const c of cards) {
      const i = INDEX_OF.get(c.id);
      if (i !== undefined) knownIn[i] = (knownIn[i] as number) | (1 << p);
    }
  });
  return { me: view.viewer, knownIn };
}

let places = new Int32Array(256);

/**
 * @internal Biases each opponent's unseen hand cards in `state` towards good keeps: `draws`
 * extra hidden cards are looked at per unseen hand card, and the one of most `worth` (a
 * {@link tiltWorth} table) stays in the hand. **Changes `state` in place** and returns it: pass a
 * fresh deal (`createDealer(view).deal(seed)`), whose deck, removed cards, favor pile, hand list
 * and opponents' hands belong to the caller. `draws = 0` leaves it as it is. `worth` is one table
 * for every opponent, or one per player (the diagnostics try worths that differ from opponent to
 * opponent).
 */
export function biasHidden(
  state: GameState,
  observer: Observer | null,
  rng: BotRandom,
  draws: number,
  worth: Float64Array | readonly Float64Array[] = SHIPPED_WORTH,
): GameState {
  if (draws <= 0 || observer === null) return state;
  const me = observer.me;
  const deck = state.deck as number[];
  const removed = state.removed as number[];
  const favor = state.favor as number[];
  // Hidden places, encoded: deck index, then 1000 + removal index, then 2000 + favor index.
  let count = 0;
  const need = deck.length + removed.length + favor.length;
  if (places.length < need) places = new Int32Array(need * 2);
  for (let i = state.deckTop; i < deck.length; i++) places[count++] = i;
  for (let i = 0; i < removed.length; i++) places[count++] = 1000 + i;
  for (let i = 0; i < favor.length; i++) if (state.favorBy[i] !== me) places[count++] = 2000 + i;
  if (count === 0) return state;
  const hands = state.hands as number[][];
  const knownIn = observer.knownIn;
  for (let q = 0; q < state.players; q++) {
    if (q === me) continue;
    const bit = 1 << q;
    const hand = hands[q] as number[];
    const w = worth instanceof Float64Array ? worth : (worth[q] as Float64Array);
    for (let j = 0; j < hand.length; j++) {
      const held = hand[j] as number;
      if (((knownIn[held] as number) & bit) !== 0) continue;
      let best = held;
      let bestWorth = w[held] as number;
      let bestPlace = -1;
      for (let d = 0; d < draws; d++) {
        const place = places[rng.int(count)] as number;
        const c = (place < 1000 ? deck[place] : place < 2000 ? removed[place - 1000] : favor[place - 2000]) as number;
        // A King is never kept: its worth here is -Infinity.
        const x = w[c] as number;
        if (x > bestWorth) {
          best = c;
          bestWorth = x;
          bestPlace = place;
        }
      }
      if (bestPlace >= 0) {
        if (bestPlace < 1000) deck[bestPlace] = held;
        else if (bestPlace < 2000) removed[bestPlace - 1000] = held;
        else favor[bestPlace - 2000] = held;
        hand[j] = best;
      }
    }
  }
  return state;
}
