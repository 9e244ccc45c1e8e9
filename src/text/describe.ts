/**
 * Sentences for user interfaces: a card, an action or an event in English or Ukrainian.
 * @module
 */
import type { Card } from '../data/cards.js';
import { cardById, OFFICES } from '../data/cards.js';
import type { RulesErrorCode } from '../state/errors.js';
import { RulesError } from '../state/errors.js';
import { showValue } from '../state/show.js';
import type { Action, GameEvent } from '../state/types.js';
import type { DescribeContext } from './context.js';
import type { Lang } from './labels.js';
import type { Phrases, Who } from './phrases.js';
import { en } from './phrases-en.js';
import { uk } from './phrases-uk.js';

export type { DescribeContext } from './context.js';

const PHRASES: Readonly<Record<Lang, Phrases>> = { en, uk };

/** Throws a `RulesError` with `code`: `value` is no `what`. */
function refuse(code: RulesErrorCode, what: string, value: unknown): never {
  throw new RulesError(code, `unknown ${what}: ${showValue(value)}`);
}

/** `table[key]` for an own key only (`'toString'` is no language, `'constructor'` no type); anything else is refused with `code`. */
function own<T extends object>(table: T, key: unknown, code: RulesErrorCode, what: string): T[keyof T] {
  if (typeof key !== 'string' || !Object.hasOwn(table, key)) refuse(code, what, key);
  return table[key as keyof T];
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The display name of seat `p` in the context, if it has a usable one. */
function nameOf(x: DescribeContext, p: number): string | undefined {
  const given: unknown = Array.isArray(x.names) ? x.names[p] : undefined;
  return typeof given === 'string' && given.trim() !== '' ? given : undefined;
}

/**
 * A card's name: "Diplomacy 3", "King", "Gold 2" (`'uk'`: "Дипломатія 3", "Король", "Золото 2").
 *
 * @param card - a card or a card id; an unknown id is returned as it is.
 * @throws `RulesError` `INVALID_OPTIONS` for a `lang` other than `'en'` and `'uk'`;
 * `UNKNOWN_CARD` for a `card` that is neither a string nor a card (a King, or Gold or a Government
 * card of a known office with a whole value).
 * @example
 * ```ts
 * describeCard('military-A', 'en'); // 'Military 4'
 * describeCard('military-A', 'uk'); // 'Військова справа 4'
 * ```
 * @category Text
 */
export function describeCard(card: Card | string, lang: Lang): string {
  const t = own(PHRASES, lang, 'INVALID_OPTIONS', 'language');
  if (typeof card === 'string') {
    const c = cardById(card);
    return c ? t.card(c) : card;
  }
  if (!isCardLike(card)) refuse('UNKNOWN_CARD', 'card', card);
  return t.card(card);
}

/** Whether `c` is a card the phrases can word: a King, or Gold or a Government card of a known office with a whole value (a catalogue card's copy, or one a newer version made). */
function isCardLike(c: unknown): c is Card {
  if (typeof c !== 'object' || c === null) return false;
  const { kind, office, value } = c as { kind?: unknown; office?: unknown; value?: unknown };
  if (kind === 'king') return true;
  const known = kind === 'gold' || (kind === 'government' && typeof office === 'string' && (OFFICES as readonly string[]).includes(office));
  return known && Number.isInteger(value);
}

/**
 * One sentence for an action: "Player 2 bids 4 for Diplomacy 3" / "Гравець 2 ставить 4 на
 * Дипломатію 3". The reader's own action (`context.viewer === action.player`) reads as a
 * command for a button: "Bid 4 for Diplomacy 3" / "Поставити 4 на Дипломатію 3".
 * Players are named by their index, as in the API ("Player 0" … ), or by `context.names`.
 *
 * @param context - optional: the reader and what the table shows (pass the reader's `PlayerView`).
 * @throws `RulesError` `INVALID_OPTIONS` for a `lang` other than `'en'` and `'uk'`;
 * `MALFORMED_ACTION` when `action` is no object or its `type` is no action type (`'foo'`,
 * `'toString'`).
 * @example
 * ```ts
 * const v = view(state, 0);
 * for (const a of v.legal) console.log(describeAction(a, 'en', v)); // 'Pass', 'Bid 1 for Gold 2', …
 * describeAction({ type: 'pass', player: 1 }, 'uk'); // 'Гравець 1 пасує'
 * describeAction({ type: 'pass', player: 1 }, 'en', { names: ['Ann', 'Bo'] }); // 'Bo passes'
 * ```
 * @category Text
 */
export function describeAction(action: Action, lang: Lang, context: DescribeContext = {}): string {
  const t = own(PHRASES, lang, 'INVALID_OPTIONS', 'language');
  const say = own(t.actions, (action as Action | null)?.type, 'MALFORMED_ACTION', 'action type') as (
    a: Action,
    s: string | null,
    x: DescribeContext,
  ) => string;
  const s = context.viewer === action.player ? null : t.who(action.player, false, nameOf(context, action.player)).n;
  return capital(say(action, s, context));
}

/**
 * One sentence for an event, in the past tense: "Player 1 placed a card face down on the favor
 * pile", "Гравець 2 виграв Дипломатію 3 за 4". Works on full events and on events filtered by
 * `eventsFor` (hidden cards are `null` and read as "a card"). With `context.viewer`, that seat's
 * own events read in the second person ("You drew Diplomacy 3" / "Ви витягнули Дипломатію 3").
 *
 * @throws `RulesError` `INVALID_OPTIONS` for a `lang` other than `'en'` and `'uk'`;
 * `INVALID_EVENTS` when `event` is no object or its `type` is no event type (`'foo'`,
 * `'constructor'`); `UNKNOWN_CARD` for a `card` that is neither `null` (hidden) nor a card id
 * of the catalogue.
 * @example
 * ```ts
 * describeEvent({ type: 'placed', player: 1, area: 'favor', card: null }, 'en');
 * // 'Player 1 placed a card face down on the favor pile'
 * describeEvent({ type: 'bid', player: 2, amount: 4 }, 'uk', { viewer: 2 }); // 'Ви поставили 4'
 * describeEvent({ type: 'bid', player: 1, amount: 4 }, 'en', { ...v, names: record.names }); // 'Bo bid 4'
 * ```
 * @category Text
 */
export function describeEvent(event: GameEvent, lang: Lang, context: DescribeContext = {}): string {
  const t = own(PHRASES, lang, 'INVALID_OPTIONS', 'language');
  const say = own(t.events, (event as GameEvent | null)?.type, 'INVALID_EVENTS', 'event type') as (
    e: GameEvent,
    s: Who,
    w: (p: number) => Who,
  ) => string;
  const card: unknown = (event as { card?: unknown }).card;
  if (card != null && !cardById(card as string)) refuse('UNKNOWN_CARD', 'card', card);
  const w = (p: number): Who => t.who(p, context.viewer === p, nameOf(context, p));
  return capital(say(event, w('player' in event ? event.player : -1), w));
}
