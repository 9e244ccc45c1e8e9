/**
 * Many games stepped together into preallocated arrays, for training loops that work on batches.
 * @module
 */
import type { PlayerCount } from '../index.js';
import { RulesError } from '../index.js';
import { Driver } from './driver.js';
import type { EnvOptions } from './env.js';
import { readOptions } from './env.js';
import { OBSERVATION_SIZE } from './layout.js';
import { ACTION_COUNT } from './mask.js';
import { writeRewards } from './reward.js';

/** Options of {@link createBatchEnv}: those of `createEnv`, and the number of games. */
export interface BatchEnvOptions extends EnvOptions {
  /** How many games to step at once (1 or more). */
  readonly games: number;
}

/**
 * `games` games stepped together. After each {@link BatchEnv.step} (and after {@link BatchEnv.reset}),
 * row `g` of `observations` and `masks` is for the agent to act in game `g`, `agents[g]`. A game
 * that ends is started again at once (like a vectorized Gym environment): its `dones[g]` is 1
 * for that step, `rewards` row `g` holds the final rewards of the game that ended, and the
 * observation is already the new game's.
 */
export interface BatchEnv {
  /** The number of games. */
  readonly games: number;
  /** The player count. */
  readonly players: PlayerCount;
  /** The length of one observation: `OBSERVATION_SIZE[players]`. */
  readonly observationSize: number;
  /** The length of one mask: `ACTION_COUNT`. */
  readonly actionCount: number;
  /** `games × observationSize`: the acting agent's observation, game by game. */
  readonly observations: Float32Array;
  /** `games × actionCount`: the acting agent's legal-action mask, game by game. */
  readonly masks: Uint8Array;
  /** The agent to act in each game. */
  readonly agents: Int8Array;
  /** `games × players`: each seat's reward from the last step (non-zero only in a game that just ended). */
  readonly rewards: Float32Array;
  /** 1 for each game that ended on the last step (and has been started again), else 0. */
  readonly dones: Uint8Array;
  /** How many games have ended since the batch was created. */
  readonly finished: number;
  /** Starts every game again: game `g` gets seed `` `${seed}/${g}/0` `` (or a fresh random seed without one). */
  reset(seed?: number | string): void;
  /**
   * Plays `actions[g]` (an action index) in every game `g`.
   * @throws `RulesError` when an action is not legal in its game. Games before it have
   * already moved; the message names the game. Pass only actions the masks allow.
   */
  step(actions: ArrayLike<number>): void;
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
  const o = readOptions(options, ['games']);
  const count = (options as { games?: unknown }).games;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 1_000_000) {
    throw new RulesError('INVALID_OPTIONS', `games must be a whole number from 1 to 1000000, got ${String(count)}`);
  }
  const n = o.players;
  const size = OBSERVATION_SIZE[n];
  let base = o.seed;
  const seedOf = (g: number, k: number): number | string | undefined => (base === undefined ? undefined : `${base}/${g}/${k}`);
  const drivers = Array.from({ length: count }, (_, g) => new Driver(n, o.variants, seedOf(g, 0)));
  const episodes = new Int32Array(count);
  const observations = new Float32Array(count * size);
  const masks = new Uint8Array(count * ACTION_COUNT);
  const agents = new Int8Array(count);
  const rewards = new Float32Array(count * n);
  const dones = new Uint8Array(count);
  let finished = 0;

  const write = (g: number): void => {
    const d = drivers[g] as Driver;
    const p = d.toMove();
    agents[g] = p;
    d.observe(p, observations, g * size);
    d.mask(p, masks, g * ACTION_COUNT);
  };
  for (let g = 0; g < count; g++) write(g);

  return {
    games: count,
    players: n,
    observationSize: size,
    actionCount: ACTION_COUNT,
    observations,
    masks,
    agents,
    rewards,
    dones,
    get finished() {
      return finished;
    },
    reset(seed) {
      if (seed !== undefined) base = seed;
      for (let g = 0; g < count; g++) {
        episodes[g] = 0;
        (drivers[g] as Driver).reset(seedOf(g, 0));
        write(g);
      }
      rewards.fill(0);
      dones.fill(0);
    },
    step(actions) {
      if (actions.length < count) throw new RangeError(`step needs ${count} actions, got ${actions.length}`);
      rewards.fill(0);
      dones.fill(0);
      for (let g = 0; g < count; g++) {
        const d = drivers[g] as Driver;
        try {
          d.step(actions[g] as number);
        } catch (e) {
          if (e instanceof RulesError) throw new RulesError(e.code, `game ${g}: ${e.message}`);
          throw e;
        }
        if (d.toMove() < 0) {
          writeRewards(d.score(), o.reward, rewards, g * n);
          dones[g] = 1;
          finished += 1;
          episodes[g] = (episodes[g] as number) + 1;
          d.reset(seedOf(g, episodes[g] as number));
        }
        write(g);
      }
    },
  };
}
