/**
 * Many bot games, in this thread or on worker threads, with one summary.
 * @module
 */

import type { PlayerCount, Variants } from '../index.js';
import { RulesError } from '../index.js';
import type { BotModule, ModuleRef } from './module.js';
import { loadModuleBot, moduleRef } from './module.js';
import { nextTurn } from './next-turn.js';
import type { GameOutcome, SimulationTask } from './outcome.js';
import { playRecorded } from './outcome.js';
import { botFromId, botIdProblem } from './registry.js';
import type { SimulationPlan, SimulationShard } from './shard-shape.js';
import { checkShardShape } from './shard-shape.js';
import type { SimulationResult } from './stats.js';
import { Aggregator } from './stats.js';
import type { Bot } from './types.js';

/** Options of {@link simulate}. @category Bots */
export interface SimulateOptions {
  /** Players per game, 2–5. */
  readonly players: PlayerCount;
  /**
   * One bot per seat: a bot id (`'random'`, `'heuristic'`, `'ismcts'`, `'ismcts:500'`, see
   * `BotId`), a {@link BotModule} (your bot, by module specifier and export name: it runs on
   * worker threads too) or, in this thread only, a {@link Bot} function (reported by its
   * function name). Seats rotate: in game `g`, seat `s` is played by `bots[(s + g) % players]`.
   */
  readonly bots: readonly (string | Bot | BotModule)[];
  /** Number of games. */
  readonly games: number;
  /** Master seed: game `g` is created with seed `` `${seed}:${g}` `` and its bots draw from seeds derived from it. */
  readonly seed: number | string;
  /** Rule variants for every game. */
  readonly variants?: Partial<Variants>;
  /**
   * Worker threads (Node only; default 1 = this thread), at most 256 (as the command line's `--workers`); never more
   * are started than there are games. The result is identical for any number of workers. Workers
   * need bot ids or bot modules, not functions. In this thread the run lets the event loop turn
   * between games, so timers, signal handlers and a page stay alive.
   */
  readonly workers?: number;
  /** Called as games finish, in order: games done so far and the total. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** @internal The most worker threads {@link simulate} starts, as the command line's `--workers`. */
export const MAX_WORKERS = 256;

/** The option keys of {@link simulate}. */
const SIMULATE_KEYS: readonly string[] = ['players', 'bots', 'games', 'seed', 'variants', 'workers', 'onProgress'];

/** The option keys of {@link simulateShard}. */
const SHARD_KEYS: readonly string[] = [...SIMULATE_KEYS, 'shard', 'shards'];

function labelOf(bot: string | Bot, i: number): string {
  return typeof bot === 'string' ? bot : bot.name || `bot-${i}`;
}

/** The keys of `options`, each one of `known`; `INVALID_OPTIONS` naming the first that is not. */
function checkKeys(options: object, who: string, known: readonly string[]): void {
  let keys: string[];
  try {
    keys = Object.keys(options);
  } catch {
    throw new RulesError('INVALID_OPTIONS', `${who}: the options cannot be read (a proxy whose trap throws)`);
  }
  for (const key of keys)
    if (!known.includes(key)) throw new RulesError('INVALID_OPTIONS', `${who}: unknown option "${key}": expected ${known.join(', ')}`);
}

/** @internal The options of {@link simulate}, each read once and checked: the run uses only these. */
export interface Prepared {
  readonly task: SimulationTask;
  /** The bots of this thread (`null` for module bots, loaded later). */
  readonly bots: (Bot | null)[];
  readonly games: number;
  readonly workers: number;
  readonly onProgress: ((done: number, total: number) => void) | undefined;
  /** Whether a bot was given as a function (it cannot go to a worker thread, nor into a shard). */
  readonly functions: boolean;
}

/**
 * @internal Checks the options, reading each field once (a getter cannot pass a check with one
 * value and be played with another), and returns the checked values.
 */
export function prepare(options: SimulateOptions, who = 'simulate', known: readonly string[] = SIMULATE_KEYS): Prepared {
  if (typeof options !== 'object' || options === null) {
    throw new RulesError(
      'INVALID_OPTIONS',
      `${who}: options must be an object such as { players: 2, bots: ['random', 'random'], games: 10, seed: 1 }`,
    );
  }
  checkKeys(options, who, known);
  const { players, games, seed, variants, onProgress } = options;
  const workersIn = options.workers;
  const botsIn: unknown = options.bots;
  if (players !== 2 && players !== 3 && players !== 4 && players !== 5) {
    throw new RulesError('INVALID_OPTIONS', `${who}: players must be 2, 3, 4 or 5, got ${String(players)}`);
  }
  if (!Number.isInteger(games) || games < 1)
    throw new RulesError('INVALID_OPTIONS', `${who}: games must be a positive integer, got ${String(games)}`);
  if (!(typeof seed === 'string' || (typeof seed === 'number' && Number.isFinite(seed)))) {
    throw new RulesError('INVALID_OPTIONS', `${who}: seed must be a finite number or a string`);
  }
  // Only `undefined` means the default: `null` is a mistake, as for createGame's options.
  const workers = workersIn === undefined ? 1 : workersIn;
  if (!Number.isInteger(workers) || workers < 1 || workers > MAX_WORKERS)
    throw new RulesError('INVALID_OPTIONS', `${who}: workers must be a positive integer, at most ${MAX_WORKERS}, got ${String(workers)}`);
  if (variants !== undefined && (typeof variants !== 'object' || variants === null || Array.isArray(variants)))
    throw new RulesError('INVALID_OPTIONS', `${who}: variants must be an object such as { payment: 'by-lot' }, got ${String(variants)}`);
  if (!Array.isArray(botsIn)) throw new RulesError('INVALID_OPTIONS', `${who}: bots must be an array of bot ids or bots`);
  // A plain copy, each entry read once: its length and entries cannot change under the checks.
  const entries: readonly unknown[] = Array.from(botsIn as readonly unknown[]);
  if (entries.length !== players) {
    throw new RulesError('INVALID_OPTIONS', `${who}: ${players} players need ${players} bots, got ${entries.length}`);
  }
  if (onProgress !== undefined && typeof onProgress !== 'function')
    throw new RulesError('INVALID_OPTIONS', `${who}: onProgress must be a function`);
  const labels: string[] = [];
  const sources: (string | ModuleRef)[] = [];
  const bots = entries.map((b, i): Bot | null => {
    if (typeof b === 'function') {
      const bot = b as Bot;
      labels.push(labelOf(bot, i));
      sources.push(labelOf(bot, i));
      return bot;
    }
    if (typeof b === 'object' && b !== null) {
      const { ref, label } = moduleRef(b as BotModule);
      labels.push(label);
      sources.push(ref);
      return null;
    }
    if (typeof b !== 'string') throw new RulesError('INVALID_OPTIONS', `${who}: each bot is a bot id, a bot module or a bot function`);
    const problem = botIdProblem(b);
    if (problem !== null) throw new RulesError('INVALID_OPTIONS', `${who}: ${problem}`);
    labels.push(b);
    sources.push(b);
    return botFromId(b);
  });
  const functions = entries.some((b) => typeof b === 'function');
  if (workers > 1 && functions) {
    throw new RulesError(
      'INVALID_OPTIONS',
      `${who}: with workers, name every bot by its id or as a bot module { module, export } (a function cannot be sent to a worker thread)`,
    );
  }
  const task: SimulationTask = {
    players,
    bots: labels,
    seed,
    ...(variants !== undefined ? { variants } : {}),
    ...(sources.some((s) => typeof s !== 'string') ? { sources } : {}),
  };
  return { task, bots, games, workers, onProgress, functions };
}

/** @internal The bots of this thread, module bots imported. */
async function loaded(bots: readonly (Bot | null)[], task: SimulationTask): Promise<Bot[]> {
  return Promise.all(
    bots.map((b, i) => {
      if (b !== null) return b;
      const ref = task.sources?.[i];
      if (ref === undefined || typeof ref === 'string') throw new Error(`simulate: entry ${i} has no bot`);
      return loadModuleBot(ref);
    }),
  );
}

/**
 * Plays `games` games between bots and summarizes them: wins and shared wins per bot and per
 * seat, the mean and spread of each bot's points, game length, forfeits and lots discarded.
 * Each game is seeded from the master seed and its index, and results are folded in game order,
 * so the result is the same for any number of workers.
 *
 * Each option is read once. With workers, the run ends every worker thread when the last game is
 * in (a bot module that keeps a timer cannot hold it open).
 *
 * In this thread (`workers: 1`), the run lets the event loop turn after every game, so that
 * timers, signal handlers and a page's events run meanwhile.
 *
 * @throws `RulesError` `INVALID_OPTIONS` for bad options (player count, games, workers above 256,
 * an unknown bot id, an unknown key, of the options or of a bot module, a `null` where only
 * `undefined` takes the default, an `onProgress` that is not a function); a bot's illegal action
 * as {@link playGame} throws it, and an error a bot throws, of the same class (a `TypeError` stays
 * one; a bot's own class arrives from a worker thread as an `Error` of its name, with its own
 * fields; a thrown value that is not an `Error` as that value), from a worker thread too; an
 * `Error` gets a field `game: { index, seed }` naming the game it was thrown in; an error
 * `onProgress` throws; an `Error` naming the games not played when a worker thread stops before
 * it has played its games (a bot calling `process.exit`, whatever the exit code).
 * @example
 * ```ts
 * import { simulate } from 'for-the-king-and-me/bots';
 *
 * const result = await simulate({ players: 2, bots: ['heuristic', 'random'], games: 200, seed: 1, workers: 2 });
 * result.bots[0].winRate; // close to 1
 * ```
 * @category Bots
 */
export async function simulate(options: SimulateOptions): Promise<SimulationResult> {
  const { task, bots, games, workers, onProgress } = prepare(options);
  const aggregator = new Aggregator(task);
  await play(task, bots, workers, 0, games, aggregator, onProgress);
  return aggregator.result();
}

/** Plays games `from … to-1` into `aggregator`, in this thread or on workers. */
async function play(
  task: SimulationTask,
  bots: readonly (Bot | null)[],
  workers: number,
  from: number,
  to: number,
  aggregator: Aggregator,
  onProgress: ((done: number, total: number) => void) | undefined,
): Promise<void> {
  const total = to - from;
  const add = (record: GameOutcome): void => {
    const before = aggregator.done;
    aggregator.add(record);
    if (onProgress && aggregator.done !== before) onProgress(aggregator.done, total);
  };
  if (workers > 1 && total > 1) {
    const { runInWorkers } = await import('./worker-pool.js');
    await runInWorkers(task, from, to, Math.min(workers, total), add);
  } else {
    const here = await loaded(bots, task);
    // Between games the event loop turns: timers, signal handlers and a page's events run during
    // a long run. It changes nothing in the games or their order, and needs no clock.
    for (let g = from; g < to; g++) {
      add(playRecorded(task, here, g));
      if (g + 1 < to) await nextTurn();
    }
  }
  // Every game folded in, none missing: a result never stands for fewer games than asked.
  if (aggregator.done !== total)
    throw new Error(`simulate: internal error: ${aggregator.done} of the ${total} games ${from}–${to - 1} were folded into the result`);
}

/**
 * The games of shard `index` of `count`: `⌊index·games/count⌋ … ⌊(index+1)·games/count⌋ − 1`.
 * Every game belongs to exactly one shard.
 * @category Bots
 */
export function shardRange(games: number, index: number, count: number): { from: number; to: number } {
  return { from: Math.floor((index * games) / count), to: Math.floor(((index + 1) * games) / count) };
}

/**
 * Plays one shard of a simulation: the games of `shardRange(games, shard, shards)`, with the same
 * seeds and seats they have in the whole run (a game's seed depends only on the master seed and
 * its index). Shards run anywhere, in any order, any number of times; {@link mergeShards} adds
 * them into exactly the result `simulate` gives for the whole plan. Bots must be named by id.
 *
 * @throws `RulesError` `INVALID_OPTIONS` for bad options, as {@link simulate} (and an unknown key
 * other than `shard` and `shards`), a bot given as a function, or a bad `shard` or `shards`; the
 * errors of a run as {@link simulate}.
 * @example
 * ```ts
 * const plan = { players: 4, bots: ['ismcts:300', 'heuristic', 'heuristic', 'heuristic'], games: 1_000_000, seed: 'cup' } as const;
 * const part = await simulateShard({ ...plan, shard: 7, shards: 1000 }); // games 7,000–7,999
 * // … later, with all 1,000 parts:
 * const result = mergeShards(parts);
 * ```
 * @category Bots
 */
export async function simulateShard(
  options: SimulateOptions & { readonly shard: number; readonly shards: number },
): Promise<SimulationShard> {
  const { task, bots, games, workers, onProgress, functions } = prepare(options, 'simulateShard', SHARD_KEYS);
  if (functions) throw new RulesError('INVALID_OPTIONS', 'simulateShard: name every bot by its id or as a bot module');
  const { shard, shards } = options;
  if (!Number.isInteger(shards) || shards < 1 || shards > games)
    throw new RulesError(
      'INVALID_OPTIONS',
      `simulateShard: shards must be a whole number from 1 to the number of games (${games}), got ${String(shards)}`,
    );
  if (!Number.isInteger(shard) || shard < 0 || shard >= shards)
    throw new RulesError('INVALID_OPTIONS', `simulateShard: shard must be a whole number from 0 to ${shards - 1}, got ${String(shard)}`);
  const { from, to } = shardRange(games, shard, shards);
  const aggregator = new Aggregator(task, from);
  await play(task, bots, workers, from, to, aggregator, onProgress);
  return { plan: planOf(task, games), shard, shards, from, to, totals: aggregator.totals() };
}

function planOf(task: SimulationTask, games: number): SimulationPlan {
  return { players: task.players, bots: task.bots, games, seed: task.seed, ...(task.variants ? { variants: task.variants } : {}) };
}

/**
 * Adds the shards of one simulation into its result, exactly the result `simulate` gives for
 * the whole plan in one run. Every shard `0 … shards-1` must be there once, all of the same plan.
 *
 * @throws `Error` naming what is wrong: no shards, shards of different plans or shard counts, a
 * missing or repeated shard, a shard whose game range or totals do not fit its plan, or a field of
 * the wrong shape (a shard read from a file written elsewhere).
 * @category Bots
 */
export function mergeShards(parts: readonly SimulationShard[]): SimulationResult {
  if (!Array.isArray(parts)) throw new Error('mergeShards: the shards are not a list');
  const checked = parts.map((part: unknown, i) => checkShardShape(part, i));
  const first = checked[0];
  if (first === undefined) throw new Error('mergeShards: no shards');
  const plan = JSON.stringify(first.plan);
  const { shards, plan: p } = first;
  const seen = new Array<SimulationShard | undefined>(shards).fill(undefined);
  for (const part of checked) {
    if (JSON.stringify(part.plan) !== plan)
      throw new Error(`mergeShards: shard ${part.shard} belongs to another plan than shard ${first.shard}`);
    if (part.shards !== shards)
      throw new Error(`mergeShards: shard ${part.shard} is one of ${part.shards} shards, shard ${first.shard} one of ${shards}`);
    if (!Number.isInteger(part.shard) || part.shard < 0 || part.shard >= shards)
      throw new Error(`mergeShards: there is no shard ${part.shard} of ${shards}`);
    if (seen[part.shard] !== undefined) throw new Error(`mergeShards: shard ${part.shard} is given twice`);
    const { from, to } = shardRange(p.games, part.shard, shards);
    if (part.from !== from || part.to !== to || part.totals.games !== to - from)
      throw new Error(
        `mergeShards: shard ${part.shard} should hold games ${from}–${to - 1} (${to - from}), not ${part.from}–${part.to - 1} (${part.totals.games})`,
      );
    seen[part.shard] = part;
  }
  const missing = seen.flatMap((s, i) => (s === undefined ? [i] : []));
  if (missing.length > 0)
    throw new Error(
      `mergeShards: missing shard${missing.length === 1 ? '' : 's'} ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ', …' : ''} of ${shards}`,
    );
  const task: SimulationTask = { players: p.players, bots: p.bots, seed: p.seed, ...(p.variants ? { variants: p.variants } : {}) };
  const aggregator = new Aggregator(task);
  for (const part of seen) aggregator.addTotals((part as SimulationShard).totals);
  return aggregator.result();
}
