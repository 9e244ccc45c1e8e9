/**
 * Many bot games, in this thread or on worker threads, with one summary.
 * @module
 */

import type { PlayerCount, Variants } from '../index.js';
import { RulesError } from '../index.js';
import type { GameRecord, SimulationTask } from './record.js';
import { playRecorded } from './record.js';
import { botFromId, botIdProblem } from './registry.js';
import type { SimulationResult } from './stats.js';
import { Aggregator } from './stats.js';
import type { Bot } from './types.js';

/** Options of {@link simulate}. */
export interface SimulateOptions {
  /** Players per game, 2–5. */
  readonly players: PlayerCount;
  /**
   * One bot per seat: a bot id (`'random'`, `'heuristic'`, `'ismcts'`, `'ismcts:500'`, see
   * `BotId`) or, in this thread only, a {@link Bot} function (reported by its function name).
   * Seats rotate: in game `g`, seat `s` is played by `bots[(s + g) % players]`.
   */
  readonly bots: readonly (string | Bot)[];
  /** Number of games. */
  readonly games: number;
  /** Master seed: game `g` is created with seed `` `${seed}:${g}` `` and its bots draw from seeds derived from it. */
  readonly seed: number | string;
  /** Rule variants for every game. */
  readonly variants?: Partial<Variants>;
  /**
   * Worker threads (Node only; default 1 = this thread). The result is identical for any number
   * of workers. Workers need bot ids, not functions.
   */
  readonly workers?: number;
  /** Called as games finish, in order: games done so far and the total. */
  readonly onProgress?: (done: number, total: number) => void;
}

function labelOf(bot: string | Bot, i: number): string {
  return typeof bot === 'string' ? bot : bot.name || `bot-${i}`;
}

/** @internal Checks the options; returns the task and the bots of this thread. */
export function prepare(options: SimulateOptions): { task: SimulationTask; bots: Bot[]; workers: number } {
  if (typeof options !== 'object' || options === null) {
    throw new RulesError(
      'INVALID_OPTIONS',
      "simulate: options must be an object such as { players: 2, bots: ['random', 'random'], games: 10, seed: 1 }",
    );
  }
  const { players, games, seed } = options;
  if (players !== 2 && players !== 3 && players !== 4 && players !== 5) {
    throw new RulesError('INVALID_OPTIONS', `simulate: players must be 2, 3, 4 or 5, got ${String(players)}`);
  }
  if (!Number.isInteger(games) || games < 1)
    throw new RulesError('INVALID_OPTIONS', `simulate: games must be a positive integer, got ${String(games)}`);
  if (!(typeof seed === 'string' || (typeof seed === 'number' && Number.isFinite(seed)))) {
    throw new RulesError('INVALID_OPTIONS', 'simulate: seed must be a finite number or a string');
  }
  const workers = options.workers ?? 1;
  if (!Number.isInteger(workers) || workers < 1)
    throw new RulesError('INVALID_OPTIONS', `simulate: workers must be a positive integer, got ${String(workers)}`);
  if (!Array.isArray(options.bots)) throw new RulesError('INVALID_OPTIONS', 'simulate: bots must be an array of bot ids or bots');
  if (options.bots.length !== players) {
    throw new RulesError('INVALID_OPTIONS', `simulate: ${players} players need ${players} bots, got ${options.bots.length}`);
  }
  const bots = options.bots.map((b) => {
    if (typeof b === 'function') return b;
    if (typeof b !== 'string') throw new RulesError('INVALID_OPTIONS', 'simulate: each bot is a bot id or a bot function');
    const problem = botIdProblem(b);
    if (problem !== null) throw new RulesError('INVALID_OPTIONS', `simulate: ${problem}`);
    return botFromId(b);
  });
  if (workers > 1 && options.bots.some((b) => typeof b !== 'string')) {
    throw new RulesError(
      'INVALID_OPTIONS',
      'simulate: with workers, name every bot by its id (a function cannot be sent to a worker thread)',
    );
  }
  const task: SimulationTask = {
    players,
    bots: options.bots.map(labelOf),
    seed,
    ...(options.variants ? { variants: options.variants } : {}),
  };
  return { task, bots, workers };
}

/**
 * Plays `games` games between bots and summarizes them: wins and shared wins per bot and per
 * seat, the mean and spread of each bot's points, game length, forfeits and lots discarded.
 * Each game is seeded from the master seed and its index, and results are folded in game order,
 * so the result is the same for any number of workers.
 *
 * @throws `RulesError` `INVALID_OPTIONS` for bad options (player count, games, workers, an unknown bot id);
 * a bot's illegal action as {@link playGame} throws it, from a worker thread too.
 * @example
 * ```ts
 * import { simulate } from 'for-the-king-and-me/bots';
 *
 * const result = await simulate({ players: 2, bots: ['heuristic', 'random'], games: 200, seed: 1, workers: 2 });
 * result.bots[0].winRate; // close to 1
 * ```
 */
export async function simulate(options: SimulateOptions): Promise<SimulationResult> {
  const { task, bots, workers } = prepare(options);
  const { games, onProgress } = options;
  const aggregator = new Aggregator(task);
  const add = (record: GameRecord): void => {
    const before = aggregator.done;
    aggregator.add(record);
    if (onProgress && aggregator.done !== before) onProgress(aggregator.done, games);
  };
  if (workers > 1 && games > 1) {
    const { runInWorkers } = await import('./worker-pool.js');
    await runInWorkers(task, games, Math.min(workers, games), add);
  } else {
    for (let g = 0; g < games; g++) add(playRecorded(task, bots, g));
  }
  return aggregator.result();
}
