/**
 * The options of `createEnv` and `createBatchEnv`, read once from untrusted input, and the seeds
 * of a run.
 * @module
 */
import type { Bot } from '../bots/index.js';
import type { PlayerCount, Variants } from '../index.js';
import { checkOptions, isPlayerCount, RulesError } from '../index.js';
import { sharedVariants } from '../rules/variants.js';
import { readBots } from './bot-seats.js';
import type { RewardKind } from './reward.js';
import { rewardKindOf } from './reward.js';

/** Options of {@link createEnv} (and, with more, of `createBatchEnv`). */
export interface EnvOptions {
  /** Number of players, 2–5 (RULES S1). */
  readonly players: PlayerCount;
  /**
   * Rule variants (RULES V), read and checked once, when the environment is created: every game
   * it plays (after a reset, in a clone, each of a batch's) has these, whatever happens to the
   * object afterwards.
   */
  readonly variants?: Partial<Variants>;
  /**
   * The seed of the run. The run's games are numbered from 0: game 0 has this seed and game
   * `k` the seed `` `${seed}/${k}` `` (a batch's game `g` plays `` `${seed}/${g}/${k}` ``), so a
   * run is reproducible from this one value. Without it, every game draws its seed from
   * `crypto.getRandomValues`.
   */
  readonly seed?: number | string;
  /** How rewards are counted (default `'win'`). */
  readonly reward?: RewardKind;
  /**
   * Record every seat's information state (its whole history, see `infoState`). Off by default:
   * recording costs time on every step.
   */
  readonly infoState?: boolean;
  /**
   * Seats the environment plays itself: one entry per seat, a bot (from
   * `for-the-king-and-me/bots`, such as `heuristicBot`) or `null` for a seat you play. After
   * your action (and after a reset) the bots play until one of your seats is to act or the game
   * ends, so you only ever see your own seats' turns. The bots see only their own seat's view.
   */
  readonly bots?: readonly (Bot | null)[];
}

/** @internal Options as read once. */
export interface ReadOptions {
  readonly players: PlayerCount;
  /** Checked, in full and frozen: every game of the run (a clone's, each of a batch's) plays these. */
  readonly variants: Variants;
  readonly seed: number | string | undefined;
  readonly reward: RewardKind;
  readonly infoState: boolean;
  readonly bots: readonly (Bot | null)[] | null;
}

const OPTION_KEYS = ['players', 'variants', 'seed', 'reward', 'infoState', 'bots'];

/** @internal Reads `createEnv`-style options once, rejecting unknown keys; `extra` are more keys allowed (read by the caller). */
export function readOptions(options: unknown, extra: readonly string[] = []): ReadOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new RulesError('INVALID_OPTIONS', 'options must be an object such as { players: 4 }');
  }
  const o = options as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (!OPTION_KEYS.includes(key) && !extra.includes(key)) {
      throw new RulesError('INVALID_OPTIONS', `unknown option "${key}": expected ${[...OPTION_KEYS, ...extra].join(', ')}`);
    }
  }
  const { players, variants, seed, reward, infoState, bots } = o;
  if (infoState !== undefined && typeof infoState !== 'boolean') {
    throw new RulesError('INVALID_OPTIONS', `infoState must be true or false, got ${String(infoState)}`);
  }
  readSeed(seed);
  const readReward = rewardKindOf(reward);
  // A bad player count is refused by checkOptions below, whose message names the counts.
  const readBotList = isPlayerCount(players) ? readBots(bots, players) : null;
  // The variants are read once, here, as createGame checks them: a getter or a caller changing
  // their object later cannot give two games of the run different rules.
  const checked = checkOptions({ players, variants });
  return {
    players: checked.players,
    variants: sharedVariants(checked.variants),
    seed: seed as number | string | undefined,
    reward: readReward,
    infoState: infoState === true,
    bots: readBotList,
  };
}

/**
 * @internal Checks a seed given to the options or to `reset`: a finite number or a string, as
 * `createGame` takes (a run's later games append `/k` to it, which would turn `NaN` into a string
 * `createGame` accepts, so it is refused here, before anything changes).
 */
export function readSeed(seed: unknown): number | string | undefined {
  if (seed === undefined || typeof seed === 'string' || (typeof seed === 'number' && Number.isFinite(seed))) return seed;
  throw new RulesError(
    'INVALID_OPTIONS',
    `seed must be a finite number or a string, got ${typeof seed === 'number' ? String(seed) : typeof seed}`,
  );
}

/** @internal The seed of game `k` of a run from `base` (`undefined`: a random seed). */
export function runSeed(base: number | string | undefined, k: number): number | string | undefined {
  if (base === undefined) return undefined;
  return k === 0 ? base : `${base}/${k}`;
}
