/**
 * @internal Aggregating game records into a simulation result, always in game order, so that
 * the result does not depend on which thread played which game.
 * @module
 */
import type { GameOutcome, SimulationTask } from './outcome.js';

/** Mean and spread of a quantity over games. @category Bots */
export interface Spread {
  readonly mean: number;
  /** Population standard deviation. */
  readonly sd: number;
  readonly min: number;
  readonly max: number;
}

/** One bot entry's results in a {@link SimulationResult}. @category Bots */
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

/** One seat's results in a {@link SimulationResult}. @category Bots */
export interface SeatResult {
  readonly seat: number;
  readonly wins: number;
  readonly sharedWins: number;
}

/** What {@link simulate} returns. Identical for the same options whatever the number of workers. @category Bots */
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

/**
 * Exact totals of an integer quantity over games (points, actions, forfeits): totals of any split
 * of the games add up to the totals of all of them, so shards merge into exactly the unsharded
 * result.
 * @category Bots
 */
export interface SpreadTotals {
  /** Number of games. */
  readonly n: number;
  /** Sum of the quantity. */
  readonly sum: number;
  /** Sum of its squares. */
  readonly sumSq: number;
  /** Smallest value, `null` with no games. */
  readonly min: number | null;
  /** Largest value, `null` with no games. */
  readonly max: number | null;
}

/**
 * Everything a simulation's result is computed from, as exact integer totals (plain JSON). Totals
 * of disjoint game ranges add up; `simulateShard` returns them and `mergeShards` adds them.
 * @category Bots
 */
export interface SimulationTotals {
  /** Games played. */
  readonly games: number;
  /** Per bot entry: games won alone. */
  readonly wins: readonly number[];
  /** Per bot entry: shared wins. */
  readonly sharedWins: readonly number[];
  /** Per seat: games won alone. */
  readonly seatWins: readonly number[];
  /** Per seat: shared wins. */
  readonly seatSharedWins: readonly number[];
  /** Per bot entry: final points. */
  readonly points: readonly SpreadTotals[];
  /** Actions per game. */
  readonly length: SpreadTotals;
  /** Forfeits per game. */
  readonly forfeits: SpreadTotals;
  /** Lots discarded per game. */
  readonly lotsDiscarded: SpreadTotals;
}

class Running {
  private n = 0;
  private sum = 0;
  private sumSq = 0;
  private min = Number.POSITIVE_INFINITY;
  private max = Number.NEGATIVE_INFINITY;
  add(x: number): void {
    this.n += 1;
    this.sum += x;
    this.sumSq += x * x;
    if (x < this.min) this.min = x;
    if (x > this.max) this.max = x;
  }
  addTotals(t: SpreadTotals): void {
    this.n += t.n;
    this.sum += t.sum;
    this.sumSq += t.sumSq;
    if (t.min !== null && t.min < this.min) this.min = t.min;
    if (t.max !== null && t.max > this.max) this.max = t.max;
  }
  totals(): SpreadTotals {
    return this.n === 0
      ? { n: 0, sum: 0, sumSq: 0, min: null, max: null }
      : { n: this.n, sum: this.sum, sumSq: this.sumSq, min: this.min, max: this.max };
  }
  result(): Spread {
    if (this.n === 0) return { mean: 0, sd: 0, min: 0, max: 0 };
    const mean = this.sum / this.n;
    // Integer sums are exact, so this depends only on the totals, never on how games were grouped.
    const variance = Math.max(0, (this.sumSq - this.sum * mean) / this.n);
    return { mean, sd: Math.sqrt(variance), min: this.min, max: this.max };
  }
}

function addInto(target: number[], add: readonly number[]): void {
  for (let i = 0; i < target.length; i++) target[i] = (target[i] as number) + (add[i] ?? 0);
}

/** @internal Accumulates records; `add` may be called in any order, records are folded in game order. */
export class Aggregator {
  private next = 0;
  private merged = 0;
  private readonly pending = new Map<number, GameOutcome>();
  private readonly wins: number[];
  private readonly shared: number[];
  private readonly seatWins: number[];
  private readonly seatShared: number[];
  private readonly scores: Running[];
  private readonly length = new Running();
  private readonly forfeits = new Running();
  private readonly discarded = new Running();

  /** @param first - the index of the first game to fold (a shard's first game). */
  constructor(
    private readonly task: SimulationTask,
    private readonly first = 0,
  ) {
    this.next = first;
    const n = task.players;
    this.wins = new Array<number>(n).fill(0);
    this.shared = new Array<number>(n).fill(0);
    this.seatWins = new Array<number>(n).fill(0);
    this.seatShared = new Array<number>(n).fill(0);
    this.scores = Array.from({ length: n }, () => new Running());
  }

  /** Games folded in so far. */
  get done(): number {
    return this.next - this.first;
  }

  add(record: GameOutcome): void {
    this.pending.set(record.index, record);
    for (let r = this.pending.get(this.next); r !== undefined; r = this.pending.get(this.next)) {
      this.pending.delete(this.next);
      this.fold(r);
      this.next += 1;
    }
  }

  private fold(r: GameOutcome): void {
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

  /** The exact totals of the games folded in so far. */
  totals(): SimulationTotals {
    return {
      games: this.done,
      wins: this.wins.slice(),
      sharedWins: this.shared.slice(),
      seatWins: this.seatWins.slice(),
      seatSharedWins: this.seatShared.slice(),
      points: this.scores.map((r) => r.totals()),
      length: this.length.totals(),
      forfeits: this.forfeits.totals(),
      lotsDiscarded: this.discarded.totals(),
    };
  }

  /** Adds the totals of other games (another shard's), as if they had been folded in here. */
  addTotals(t: SimulationTotals): void {
    this.merged += t.games;
    addInto(this.wins, t.wins);
    addInto(this.shared, t.sharedWins);
    addInto(this.seatWins, t.seatWins);
    addInto(this.seatShared, t.seatSharedWins);
    this.scores.forEach((r, e) => {
      const p = t.points[e];
      if (p) r.addTotals(p);
    });
    this.length.addTotals(t.length);
    this.forfeits.addTotals(t.forfeits);
    this.discarded.addTotals(t.lotsDiscarded);
  }

  result(): SimulationResult {
    const games = this.done + this.merged;
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
