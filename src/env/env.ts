/**
 * The agent loop, in the style of PettingZoo's AEC API: one game, one agent acting at a time.
 * @module
 */
import type { Action, GameState, PlayerCount, Score, Variants } from '../index.js';
import { ACTION_IDS_PER_PLAYER, actionFromId, RulesError } from '../index.js';
import { Driver } from './driver.js';
import { OBSERVATION_SIZE } from './layout.js';
import { ACTION_COUNT } from './mask.js';
import type { RewardKind } from './reward.js';
import { rewardKindOf, writeRewards } from './reward.js';

/** Options of {@link createEnv} and {@link createBatchEnv}. */
export interface EnvOptions {
  /** Number of players, 2–5 (RULES S1). */
  readonly players: PlayerCount;
  /** Rule variants (RULES V). */
  readonly variants?: Partial<Variants>;
  /**
   * Seed of the first game. A `reset()` without a seed then plays game `k` (counting from 1)
   * with the seed `` `${seed}/${k}` ``, so a run is reproducible from this one value. Without
   * it, games without a seed draw one from `crypto.getRandomValues`.
   */
  readonly seed?: number | string;
  /** How rewards are counted (default `'win'`). */
  readonly reward?: RewardKind;
}

/** A seat's observation and legal-action mask. */
export interface AgentObservation {
  /** `OBSERVATION_SIZE[players]` numbers, computed from the seat's view (see `docs/env.md`). */
  readonly observation: Float32Array;
  /** `ACTION_COUNT` entries: 1 where the action index is legal for this seat now, else 0. */
  readonly mask: Uint8Array;
}

/** What {@link Env.last} returns: the acting agent's observation, mask, reward and termination. */
export interface LastStep extends AgentObservation {
  /** The agent's reward since it last acted (non-zero only once the game is over). */
  readonly reward: number;
  /** Whether the game is over. */
  readonly termination: boolean;
}

/**
 * One game seen as an environment (PettingZoo AEC style). Agents are the seats `0 … players − 1`.
 * Actions are action indexes `0 … ACTION_COUNT − 1` for the agent to act (an action id without
 * its player: `actionId(action) % ACTION_IDS_PER_PLAYER`).
 */
export interface Env {
  /** The player count. */
  readonly players: PlayerCount;
  /** The agents: `[0, 1, …, players − 1]`. */
  readonly agents: readonly number[];
  /** The length of every observation: `OBSERVATION_SIZE[players]`. */
  readonly observationSize: number;
  /** The length of every mask: `ACTION_COUNT`. */
  readonly actionCount: number;
  /** The agent to act, `null` once the game is over. */
  readonly agentSelection: number | null;
  /** Whether the game is over (every agent is terminated). */
  readonly done: boolean;
  /** Each agent's reward from the last step (non-zero only on the step that ends the game). */
  readonly rewards: readonly number[];
  /** Each agent's total reward since the last reset. */
  readonly cumulativeRewards: readonly number[];
  /** Whether each agent is terminated: all `false` during a game, all `true` once it is over. */
  readonly terminations: readonly boolean[];
  /** Actions applied since the last reset. */
  readonly steps: number;
  /** The seed of the current game (`undefined` when it was drawn from `crypto`). */
  readonly seed: number | string | undefined;
  /**
   * The full game state, hidden cards included, as a fresh copy each time it is read. For
   * logging, saving and analysis only: never build an observation from it (that is what
   * {@link Env.observe} is for), and keep it out of hot loops.
   */
  readonly state: GameState;
  /** Starts a new game, with `seed` or the next seed of the run (see {@link EnvOptions.seed}). */
  reset(seed?: number | string): void;
  /** The observation and mask of `agent` (a mask of zeros unless it is `agent`'s turn), in new arrays. */
  observe(agent: number): AgentObservation;
  /** Writes `agent`'s observation and mask into arrays you own (each from index 0), for loops that allocate nothing. */
  observeInto(agent: number, observation: Float32Array, mask: Uint8Array): void;
  /** The acting agent's observation and mask, its reward and whether the game is over; after the end, agent 0's. */
  last(): LastStep;
  /**
   * Plays action index `action` for the agent to act.
   * @throws `RulesError` `MALFORMED_ACTION` for an index outside `0 … ACTION_COUNT − 1`,
   * `ILLEGAL_ACTION` (or another code of `apply`) when it is not legal now, `GAME_OVER` after
   * the end. The game is unchanged when it throws.
   */
  step(action: number): void;
  /** The action an index means for the agent to act now (to log or show it). */
  actionOf(action: number): Action;
  /** The score: final once the game is over, a projection before (RULES E4). */
  score(): Score;
}

const OPTION_KEYS = new Set(['players', 'variants', 'seed', 'reward']);

/** @internal Reads `createEnv`-style options once, rejecting unknown keys. */
export function readOptions(options: unknown, extra: readonly string[] = []): EnvOptions & { readonly reward: RewardKind } {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new RulesError('INVALID_OPTIONS', 'options must be an object such as { players: 4 }');
  }
  const o = options as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (!OPTION_KEYS.has(key) && !extra.includes(key)) {
      throw new RulesError('INVALID_OPTIONS', `unknown option "${key}": expected ${[...OPTION_KEYS, ...extra].join(', ')}`);
    }
  }
  const { players, variants, seed, reward } = o;
  return {
    players: players as PlayerCount,
    ...(variants === undefined ? {} : { variants: variants as Partial<Variants> }),
    ...(seed === undefined ? {} : { seed: seed as number | string }),
    reward: rewardKindOf(reward),
  };
}

/**
 * Creates an environment and starts its first game. Players, variants and the seed are checked
 * like `createGame`'s (`RulesError` `INVALID_OPTIONS`).
 *
 * @example
 * ```ts
 * import { createEnv } from 'for-the-king-and-me/env';
 *
 * const env = createEnv({ players: 4, seed: 1 });
 * while (!env.done) {
 *   const { observation, mask } = env.observe(env.agentSelection!);
 *   const legal = [...mask.keys()].filter((i) => mask[i] === 1);
 *   env.step(legal[0]!); // a policy would read the observation
 * }
 * console.log(env.rewards); // e.g. [0, 1, 0, 0]
 * ```
 */
export function createEnv(options: EnvOptions): Env {
  const o = readOptions(options);
  const base = o.seed;
  let episode = 0;
  let seed = base;
  const game = new Driver(o.players, o.variants, seed);
  const n = o.players;
  const rewards = new Array<number>(n).fill(0);
  const cumulative = new Array<number>(n).fill(0);
  const terminations = new Array<boolean>(n).fill(false);
  let steps = 0;

  const clear = (): void => {
    rewards.fill(0);
    cumulative.fill(0);
    terminations.fill(false);
    steps = 0;
  };
  const checkAgent = (agent: unknown): number => {
    if (typeof agent !== 'number' || !Number.isInteger(agent) || agent < 0 || agent >= n) {
      throw new RulesError('MALFORMED_ACTION', `an agent is a seat from 0 to ${n - 1}, got ${String(agent)}`);
    }
    return agent;
  };

  const env: Env = {
    players: n,
    agents: Object.freeze(Array.from({ length: n }, (_, i) => i)),
    observationSize: OBSERVATION_SIZE[n],
    actionCount: ACTION_COUNT,
    get agentSelection() {
      const p = game.toMove();
      return p < 0 ? null : p;
    },
    get done() {
      return game.toMove() < 0;
    },
    rewards,
    cumulativeRewards: cumulative,
    terminations,
    get steps() {
      return steps;
    },
    get seed() {
      return seed;
    },
    get state() {
      return game.state;
    },
    reset(next) {
      episode += 1;
      seed = next ?? (base === undefined ? undefined : `${base}/${episode}`);
      game.reset(seed);
      clear();
    },
    observe(agent) {
      const observation = new Float32Array(OBSERVATION_SIZE[n]);
      const mask = new Uint8Array(ACTION_COUNT);
      env.observeInto(agent, observation, mask);
      return { observation, mask };
    },
    observeInto(agent, observation, mask) {
      const a = checkAgent(agent);
      if (observation.length < OBSERVATION_SIZE[n] || mask.length < ACTION_COUNT) {
        throw new RangeError(`observeInto needs at least ${OBSERVATION_SIZE[n]} observation and ${ACTION_COUNT} mask entries`);
      }
      game.observe(a, observation, 0);
      game.mask(a, mask, 0);
    },
    last() {
      const agent = Math.max(0, game.toMove());
      const { observation, mask } = env.observe(agent);
      return { observation, mask, reward: cumulative[agent] as number, termination: game.toMove() < 0 };
    },
    step(action) {
      game.step(action);
      steps += 1;
      if (game.toMove() < 0) {
        writeRewards(game.score(), o.reward, rewards, 0);
        for (let p = 0; p < n; p++) {
          cumulative[p] = (cumulative[p] as number) + (rewards[p] as number);
          terminations[p] = true;
        }
      }
    },
    actionOf(action) {
      const p = game.toMove();
      if (p < 0) throw new RulesError('GAME_OVER', 'the game is over: no action applies');
      if (!Number.isInteger(action) || action < 0 || action >= ACTION_COUNT) {
        throw new RulesError('MALFORMED_ACTION', `an action index is an integer from 0 to ${ACTION_COUNT - 1}, got ${String(action)}`);
      }
      return actionFromId(p * ACTION_IDS_PER_PLAYER + action, n);
    },
    score() {
      return game.score();
    },
  };
  return env;
}
