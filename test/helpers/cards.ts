/**
 * Card helpers for tests: id ↔ catalogue index, and the card-conservation check.
 *
 * Inside a `GameState` cards are catalogue indexes; tests speak in card ids (`'gold-3-1'`).
 * `idsOf(state.hands[0])` turns a hand into ids; `index('king-1')` goes the other way and
 * throws on a typo so a test never silently builds the wrong situation.
 * `allCardsOf(state)` lists every card the state holds anywhere (sorted), which must always be
 * exactly the cards of the game for that player count (`usedCards`): see `expectConserved`.
 */
import { expect } from 'vitest';
import { cardIndex, usedCards } from '../../src/data/cards.js';
import type { GameState } from '../../src/index.js';
import { CARDS } from '../../src/index.js';

/** The catalogue index of a card id; throws on an unknown id (a typo in a test). */
export function index(id: string): number {
  const i = cardIndex(id);
  if (i < 0) throw new Error(`test helper: unknown card id "${id}"`);
  return i;
}

/** The ids of a list of catalogue indexes. */
export function idsOf(cards: readonly number[]): string[] {
  return cards.map((c) => (CARDS[c] ?? { id: `?${c}` }).id);
}

/** The id of one catalogue index, `null` for `-1`. */
export function idOrNull(card: number): string | null {
  return card < 0 ? null : (CARDS[card]?.id ?? null);
}

/** Every card the state holds, anywhere (hidden parts included), sorted by catalogue index. */
export function allCardsOf(s: GameState): number[] {
  const all: number[] = [...s.removed, ...s.deck.slice(s.deckTop), ...s.middle, ...s.favor, ...s.discard];
  for (const hand of s.hands) all.push(...hand);
  for (const c of [s.drawn, s.lot, s.king]) if (c >= 0) all.push(c);
  return all.sort((a, b) => a - b);
}

/** Asserts that no card was created or lost: the state holds exactly the game's cards. */
export function expectConserved(s: GameState): void {
  expect(allCardsOf(s)).toEqual([...usedCards(s.players)]);
  expect([...s.removed, ...s.deck].sort((a, b) => a - b)).toEqual([...usedCards(s.players)]);
}
