/**
 * @internal What both `env-server` protocols (JSON lines and `--vector` frames) refuse the same
 * way: a request the session cannot serve, and the `bots` field of a make.
 * @module
 */
import type { Bot } from '../bots/index.js';
import { botFromId } from '../bots/index.js';

/**
 * @internal A request an `env-server` session cannot serve: answered with its `code` and message
 * (`BAD_REQUEST`, `NO_ENV`, `INVALID_OPTIONS`), changing nothing. One class for both protocols,
 * so a check they share (such as {@link botsOf}) is answered with its own code by either.
 */
export class RequestError extends Error {
  override readonly name = 'RequestError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** @internal Bot ids (or null) from a request, as bots for `createEnv` or `createBatchEnv`. */
export function botsOf(x: unknown): (Bot | null)[] | undefined {
  if (x === undefined || x === null) return undefined;
  if (!Array.isArray(x)) throw new RequestError('BAD_REQUEST', 'bots must be an array: a bot id (such as "heuristic") or null per seat');
  return x.map((id, p) => {
    if (id === null) return null;
    if (typeof id !== 'string') throw new RequestError('BAD_REQUEST', `bots[${p}] must be a bot id such as "heuristic", or null`);
    return botFromId(id);
  });
}
