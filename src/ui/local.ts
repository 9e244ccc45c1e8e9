/**
 * A game on this page, against bots, with no host: the whole state stays inside the closure,
 * and the page gets only the reader's view and filtered events (RULES H), exactly as a host
 * would send them. Bots are functions of their own seat's view.
 * @module
 */
import type { Action, GameEvent, GameOptions, GameRecord, GameState, PlayerView } from '../index.js';
import { createGameWithEvents, eventsFor, makeRecord, step, view } from '../index.js';

/** A bot for one seat: its view in, its action out (for example `(v) => heuristicBot(v, rng)`). */
export type SeatBot = (view: PlayerView) => Action;

/** Options of {@link createLocalGame}. */
export interface LocalGameOptions {
  /** Number of players, 2–5. */
  readonly players: GameOptions['players'];
  /** The game's seed (default: a random one, told by the record at the end). */
  readonly seed?: number | string;
  /** The first Advisor (default: drawn at random). */
  readonly firstPlayer?: number;
  /** Rule variants, as `createGame` takes them. */
  readonly variants?: NonNullable<GameOptions['variants']>;
  /** The seat this page plays (default 0). */
  readonly seat?: number;
  /** The bots: one for every other seat, or one per seat (`null` for the reader's). */
  readonly bots: SeatBot | readonly (SeatBot | null)[];
  /** Display names by seat, for the record. */
  readonly names?: readonly string[];
}

/** One local game, seen from the reader's seat. */
export interface LocalGame {
  /** The reader's seat. */
  readonly seat: number;
  /**
   * The reader's view now. Read it after the moves whose events go with it: arguments are
   * evaluated in order, so `table.update(game.view(), game.play(action))` would show the view
   * before the move; keep the events first (`const events = game.play(action)`), then the view.
   */
  view(): PlayerView;
  /** The events of the game's opening, as the reader sees them. */
  opening(): readonly GameEvent[];
  /** Whether a bot is to move. */
  botToMove(): boolean;
  /** Plays the reader's action (one of `view().legal`); returns its events as the reader sees them. */
  act(action: Action): readonly GameEvent[];
  /** Plays one bot move; returns its events as the reader sees them (none when no bot is to move). */
  botMove(): readonly GameEvent[];
  /** Plays the bots until the reader is to move or the game is over (at the start, when a bot opens); returns their events. */
  playBots(): readonly GameEvent[];
  /** Plays the reader's action, then the bots until the reader is to move or the game is over. */
  play(action: Action): readonly GameEvent[];
  /** The game's record (options with the seed, every action, names): only once the game is over, since the seed tells every hidden card. */
  record(): GameRecord;
}

/**
 * Starts a game against bots on this page.
 *
 * @example
 * ```ts
 * import { botRandom, heuristicBot } from 'for-the-king-and-me/bots';
 * import { createLocalGame } from 'for-the-king-and-me/ui';
 *
 * const rng = botRandom('demo');
 * const game = createLocalGame({ players: 3, seed: 7, bots: (v) => heuristicBot(v, rng) });
 * // The events first: the bots move while they are computed, and the view is the one after them.
 * const opening = [...game.opening(), ...game.playBots()];
 * table.update(game.view(), opening);
 * table.addEventListener('ftk-action', (e) => {
 *   const events = game.play(e.detail.action); // yours, then the bots' until your turn
 *   table.update(game.view(), events);
 * });
 * ```
 */
export function createLocalGame(options: LocalGameOptions): LocalGame {
  const { seat = 0, bots, names, ...gameOptions } = options;
  const seed = gameOptions.seed ?? randomSeed();
  const opening = createGameWithEvents({ ...gameOptions, seed });
  let state: GameState = opening.state;
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.players) throw new RangeError(`seat must be 0 to ${state.players - 1}`);
  const actions: Action[] = [];
  const botOf = (p: number): SeatBot | null => (p === seat ? null : typeof bots === 'function' ? bots : (bots[p] ?? null));
  const toMove = (): number | null => view(state, 'spectator').currentPlayer;
  const apply = (action: Action): readonly GameEvent[] => {
    const result = step(state, action);
    state = result.state;
    actions.push(action);
    return eventsFor(result.events, seat);
  };
  const game: LocalGame = {
    seat,
    view: () => view(state, seat),
    opening: () => eventsFor(opening.events, seat),
    botToMove() {
      const p = toMove();
      return p !== null && p !== seat;
    },
    act: apply,
    botMove() {
      const p = toMove();
      const bot = p === null ? null : botOf(p);
      if (p === null || bot === null) return [];
      return apply(bot(view(state, p)));
    },
    playBots() {
      const out: GameEvent[] = [];
      for (let guard = 0; guard < 100_000 && game.botToMove(); guard++) out.push(...game.botMove());
      return out;
    },
    play(action) {
      return [...apply(action), ...game.playBots()];
    },
    record() {
      if (toMove() !== null) throw new Error('the game is not over: its record (and seed) stays hidden until the end');
      return makeRecord({ ...gameOptions, seed }, actions, names === undefined ? {} : { names });
    },
  };
  return game;
}

/**
 * @internal A seed for a game without one (or for a local game's bots): a whole number below
 * 2^52 from the platform's random source, so that nobody rebuilds a game's deck by trying every
 * seed.
 */
export function randomSeed(): number {
  const c = (globalThis as { crypto?: { getRandomValues?: (a: Uint32Array) => Uint32Array } }).crypto;
  const words = new Uint32Array(2);
  if (c?.getRandomValues) c.getRandomValues(words);
  else for (let i = 0; i < words.length; i++) words[i] = Math.floor(Math.random() * 2 ** 32);
  return ((words[0] as number) % 2 ** 20) * 2 ** 32 + (words[1] as number);
}
