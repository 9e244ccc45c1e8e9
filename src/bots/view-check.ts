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

import type { Action, PlayerView } from '../index.js';
import { isRulesError, RulesError } from '../index.js';
import { checkView } from '../seat/determinize/frame.js';
import { noLegalAction } from './types.js';

/**
 * @internal The first thing every built-in bot does with what it is handed: the view's legal
 * actions, read once. Throws `RulesError`, the reason prefixed with `who`: `INVALID_VIEW` for a
 * value that is no view (not an object, no list `legal`, a getter that throws), or legal actions
 * for a viewer that is not a player; `NOT_YOUR_TURN` for legal actions in a view whose
 * `currentPlayer` is not its `viewer` (another seat's actions), and, as before, for a view
 * without legal actions while another player is to move; `GAME_OVER` at the end.
 */
export function botLegal(view: PlayerView, who: string): readonly Action[] {
  let legal: unknown;
  let viewer: unknown;
  let current: unknown;
  try {
    if (typeof view !== 'object' || view === null || Array.isArray(view))
      throw new RulesError('INVALID_VIEW', `${who}: a view must be an object from view(state, viewer), got ${describe(view)}`);
    legal = view.legal;
    if (!Array.isArray(legal)) throw new RulesError('INVALID_VIEW', `${who}: view.legal must be the list of the viewer's legal actions`);
    if (legal.length === 0) throw noLegalAction(who, view);
    viewer = view.viewer;
    current = view.currentPlayer;
  } catch (e) {
    if (isRulesError(e)) throw e;
    throw new RulesError('INVALID_VIEW', `${who}: the view could not be read (a getter or proxy in it threw)`);
  }
  if (!(typeof viewer === 'number' && Number.isInteger(viewer) && viewer >= 0 && viewer <= 4))
    throw new RulesError('INVALID_VIEW', `${who}: a view with legal actions must have a player as its viewer, got ${describe(viewer)}`);
  if (current !== viewer) {
    throw new RulesError(
      'NOT_YOUR_TURN',
      `${who}: it is not player ${viewer}'s turn (the view's currentPlayer is ${describe(current)}), yet the view lists legal actions`,
    );
  }
  return legal as readonly Action[];
}

/** A value a bot was handed, short, for a message. */
function describe(x: unknown): string {
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'an array';
  if (typeof x === 'number' || typeof x === 'boolean' || x === undefined) return String(x);
  if (typeof x === 'string') return JSON.stringify(x.length > 20 ? `${x.slice(0, 17)}...` : x);
  return typeof x;
}

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
