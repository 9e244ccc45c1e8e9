/**
 * @internal An error thrown on a simulation worker thread, carried to the parent thread: its
 * class name, code, message, stack and own fields go as plain data and the parent builds the
 * same error again, so a run on workers fails with the error a run in this thread gives (a
 * `TypeError` stays one, a `RulesError` keeps its code, a bot's own class keeps its name and
 * fields). A thrown value that is not an `Error` goes as itself, when it can be copied.
 * @module
 */

import type { RulesErrorCode } from '../index.js';
import { isRulesError, RulesError } from '../index.js';

/** @internal An error as a worker posts it. */
export interface ErrorReply {
  /** The error's message (for a value that is not an `Error`: that value as text). */
  readonly error: string;
  /** The error's `name` (`'TypeError'`, `'RulesError'`, a bot's own class name…). */
  readonly name?: string;
  readonly stack?: string;
  /** A `RulesError`'s code. */
  readonly code?: RulesErrorCode;
  /** The error's own enumerable fields but `name`, `message` and `stack`, those structured clone copies. */
  readonly fields?: Readonly<Record<string, unknown>>;
  /** A thrown value that is not an `Error`, as structured clone copies it. */
  readonly thrown?: { readonly value: unknown };
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

/** Fields carried apart from the others. */
const OWN = new Set(['name', 'message', 'stack']);

/** `value` as structured clone copies it (what `postMessage` sends), or nothing when it cannot. */
function copied(value: unknown): { value: unknown } | undefined {
  try {
    return { value: structuredClone(value) };
  } catch {
    return undefined;
  }
}

/** `value` as text, never throwing (an object without `toString`). */
function text(value: unknown): string {
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/**
 * @internal What a worker posts for `e`: its message, class name, stack, code and the own
 * enumerable fields that can be copied; a value that is not an `Error` as itself, when it can
 * be copied (else as an `Error` with that value as text).
 */
export function errorReply(e: unknown): ErrorReply {
  if (!(e instanceof Error)) {
    const thrown = copied(e);
    return { error: text(e), ...(thrown === undefined ? {} : { thrown }) };
  }
  const name = typeof e.name === 'string' ? e.name : 'Error';
  const stack = typeof e.stack === 'string' ? { stack: e.stack } : {};
  const fields: Record<string, unknown> = {};
  let keys: string[] = [];
  try {
    keys = Object.keys(e);
  } catch {
    // A proxy whose trap throws: its fields stay behind.
  }
  for (const key of keys) {
    if (OWN.has(key)) continue;
    let field: { value: unknown } | undefined;
    try {
      field = copied((e as unknown as Record<string, unknown>)[key]);
    } catch {
      // A getter that throws: that field stays behind.
    }
    if (field !== undefined) fields[key] = field.value;
  }
  return {
    error: typeof e.message === 'string' ? e.message : text(e.message),
    name,
    ...stack,
    ...(isRulesError(e) ? { code: e.code } : {}),
    ...(keys.length > 0 ? { fields } : {}),
  };
}

/** @internal The error a worker posted, built again in this thread: the same class where it can be. */
export function errorFromReply(reply: ErrorReply): unknown {
  if (reply.thrown !== undefined) return reply.thrown.value;
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
  for (const [key, value] of Object.entries(reply.fields ?? {}))
    Object.defineProperty(error, key, { value, enumerable: true, writable: true, configurable: true });
  return error;
}
