/**
 * Who is to move and what they may do. Dispatches on the state's `step`, like `apply`.
 * @module
 */

import type { Action, GameState, Phase } from '../state/types.js';
import { legalBid, legalPay } from './auction.js';
import { legalPlace, legalTake } from './influence.js';
import { legalKing } from './king.js';

const NONE: readonly Action[] = Object.freeze([]);

/**
 * Every action the player to move may take, in a stable order. For any other player, and
 * after the end, `[]`. The returned array and its actions are shared and frozen: copy before
 * changing them.
 *
 * Orders: place (self, middle, favor); take (middle order); king (office order, then value
 * 1–6); bidding (each bid ascending, then pass); pay (hand order).
 *
 * @param player - whose actions; defaults to the player to move.
 * @example
 * ```ts
 * const actions = legalActions(state);
 * state = apply(state, actions[0]!);
 * ```
 * @category Game
 */
export function legalActions(state: GameState, player?: number): readonly Action[] {
  if (player !== undefined && player !== state.toMove) return NONE;
  switch (state.step) {
    case 'place':
      return legalPlace(state);
    case 'take':
      return legalTake(state);
    case 'king':
      return legalKing(state);
    case 'bid':
      return legalBid(state);
    case 'pay':
      return legalPay(state);
    default:
      return NONE;
  }
}

/**
 * The player whose decision it is, or `null` once the game is over. Chance steps never wait
 * for anyone: they happen inside `createGame` and `apply`.
 *
 * @example
 * ```ts
 * const p = currentPlayer(state); // 0 … players-1, or null
 * ```
 * @category Game
 */
export function currentPlayer(state: GameState): number | null {
  return state.toMove < 0 ? null : state.toMove;
}

/**
 * Whether the game has ended (RULES A8).
 *
 * @example
 * ```ts
 * while (!isGameOver(state)) state = apply(state, pick(legalActions(state)));
 * ```
 * @category Game
 */
export function isGameOver(state: GameState): boolean {
  return state.step === 'over';
}

/**
 * The phase of the game: `'influence'` (phase 1, drafting), `'esteem'` (phase 2, auction) or `'over'`.
 *
 * @example
 * ```ts
 * phaseOf(createGame({ players: 3, seed: 1 })); // 'influence'
 * ```
 * @category Game
 */
export function phaseOf(state: GameState): Phase {
  if (state.step === 'over') return 'over';
  return state.advisor >= 0 ? 'influence' : 'esteem';
}
