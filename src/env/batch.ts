/**
 * Many games stepped together into preallocated arrays, for training loops that work on batches.
 * @module
 */
import type { Bot } from '../bots/index.js';
import type { PlayerCount, Score } from '../index.js';
import { RulesError } from '../index.js';
import { Driver } from './driver.js';
import { GLOBAL_STATE_SIZE } from './global-state.js';
import { maxInfoStateLength } from './info-state.js';
import { OBSERVATION_SIZE } from './layout.js';
import { ACTION_COUNT } from './mask.js';
import type { EnvOptions } from './options.js';
import { readOptions, readSeed } from './options.js';
import { writeRewards } from './reward.js';

/** Options of {@link createBatchEnv}: those of `createEnv`, the number of games, and what to write. */
export interface BatchEnvOptions extends EnvOptions {
  /** How many games to step at once (1 or more). */
  readonly games: number;
  /**
   * Whose observations to write: `'acting'` (default) the seat to act in each game, one row per
   * game; `'all'` every seat's, `players` rows per game in seat order (for per-seat value
   * targets or a critic that sees each seat's picture).
   */
  readonly seats?: 'acting' | 'all';
  /**
   * With `infoState: true`, the width of each information-state row (tokens), 1 to 2²⁰ (checked
   * without `infoState` too). Default `maxInfoStateLength(players)`, which holds any history
   * whole (perfect recall). A shorter row holds a history's last tokens; `infoStateLengths` says
   * how long each history really is.
   */
  readonly infoStateLength?: number;
  /** Also write every row's **privileged** global state (`globalStates`), for a centralised critic. */
  readonly globalState?: boolean;
  /**
   * A bot whose choice for each game's acting seat is written to `teacherActions` (the game does
   * not move): labels for imitation learning (behaviour cloning, DAgger). The bot sees only that
   * seat's view, like any bot, so its choice leaks nothing. Its random numbers come from a stream
   * of each game's own, seeded from that game's seed: the same seeds played the same way give the
   * same labels (after `reset(seed)` as in a new batch).
   */
  readonly teacher?: Bot;
}

/**
 * `games` games stepped together. After each {@link BatchEnv.step} (and after {@link BatchEnv.reset}),
 * row `g` of `masks` is the legal-action mask of the agent to act in game `g`, `agents[g]`, and
 * the observation rows hold that agent's observation (or every seat's, with `seats: 'all'`). A
 * game that ends is started again at once (like a vectorized Gym environment): its `dones[g]` is
 * 1 for that step, rows `g` of `rewards`, `points` and `winners` hold every seat's result of the
 * game that ended, and the observation is already the new game's.
 */
export interface BatchEnv {
  /** The number of games. */
  readonly games: number;
  /** The player count. */
  readonly players: PlayerCount;
  /** Observation rows per game: 1, or `players` with `seats: 'all'`. */
  readonly seatsPerGame: number;
  /** The length of one observation: `OBSERVATION_SIZE[players]`. */
  readonly observationSize: number;
  /** The length of one mask: `ACTION_COUNT`. */
  readonly actionCount: number;
  /** `games × seatsPerGame × observationSize`: the observations, game by game (seat by seat with `seats: 'all'`). */
  readonly observations: Float32Array;
  /** `games × actionCount`: the acting agent's legal-action mask, game by game. */
  readonly masks: Uint8Array;
  /** The agent to act in each game. */
  readonly agents: Int8Array;
  /** `games × players`: each seat's reward from the last step (non-zero only in a game that just ended). */
  readonly rewards: Float32Array;
  /** 1 for each game that ended on the last step (and has been started again), else 0. */
  readonly dones: Uint8Array;
  /** `games × players`: each seat's final points in a game that ended on the last step, else 0. */
  readonly points: Float32Array;
  /** `games × players`: 1 for each winner of a game that ended on the last step, else 0. */
  readonly winners: Uint8Array;
  /** The width of an information-state row (0 without `infoState`). */
  readonly infoStateLength: number;
  /** `games × seatsPerGame × infoStateLength` tokens (see `INFO_TOKENS`), 0 after the end of a history; empty without `infoState`. */
  readonly infoStates: Int16Array;
  /** `games × seatsPerGame`: each information state's full length (longer than the row when it was cut). */
  readonly infoStateLengths: Int32Array;
  /** The length of a global state (0 without `globalState`). */
  readonly globalStateSize: number;
  /** **Privileged**, `games × seatsPerGame × globalStateSize`: the global states; empty without `globalState`. */
  readonly globalStates: Float32Array;
  /** `games`: the action index the `teacher` bot chooses for each game's acting seat; empty without a teacher. */
  readonly teacherActions: Int16Array;
  /** How many games have ended since the batch was created. */
  readonly finished: number;
  /**
   * Starts every game again. Without a seed: each game's next game of the run (game `g`'s `k`-th
   * game has the seed `` `${seed}/${g}/${k}` ``), never one already played; with a seed, a new
   * run from it (game `g` starts at `` `${seed}/${g}/0` ``). Without any seed, random seeds.
   */
  reset(seed?: number | string): void;
  /**
   * Plays `actions[g]` (an action index) in every game `g`. Each entry is read once, and every
   * action is checked before any is played: when one is not legal, nothing moves. Nor when a bot
   * fails in a game: the games moved before it go back too, and no array changes.
   * @throws `RulesError` when an action is not legal in its game, or a bot's action is refused
   * (the message names the game, and the bot's seat), an error a bot throws itself as it is,
   * `RangeError` when there are fewer actions than games.
   */
  step(actions: ArrayLike<number>): void;
}

function readCount(x: unknown, name: string, max: number): number {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < 1 || x > max) {
    throw new RulesError('INVALID_OPTIONS', `${name} must be a whole number from 1 to ${max}, got ${String(x)}`);
  }
  return x;
}

/**
 * Creates `games` environments stepped together, with every observation, mask and reward in
 * one preallocated array each, and starts them.
 *
 * @example
 * ```ts
 * import { ACTION_COUNT, createBatchEnv } from 'for-the-king-and-me/env';
 *
 * const batch = createBatchEnv({ players: 4, games: 64, seed: 1 });
 * const actions = new Int32Array(batch.games);
 * for (let t = 0; t < 1000; t++) {
 *   for (let g = 0; g < batch.games; g++) actions[g] = batch.masks.indexOf(1, g * ACTION_COUNT) - g * ACTION_COUNT;
 *   batch.step(actions); // batch.rewards and batch.dones tell which games ended
 * }
 * ```
 */
export function createBatchEnv(options: BatchEnvOptions): BatchEnv {
  const o = readOptions(options, ['games', 'seats', 'infoStateLength', 'globalState', 'teacher']);
  const { games, seats, infoStateLength, globalState, teacher } = options as unknown as Record<string, unknown>;
  if (teacher !== undefined && typeof teacher !== 'function')
    throw new RulesError('INVALID_OPTIONS', 'teacher must be a bot (a function of a view)');
  const count = readCount(games, 'games', 1_000_000);
  if (seats !== undefined && seats !== 'acting' && seats !== 'all')
    throw new RulesError('INVALID_OPTIONS', 'seats must be "acting" or "all"');
  if (globalState !== undefined && typeof globalState !== 'boolean')
    throw new RulesError('INVALID_OPTIONS', 'globalState must be true or false');
  const n = o.players;
  const all = seats === 'all';
  const rows = all ? n : 1;
  // Checked even without infoState, like every other option: a bad value is a mistake either way.
  const rowWidth = infoStateLength === undefined ? null : readCount(infoStateLength, 'infoStateLength', 1 << 20);
  const width = o.infoState ? (rowWidth ?? maxInfoStateLength(n)) : 0;
  const size = OBSERVATION_SIZE[n];
  const gsize = globalState === true ? GLOBAL_STATE_SIZE[n] : 0;
  let base = o.seed;
  const seedOf = (g: number, k: number): number | string | undefined => (base === undefined ? undefined : `${base}/${g}/${k}`);
  const drivers = Array.from({ length: count }, (_, g) => new Driver(n, o.variants, seedOf(g, 0), { history: o.infoState, bots: o.bots }));
  const episodes = new Int32Array(count);
  const observations = new Float32Array(count * rows * size);
  const masks = new Uint8Array(count * ACTION_COUNT);
  const agents = new Int8Array(count);
  const rewards = new Float32Array(count * n);
  const dones = new Uint8Array(count);
  const points = new Float32Array(count * n);
  const winners = new Uint8Array(count * n);
  /** The actions of a step as the check read them: each is read once, and what was checked is played. */
  const chosen = new Int32Array(count);
  const infoStates = new Int16Array(count * rows * width);
  const infoStateLengths = new Int32Array(width > 0 ? count * rows : 0);
  const globalStates = new Float32Array(count * rows * gsize);
  const teacherActions = new Int16Array(teacher === undefined ? 0 : count);
  /** The score of each game that ended in the step being played (the game has already started again), else null. */
  const scores: (Score | null)[] = new Array<Score | null>(count).fill(null);
  let finished = 0;

  const writeSeat = (d: Driver, seat: number, row: number): void => {
    d.observe(seat, observations, row * size);
    if (width > 0) infoStateLengths[row] = (d.history as NonNullable<Driver['history']>).write(seat, infoStates, row * width, width);
    if (gsize > 0) d.globalState(seat, globalStates, row * gsize);
  };
  const write = (g: number): void => {
    const d = drivers[g] as Driver;
    const p = d.toMove();
    agents[g] = p;
    if (all) for (let q = 0; q < n; q++) writeSeat(d, q, g * n + q);
    else writeSeat(d, p, g);
    d.mask(p, masks, g * ACTION_COUNT);
    if (teacher !== undefined) teacherActions[g] = d.advise(teacher as Bot);
  };
  /** Plays game `g`'s checked action; a game that ends keeps its score and starts its next game. */
  const move = (g: number): void => {
    const d = drivers[g] as Driver;
    d.step(chosen[g] as number);
    if (d.toMove() >= 0) return;
    scores[g] = d.score();
    d.reset(seedOf(g, (episodes[g] as number) + 1));
  };
  const ended = (g: number): void => {
    const s = scores[g] as Score;
    scores[g] = null;
    writeRewards(s, o.reward, rewards, g * n);
    for (let p = 0; p < n; p++) points[g * n + p] = s.points[p] as number;
    for (const w of s.winners) winners[g * n + w] = 1;
    dones[g] = 1;
    finished += 1;
    episodes[g] = (episodes[g] as number) + 1;
  };
  /** The error of game `g`, named. */
  const inGame = (g: number, e: unknown): unknown => (e instanceof RulesError ? new RulesError(e.code, `game ${g}: ${e.message}`) : e);
  /** A bot failed in game `last`: games 0 … `last` go back to where the call found them (see `Driver.mark`). */
  const rollback = (last: number): void => {
    for (let g = 0; g <= last; g++) {
      scores[g] = null;
      (drivers[g] as Driver).rollback();
    }
  };
  for (let g = 0; g < count; g++) write(g);

  return {
    games: count,
    players: n,
    seatsPerGame: rows,
    observationSize: size,
    actionCount: ACTION_COUNT,
    observations,
    masks,
    agents,
    rewards,
    dones,
    points,
    winners,
    infoStateLength: width,
    infoStates,
    infoStateLengths,
    globalStateSize: gsize,
    globalStates,
    teacherActions,
    get finished() {
      return finished;
    },
    reset(seed) {
      const s = readSeed(seed);
      const before = base;
      if (s !== undefined) base = s;
      // Every game starts before any row is written: a bot that fails in one leaves every game as it was.
      let g = 0;
      try {
        for (; g < count; g++) {
          const d = drivers[g] as Driver;
          d.mark();
          d.reset(seedOf(g, s !== undefined ? 0 : (episodes[g] as number) + 1));
        }
      } catch (e) {
        base = before;
        rollback(g);
        throw inGame(g, e);
      }
      for (g = 0; g < count; g++) {
        episodes[g] = s !== undefined ? 0 : (episodes[g] as number) + 1;
        write(g);
      }
      rewards.fill(0);
      dones.fill(0);
      points.fill(0);
      winners.fill(0);
    },
    step(actions) {
      if (actions.length < count) throw new RangeError(`step needs ${count} actions, got ${actions.length}`);
      // Check every action first, so that a bad one moves no game.
      for (let g = 0; g < count; g++) {
        const d = drivers[g] as Driver;
        const a = actions[g];
        if (d.isLegal(a)) {
          chosen[g] = a as number;
          continue;
        }
        try {
          d.step(a as number); // not legal: throws the library's own error and changes nothing
        } catch (e) {
          throw inGame(g, e);
        }
        throw new RulesError('ILLEGAL_ACTION', `game ${g}: action index ${String(a)} is not legal now`);
      }
      // Every game moves before any row is written: a bot that fails in one (bots are the only
      // thing that can fail now) puts back the games moved before it, and nothing changes.
      let g = 0;
      try {
        for (; g < count; g++) move(g);
      } catch (e) {
        rollback(g);
        throw inGame(g, e);
      }
      rewards.fill(0);
      dones.fill(0);
      points.fill(0);
      winners.fill(0);
      for (g = 0; g < count; g++) {
        if (scores[g] !== null) ended(g);
        write(g);
      }
    },
  };
}
