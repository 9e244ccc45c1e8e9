/**
 * The legal-action mask: 1 at the action index of every legal action, 0 elsewhere. An action
 * index is an action id without its player (`actionId(action) % ACTION_IDS_PER_PLAYER`, 0–363):
 * the environment always knows whose turn it is.
 * @module
 */
import type { PlayerView } from '../index.js';
import { ACTION_IDS_PER_PLAYER, actionId } from '../index.js';

/**
 * The number of action indexes, and so the length of a mask: 364 for every player count (see
 * `ACTION_IDS_PER_PLAYER` in the main entry for what each index means).
 */
export const ACTION_COUNT: number = ACTION_IDS_PER_PLAYER;

/**
 * The legal-action mask of a seat's view: `ACTION_COUNT` entries, 1 for each action index in
 * `view.legal` (all zeros when the seat is not to move).
 *
 * @param out - where to write; a new `Uint8Array(ACTION_COUNT)` when omitted.
 * @example
 * ```ts
 * const mask = maskOfView(view(state, currentPlayer(state)!));
 * const legalIndexes = [...mask.keys()].filter((i) => mask[i] === 1);
 * ```
 */
export function maskOfView(view: PlayerView, out?: Uint8Array, offset = 0): Uint8Array {
  const target = out ?? new Uint8Array(ACTION_COUNT);
  target.fill(0, offset, offset + ACTION_COUNT);
  for (const a of view.legal) target[offset + (actionId(a, view.players) % ACTION_IDS_PER_PLAYER)] = 1;
  return target;
}
