/**
 * The interface words of the elements, in English and Ukrainian. Everything about the game
 * itself (offices, card names, sentences for actions and events) comes from
 * `for-the-king-and-me/text`; these are the words around it (prompts, buttons, statuses).
 * @module
 */
import type { Lang } from '../text/index.js';
import { en } from './words/en.js';
import type { Words } from './words/types.js';
import { uk } from './words/uk.js';

export type { Words } from './words/types.js';

/** The elements' words by language. */
export const WORDS: Readonly<Record<Lang, Words>> = { en, uk };

/** A language from an attribute's text: `'uk'` for Ukrainian (`uk`, `uk-UA`), else English. */
export function langOf(value: string | null | undefined): Lang {
  return typeof value === 'string' && /^uk\b/i.test(value) ? 'uk' : 'en';
}
