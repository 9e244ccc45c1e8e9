/**
 * Sentences for user interfaces: a card, an action or an event in English or Ukrainian.
 * @module
 */
import type { Card } from '../data/cards.js';
import { cardById } from '../data/cards.js';
import type { Action, GameEvent } from '../state/types.js';
import type { DescribeContext } from './context.js';
import type { Lang } from './labels.js';
import type { Phrases, Who } from './phrases.js';
import { en } from './phrases-en.js';
import { uk } from './phrases-uk.js';

export type { DescribeContext } from './context.js';

const PHRASES: Readonly<Record<Lang, Phrases>> = { en, uk };

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
 * @example
 * ```ts
 * describeCard('military-A', 'en'); // 'Military 4'
 * describeCard('military-A', 'uk'); // 'Військова справа 4'
 * ```
 * @category Text
 */
export function describeCard(card: Card | string, lang: Lang): string {
  const c = typeof card === 'string' ? cardById(card) : card;
  return c === undefined ? String(card) : PHRASES[lang].card(c);
}

/**
 * One sentence for an action: "Player 2 bids 4 for Diplomacy 3" / "Гравець 2 ставить 4 на
 * Дипломатію 3". The reader's own action (`context.viewer === action.player`) reads as a
 * command for a button: "Bid 4 for Diplomacy 3" / "Поставити 4 на Дипломатію 3".
 * Players are named by their index, as in the API ("Player 0" … ), or by `context.names`.
 *
 * @param context - optional: the reader and what the table shows (pass the reader's `PlayerView`).
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
  const t = PHRASES[lang];
  const s = context.viewer === action.player ? null : t.who(action.player, false, nameOf(context, action.player)).n;
  const say = t.actions[action.type] as (a: Action, s: string | null, x: DescribeContext) => string;
  return capital(say(action, s, context));
}

/**
 * One sentence for an event, in the past tense: "Player 1 placed a card face down on the favor
 * pile", "Гравець 2 виграв Дипломатію 3 за 4". Works on full events and on events filtered by
 * `eventsFor` (hidden cards are `null` and read as "a card"). With `context.viewer`, that seat's
 * own events read in the second person ("You drew Diplomacy 3" / "Ви витягнули Дипломатію 3").
 *
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
  const t = PHRASES[lang];
  const w = (p: number): Who => t.who(p, context.viewer === p, nameOf(context, p));
  const say = t.events[event.type] as (e: GameEvent, s: Who, w: (p: number) => Who) => string;
  return capital(say(event, w('player' in event ? event.player : -1), w));
}
