/**
 * @internal The shape of an action: exactly the fields of its type, of the right types. Shared by
 * `apply` (the game's player count) and `parseAction` (untrusted input, any game).
 *
 * Untrusted objects are read once: the own keys are listed once, each own field's descriptor is
 * taken once (a getter is called once), and every check and the returned action use that
 * snapshot. Getters that answer differently on each read, proxies, inherited fields and later
 * changes to the input cannot change the action that is checked and applied.
 * @module
 */
import type { Office } from '../data/cards.js';
import { OFFICES } from '../data/cards.js';
import { isEngineAction } from './engine-action.js';
import { RulesError, unreadable } from './errors.js';
import { showValue } from './show.js';
import type { Action, ActionType } from './types.js';

/** @internal The fields of each action type after `type` and `player`, in canonical order. */
export const EXTRA_FIELDS: Readonly<Record<ActionType, readonly string[]>> = {
  place: ['area'],
  take: ['card'],
  king: ['office', 'value'],
  bid: ['amount'],
  pass: [],
  pay: ['card'],
};

/** Every field name some action type has. */
const FIELD_NAMES: ReadonlySet<string> = new Set(['type', 'player', 'area', 'card', 'office', 'value', 'amount']);

/** Keys that `parseAction` names as forbidden (prototype pollution). */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

function malformed(message: string): RulesError {
  return new RulesError('MALFORMED_ACTION', message);
}

function fieldList(t: ActionType): string {
  return ['type', 'player', ...EXTRA_FIELDS[t]].join(', ');
}

/** @internal How strictly {@link readAction} treats keys that are not fields. */
export interface ReadOptions {
  /** Names the game in the player-range message (`a 4-player game` by default). */
  readonly where?: string;
  /** `parseAction`'s rules: `__proto__`/`constructor`/`prototype` keys and any symbol key are named and rejected. */
  readonly strict?: boolean;
}

/** The action's own enumerable fields, read once. `extra` is the first key that is no field at all. */
interface Snapshot {
  readonly fields: Record<string, unknown>;
  readonly extra: string | symbol | undefined;
  readonly plain: boolean;
}

function snapshot(x: object, strict: boolean): Snapshot {
  const proto: unknown = Object.getPrototypeOf(x);
  const plain = proto === Object.prototype || proto === null;
  const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  let extra: string | symbol | undefined;
  for (const key of Reflect.ownKeys(x)) {
    if (typeof key === 'symbol') {
      if (strict) throw malformed('an action may not have symbol keys');
    } else if (strict && FORBIDDEN_KEYS.has(key)) throw malformed(`an action may not have a "${key}" key`);
    const d = Reflect.getOwnPropertyDescriptor(x, key);
    if (d === undefined || d.enumerable !== true) continue;
    if (typeof key === 'symbol' || !FIELD_NAMES.has(key)) {
      extra ??= key;
      continue;
    }
    fields[key] = 'value' in d ? d.value : d.get === undefined ? undefined : d.get.call(x);
  }
  return { fields, extra, plain };
}

function missing(plain: boolean): string {
  return plain ? '' : " (only the action's own fields count, not inherited ones)";
}

function fields(s: Snapshot, t: ActionType, p: number): Action {
  const x = s.fields;
  switch (t) {
    case 'place': {
      const area = x.area;
      if (area !== 'self' && area !== 'middle' && area !== 'favor')
        throw malformed(`a place action needs "area": "self", "middle" or "favor"${missing(s.plain)}`);
      return { type: t, player: p, area };
    }
    case 'take':
    case 'pay': {
      const card = x.card;
      if (typeof card !== 'string') throw malformed(`a ${t} action needs a card id in "card"${missing(s.plain)}`);
      return { type: t, player: p, card };
    }
    case 'king': {
      const office = x.office;
      if (typeof office !== 'string' || !(OFFICES as readonly string[]).includes(office)) {
        throw malformed(`a king action needs "office": one of ${OFFICES.join(', ')}${missing(s.plain)}`);
      }
      const value = x.value;
      if (typeof value !== 'number' || !Number.isInteger(value))
        throw malformed(`a king action needs an integer "value" from 1 to 6${missing(s.plain)}`);
      return { type: t, player: p, office: office as Office, value: value + 0 };
    }
    case 'bid': {
      const amount = x.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount))
        throw malformed(`a bid action needs an integer "amount"${missing(s.plain)}`);
      return { type: t, player: p, amount: amount + 0 };
    }
    case 'pass':
      return { type: t, player: p };
  }
}

function checked(s: Snapshot, players: number, where: string | undefined): Action {
  const x = s.fields;
  const type = x.type;
  if (typeof type !== 'string' || !Object.hasOwn(EXTRA_FIELDS, type)) {
    throw malformed(`unknown action type ${showValue(type)}: expected place, take, king, bid, pass or pay${missing(s.plain)}`);
  }
  const t = type as ActionType;
  const p = x.player;
  if (typeof p !== 'number' || !Number.isInteger(p)) throw malformed(`a ${t} action needs an integer "player"${missing(s.plain)}`);
  if (p < 0 || p >= players) throw malformed(`there is no player ${p} in ${where ?? `a ${players}-player game`}`);
  const action = fields(s, t, p + 0);
  // A key that is no field at all, or a field of another action type (a pass with an amount).
  const extras = EXTRA_FIELDS[t];
  let extra = s.extra !== undefined;
  for (const key in x) if (key !== 'type' && key !== 'player' && !extras.includes(key)) extra = true;
  if (extra) throw malformed(`a ${t} action has exactly the fields ${fieldList(t)}`);
  return action;
}

/**
 * @internal Reads an untrusted action once and checks its shape: an object with exactly the own,
 * enumerable fields of its type, of the right types, integers where numbers are expected, and a
 * player from 0 to `players - 1`. Returns a fresh plain action with the fields in canonical
 * order (`-0` read as `0`); nothing later reads `input` again. The engine's own frozen actions
 * (see `engine-action.ts`) are returned as they are, except in `strict` mode (`parseAction` always copies). A getter or proxy trap that
 * throws is reported as `MALFORMED_ACTION` too.
 *
 * @throws {@link RulesError} `MALFORMED_ACTION`.
 */
export function readAction(input: unknown, players: number, options?: ReadOptions): Action {
  // The engine's own frozen actions (the legal-action lists) are exact already: only the player
  // range depends on the game.
  const strict = options?.strict === true;
  if (!strict && isEngineAction(input) && input.player < players) return input;
  if (typeof input !== 'object' || input === null) throw malformed('an action must be an object such as { type: "pass", player: 0 }');
  let s: Snapshot;
  try {
    if (Array.isArray(input)) throw malformed('an action must be an object such as { type: "pass", player: 0 }');
    s = snapshot(input, strict);
  } catch (e) {
    unreadable(e, 'MALFORMED_ACTION', 'an action could not be read: a getter or proxy on it threw');
  }
  return checked(s, players, options?.where);
}
