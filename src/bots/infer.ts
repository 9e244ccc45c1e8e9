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

/**
 * @internal Returns `state` with each opponent's unseen hand cards biased towards good keeps:
 * `draws` extra hidden cards are looked at per unseen hand card. `draws = 0` returns `state`.
 */
export function biasHidden(state: GameState, view: PlayerView, rng: BotRandom, draws: number): GameState {
  const me = view.viewer;
  if (draws <= 0 || typeof me !== 'number') return state;
  const deck = state.deck.slice();
  const removed = state.removed.slice();
  const favor = state.favor.slice();
  // Hidden places as [array, index] pairs.
  const places: [number[], number][] = [];
  for (let i = state.deckTop; i < deck.length; i++) places.push([deck, i]);
  for (let i = 0; i < removed.length; i++) places.push([removed, i]);
  for (let i = 0; i < favor.length; i++) if (state.favorBy[i] !== me) places.push([favor, i]);
  if (places.length === 0) return state;
  const hands = state.hands.map((h) => h.slice());
  for (let q = 0; q < state.players; q++) {
    if (q === me) continue;
    const known = new Set<number>();
    for (const c of view.known[q] ?? []) known.add(INDEX_OF.get(c.id) ?? -1);
    const hand = hands[q] as number[];
    for (let j = 0; j < hand.length; j++) {
      const held = hand[j] as number;
      if (known.has(held)) continue;
      let best = held;
      let bestPlace: [number[], number] | null = null;
      for (let d = 0; d < draws; d++) {
        const place = places[rng.int(places.length)] as [number[], number];
        const c = place[0][place[1]] as number;
        if (KIND_OF[c] === KING) continue;
        if (keepWorth(c) > keepWorth(best)) {
          best = c;
          bestPlace = place;
        }
      }
      if (bestPlace !== null) {
        bestPlace[0][bestPlace[1]] = held;
        hand[j] = best;
      }
    }
  }
  return { ...state, deck, removed, favor, hands };
}
