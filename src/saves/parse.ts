/**
 * Untrusted input: turning a request body into an {@link Action}.
 * @module
 */
import { RulesError } from '../state/errors.js';
import { readAction } from '../state/shape.js';
import type { Action } from '../state/types.js';

/** The longest JSON text {@link parseAction} reads; an action is a few dozen characters. @category Saves */
export const MAX_ACTION_LENGTH = 4096;

/** The most players a game can have (RULES S1): the widest player range before a game is known. */
const MAX_PLAYERS = 5;

function malformed(message: string): RulesError {
  return new RulesError('MALFORMED_ACTION', message);
}

function isPlainObject(x: unknown): x is object {
  if (typeof x !== 'object' || x === null) return false;
  try {
    if (Array.isArray(x)) return false;
    const proto: unknown = Object.getPrototypeOf(x);
    return proto === Object.prototype || proto === null;
  } catch {
    // A revoked proxy, or a proxy whose trap throws.
    throw malformed('an action could not be read: a getter or proxy on it threw');
  }
}

/**
 * Turns untrusted input (a request body, a message from a client) into an {@link Action}, or
 * throws a clear {@link RulesError} `MALFORMED_ACTION`.
 *
 * Accepts an object or its JSON text (at most {@link MAX_ACTION_LENGTH} characters). The input
 * must be a plain object with exactly the fields of its action type: `type`, `player` and the
 * type's own fields (`area`; `card`; `office`, `value`; `amount`), with integer numbers, a known
 * action type, area and office, and a player from 0 to 4. Keys such as `__proto__` or
 * `constructor` are rejected. Each field is read once and the result is a fresh plain object,
 * so later changes to the input (or getters on it) cannot change the action.
 *
 * Whether the action is legal is a separate question: pass the result to `apply` or `step`,
 * which check it against the game (its player count, whose turn it is, the cards in play).
 *
 * @throws {@link RulesError} `MALFORMED_ACTION`, naming what is wrong.
 * @example
 * ```ts
 * const action = parseAction('{"type":"bid","player":1,"amount":4}');
 * state = apply(state, action);
 *
 * parseAction({ type: 'bid', player: 1, amount: 4.5 });
 * // RulesError MALFORMED_ACTION: a bid action needs an integer "amount"
 * ```
 * @category Saves
 */
export function parseAction(input: unknown): Action {
  let value = input;
  if (typeof input === 'string') {
    if (input.length > MAX_ACTION_LENGTH) throw malformed(`an action's JSON text is at most ${MAX_ACTION_LENGTH} characters`);
    try {
      value = JSON.parse(input);
    } catch (e) {
      throw malformed(`an action's text is not valid JSON (${e instanceof Error ? e.message : String(e)})`);
    }
  }
  if (!isPlainObject(value)) throw malformed('an action must be a plain object such as { type: "pass", player: 0 }');
  return readAction(value, MAX_PLAYERS, { where: 'any game (there are at most 5 players, 0 to 4)', strict: true });
}
