/**
 * Playing one game between bots.
 * @module
 */
import type { Action, GameOptions, GameState } from '../index.js';
import { apply, createGame, currentPlayer, view } from '../index.js';
import type { Bot, BotRandom } from './types.js';
import { botRandom } from './types.js';

/** Options of {@link playGame}: the game's options (as for `createGame`) plus one bot per seat. */
export interface PlayGameOptions {
  /** Number of players, 2–5. */
  readonly players: GameOptions['players'];
  /** Seed of the game; without one, `createGame` draws a seed. */
  readonly seed?: NonNullable<GameOptions['seed']>;
  /** The first Advisor; drawn at random when omitted. */
  readonly firstPlayer?: NonNullable<GameOptions['firstPlayer']>;
  /** Rule variants (see `PUBLISHED_VARIANTS` in the main module). */
  readonly variants?: NonNullable<GameOptions['variants']>;
  /** One bot per seat, seat 0 first; as many as `players`. */
  readonly bots: readonly Bot[];
  /** Seed of the bots' random sources (seat `s` gets `botRandom(\`${botSeed}:${s}\`)`); defaults to the game seed. */
  readonly botSeed?: number | string;
  /** Called after every action with the action and the state it led to. */
  readonly onAction?: (action: Action, state: GameState) => void;
}

/** What {@link playGame} returns. */
export interface PlayedGame {
  /** The final state (`isGameOver(state)` is `true`). */
  readonly state: GameState;
  /** Every action, in order: with the options, enough to replay the game. */
  readonly actions: readonly Action[];
}

/** @internal Whether two actions are equal field by field. */
export function sameAction(a: Action, b: Action): boolean {
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((k) => x[k] === y[k]);
}

/**
 * Plays a whole game between bots. Each bot sees only its own {@link view} and must return one
 * of `view.legal`; anything else throws an `Error` naming the seat and the action.
 *
 * @example
 * ```ts
 * import { playGame, heuristicBot, randomBot } from 'for-the-king-and-me/bots';
 * import { score } from 'for-the-king-and-me';
 *
 * const { state } = playGame({ players: 2, seed: 1, bots: [heuristicBot, randomBot] });
 * score(state).winners; // [0] most of the time
 * ```
 */
export function playGame(options: PlayGameOptions): PlayedGame {
  const { bots, botSeed, onAction, ...gameOptions } = options;
  if (bots.length !== options.players)
    throw new Error(`playGame: ${options.players} players need ${options.players} bots, got ${bots.length}`);
  let state = createGame(gameOptions);
  const base = botSeed ?? String(state.seed);
  const rngs: BotRandom[] = bots.map((_, s) => botRandom(`${base}:${s}`));
  const actions: Action[] = [];
  for (let p = currentPlayer(state); p !== null; p = currentPlayer(state)) {
    const v = view(state, p);
    const action = (bots[p] as Bot)(v, rngs[p] as BotRandom);
    const legal = v.legal.find((a) => sameAction(a, action));
    if (legal === undefined) throw new Error(`the bot in seat ${p} returned an illegal action: ${JSON.stringify(action)}`);
    state = apply(state, legal);
    actions.push(legal);
    onAction?.(legal, state);
  }
  return { state, actions };
}
