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

/** @internal What `biasHidden` needs from the view, computed once per decision. */
export interface Observer {
  readonly me: number;
  /** Per player, the catalogue indexes of the cards publicly known to be in their hand. */
  readonly known: readonly ReadonlySet<number>[];
}

/** @internal The observer of a view (a player's view; a spectator is never biased). */
export function observerOf(view: PlayerView): Observer | null {
  if (typeof view.viewer !== 'number') return null;
  return { me: view.viewer, known: view.known.map((cards) => new Set(cards.map((c) => INDEX_OF.get(c.id) ?? -1))) };
}

let places = new Int32Array(256);

/**
 * @internal Returns `state` with each opponent's unseen hand cards biased towards good keeps:
 * `draws` extra hidden cards are looked at per unseen hand card. `draws = 0` returns `state`.
 */
export function biasHidden(state: GameState, observer: Observer | null, rng: BotRandom, draws: number): GameState {
  if (draws <= 0 || observer === null) return state;
  const me = observer.me;
  const deck = state.deck.slice();
  const removed = state.removed.slice();
  const favor = state.favor.slice();
  // Hidden places, encoded: deck index, then 1000 + removal index, then 2000 + favor index.
  let count = 0;
  const need = deck.length + removed.length + favor.length;
  if (places.length < need) places = new Int32Array(need * 2);
  for (let i = state.deckTop; i < deck.length; i++) places[count++] = i;
  for (let i = 0; i < removed.length; i++) places[count++] = 1000 + i;
  for (let i = 0; i < favor.length; i++) if (state.favorBy[i] !== me) places[count++] = 2000 + i;
  if (count === 0) return state;
  const read = (code: number): number => (code < 1000 ? deck[code] : code < 2000 ? removed[code - 1000] : favor[code - 2000]) as number;
  const write = (code: number, c: number): void => {
    if (code < 1000) deck[code] = c;
    else if (code < 2000) removed[code - 1000] = c;
    else favor[code - 2000] = c;
  };
  const hands = state.hands.slice();
  for (let q = 0; q < state.players; q++) {
    if (q === me) continue;
    const known = observer.known[q];
    const hand = (hands[q] as readonly number[]).slice();
    hands[q] = hand;
    for (let j = 0; j < hand.length; j++) {
      const held = hand[j] as number;
      if (known?.has(held)) continue;
      let best = held;
      let bestPlace = -1;
      for (let d = 0; d < draws; d++) {
        const place = places[rng.int(count)] as number;
        const c = read(place);
        if (KIND_OF[c] === KING) continue;
        if (keepWorth(c) > keepWorth(best)) {
          best = c;
          bestPlace = place;
        }
      }
      if (bestPlace >= 0) {
        write(bestPlace, held);
        hand[j] = best;
      }
    }
  }
  return { ...state, deck, removed, favor, hands };
}
