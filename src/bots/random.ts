/**
 * The uniform random bot.
 * @module
 */

import type { Action } from '../index.js';
import type { Bot } from './types.js';
import { botLegal } from './view-check.js';

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
export const randomBot: Bot = function random(view, rng) {
  const legal = botLegal(view, 'randomBot');
  return legal[rng.int(legal.length)] as Action;
};
