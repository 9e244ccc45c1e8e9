/**
 * @internal Per-card facts as flat arrays indexed like `CARDS`, for the bots' hot loops. A
 * `GameState` holds cards as indexes into `CARDS`; these tables read them without lookups.
 * @module
 */
import { CARDS, LETTERS, OFFICES } from '../index.js';

/** @internal 0 government, 1 king, 2 gold. */
export const KIND_OF: readonly number[] = CARDS.map((c) => (c.kind === 'government' ? 0 : c.kind === 'king' ? 1 : 2));
/** @internal Influence (government) or coin (gold) value; 0 for Kings. */
export const VALUE_OF: readonly number[] = CARDS.map((c) => (c.kind === 'king' ? 0 : c.value));
/** @internal Office index of a government card, -1 otherwise. */
export const OFFICE_INDEX: readonly number[] = CARDS.map((c) => (c.kind === 'government' ? OFFICES.indexOf(c.office) : -1));
/** @internal Letter rank (0 = A) of a government card, 99 otherwise. */
export const LETTER_RANK: readonly number[] = CARDS.map((c) => (c.kind === 'government' ? LETTERS.indexOf(c.letter) : 99));
/** @internal The mark of a card (the least player count it is played with, RULES C3), 0 when unmarked. */
export const MARK_OF: readonly number[] = CARDS.map((c) => c.mark ?? 0);
/** @internal Catalogue index by card id. */
export const INDEX_OF: ReadonlyMap<string, number> = new Map(CARDS.map((c, i) => [c.id, i]));
