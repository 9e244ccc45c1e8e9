/**
 * @internal An error thrown on a simulation worker thread, carried to the parent thread: its
 * class, code, message and stack go as plain data and the parent builds the same error again, so
 * a run on workers fails with the error a run in this thread gives (a `TypeError` stays one, a
 * `RulesError` keeps its code).
 * @module
 */

import type { RulesErrorCode } from '../index.js';
import { isRulesError, RulesError } from '../index.js';

/** @internal An error as a worker posts it. */
export interface ErrorReply {
  readonly error: string;
  /** The error's `name` (`'TypeError'`, `'RulesError'`, a bot's own class name…). */
  readonly name?: string;
  readonly stack?: string;
  readonly code?: RulesErrorCode;
}

/** The built-in classes the parent can build again; any other becomes an `Error` of that name. */
const BUILT_IN: Readonly<Record<string, new (message: string) => Error>> = {
  Error,
  TypeError,
  RangeError,
  SyntaxError,
  ReferenceError,
  EvalError,
  URIError,
};

/** @internal What a worker posts for `e`: its message, class name, stack and code. */
export function errorReply(e: unknown): ErrorReply {
  if (!(e instanceof Error)) return { error: String(e) };
  const name = typeof e.name === 'string' ? e.name : 'Error';
  const stack = typeof e.stack === 'string' ? { stack: e.stack } : {};
  return { error: e.message, name, ...stack, ...(isRulesError(e) ? { code: e.code } : {}) };
}

/** @internal The error a worker posted, built again in this thread: the same class where it can be. */
export function errorFromReply(reply: ErrorReply): Error {
  let error: Error;
  if (reply.code !== undefined) error = new RulesError(reply.code, reply.error);
  else {
    const name = reply.name ?? 'Error';
    const Class = Object.hasOwn(BUILT_IN, name) ? (BUILT_IN[name] as new (message: string) => Error) : Error;
    error = new Class(reply.error);
    // A bot's own class cannot be rebuilt here; its name still shows in the message and stack.
    if (error.name !== name) error.name = name;
  }
  // The stack of the thread where it was thrown: the bot's lines, not the pool's.
  if (reply.stack !== undefined) error.stack = reply.stack;
  return error;
}
