/**
 * @internal The shape of an action: exactly the fields of its type, of the right types. Shared by
 * `apply` (hot path: trusted objects, the game's player count) and `parseAction` (untrusted input).
 * @module
 */
import { OFFICES } from '../data/cards.js';
import { RulesError } from './errors.js';
import { showValue } from './show.js';
import type { Action, ActionType } from './types.js';

/** @internal The number of fields of each action type, `type` and `player` included. */
const FIELD_COUNT: Readonly<Record<ActionType, number>> = { place: 3, take: 3, king: 4, bid: 3, pass: 2, pay: 3 };

/** @internal The fields of each action type after `type` and `player`, in canonical order. */
export const EXTRA_FIELDS: Readonly<Record<ActionType, readonly string[]>> = {
  place: ['area'],
  take: ['card'],
  king: ['office', 'value'],
  bid: ['amount'],
  pass: [],
  pay: ['card'],
};

function malformed(message: string): RulesError {
  return new RulesError('MALFORMED_ACTION', message);
}

function countKeys(a: object): number {
  let n = 0;
  for (const _ in a) n++;
  return n;
}

function fieldList(t: ActionType): string {
  return ['type', 'player', ...EXTRA_FIELDS[t]].join(', ');
}

/**
 * @internal Checks an action's shape: an object with exactly the fields of its type, of the
 * right types, integers where numbers are expected, and a player from 0 to `players - 1`
 * (`where` names the game in the message). Throws `MALFORMED_ACTION`.
 */
export function checkShape(a: unknown, players: number, where?: string): asserts a is Action {
  if (typeof a !== 'object' || a === null || Array.isArray(a))
    throw malformed('an action must be an object such as { type: "pass", player: 0 }');
  const x = a as Record<string, unknown>;
  const type = x.type;
  if (typeof type !== 'string' || !Object.hasOwn(FIELD_COUNT, type)) {
    throw malformed(`unknown action type ${showValue(type)}: expected place, take, king, bid, pass or pay`);
  }
  const t = type as ActionType;
  const p = x.player;
  if (typeof p !== 'number' || !Number.isInteger(p)) throw malformed(`a ${t} action needs an integer "player"`);
  if (p < 0 || p >= players) throw malformed(`there is no player ${p} in ${where ?? `a ${players}-player game`}`);
  switch (t) {
    case 'place':
      if (x.area !== 'self' && x.area !== 'middle' && x.area !== 'favor')
        throw malformed('a place action needs "area": "self", "middle" or "favor"');
      break;
    case 'take':
    case 'pay':
      if (typeof x.card !== 'string') throw malformed(`a ${t} action needs a card id in "card"`);
      break;
    case 'king':
      if (typeof x.office !== 'string' || !(OFFICES as readonly string[]).includes(x.office)) {
        throw malformed(`a king action needs "office": one of ${OFFICES.join(', ')}`);
      }
      if (typeof x.value !== 'number' || !Number.isInteger(x.value)) throw malformed('a king action needs an integer "value" from 1 to 6');
      break;
    case 'bid':
      if (typeof x.amount !== 'number' || !Number.isInteger(x.amount)) throw malformed('a bid action needs an integer "amount"');
      break;
  }
  if (countKeys(x) !== FIELD_COUNT[t] || !Object.hasOwn(x, 'type') || !Object.hasOwn(x, 'player')) {
    throw malformed(`a ${t} action has exactly the fields ${fieldList(t)}`);
  }
}
