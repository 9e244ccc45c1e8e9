/**
 * @internal One game the environment drives: reset by seed, step by action index, write the
 * observation, mask, information state and global state of a seat. The single place that knows
 * how the game is advanced: the in-place simulator (`for-the-king-and-me/sim`), which plays the
 * rules' own transitions on a state it owns. Seats given to bots are played here too.
 * @module
 */
import type { Bot } from '../bots/index.js';
import type { GameState, PlayerCount, Score, Variants } from '../index.js';
import { ACTION_IDS_PER_PLAYER, actionId, createGame, RulesError, view } from '../index.js';
import type { Simulator } from '../sim/index.js';
import { createSimulator } from '../sim/index.js';
import { SeatRandom } from './bot-seats.js';
import { encodeSeat } from './encode-state.js';
import { writeGlobalState } from './global-state.js';
import { History } from './history.js';
import { ACTION_COUNT } from './mask.js';

/** @internal What a driver keeps beside the game. */
export interface DriverOptions {
  /** Record every seat's information state. */
  readonly history: boolean;
  /** Seats played by bots (`null` for the caller's seats), or `null` for none. */
  readonly bots: readonly (Bot | null)[] | null;
}

/** @internal A game driven by action indexes. */
export class Driver {
  private readonly sim: Simulator;
  /** position[index]: where action index `index` is in the legal list now, -1 if it is not legal. */
  private readonly position = new Int16Array(ACTION_COUNT).fill(-1);
  /** Whether `position` describes the current state. */
  private positioned = false;
  /** Every seat's information state, when recorded. */
  readonly history: History | null;
  private readonly bots: readonly (Bot | null)[] | null;
  private readonly random = new SeatRandom();
  /**
   * The teacher's random stream ({@link Driver.advise}): seeded from the game's own seed when the
   * teacher first advises in a game, so a game's labels depend on that game alone (not on other
   * games of a batch, nor on how many games came before).
   */
  private readonly teacherRandom = new SeatRandom();
  /** Whether `teacherRandom` has been seeded for the current game. */
  private teacherSeeded = false;
  /** With bots: the game as {@link Driver.mark} saved it, for {@link Driver.rollback}; `null` without bots. */
  private readonly saved: Driver | null;

  /**
   * @param players - the player count.
   * @param variants - rule variants (RULES V), checked and in full (`readOptions`).
   */
  constructor(
    readonly players: PlayerCount,
    variants: Variants,
    seed: number | string | undefined,
    options: DriverOptions,
  ) {
    const first = createGame({ players, ...(seed === undefined ? {} : { seed }), variants });
    // The variants as the first game holds them: frozen, so every later game plays these.
    this.variants = first.variants;
    this.sim = createSimulator(first);
    this.history = options.history ? new History(players) : null;
    this.bots = options.bots;
    // Only a bot can fail once the caller's action is known legal: without bots there is nothing to roll back.
    this.saved = options.bots === null ? null : new Driver(players, first.variants, seed, { history: options.history, bots: null });
    this.started(first, false);
  }

  /** The rule variants of every game (frozen). */
  readonly variants: Variants;

  /** The current state, as a fresh copy. */
  get state(): GameState {
    return this.sim.toState();
  }

  /** After a new or loaded game: the history starts, and bots play until a caller's seat is to move. */
  private started(s: GameState, resumed: boolean): void {
    this.positioned = false;
    this.teacherSeeded = false;
    this.history?.start(this.sim.peek(), resumed);
    if (this.bots !== null) {
      this.random.seed(`${String(s.seed)}/bots/${s.moveCount}`);
      this.playBots();
    }
  }

  /** Starts a new game. */
  reset(seed: number | string | undefined): void {
    const s = createGame({ players: this.players, ...(seed === undefined ? {} : { seed }), variants: this.variants });
    this.sim.load(s);
    this.started(s, false);
  }

  /** **Privileged**: makes the game `state` (already checked), with a history that starts there. */
  load(state: GameState): void {
    if (state.players !== this.players) {
      throw new RulesError('INVALID_SAVE', `this environment plays ${this.players} players, the state has ${state.players}`);
    }
    this.sim.load(state);
    this.started(state, true);
  }

  /** The seat to move (a caller's seat when bots play the others), -1 when the game is over. */
  toMove(): number {
    return this.sim.peek().toMove;
  }

  /** Fills `position` from the simulator's legal list (and the mask at `offset` of `mask`, if given). */
  private locate(mask: Uint8Array | null, offset: number): void {
    const position = this.position;
    position.fill(-1);
    const base = this.sim.peek().toMove * ACTION_IDS_PER_PLAYER;
    const count = this.sim.legalCount();
    for (let i = 0; i < count; i++) {
      const index = this.sim.legalIdAt(i) - base;
      position[index] = i;
      if (mask !== null) mask[offset + index] = 1;
    }
    this.positioned = true;
  }

  /** Whether `index` (any value) is a legal action index for the seat to move now. */
  isLegal(index: unknown): boolean {
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= ACTION_COUNT) return false;
    if (this.sim.peek().step === 'over') return false;
    if (!this.positioned) this.locate(null, 0);
    return (this.position[index] as number) >= 0;
  }

  /**
   * With bots, saves the game (state, history and random streams) for {@link Driver.rollback}:
   * `step` does it itself, a caller does it before `reset` or `load`. Without bots, does nothing.
   */
  mark(): void {
    this.saved?.copyFrom(this);
  }

  /** With bots, returns to the game as the last {@link Driver.mark} (or `step`) saved it. */
  rollback(): void {
    if (this.saved !== null) this.copyFrom(this.saved);
  }

  /**
   * Applies the action with index `index` (0 … ACTION_COUNT − 1) for the seat to move, then lets
   * the bots play; throws and changes nothing if it is not legal, or if a bot fails (the game is
   * rolled back to before the action, which stays marked: see {@link Driver.rollback}).
   */
  step(index: number): void {
    const s = this.sim.peek();
    if (s.step === 'over') throw new RulesError('GAME_OVER', 'the game is over: reset the environment');
    if (!Number.isInteger(index) || index < 0 || index >= ACTION_COUNT) {
      throw new RulesError('MALFORMED_ACTION', `an action index is an integer from 0 to ${ACTION_COUNT - 1}, got ${String(index)}`);
    }
    if (!this.positioned) this.locate(null, 0);
    const i = this.position[index] as number;
    const actor = s.toMove;
    this.mark();
    // Not legal now: the checked path throws the library's own error (WRONG_STEP, ILLEGAL_ACTION …) and changes nothing.
    if (i < 0) this.sim.applyId(actor * ACTION_IDS_PER_PLAYER + index);
    else this.sim.applyIndex(i);
    this.positioned = false;
    this.history?.after(actor, index, this.sim.peek());
    if (this.bots === null) return;
    try {
      this.playBots();
    } catch (e) {
      this.rollback();
      throw e;
    }
  }

  /**
   * Lets the bots play while one of their seats is to move. A bot's action the game refuses is a
   * `RulesError` naming the seat; an error the bot throws itself goes on as it is.
   */
  private playBots(): void {
    const bots = this.bots as readonly (Bot | null)[];
    for (;;) {
      const s = this.sim.peek();
      const p = s.toMove;
      if (p < 0) return;
      const bot = bots[p];
      if (bot === null || bot === undefined) return;
      const action = bot(view(s, p), this.random);
      let index: number;
      try {
        index = actionId(action, this.players) - p * ACTION_IDS_PER_PLAYER;
        this.sim.apply(action);
      } catch (e) {
        if (e instanceof RulesError) throw new RulesError(e.code, `the bot on seat ${p}: ${e.message}`);
        throw e;
      }
      this.positioned = false;
      this.history?.after(p, index, this.sim.peek());
    }
  }

  /**
   * The action index `bot` would choose for the seat to move, from that seat's view (the game does
   * not move), or -1 when the game is over. The bot's random stream is this game's, seeded from
   * its seed: the same game played the same way gets the same advice.
   */
  advise(bot: Bot): number {
    const s = this.sim.peek();
    const p = s.toMove;
    if (p < 0) return -1;
    if (!this.teacherSeeded) {
      this.teacherRandom.seed(`${String(s.seed)}/teacher/${s.moveCount}`);
      this.teacherSeeded = true;
    }
    return actionId(bot(view(s, p), this.teacherRandom), this.players) - p * ACTION_IDS_PER_PLAYER;
  }

  /** Writes `seat`'s observation at `offset`. */
  observe(seat: number, out: Float32Array, offset: number): void {
    encodeSeat(this.sim.peek(), seat, out, offset);
  }

  /** Writes `seat`'s mask at `offset` (zeros unless the seat is to move). */
  mask(seat: number, out: Uint8Array, offset: number): void {
    out.fill(0, offset, offset + ACTION_COUNT);
    if (seat === this.sim.peek().toMove) this.locate(out, offset);
  }

  /** **Privileged**: writes `seat`'s global state at `offset`. */
  globalState(seat: number, out: Float32Array, offset: number): void {
    writeGlobalState(this.sim.peek(), seat, out, offset);
  }

  /** The score (final once the game is over). */
  score(): Score {
    return this.sim.score();
  }

  /** Makes this driver the same game as `other` (same player count and options), history and bots' stream included. */
  copyFrom(other: Driver): void {
    this.sim.copyFrom(other.sim);
    this.positioned = false;
    if (this.history !== null && other.history !== null) this.history.copyFrom(other.history);
    this.random.copyFrom(other.random);
    this.teacherRandom.copyFrom(other.teacherRandom);
    this.teacherSeeded = other.teacherSeeded;
  }
}
