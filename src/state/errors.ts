/**
 * The one error type the library throws for bad input.
 * @module
 */

/**
 * What went wrong, as a stable code to branch on:
 * - `INVALID_OPTIONS`: bad options to `createGame` or `replay` (player count, seed, first player, variants).
 * - `MALFORMED_ACTION`: not an action at all (wrong shape, missing or extra fields, wrong types).
 * - `GAME_OVER`: the game has ended; no action applies.
 * - `NOT_YOUR_TURN`: the action names a player who is not to move.
 * - `WRONG_STEP`: the action's type does not fit the decision the game waits for.
 * - `UNKNOWN_CARD`: a card id that is not in the catalogue.
 * - `ILLEGAL_ACTION`: well formed and in turn, but the rules forbid it (a full area, a low bid, a card not in hand…).
 * - `INVALID_SAVE`: `deserialize` or `fromSave` was given a malformed or tampered save.
 * - `INVALID_RECORD`: `checkRecord` or `replayRecord` was given something that is not a game record.
 * - `INVALID_VIEW`: a view handed to `determinize` is not consistent.
 */
export type RulesErrorCode =
  | 'INVALID_OPTIONS'
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
 * Thrown for any input the rules reject. The state passed in is never changed.
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
  }
}
