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

/** What a card is worth to a player keeping it, at a glance. */
function keepWorth(c: number): number {
  if (KIND_OF[c] === GOLD) return 0.9 * (VALUE_OF[c] as number);
  return VALUE_OF[c] as number;
}

/** {@link keepWorth} by catalogue index, and `-Infinity` for a King (never swapped into a hand). */
const SWAP_WORTH: Float64Array = Float64Array.from(KIND_OF, (k, c) => (k === KING ? Number.NEGATIVE_INFINITY : keepWorth(c)));

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
  const knownIn = new Uint8Array(SWAP_WORTH.length);
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
 * extra hidden cards are looked at per unseen hand card. **Changes `state` in place** and returns
 * it: pass a fresh deal (`createDealer(view).deal(seed)`), whose deck, removed cards, favor pile,
 * hand list and opponents' hands belong to the caller. `draws = 0` leaves it as it is.
 */
export function biasHidden(state: GameState, observer: Observer | null, rng: BotRandom, draws: number): GameState {
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
    for (let j = 0; j < hand.length; j++) {
      const held = hand[j] as number;
      if (((knownIn[held] as number) & bit) !== 0) continue;
      let best = held;
      let bestWorth = keepWorth(held);
      let bestPlace = -1;
      for (let d = 0; d < draws; d++) {
        const place = places[rng.int(count)] as number;
        const c = (place < 1000 ? deck[place] : place < 2000 ? removed[place - 1000] : favor[place - 2000]) as number;
        // A King is never kept: its worth here is -Infinity.
        const worth = SWAP_WORTH[c] as number;
        if (worth > bestWorth) {
          best = c;
          bestWorth = worth;
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
