/**
 * The one error type the library throws for bad input.
 * @module
 */
import { brandedInstance, errorBrand, hasBrand, setBrand } from './brand.js';

/**
 * What went wrong, as a stable code to branch on:
 * - `INVALID_OPTIONS`: bad options: to `createGame` or `replay` (player count, seed, first player,
 *   variants), a bad seed for `determinize`, bad settings of a bot, `playGame` or `simulate`, a
 *   language other than `'en'` and `'uk'` for the text functions (`describeAction` …).
 * - `INVALID_VIEWER`: a viewer (for `view` or `eventsFor`) that is neither a player of the game nor `'spectator'`.
 * - `INVALID_EVENTS`: `eventsFor` was given something that is not a list of events, or
 *   `describeEvent` something that is not an event.
 * - `MALFORMED_ACTION`: not an action at all (wrong shape, missing or extra fields, wrong types,
 *   getters or proxies that throw when read).
 * - `GAME_OVER`: the game has ended; no action applies.
 * - `NOT_YOUR_TURN`: the action names a player who is not to move.
 * - `WRONG_STEP`: the action's type does not fit the decision the game waits for.
 * - `UNKNOWN_CARD`: a card id that is not in the catalogue (for `describeEvent` too; `describeCard`
 *   returns an unknown id as it is).
 * - `ILLEGAL_ACTION`: well formed and in turn, but the rules forbid it (a full area, a low bid, a card not in hand…).
 * - `INVALID_SAVE`: `deserialize` or `fromSave` was given a malformed or tampered save.
 * - `INVALID_RECORD`: `checkRecord` or `replayRecord` was given something that is not a game record.
 * - `INVALID_VIEW`: a view handed to `determinize` is not consistent, or a bot was given a view it cannot play from.
 * @category Game
 */
export type RulesErrorCode =
  | 'INVALID_OPTIONS'
  | 'INVALID_VIEWER'
  | 'INVALID_EVENTS'
  | 'MALFORMED_ACTION'
  | 'GAME_OVER'
  | 'NOT_YOUR_TURN'
  | 'WRONG_STEP'
  | 'UNKNOWN_CARD'
  | 'ILLEGAL_ACTION'
  | 'INVALID_SAVE'
  | 'INVALID_RECORD'
  | 'INVALID_VIEW';

/**
 * The brand every {@link RulesError} carries: a registered symbol, the same in every copy of the
 * library loaded in one process (the ES-module and the CommonJS build, two bundled copies).
 */
const BRAND = errorBrand('RulesError');

/**
 * Thrown for any input the rules reject. The state passed in is never changed.
 *
 * `e instanceof RulesError` is true for an error from any copy of this library in the process,
 * the ES-module build and the CommonJS build alike (a project that mixes both, through a bundler
 * or a test runner, gets no false negatives): it checks a registered symbol brand, not the
 * class. {@link isRulesError} is the same check as a function, and can also check the code.
 *
 * @example
 * ```ts
 * try {
 *   apply(state, { type: 'bid', player: 2, amount: 3 });
 * } catch (e) {
 *   if (e instanceof RulesError && e.code === 'ILLEGAL_ACTION') console.log(e.message);
 *   // "player 2 cannot bid 3: the high bid is 5"
 * }
 * ```
 * @category Game
 */
export class RulesError extends Error {
  /** A stable code to branch on. */
  readonly code: RulesErrorCode;

  /**
   * @param code - the kind of problem.
   * @param message - a sentence a person can act on.
   */
  constructor(code: RulesErrorCode, message: string) {
    super(message);
    this.name = 'RulesError';
    this.code = code;
    setBrand(this, BRAND);
  }

  /**
   * `x instanceof RulesError`: true for a `RulesError` from any build or copy of this library
   * (see {@link isRulesError}). A subclass keeps the ordinary prototype check.
   */
  static override [Symbol.hasInstance](x: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class `instanceof` asks about, a subclass included.
    return brandedInstance(this, RulesError, isRulesError, x);
  }
}

/**
 * Whether `x` is a {@link RulesError}, from this copy of the library or any other in the process
 * (the ES-module and CommonJS builds are separate copies; `instanceof RulesError` uses this same
 * check). With `code`, also whether it has that code. Never throws.
 *
 * @example
 * ```ts
 * try {
 *   state = apply(state, action);
 * } catch (e) {
 *   if (isRulesError(e, 'NOT_YOUR_TURN')) return reply(409, e.message);
 *   if (isRulesError(e)) return reply(400, `${e.code}: ${e.message}`);
 *   throw e; // a bug, not bad input
 * }
 * ```
 * @category Game
 */
export function isRulesError(x: unknown, code?: RulesErrorCode): x is RulesError {
  if (!hasBrand(x, BRAND)) return false;
  try {
    const c: unknown = (x as { code?: unknown }).code;
    return typeof c === 'string' && (code === undefined || c === code);
  } catch {
    // A proxy whose traps throw is no RulesError.
    return false;
  }
}

/**
 * @internal Reports an error thrown while reading untrusted input, from a `catch` around the
 * reads: a {@link RulesError} (a check that failed) passes as it is; anything else (a getter or
 * a proxy trap that threw) becomes a `RulesError` with `code` and `message`, never a plain error.
 */
export function unreadable(e: unknown, code: RulesErrorCode, message: string): never {
  if (isRulesError(e)) throw e;
  throw new RulesError(code, message);
}
