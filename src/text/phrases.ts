/**
 * @internal What one language provides to `describe.ts`: a sentence builder for every action
 * and event type. The mapped types make a missing sentence a compile error.
 * @module
 */
import type { Card } from '../data/cards.js';
import { cardById } from '../data/cards.js';
import type { Action, ActionType, GameEvent, GameEventType } from '../state/types.js';
import type { DescribeContext } from './context.js';
import type { Labels } from './labels.js';

/** @internal A player as a sentence names them: `n` their name, `y` whether it is the reader. */
export interface Who {
  readonly n: string;
  readonly y: boolean;
}

/**
 * @internal One language's sentences. An action builder gets `s`, the acting player's name, or
 * `null` for the reader's own action (then it reads as a command: "Bid 4"). An event builder
 * gets its subject `s` (the event's `player`, if any) and `w` to name other players.
 */
export interface Phrases {
  /** A card standing alone ("Diplomacy 3", "King"). */
  readonly card: (c: Card) => string;
  /** How a player is named: "Player 2" / "you", or by their display name if it has one. */
  readonly who: (p: number, reader: boolean, name: string | undefined) => Who;
  readonly actions: { readonly [K in ActionType]: (a: Extract<Action, { type: K }>, s: string | null, x: DescribeContext) => string };
  readonly events: { readonly [K in GameEventType]: (e: Extract<GameEvent, { type: K }>, s: Who, w: (p: number) => Who) => string };
}

/** @internal Joins names: "a", "a and b", "a, b and c". */
export function joinNames(names: readonly string[], and: string): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${and} ${names[names.length - 1]}`;
}

/** @internal The card of an id, `undefined` for a hidden (`null`) or unknown one. */
export function cardOf(id: string | null): Card | undefined {
  return id === null ? undefined : cardById(id);
}

/** @internal Whether a pay action discards (by the payment in progress, else: gold pays, anything else is discarded). */
export function discards(card: string, x: DescribeContext): boolean {
  return (x.payment?.mode ?? (cardOf(card)?.kind === 'gold' ? 'gold' : 'discard')) === 'discard';
}

/** @internal A card's name in a language: "Diplomacy 3", "King", "Gold 2". */
export function cardName(c: Card, l: Labels): string {
  return c.kind === 'king' ? l.kinds.king : `${c.kind === 'gold' ? l.kinds.gold : l.offices[c.office]} ${c.value}`;
}
