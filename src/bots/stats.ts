/**
 * @internal Aggregating game records into a simulation result, always in game order, so that
 * the result does not depend on which thread played which game.
 * @module
 */
import type { GameRecord, SimulationTask } from './record.js';

/** Mean and spread of a quantity over games. */
export interface Spread {
  readonly mean: number;
  /** Population standard deviation. */
  readonly sd: number;
  readonly min: number;
  readonly max: number;
}

/** One bot entry's results in a {@link SimulationResult}. */
export interface BotResult {
  /** The bot's id (or the label of an in-process bot). */
  readonly id: string;
  /** Games won alone. */
  readonly wins: number;
  /** Games whose win it shared with others (RULES E3 left them tied). */
  readonly sharedWins: number;
  /** `wins / games`. */
  readonly winRate: number;
  /** Its final points over the games. */
  readonly score: Spread;
}

/** One seat's results in a {@link SimulationResult}. */
export interface SeatResult {
  readonly seat: number;
  readonly wins: number;
  readonly sharedWins: number;
}

/** What {@link simulate} returns. Identical for the same options whatever the number of workers. */
export interface SimulationResult {
  readonly players: number;
  readonly games: number;
  readonly seed: number | string;
  /** One entry per bot in the order given (the same id twice gives two entries). */
  readonly bots: readonly BotResult[];
  /** One entry per seat (bots rotate through the seats game by game). */
  readonly seats: readonly SeatResult[];
  /** Actions per game. */
  readonly length: Spread;
  /** Forfeits (RULES A7) per game. */
  readonly forfeits: Spread;
  /** Lots discarded unsold (RULES A4, A7) per game. */
  readonly lotsDiscarded: Spread;
}

class Running {
  private n = 0;
  private mean = 0;
  private m2 = 0;
  private min = Number.POSITIVE_INFINITY;
  private max = Number.NEGATIVE_INFINITY;
  add(x: number): void {
    this.n += 1;
    const d = x - this.mean;
    this.mean += d / this.n;
    this.m2 += d * (x - this.mean);
    if (x < this.min) this.min = x;
    if (x > this.max) this.max = x;
  }
  result(): Spread {
    if (this.n === 0) return { mean: 0, sd: 0, min: 0, max: 0 };
    return { mean: this.mean, sd: Math.sqrt(this.m2 / this.n), min: this.min, max: this.max };
  }
}

/** @internal Accumulates records; `add` may be called in any order, records are folded in game order. */
export class Aggregator {
  private next = 0;
  private readonly pending = new Map<number, GameRecord>();
  private readonly wins: number[];
  private readonly shared: number[];
  private readonly seatWins: number[];
  private readonly seatShared: number[];
  private readonly scores: Running[];
  private readonly length = new Running();
  private readonly forfeits = new Running();
  private readonly discarded = new Running();

  constructor(private readonly task: SimulationTask) {
    const n = task.players;
    this.wins = new Array<number>(n).fill(0);
    this.shared = new Array<number>(n).fill(0);
    this.seatWins = new Array<number>(n).fill(0);
    this.seatShared = new Array<number>(n).fill(0);
    this.scores = Array.from({ length: n }, () => new Running());
  }

  /** Games folded in so far. */
  get done(): number {
    return this.next;
  }

  add(record: GameRecord): void {
    this.pending.set(record.index, record);
    for (let r = this.pending.get(this.next); r !== undefined; r = this.pending.get(this.next)) {
      this.pending.delete(this.next);
      this.fold(r);
      this.next += 1;
    }
  }

  private fold(r: GameRecord): void {
    const alone = r.winners.length === 1;
    for (const seat of r.winners) {
      const e = r.entries[seat] as number;
      if (alone) {
        this.wins[e] = (this.wins[e] as number) + 1;
        this.seatWins[seat] = (this.seatWins[seat] as number) + 1;
      } else {
        this.shared[e] = (this.shared[e] as number) + 1;
        this.seatShared[seat] = (this.seatShared[seat] as number) + 1;
      }
    }
    r.entries.forEach((e, seat) => {
      (this.scores[e] as Running).add(r.points[seat] as number);
    });
    this.length.add(r.actions);
    this.forfeits.add(r.forfeits);
    this.discarded.add(r.lotsDiscarded);
  }

  result(): SimulationResult {
    const games = this.next;
    return {
      players: this.task.players,
      games,
      seed: this.task.seed,
      bots: this.task.bots.map((id, e) => ({
        id,
        wins: this.wins[e] as number,
        sharedWins: this.shared[e] as number,
        winRate: games === 0 ? 0 : (this.wins[e] as number) / games,
        score: (this.scores[e] as Running).result(),
      })),
      seats: this.seatWins.map((wins, seat) => ({ seat, wins, sharedWins: this.seatShared[seat] as number })),
      length: this.length.result(),
      forfeits: this.forfeits.result(),
      lotsDiscarded: this.discarded.result(),
    };
  }
}
