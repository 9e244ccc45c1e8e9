/**
 * The agent loop, in the style of PettingZoo's AEC API: one game, one agent acting at a time.
 * @module
 */
import type { Action, GameSave, GameState, PlayerCount, Score } from '../index.js';
import { ACTION_IDS_PER_PLAYER, actionFromId, deserialize, fromSave, RulesError, toSave } from '../index.js';
import { Driver } from './driver.js';
import type { AgentObservation, Env, LastStep } from './env-types.js';
import { GLOBAL_STATE_SIZE } from './global-state.js';
import { OBSERVATION_SIZE } from './layout.js';
import { ACTION_COUNT } from './mask.js';
import type { EnvOptions, ReadOptions } from './options.js';
import { readOptions, readSeed, runSeed } from './options.js';
import { writeRewards } from './reward.js';

/** @internal Reads a state or save given to `load`, trusting nothing in it. */
export function readSave(save: unknown): GameState {
  if (typeof save === 'string') return deserialize(save);
  if (typeof save === 'object' && save !== null && 'format' in save) return fromSave(save);
  let asSave: GameSave;
  try {
    asSave = toSave(save as GameState);
  } catch {
    throw new RulesError('INVALID_SAVE', 'load takes a GameState, a save object (toSave) or a save text (serialize)');
  }
  return fromSave(asSave);
}

class AgentEnv implements Env {
  readonly players: PlayerCount;
  readonly agents: readonly number[];
  readonly observationSize: number;
  readonly actionCount = ACTION_COUNT;
  readonly rewards: number[];
  readonly cumulativeRewards: number[];
  readonly terminations: boolean[];
  readonly truncations: readonly boolean[];
  private readonly game: Driver;
  private base: number | string | undefined;
  private episode = 0;
  private currentSeed: number | string | undefined;
  private stepCount = 0;

  constructor(
    private readonly o: ReadOptions,
    /** Shared by an environment and its clones: what `restore` checks. */
    private readonly family: object,
    from: AgentEnv | null,
  ) {
    const n = o.players;
    this.base = o.seed;
    this.currentSeed = o.seed;
    this.game = new Driver(n, o.variants, o.seed, { history: o.infoState, bots: o.bots });
    this.players = n;
    this.agents = Object.freeze(Array.from({ length: n }, (_, i) => i));
    this.observationSize = OBSERVATION_SIZE[n];
    this.rewards = new Array<number>(n).fill(0);
    this.cumulativeRewards = new Array<number>(n).fill(0);
    this.terminations = new Array<boolean>(n).fill(false);
    this.truncations = Object.freeze(new Array<boolean>(n).fill(false));
    if (from !== null) this.copy(from);
    // A loaded or bot-played game may already be over: its rewards are given at once.
    else this.afterMove();
  }

  get agentSelection(): number | null {
    const p = this.game.toMove();
    return p < 0 ? null : p;
  }

  get done(): boolean {
    return this.game.toMove() < 0;
  }

  get steps(): number {
    return this.stepCount;
  }

  get seed(): number | string | undefined {
    return this.currentSeed;
  }

  get state(): GameState {
    return this.game.state;
  }

  /** Starts a game with `start`: if a bot fails in it, the game is as it was and the error goes on. */
  private restart(start: () => void): void {
    this.game.mark();
    try {
      start();
    } catch (e) {
      this.game.rollback();
      throw e;
    }
  }

  private clear(): void {
    this.rewards.fill(0);
    this.cumulativeRewards.fill(0);
    this.terminations.fill(false);
    this.stepCount = 0;
  }

  private checkAgent(agent: unknown): number {
    const n = this.players;
    if (typeof agent !== 'number' || !Number.isInteger(agent) || agent < 0 || agent >= n) {
      throw new RulesError('MALFORMED_ACTION', `an agent is a seat from 0 to ${n - 1}, got ${String(agent)}`);
    }
    return agent;
  }

  reset(seed?: number | string): void {
    const s = readSeed(seed);
    const base = s ?? this.base;
    const episode = s !== undefined ? 0 : this.episode + 1;
    const current = runSeed(base, episode);
    this.restart(() => this.game.reset(current));
    this.base = base;
    this.episode = episode;
    this.currentSeed = current;
    this.clear();
    this.afterMove();
  }

  observe(agent: number): AgentObservation {
    const observation = new Float32Array(this.observationSize);
    const mask = new Uint8Array(ACTION_COUNT);
    this.observeInto(agent, observation, mask);
    return { observation, mask };
  }

  observeInto(agent: number, observation: Float32Array, mask: Uint8Array): void {
    const a = this.checkAgent(agent);
    if (observation.length < this.observationSize || mask.length < ACTION_COUNT) {
      throw new RangeError(`observeInto needs at least ${this.observationSize} observation and ${ACTION_COUNT} mask entries`);
    }
    this.game.observe(a, observation, 0);
    this.game.mask(a, mask, 0);
  }

  infoState(agent: number): Int16Array {
    const a = this.checkAgent(agent);
    const history = this.game.history;
    if (history === null)
      throw new RulesError('INVALID_OPTIONS', 'create the environment with { infoState: true } to record information states');
    return history.of(a);
  }

  globalState(agent: number): Float32Array {
    const out = new Float32Array(GLOBAL_STATE_SIZE[this.players]);
    this.game.globalState(this.checkAgent(agent), out, 0);
    return out;
  }

  last(): LastStep {
    const p = this.game.toMove();
    const agent = Math.max(0, p);
    const { observation, mask } = this.observe(agent);
    const over = p < 0;
    const score = over ? this.game.score() : null;
    return {
      observation,
      mask,
      reward: this.cumulativeRewards[agent] as number,
      termination: over,
      truncation: false,
      info: {
        agent: over ? null : p,
        steps: this.stepCount,
        points: score === null ? null : score.points,
        winners: score === null ? null : score.winners,
      },
    };
  }

  /** After a reset, a load or a step: rewards when the game is over (bots may end it on their own). */
  private afterMove(): void {
    if (this.game.toMove() >= 0 || this.terminations[0] === true) return;
    writeRewards(this.game.score(), this.o.reward, this.rewards, 0);
    for (let p = 0; p < this.players; p++) {
      this.cumulativeRewards[p] = (this.cumulativeRewards[p] as number) + (this.rewards[p] as number);
      this.terminations[p] = true;
    }
  }

  step(action: number): void {
    this.game.step(action);
    this.stepCount += 1;
    this.rewards.fill(0);
    this.afterMove();
  }

  actionOf(action: number): Action {
    const p = this.game.toMove();
    if (p < 0) throw new RulesError('GAME_OVER', 'the game is over: no action applies');
    if (!Number.isInteger(action) || action < 0 || action >= ACTION_COUNT) {
      throw new RulesError('MALFORMED_ACTION', `an action index is an integer from 0 to ${ACTION_COUNT - 1}, got ${String(action)}`);
    }
    return actionFromId(p * ACTION_IDS_PER_PLAYER + action, this.players);
  }

  score(): Score {
    return this.game.score();
  }

  private copy(from: AgentEnv): void {
    this.game.copyFrom(from.game);
    this.base = from.base;
    this.episode = from.episode;
    this.currentSeed = from.currentSeed;
    this.stepCount = from.stepCount;
    for (let p = 0; p < this.players; p++) {
      this.rewards[p] = from.rewards[p] as number;
      this.cumulativeRewards[p] = from.cumulativeRewards[p] as number;
      this.terminations[p] = from.terminations[p] as boolean;
    }
  }

  clone(): Env {
    return new AgentEnv(this.o, this.family, this);
  }

  restore(from: Env): void {
    if (!(from instanceof AgentEnv) || from.family !== this.family) {
      throw new RulesError('INVALID_OPTIONS', 'restore takes an environment made by this one’s clone()');
    }
    this.copy(from);
  }

  load(save: GameState | GameSave | string): void {
    const state = readSave(save);
    if (state.players !== this.players) {
      throw new RulesError('INVALID_SAVE', `this environment plays ${this.players} players, the state has ${state.players}`);
    }
    this.restart(() => this.game.load(state));
    this.currentSeed = state.seed;
    this.clear();
    this.afterMove();
  }
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
  return new AgentEnv(readOptions(options), {}, null);
}
