/**
 * The options of `createEnv` and `createBatchEnv`, read once from untrusted input, and the seeds
 * of a run.
 * @module
 */
import type { Bot } from '../bots/index.js';
import type { PlayerCount, Variants } from '../index.js';
import { isPlayerCount, RulesError } from '../index.js';
import { readBots } from './bot-seats.js';
import type { RewardKind } from './reward.js';
import { rewardKindOf } from './reward.js';

/** Options of {@link createEnv} (and, with more, of `createBatchEnv`). */
export interface EnvOptions {
  /** Number of players, 2–5 (RULES S1). */
  readonly players: PlayerCount;
  /** Rule variants (RULES V). */
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
  readonly variants: Partial<Variants> | undefined;
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
  return {
    players: players as PlayerCount,
    variants: variants as Partial<Variants> | undefined,
    seed: seed as number | string | undefined,
    reward: rewardKindOf(reward),
    infoState: infoState === true,
    // A bad player count is left to createGame, whose message names the counts.
    bots: isPlayerCount(players) ? readBots(bots, players) : null,
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
