/**
 * The information-set Monte Carlo tree search bot.
 * @module
 */

import type { PlayerView } from '../index.js';
import { RulesError } from '../index.js';
import { createDealer } from '../sim/index.js';
import type { Determinizer, SearchSettings } from './search.js';
import { search } from './search.js';
import type { Bot, BotRandom } from './types.js';
import { botRandom, named } from './types.js';
import { botLegal } from './view-check.js';

/** Options of {@link ismctsBot}. @category Bots */
export interface IsmctsOptions {
  /** Iterations (sampled deals played through the tree) per decision. Default 1000. */
  readonly iterations?: number;
  /**
   * Time budget per decision in milliseconds; the search stops at whichever of `iterations`
   * and `timeMs` comes first. Reading the clock (`performance.now()`) makes the bot's choices
   * depend on the machine's speed and load: use `iterations` alone for reproducible games.
   */
  readonly timeMs?: number;
  /**
   * Seed of the bot's own random source. Without it the bot draws from the `rng` it is given
   * each call. With it, it ignores that and draws, for each decision, from a generator seeded by
   * this seed and the view (its JSON text, which includes `moveCount`): the bot keeps no state
   * between calls, so the same seed and the same view give the same choice, in another process
   * or after a restart too (with `iterations` alone; `timeMs` makes choices depend on the clock).
   */
  readonly seed?: number | string;
}

/** @internal Weights of the search; `ismctsBot` uses {@link ISMCTS_DEFAULTS}. */
export type IsmctsTuning = Omit<SearchSettings, 'iterations' | 'timeMs' | 'now'>;

/** @internal The search weights `ismctsBot` uses. */
export const ISMCTS_DEFAULTS: IsmctsTuning = {
  depth: 10,
  depthEsteem: 4,
  exploration: 0.45,
  temperature: 1,
  coin: 0.02,
  coinTwoPlayers: 0.1,
  goldFloor: 2,
  bias: 1,
  bidSteps: 1,
};

function clock(): number {
  return globalThis.performance.now();
}

/** The most iterations a search takes per decision: the bound of `ismcts:N` too. @internal */
export const MAX_ITERATIONS = 10_000_000;

/** The option keys of {@link ismctsBot}. */
const ISMCTS_KEYS: readonly string[] = ['iterations', 'timeMs', 'seed'];

/**
 * @internal A bot's options read once, as `createGame` reads its own: `undefined` (no options) or
 * an object with no key but `known`; returns a plain copy of the known fields.
 * @throws `RulesError` `INVALID_OPTIONS` naming `who` and, for an unknown key, the known ones (and
 * for options that cannot be read: a getter or a proxy trap that throws).
 */
export function botOptions(options: unknown, who: string, known: readonly string[]): Record<string, unknown> {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new RulesError('INVALID_OPTIONS', `${who}: options must be an object such as { ${known[0]}: … }`);
  const copy: Record<string, unknown> = {};
  let keys: string[];
  try {
    keys = Object.keys(options);
  } catch {
    throw new RulesError('INVALID_OPTIONS', `${who}: the options cannot be read (a proxy whose trap throws)`);
  }
  for (const key of keys) {
    if (!known.includes(key)) throw new RulesError('INVALID_OPTIONS', `${who}: unknown option "${key}": expected ${known.join(', ')}`);
    try {
      copy[key] = (options as Record<string, unknown>)[key];
    } catch {
      throw new RulesError('INVALID_OPTIONS', `${who}: option "${key}" cannot be read (a getter that throws)`);
    }
  }
  return copy;
}

/** @internal A bot's seed, as `createGame` takes one: `undefined`, a finite number or a string. */
export function botSeed(seed: unknown, who: string): number | string | undefined {
  if (seed === undefined || typeof seed === 'string' || (typeof seed === 'number' && Number.isFinite(seed))) return seed;
  throw new RulesError(
    'INVALID_OPTIONS',
    `${who}: seed must be a finite number or a string, got ${typeof seed === 'number' ? String(seed) : typeof seed}`,
  );
}

/**
 * @internal The random source of a seeded bot for one decision: seeded by `prefix` and the view's
 * JSON text. A view that is no JSON data (a BigInt, a cycle) is `INVALID_VIEW`, as for an
 * unseeded bot.
 */
export function viewRandom(prefix: string, view: PlayerView, who: string): BotRandom {
  let text: string;
  try {
    text = JSON.stringify(view);
  } catch {
    throw new RulesError('INVALID_VIEW', `${who}: the view is not JSON data (a BigInt, a cycle, or a getter that throws)`);
  }
  return botRandom(prefix + text);
}

/**
 * @internal `ismctsBot` with explicit search weights (for tuning), and the deals it searches
 * (`createDealer` by default: deals consistent with the view; a diagnostic may hand it others).
 */
export function ismctsWith(
  options: IsmctsOptions,
  tuning: IsmctsTuning,
  determinize: Determinizer = createDealer,
  who = 'ismctsBot',
  known: readonly string[] = ISMCTS_KEYS,
): Bot {
  const o = botOptions(options, who, known);
  // Only `undefined` means the default: `null` is a mistake, as for createGame's options.
  const iterations = o.iterations === undefined ? 1000 : o.iterations;
  if (!(Number.isInteger(iterations) && (iterations as number) >= 1 && (iterations as number) <= MAX_ITERATIONS)) {
    throw new RulesError(
      'INVALID_OPTIONS',
      `${who}: iterations must be a positive integer, at most ${MAX_ITERATIONS}, got ${String(iterations)}`,
    );
  }
  const timeMs = o.timeMs === undefined ? Number.POSITIVE_INFINITY : o.timeMs;
  if (!(typeof timeMs === 'number' && timeMs > 0))
    throw new RulesError('INVALID_OPTIONS', `${who}: timeMs must be positive, got ${String(timeMs)}`);
  const seed = botSeed(o.seed, who);
  const settings: SearchSettings = { ...tuning, iterations: iterations as number, timeMs, now: clock };
  // Named as its id would be (`ismcts`, `ismcts:500`): `simulate` reports a bot function by its name.
  const family = who === 'ismctsNetBot' ? 'ismcts-net' : 'ismcts';
  const name = iterations === 1000 ? family : `${family}:${String(iterations)}`;
  if (seed === undefined) return named(name, (view: PlayerView, rng: BotRandom) => search(view, rng, settings, determinize, who));
  const prefix = `${typeof seed}:${String(seed)}\n`;
  return named(name, (view: PlayerView) => {
    // A value that is no view, or not the viewer's turn, is refused before it is read as JSON.
    botLegal(view, who);
    return search(view, viewRandom(prefix, view, who), settings, determinize, who);
  });
}

/**
 * Information-set Monte Carlo tree search (single observer). For each decision it grows one
 * tree over the actions seen from its own seat, its nodes keyed also by what the seat observes
 * there (its drawn card, the lot). Every iteration deals the cards it cannot see at random with
 * `determinize` (tilted towards opponents having kept good cards), walks down the tree choosing
 * by UCB among the actions legal in that deal, adds one node, plays a short playout with a
 * cheap rule-of-thumb policy, and scores the result for every player: from a projection of
 * their title points, each one's chance to win with weights fitted to self-play games (with 2
 * players, a logistic of the point margin), or the real result when the game ends. It returns
 * the most visited action.
 *
 * To stay fast it considers only a few actions: pass or one above the high bid (never more
 * than the bidder can pay), the extreme values for Kings, the cheapest gold payment; and it
 * returns at once when only one action is sensible. See `docs/bots.md` for the details.
 *
 * @throws `RulesError` `INVALID_OPTIONS` for options that are not an object, an unknown key,
 * `iterations` that are not an integer from 1 to 10,000,000, a `timeMs` that is not a positive
 * number, or a `seed` that is neither a finite number nor a string. The bot it returns throws
 * `INVALID_VIEW` for a view it cannot play from (with a `seed`, one that is not JSON data too).
 * @example
 * ```ts
 * import { ismctsBot, heuristicBot, playGame } from 'for-the-king-and-me/bots';
 *
 * const strong = ismctsBot({ iterations: 1000 });
 * const { state } = playGame({ players: 2, seed: 3, bots: [strong, heuristicBot] });
 * ```
 * @category Bots
 */
export function ismctsBot(options: IsmctsOptions = {}): Bot {
  return ismctsWith(options, ISMCTS_DEFAULTS);
}
