/**
 * The uniform random bot.
 * @module
 */

import type { Bot } from './types.js';
import { noLegalAction } from './types.js';

/**
 * Plays uniformly at random among the legal actions. A baseline to measure other bots against:
 * it bids wildly (any amount up to the maximum) and so forfeits often.
 *
 * @example
 * ```ts
 * import { randomBot, botRandom } from 'for-the-king-and-me/bots';
 * const action = randomBot(view(state, currentPlayer(state)!), botRandom(1));
 * ```
 * @category Bots
 */
export const randomBot: Bot = (view, rng) => {
  const action = view.legal[rng.int(view.legal.length)];
  if (action === undefined) throw noLegalAction('randomBot', view);
  return action;
};
