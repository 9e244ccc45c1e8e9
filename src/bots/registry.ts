/**
 * Bots named by string ids, so that a worker thread (or a command line) can rebuild them.
 * @module
 */
import { RulesError } from '../index.js';
import { heuristicBot } from './heuristic.js';
import { ismctsBot, MAX_ITERATIONS } from './ismcts.js';
import { ismctsNetBot, netBot } from './net/net-bot.js';
import { randomBot } from './random.js';
import type { Bot } from './types.js';

/**
 * A bot id: `'random'`, `'heuristic'`, `'ismcts'` (1,000 iterations) or `'ismcts:N'` (N
 * iterations per decision, for example `'ismcts:500'`), `'net'` (the policy network alone,
 * `netBot()`), `'ismcts-net'` or `'ismcts-net:N'` (the search guided by the networks,
 * `ismctsNetBot({ iterations: N })`, 1,000 by default).
 * @category Bots
 */
export type BotId = 'random' | 'heuristic' | 'ismcts' | `ismcts:${number}` | 'net' | 'ismcts-net' | `ismcts-net:${number}`;

/** The ids {@link botFromId} accepts, for help texts: `ismcts:N` and `ismcts-net:N` stand for any positive N. @category Bots */
export const BOT_IDS: readonly string[] = ['random', 'heuristic', 'ismcts', 'ismcts:N', 'net', 'ismcts-net', 'ismcts-net:N'];

const EXPECTED = 'expected random, heuristic, ismcts, ismcts:N, net, ismcts-net or ismcts-net:N';

/**
 * Why `id` is not a bot id, or `null` when it is one.
 *
 * @example
 * ```ts
 * botIdProblem('ismcts:500'); // null
 * botIdProblem('alphazero');  // 'unknown bot "alphazero": expected random, heuristic, ismcts, ismcts:N, net, ismcts-net or ismcts-net:N'
 * ```
 * @category Bots
 */
export function botIdProblem(id: string): string | null {
  if (typeof id !== 'string')
    return `a bot id must be a string (${EXPECTED}), got ${id === null ? 'null' : Array.isArray(id) ? 'an array' : typeof id}`;
  if (id === 'random' || id === 'heuristic' || id === 'ismcts' || id === 'net' || id === 'ismcts-net') return null;
  const m = /^(ismcts|ismcts-net):(\d+)$/.exec(id);
  if (m)
    return Number(m[2]) >= 1 && Number(m[2]) <= MAX_ITERATIONS ? null : `bad bot "${id}": ${m[1]}:N needs N from 1 to ${MAX_ITERATIONS}`;
  return `unknown bot "${id}": ${EXPECTED}`;
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
  if (id === 'net') return netBot();
  const [name, count] = id.split(':');
  const iterations = count === undefined ? 1000 : Number(count);
  return name === 'ismcts-net' ? ismctsNetBot({ iterations }) : ismctsBot({ iterations });
}
