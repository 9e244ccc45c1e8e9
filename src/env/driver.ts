/**
 * @internal One game the environment drives: reset by seed, step by action index, write the
 * observation and the mask of a seat. The single place that knows how the game is advanced.
 * @module
 */
import type { GameState, PlayerCount, Score, Variants } from '../index.js';
import { ACTION_IDS_PER_PLAYER, actionFromId, apply, createGame, legalActions, RulesError, score } from '../index.js';
import { encodeSeat } from './encode-state.js';
import { ACTION_COUNT, writeMask } from './mask.js';

/** @internal A game driven by action indexes. */
export class Driver {
  /** The current state. */
  state: GameState;

  /**
   * @param players - the player count.
   * @param variants - rule variants (RULES V).
   */
  constructor(
    readonly players: PlayerCount,
    readonly variants: Partial<Variants> | undefined,
    seed: number | string | undefined,
  ) {
    this.state = this.create(seed);
  }

  private create(seed: number | string | undefined): GameState {
    return createGame({
      players: this.players,
      ...(seed === undefined ? {} : { seed }),
      ...(this.variants === undefined ? {} : { variants: this.variants }),
    });
  }

  /** Starts a new game. */
  reset(seed: number | string | undefined): void {
    this.state = this.create(seed);
  }

  /** The seat to move, -1 when the game is over. */
  toMove(): number {
    return this.state.toMove;
  }

  /** Applies the action with index `index` (0 … ACTION_COUNT − 1) for the seat to move; throws and changes nothing if it is not legal. */
  step(index: number): void {
    const s = this.state;
    if (s.step === 'over') throw new RulesError('GAME_OVER', 'the game is over: reset the environment');
    if (!Number.isInteger(index) || index < 0 || index >= ACTION_COUNT) {
      throw new RulesError('MALFORMED_ACTION', `an action index is an integer from 0 to ${ACTION_COUNT - 1}, got ${String(index)}`);
    }
    this.state = apply(s, actionFromId(s.toMove * ACTION_IDS_PER_PLAYER + index, this.players));
  }

  /** Writes `seat`'s observation at `offset`. */
  observe(seat: number, out: Float32Array, offset: number): void {
    encodeSeat(this.state, seat, out, offset);
  }

  /** Writes `seat`'s mask at `offset` (zeros unless the seat is to move). */
  mask(seat: number, out: Uint8Array, offset: number): void {
    if (seat === this.state.toMove) writeMask(legalActions(this.state), out, offset);
    else out.fill(0, offset, offset + ACTION_COUNT);
  }

  /** The score (final once the game is over). */
  score(): Score {
    return score(this.state);
  }
}
