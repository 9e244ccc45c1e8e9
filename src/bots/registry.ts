/**
 * Bots named by string ids, so that a worker thread (or a command line) can rebuild them.
 * @module
 */
import { RulesError } from '../index.js';
import { heuristicBot } from './heuristic.js';
import { ismctsBot } from './ismcts.js';
import { randomBot } from './random.js';
import type { Bot } from './types.js';

/**
 * A bot id: `'random'`, `'heuristic'`, `'ismcts'` (1,000 iterations) or `'ismcts:N'` (N
 * iterations per decision, for example `'ismcts:500'`).
 * @category Bots
 */
export type BotId = 'random' | 'heuristic' | 'ismcts' | `ismcts:${number}`;

/** The ids {@link botFromId} accepts, for help texts: `ismcts:N` stands for any positive N. @category Bots */
export const BOT_IDS: readonly string[] = ['random', 'heuristic', 'ismcts', 'ismcts:N'];

/**
 * Why `id` is not a bot id, or `null` when it is one.
 *
 * @example
 * ```ts
 * botIdProblem('ismcts:500'); // null
 * botIdProblem('alphazero');  // 'unknown bot "alphazero": expected random, heuristic, ismcts or ismcts:N'
 * ```
 * @category Bots
 */
export function botIdProblem(id: string): string | null {
  if (id === 'random' || id === 'heuristic' || id === 'ismcts') return null;
  const m = /^ismcts:(\d+)$/.exec(id);
  if (m) return Number(m[1]) >= 1 && Number(m[1]) <= 10_000_000 ? null : `bad bot "${id}": ismcts:N needs N from 1 to 10000000`;
  return `unknown bot "${id}": expected random, heuristic, ismcts or ismcts:N`;
}

/** Whether `id` is a {@link BotId}. @category Bots */
export function isBotId(id: string): id is BotId {
  return botIdProblem(id) === null;
}

/**
 * Builds the bot an id names. Each call returns a fresh bot.
 *
 * @throws `RulesError` `INVALID_OPTIONS` for an unknown id (the message says which ids exist).
 * @example
 * ```ts
 * const bot = botFromId('ismcts:500');
 * ```
 * @category Bots
 */
export function botFromId(id: string): Bot {
  const problem = botIdProblem(id);
  if (problem !== null) throw new RulesError('INVALID_OPTIONS', problem);
  if (id === 'random') return randomBot;
  if (id === 'heuristic') return heuristicBot;
  const iterations = id === 'ismcts' ? 1000 : Number(id.slice('ismcts:'.length));
  return ismctsBot({ iterations });
}
