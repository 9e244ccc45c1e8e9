/**
 * Checking game options before a game exists: lobby input, a form, a request body.
 * @module
 */
import type { GameOptions, PlayerCount, Variants } from '../state/types.js';
import { normalizeOptions } from './setup.js';

/** The player counts the game supports, in order (RULES S1). @category Game */
export const PLAYER_COUNTS: readonly PlayerCount[] = Object.freeze([2, 3, 4, 5] as const);

/**
 * Whether `x` is a player count the game supports: 2, 3, 4 or 5 (RULES S1). A type guard, for
 * lobby input.
 *
 * @example
 * ```ts
 * const n = Number(form.get('players'));
 * if (!isPlayerCount(n)) return reply(400, 'choose 2 to 5 players');
 * const game = createGame({ players: n, seed });
 * ```
 * @category Game
 */
export function isPlayerCount(x: unknown): x is PlayerCount {
  return x === 2 || x === 3 || x === 4 || x === 5;
}

/** Options as {@link checkOptions} returns them: the variants in full. @category Game */
export interface CheckedOptions extends GameOptions {
  readonly variants: Variants;
}

/**
 * Checks options exactly as {@link createGame} does, without creating a game, and returns a
 * fresh copy with the variants in full (defaults filled in). For lobby or request input: the
 * error's message says what is wrong in words a person can act on.
 *
 * @throws {@link RulesError} `INVALID_OPTIONS` for a player count other than 2–5, an unknown
 * option or variant, a bad seed or a `firstPlayer` out of range.
 * @example
 * ```ts
 * try {
 *   const options = checkOptions(JSON.parse(body));
 *   lobby.open(options);
 * } catch (e) {
 *   if (e instanceof RulesError && e.code === 'INVALID_OPTIONS') return reply(400, e.message);
 *   throw e;
 * }
 * ```
 * @category Game
 */
export function checkOptions(options: unknown): CheckedOptions {
  const o = normalizeOptions(options);
  const variants: Variants = { payment: o.variants.payment, secondaryTitle: o.variants.secondaryTitle, middle: o.variants.middle };
  return {
    players: o.players,
    ...(o.seed === undefined ? {} : { seed: o.seed }),
    ...(o.firstPlayer === undefined ? {} : { firstPlayer: o.firstPlayer }),
    variants,
  };
}
