/**
 * Playing one game between bots.
 * @module
 */
import type { Action, GameOptions, GameState, RulesErrorCode } from '../index.js';
import { apply, createGame, currentPlayer, isRulesError, RulesError, view } from '../index.js';
import type { Bot, BotRandom } from './types.js';
import { botRandom } from './types.js';

/** Options of {@link playGame}: the game's options (as for `createGame`) plus one bot per seat. @category Bots */
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

/** The option keys of {@link playGame}: `createGame`'s, then its own. */
const PLAY_KEYS: readonly string[] = ['players', 'seed', 'firstPlayer', 'variants', 'bots', 'botSeed', 'onAction'];

/** What {@link playGame} returns. @category Bots */
export interface PlayedGame {
  /** The final state (`isGameOver(state)` is `true`). */
  readonly state: GameState;
  /** Every action, in order: with the options, enough to replay the game. */
  readonly actions: readonly Action[];
}

/** @internal Whether two actions are equal field by field. */
export function sameAction(a: Action, b: Action): boolean {
  if (typeof b !== 'object' || b === null) return false;
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((k) => x[k] === y[k]);
}

/** A bot's action, short enough for a message (it never throws). */
function describe(action: unknown): string {
  try {
    const text = JSON.stringify(action);
    if (text === undefined) return String(action);
    return text.length > 120 ? `${text.slice(0, 117)}...` : text;
  } catch {
    return typeof action === 'object' && action !== null ? 'an object that is not JSON' : String(action);
  }
}

/** Why `action` is not one of the legal actions of `state`: the `RulesError` that `apply` throws for it. */
function whyIllegal(state: GameState, seat: number, action: unknown): RulesError {
  let reason: string;
  let code: RulesErrorCode = 'ILLEGAL_ACTION';
  try {
    apply(state, action as Action);
    reason = 'it is not one of view.legal';
  } catch (e) {
    if (!isRulesError(e)) throw e;
    code = e.code;
    reason = e.message;
  }
  return new RulesError(code, `playGame: the bot in seat ${seat} returned an illegal action ${describe(action)}: ${reason}`);
}

/**
 * Plays a whole game between bots. Each bot sees only its own {@link view} and must return one
 * of `view.legal`; anything else throws a `RulesError` naming the seat, the action and why
 * `apply` rejects it, with `apply`'s code (`NOT_YOUR_TURN`, `WRONG_STEP`, `ILLEGAL_ACTION`, …).
 *
 * @throws `RulesError` `INVALID_OPTIONS` for bad options (as `createGame`, a bot per seat, and an
 * unknown key, named with the keys above);
 * the error above for an illegal action. An error a bot itself throws passes through unchanged.
 * @example
 * ```ts
 * import { playGame, heuristicBot, randomBot } from 'for-the-king-and-me/bots';
 * import { score } from 'for-the-king-and-me';
 *
 * const { state } = playGame({ players: 2, seed: 1, bots: [heuristicBot, randomBot] });
 * score(state).winners; // [0] most of the time
 * ```
 * @category Bots
 */
export function playGame(options: PlayGameOptions): PlayedGame {
  if (typeof options !== 'object' || options === null)
    throw new RulesError('INVALID_OPTIONS', 'playGame: options must be an object such as { players: 2, bots: [randomBot, randomBot] }');
  let keys: string[];
  try {
    keys = Object.keys(options);
  } catch {
    throw new RulesError('INVALID_OPTIONS', 'playGame: the options cannot be read (a proxy whose trap throws)');
  }
  for (const key of keys)
    if (!PLAY_KEYS.includes(key))
      throw new RulesError('INVALID_OPTIONS', `playGame: unknown option "${key}": expected ${PLAY_KEYS.join(', ')}`);
  const { bots, botSeed, onAction, ...gameOptions } = options;
  if (!Array.isArray(bots) || bots.length !== options.players || !bots.every((b) => typeof b === 'function')) {
    const got = Array.isArray(bots) ? `${bots.length} entries` : typeof bots;
    throw new RulesError('INVALID_OPTIONS', `playGame: ${String(options.players)} players need as many bots (functions), got ${got}`);
  }
  if (botSeed !== undefined && !(typeof botSeed === 'string' || (typeof botSeed === 'number' && Number.isFinite(botSeed))))
    throw new RulesError('INVALID_OPTIONS', 'playGame: botSeed must be a finite number or a string');
  if (onAction !== undefined && typeof onAction !== 'function')
    throw new RulesError('INVALID_OPTIONS', 'playGame: onAction must be a function');
  let state = createGame(gameOptions);
  const base = botSeed ?? String(state.seed);
  const rngs: BotRandom[] = bots.map((_, s) => botRandom(`${base}:${s}`));
  const actions: Action[] = [];
  for (let p = currentPlayer(state); p !== null; p = currentPlayer(state)) {
    const v = view(state, p);
    const action = (bots[p] as Bot)(v, rngs[p] as BotRandom);
    let legal: Action | undefined;
    try {
      legal = v.legal.find((a) => sameAction(a, action));
    } catch {
      // A getter or proxy on the bot's action threw: `apply` says what is wrong with it.
    }
    if (legal === undefined) throw whyIllegal(state, p, action);
    state = apply(state, legal);
    actions.push(legal);
    onAction?.(legal, state);
  }
  return { state, actions };
}
