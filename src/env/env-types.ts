/**
 * The shape of the agent loop (`createEnv`): one game, one agent acting at a time, in the style
 * of PettingZoo's AEC API.
 * @module
 */
import type { Action, GameSave, GameState, PlayerCount, Score } from '../index.js';

/** A seat's observation and legal-action mask. */
export interface AgentObservation {
  /** `OBSERVATION_SIZE[players]` numbers, computed from the seat's view (see `docs/env.md`). */
  readonly observation: Float32Array;
  /** `ACTION_COUNT` entries: 1 where the action index is legal for this seat now, else 0. */
  readonly mask: Uint8Array;
}

/** What {@link Env.last} says besides the observation: the step count and, at the end, the result. */
export interface StepInfo {
  /** The agent to act, `null` once the game is over. */
  readonly agent: number | null;
  /** Actions you applied since the last reset (the bots' actions not counted). */
  readonly steps: number;
  /** Each seat's final points once the game is over, else `null`. */
  readonly points: readonly number[] | null;
  /** The winners once the game is over, else `null`. */
  readonly winners: readonly number[] | null;
}

/** What {@link Env.last} returns: the acting agent's observation, mask, reward, termination, truncation and info. */
export interface LastStep extends AgentObservation {
  /** The agent's reward since it last acted (non-zero only once the game is over). */
  readonly reward: number;
  /** Whether the game is over. */
  readonly termination: boolean;
  /** Always `false`: every game ends by the rules (RULES A8), none is cut short. */
  readonly truncation: boolean;
  /** The step count, and the final points and winners once the game is over. */
  readonly info: StepInfo;
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
  /** Whether each agent is truncated: always all `false` (every game ends by the rules). */
  readonly truncations: readonly boolean[];
  /** Actions you applied since the last reset (with `bots`, their actions are not counted). */
  readonly steps: number;
  /** The seed of the current game (`undefined` when it was drawn from `crypto`). */
  readonly seed: number | string | undefined;
  /**
   * **Privileged**: the full game state, hidden cards included, as a fresh copy each time it is
   * read. For logging, saving and analysis only: never build an observation from it (that is
   * what {@link Env.observe} is for), and keep it out of hot loops.
   */
  readonly state: GameState;
  /**
   * Starts a new game. Without a seed: the next game of the run (game `k + 1` after game `k`; see
   * `EnvOptions.seed`), never one already played. With a seed: a new run from that seed, whose
   * game 0 has exactly this seed. `createBatchEnv`'s `reset` means the same for every game of
   * the batch, and so do the Python wrappers.
   */
  reset(seed?: number | string): void;
  /** The observation and mask of `agent` (a mask of zeros unless it is `agent`'s turn), in new arrays. */
  observe(agent: number): AgentObservation;
  /** Writes `agent`'s observation and mask into arrays you own (each from index 0), for loops that allocate nothing. */
  observeInto(agent: number, observation: Float32Array, mask: Uint8Array): void;
  /**
   * `agent`'s information state: every token of what it saw since the game began, in order
   * (perfect recall; see `INFO_TOKENS`), built only from what the seat was shown. Needs the
   * option `infoState: true`.
   * @throws `RulesError` `INVALID_OPTIONS` when the environment does not record information states.
   */
  infoState(agent: number): Int16Array;
  /**
   * **Privileged**: `agent`'s global state (`encodeGlobalState`): its observation, then every
   * hidden card. For a centralised critic during training, never for an actor.
   */
  globalState(agent: number): Float32Array;
  /** The acting agent's observation and mask, reward, termination, truncation and info; after the end, agent 0's. */
  last(): LastStep;
  /**
   * Plays action index `action` for the agent to act (then, with `bots`, the bots play).
   * @throws `RulesError` `MALFORMED_ACTION` for an index outside `0 … ACTION_COUNT − 1`,
   * `ILLEGAL_ACTION` (or another code of `apply`) when it is not legal now, `GAME_OVER` after
   * the end; when a bot then chooses an action the game refuses, the `RulesError` naming its seat
   * (an error a bot throws itself goes on as it is). The game is unchanged when it throws.
   */
  step(action: number): void;
  /** The action an index means for the agent to act now (to log or show it). */
  actionOf(action: number): Action;
  /** The score: final once the game is over, a projection before (RULES E4). */
  score(): Score;
  /**
   * A new, independent environment in exactly this position: the game, the rewards, the step
   * count, the run's next seeds, the information states and the bots' random stream (OpenSpiel's
   * `clone`). Play it on to look ahead; this environment does not move.
   */
  clone(): Env;
  /**
   * Puts this environment back in the position of `from`, an environment from this one's
   * {@link Env.clone} (or a clone of a clone): everything `clone` copies.
   * @throws `RulesError` `INVALID_OPTIONS` when `from` is not a clone of this environment.
   */
  restore(from: Env): void;
  /**
   * **Privileged**: continues from a game state or save (`GameState`, `toSave`'s object or
   * `serialize`'s text), checked like `deserialize`. The rewards and step count start again; the
   * information states start at the loaded position with a `resumed` token (what came before is
   * unknown). Meant for analysis, tests and search from a known position: a state holds every
   * hidden card.
   * @throws `RulesError` `INVALID_SAVE` for anything that is not a valid state of this player count.
   */
  load(save: GameState | GameSave | string): void;
}
