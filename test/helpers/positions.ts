/**
 * Positions to test the bots on: every state of one game of `heuristicBot`s and the view of its
 * player to move, as the bots' tests (search, networks, halving) share them.
 */
import { botRandom, heuristicBot } from '../../src/bots/index.js';
import type { GameOptions, GameState, PlayerView } from '../../src/index.js';
import { apply, createGame, currentPlayer, view } from '../../src/index.js';

/** A state of the game and its player to move's view. */
export interface Position {
  readonly state: GameState;
  readonly view: PlayerView;
}

/** The positions of one game of `heuristicBot`s (each deciding with `botRandom(0)`), in order. */
export function heuristicPositions(options: GameOptions): Position[] {
  const out: Position[] = [];
  let state = createGame(options);
  for (let p = currentPlayer(state); p !== null; p = currentPlayer(state)) {
    const v = view(state, p);
    out.push({ state, view: v });
    state = apply(state, heuristicBot(v, botRandom(0)));
  }
  return out;
}
