/**
 * Bots for For the King (and Me), and a harness to pit them against each other.
 *
 * A bot is a function of one seat's {@link PlayerView} (never the full game state) and a seeded
 * random source, returning one of `view.legal`. Three bots come with the library:
 * {@link randomBot}, {@link heuristicBot} and {@link ismctsBot}. {@link playGame} plays one game
 * between bots; {@link simulate} plays many, optionally on worker threads.
 *
 * @example
 * ```ts
 * import { heuristicBot, ismctsBot, simulate } from 'for-the-king-and-me/bots';
 *
 * const result = await simulate({ players: 4, bots: ['ismcts:300', 'heuristic', 'heuristic', 'random'], games: 100, seed: 1 });
 * console.table(result.bots.map((b) => ({ bot: b.id, winRate: b.winRate })));
 * ```
 * @module for-the-king-and-me/bots
 */
import type { PlayerView } from '../index.js';

export { heuristicBot } from './heuristic.js';
export type { IsmctsOptions } from './ismcts.js';
export { ismctsBot } from './ismcts.js';
export type { BotModule } from './module.js';
export type { IsmctsNetOptions, NetBotOptions } from './net/net-bot.js';
export { ISMCTS_NET_PRIOR, ismctsNetBot, netBot } from './net/net-bot.js';
export type { PlayedGame, PlayGameOptions } from './play.js';
export { playGame } from './play.js';
export { randomBot } from './random.js';
export type { BotId } from './registry.js';
export { BOT_IDS, botFromId, botIdProblem, isBotId } from './registry.js';
export type { SimulationPlan, SimulationShard } from './shard-shape.js';
export type { SimulateOptions } from './simulate.js';
export { mergeShards, shardRange, simulate, simulateShard } from './simulate.js';
export type { BotResult, SeatResult, SimulationResult, SimulationTotals, Spread, SpreadTotals } from './stats.js';
export type { Bot, BotRandom } from './types.js';
export { botRandom } from './types.js';

/** The view type a bot receives, re-exported for bot authors. */
export type { PlayerView };
