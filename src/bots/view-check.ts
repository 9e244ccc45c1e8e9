/**
 * @internal The check a bot runs on a view before it reads it: the first step of `determinize`'s
 * reading (the view's frame and public fields, each of the right type and range), the step that
 * refuses impossible views for the search bots.
 *
 * This file is the bots' one import from below the public entries: the check is the dealer's
 * own, so every bot refuses the same views, and it costs about 2% of a `heuristicBot` decision,
 * where building a dealer (`createDealer`, the public way) costs about 20%.
 * @module
 */

import type { PlayerView } from '../index.js';
import { isRulesError, RulesError } from '../index.js';
import { checkView } from '../seat/determinize/frame.js';

/**
 * @internal Throws `RulesError` `INVALID_VIEW`, the reason prefixed with `who`, unless `view`'s
 * frame and public fields (players, viewer, step, variants, counts, titles, payment…) are of the
 * right types and ranges; a getter or proxy in it that throws is `INVALID_VIEW` too.
 */
export function checkBotView(view: PlayerView, who: string): void {
  try {
    checkView(view);
  } catch (e) {
    if (isRulesError(e)) throw new RulesError('INVALID_VIEW', `${who}: ${e.message}`);
    throw new RulesError('INVALID_VIEW', `${who}: the view could not be read (a getter or proxy in it threw)`);
  }
}
