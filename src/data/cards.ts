/**
 * The card catalogue (RULES C1–C4): the 108 cards of the box, their ids and player-count marks.
 * This is the one file to change if the card list is corrected.
 * @module
 */

/** The six offices, in the rule book's order (RULES C1). @category Cards */
export const OFFICES = ['diplomacy', 'military', 'architecture', 'entertainment', 'provisions', 'livestock'] as const;

/** One of the six offices. @category Cards */
export type Office = (typeof OFFICES)[number];

/** The tie-break letters of Government cards, earliest first (RULES C2, E2). @category Cards */
export const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'] as const;

/** A Government card's tie-break letter. @category Cards */
export type Letter = (typeof LETTERS)[number];

/** A player-count mark: the card is used only with at least this many players (RULES C3). @category Cards */
export type Mark = 3 | 4 | 5;

/** A Government card: an office, a value 1–4 and a tie-break letter (RULES C2). @category Cards */
export interface GovernmentCard {
  /** Stable readable id, for example `"diplomacy-A"`. */
  readonly id: string;
  readonly kind: 'government';
  readonly office: Office;
  /** Influence value, 1–4. */
  readonly value: number;
  readonly letter: Letter;
  /** Player-count mark, present only on marked cards (all `livestock` cards carry 5). */
  readonly mark?: Mark;
}

/** A King card: no value; resolved the moment someone gains it (RULES K1–K3). @category Cards */
export interface KingCard {
  /** Stable readable id, for example `"king-7"`. */
  readonly id: string;
  readonly kind: 'king';
  /** Player-count mark, present only on marked cards. */
  readonly mark?: Mark;
}

/** A Gold card: a coin value 1–3 that pays for lots and scores nothing (RULES C, A5). @category Cards */
export interface GoldCard {
  /** Stable readable id, for example `"gold-2-11"`. */
  readonly id: string;
  readonly kind: 'gold';
  /** Coin value, 1–3. */
  readonly value: number;
  /** Player-count mark, present only on marked cards. */
  readonly mark?: Mark;
}

/** Any card of the game. Narrow on `kind`. @category Cards */
export type Card = GovernmentCard | KingCard | GoldCard;

const HIGH_VALUES = [4, 4, 3, 3, 3, 2, 2, 2, 2] as const;
const LOW_VALUES = [2, 2, 1, 1, 1, 1, 1, 1, 1] as const;
const HIGH_OFFICES: ReadonlySet<Office> = new Set(['diplomacy', 'military', 'livestock']);
/** Gold cards per value: the 10th is marked 3, the 11th 4, the 12th and 13th 5 (RULES C3). */
const GOLD_MARKS: readonly (Mark | undefined)[] = [...Array<undefined>(9).fill(undefined), 3, 4, 5, 5];

function buildCatalogue(): readonly Card[] {
  const cards: Card[] = [];
  for (const office of OFFICES) {
    const values = HIGH_OFFICES.has(office) ? HIGH_VALUES : LOW_VALUES;
    LETTERS.forEach((letter, i) => {
      const card: GovernmentCard =
        office === 'livestock'
          ? { id: `${office}-${letter}`, kind: 'government', office, value: values[i] ?? 0, letter, mark: 5 }
          : { id: `${office}-${letter}`, kind: 'government', office, value: values[i] ?? 0, letter };
      cards.push(Object.freeze(card));
    });
  }
  for (let n = 1; n <= 15; n++) {
    const card: KingCard = n > 10 ? { id: `king-${n}`, kind: 'king', mark: 5 } : { id: `king-${n}`, kind: 'king' };
    cards.push(Object.freeze(card));
  }
  for (let value = 1; value <= 3; value++) {
    GOLD_MARKS.forEach((mark, i) => {
      const id = `gold-${value}-${i + 1}`;
      const card: GoldCard = mark === undefined ? { id, kind: 'gold', value } : { id, kind: 'gold', value, mark };
      cards.push(Object.freeze(card));
    });
  }
  return Object.freeze(cards);
}

/**
 * Every card of the box, in catalogue order: 54 Government (office by office, letters A–I),
 * 15 King, 39 Gold. A card's position here is its internal index.
 *
 * @example
 * ```ts
 * CARDS.filter((c) => c.kind === 'king').length; // 15
 * ```
 * @category Cards
 */
export const CARDS: readonly Card[] = buildCatalogue();

const BY_ID: ReadonlyMap<string, number> = new Map(CARDS.map((c, i) => [c.id, i]));

/**
 * Looks a card up by its id.
 *
 * @returns the card, or `undefined` for an unknown id.
 * @example
 * ```ts
 * cardById('diplomacy-A'); // { id: 'diplomacy-A', kind: 'government', office: 'diplomacy', value: 4, letter: 'A' }
 * ```
 * @category Cards
 */
export function cardById(id: string): Card | undefined {
  const i = BY_ID.get(id);
  return i === undefined ? undefined : CARDS[i];
}

/** @internal The catalogue index of a card id, or -1. */
export function cardIndex(id: string): number {
  return BY_ID.get(id) ?? -1;
}

/** @internal The card at a catalogue index (the index is trusted). */
export function cardAt(index: number): Card {
  return CARDS[index] as Card;
}

/** @internal The id of the card at a catalogue index. */
export function idOf(index: number): string {
  return (CARDS[index] as Card).id;
}

/**
 * The offices in play for a player count (RULES C1): the first five, plus `livestock` at 5 players.
 *
 * @example
 * ```ts
 * officesInPlay(5).length; // 6
 * ```
 * @category Cards
 */
export function officesInPlay(players: number): readonly Office[] {
  return players >= 5 ? OFFICES : OFFICES.slice(0, 5);
}

/** Cards removed at random (unseen) at setup, by player count (RULES S2). @category Cards */
export const RANDOM_REMOVALS: Readonly<Record<2 | 3 | 4 | 5, number>> = { 2: 22, 3: 13, 4: 8, 5: 0 };

/**
 * The deck's size after setup (RULES S2), which is also the highest legal bid (RULES A3).
 *
 * @example
 * ```ts
 * deckSize(4); // 80
 * ```
 * @category Cards
 */
export function deckSize(players: 2 | 3 | 4 | 5): number {
  return usedCards(players).length - RANDOM_REMOVALS[players];
}

/** @internal Highest legal bid (the deck size after setup) by player count, for the hot path. */
export const MAX_BID: readonly number[] = [0, 0, 60, 72, 80, 108];

const USED: (readonly number[])[] = [];

/**
 * @internal Catalogue indexes of the cards whose mark allows this player count, in catalogue order.
 */
export function usedCards(players: number): readonly number[] {
  let used = USED[players];
  if (used === undefined) {
    const out: number[] = [];
    CARDS.forEach((c, i) => {
      if (c.mark === undefined || c.mark <= players) out.push(i);
    });
    used = Object.freeze(out);
    USED[players] = used;
  }
  return used;
}

/** @internal Precomputed per-index facts for the hot path. */
export const KIND: readonly number[] = CARDS.map((c) => (c.kind === 'government' ? 0 : c.kind === 'king' ? 1 : 2));
/** @internal 0 = government, 1 = king, 2 = gold. */
export const GOVERNMENT = 0;
/** @internal */
export const KING = 1;
/** @internal */
export const GOLD = 2;
/** @internal Value of a card (gold coin value or government influence; 0 for kings). */
export const VALUE: readonly number[] = CARDS.map((c) => (c.kind === 'king' ? 0 : c.value));
/** @internal Office index of a government card, -1 otherwise. */
export const OFFICE_OF: readonly number[] = CARDS.map((c) => (c.kind === 'government' ? OFFICES.indexOf(c.office) : -1));
/** @internal Letter index (0 = A) of a government card, -1 otherwise. */
export const LETTER_OF: readonly number[] = CARDS.map((c) => (c.kind === 'government' ? LETTERS.indexOf(c.letter) : -1));
