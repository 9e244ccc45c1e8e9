/**
 * @internal One game the environment drives: reset by seed, step by action index, write the
 * observation and the mask of a seat. The single place that knows how the game is advanced: the
 * in-place simulator (`for-the-king-and-me/sim`), which plays the rules' own transitions on a
 * state it owns.
 * @module
 */
import type { GameState, PlayerCount, Score, Variants } from '../index.js';
import { ACTION_IDS_PER_PLAYER, createGame, RulesError } from '../index.js';
import type { Simulator } from '../sim/index.js';
import { createSimulator } from '../sim/index.js';
import { encodeSeat } from './encode-state.js';
import { ACTION_COUNT } from './mask.js';

/** @internal A game driven by action indexes. */
export class Driver {
  private readonly sim: Simulator;
  /** position[index]: where action index `index` is in the legal list now, -1 if it is not legal. */
  private readonly position = new Int16Array(ACTION_COUNT).fill(-1);
  /** Whether `position` describes the current state. */
  private positioned = false;

  /**
   * @param players - the player count.
   * @param variants - rule variants (RULES V).
   */
  constructor(
    readonly players: PlayerCount,
    variants: Partial<Variants> | undefined,
    seed: number | string | undefined,
  ) {
    const first = createGame({
      players,
      ...(seed === undefined ? {} : { seed }),
      ...(variants === undefined ? {} : { variants }),
    });
    // The variants as the first game read them (checked, defaults filled in): later games use
    // these, whatever happens to the caller's object afterwards.
    this.variants = first.variants;
    this.sim = createSimulator(first);
  }

  /** The rule variants of every game. */
  readonly variants: Variants;

  private create(seed: number | string | undefined): GameState {
    return createGame({ players: this.players, ...(seed === undefined ? {} : { seed }), variants: this.variants });
  }

  /** The current state, as a fresh copy. */
  get state(): GameState {
    return this.sim.toState();
  }

  /** Starts a new game. */
  reset(seed: number | string | undefined): void {
    this.sim.load(this.create(seed));
    this.positioned = false;
  }

  /** The seat to move, -1 when the game is over. */
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

  /** Applies the action with index `index` (0 … ACTION_COUNT − 1) for the seat to move; throws and changes nothing if it is not legal. */
  step(index: number): void {
    const s = this.sim.peek();
    if (s.step === 'over') throw new RulesError('GAME_OVER', 'the game is over: reset the environment');
    if (!Number.isInteger(index) || index < 0 || index >= ACTION_COUNT) {
      throw new RulesError('MALFORMED_ACTION', `an action index is an integer from 0 to ${ACTION_COUNT - 1}, got ${String(index)}`);
    }
    if (!this.positioned) this.locate(null, 0);
    const i = this.position[index] as number;
    // Not legal now: the checked path throws the library's own error (WRONG_STEP, ILLEGAL_ACTION …) and changes nothing.
    if (i < 0) this.sim.applyId(s.toMove * ACTION_IDS_PER_PLAYER + index);
    else this.sim.applyIndex(i);
    this.positioned = false;
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

  /** The score (final once the game is over). */
  score(): Score {
    return this.sim.score();
  }
}
