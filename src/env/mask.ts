/**
 * The legal-action mask: 1 at the action index of every legal action, 0 elsewhere. An action
 * index is an action id without its player (`actionId(action) % ACTION_IDS_PER_PLAYER`, 0–363):
 * the environment always knows whose turn it is.
 * @module
 */
import type { Action, PlayerView } from '../index.js';
import { ACTION_IDS_PER_PLAYER, actionId } from '../index.js';

/**
 * The number of action indexes, and so the length of a mask: 364 for every player count (see
 * `ACTION_IDS_PER_PLAYER` in the main entry for what each index means).
 */
export const ACTION_COUNT: number = ACTION_IDS_PER_PLAYER;

/** Ids of the shared, frozen action objects that `legalActions` returns, computed once each. */
const CACHE = new Map<Action, number>();

/** @internal The action index of an action from `legalActions` (shared frozen objects, cached). */
export function indexOfLegal(a: Action): number {
  let i = CACHE.get(a);
  if (i === undefined) {
    i = actionId(a) % ACTION_IDS_PER_PLAYER;
    if (Object.isFrozen(a)) CACHE.set(a, i);
  }
  return i;
}

/** @internal Writes the mask of `legal` (actions from `legalActions`) at `offset`, clearing the rest of it. */
export function writeMask(legal: readonly Action[], mask: Uint8Array, offset: number): void {
  mask.fill(0, offset, offset + ACTION_COUNT);
  for (let i = 0; i < legal.length; i++) mask[offset + indexOfLegal(legal[i] as Action)] = 1;
}

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
