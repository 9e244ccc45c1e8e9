import type { playGame } from '../../../src/bots/play.js';
import type { Bot, botRandom } from '../../../src/bots/types.js';

/** What {@link compareSpeed} measured: the decisions timed, each bot's median CPU ms per decision, and the ratios a / b. */
export interface SpeedComparison {
  readonly decisions: number;
  readonly medianA: number;
  readonly medianB: number;
  readonly ratioOfMedians: number;
  readonly ratioOfTotals: number;
}

/** The CPU time per decision of bot `a` against bot `b` on the same views (`speed.mjs`). */
export function compareSpeed(
  lib: { readonly playGame: typeof playGame; readonly heuristicBot: Bot; readonly botRandom: typeof botRandom },
  a: Bot,
  b: Bot,
  games: number,
): SpeedComparison;
