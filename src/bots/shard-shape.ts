/**
 * @internal A shard of a simulation (its plan and totals) and its shape, checked before `mergeShards` adds it: a shard may come
 * from a file written elsewhere (or edited by hand), and a wrong shape must be refused with its
 * place named, not surface as a `TypeError` or, worse, as a table with wrong figures.
 * @module
 */
import type { PlayerCount, Variants } from '../index.js';
import type { SimulationTotals, SpreadTotals } from './stats.js';

/** What a sharded simulation plays as a whole: the same for every shard of it. @category Bots */
export interface SimulationPlan {
  readonly players: PlayerCount;
  /** Bot ids, one per entry (seats rotate game by game). */
  readonly bots: readonly string[];
  /** Games of the whole simulation, every shard together. */
  readonly games: number;
  readonly seed: number | string;
  readonly variants?: Partial<Variants>;
}

/** The part of a sharded simulation one run played: see {@link simulateShard}. Plain JSON. @category Bots */
export interface SimulationShard {
  readonly plan: SimulationPlan;
  /** This shard's number, `0 … shards-1`. */
  readonly shard: number;
  /** How many shards the simulation is split into. */
  readonly shards: number;
  /** First game index played (inclusive). */
  readonly from: number;
  /** Last game index played, exclusive. */
  readonly to: number;
  /** The exact totals of games `from … to-1`. */
  readonly totals: SimulationTotals;
}

type Fields = Record<string, unknown>;

function fail(where: string, message: string): never {
  throw new Error(`mergeShards: ${where}: ${message}`);
}

function object(value: unknown, where: string, name: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(where, `${name} is not an object`);
  return value as Fields;
}

function count(value: unknown, where: string, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    fail(where, `${name} is not a whole number ≥ 0 (got ${JSON.stringify(value) ?? String(value)})`);
  return value;
}

function counts(value: unknown, length: number, where: string, name: string): number[] {
  if (!Array.isArray(value) || value.length !== length) fail(where, `${name} is not a list of ${length} numbers`);
  return value.map((v: unknown, i) => count(v, where, `${name}[${i}]`));
}

function sum(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}

function whole(value: unknown, where: string, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) fail(where, `${name} is not a whole number`);
  return value;
}

function spread(value: unknown, games: number, where: string, name: string): SpreadTotals {
  const s = object(value, where, name);
  const n = count(s.n, where, `${name}.n`);
  if (n !== games) fail(where, `${name}.n is not its game count ${games}`);
  const total = whole(s.sum, where, `${name}.sum`);
  const sumSq = count(s.sumSq, where, `${name}.sumSq`);
  const min = s.min;
  const max = s.max;
  if (n === 0) {
    if (min !== null || max !== null) fail(where, `${name} has a min or max without games`);
    return { n, sum: total, sumSq, min: null, max: null };
  }
  const lo = whole(min, where, `${name}.min`);
  const hi = whole(max, where, `${name}.max`);
  if (lo > hi) fail(where, `${name}.min is above its max`);
  return { n, sum: total, sumSq, min: lo, max: hi };
}

/**
 * @internal Checks a shard's plan and totals and returns a plain copy of what it read (each field
 * is read once): the plan's players (2–5), one bot id per player, its games and seed; totals with
 * one figure per player in each list, spreads over exactly the shard's games (each bot entry plays
 * one seat of every game), and no more wins than games.
 * @throws `Error` naming the shard and the field.
 */
export function checkShardShape(part: unknown, index: number): SimulationShard {
  const s = object(part, `shard #${index + 1} given`, 'the shard');
  const shard = s.shard;
  const where = typeof shard === 'number' ? `shard ${shard}` : `shard #${index + 1} given`;
  const p = object(s.plan, where, 'plan');
  const players = p.players;
  if (players !== 2 && players !== 3 && players !== 4 && players !== 5) fail(where, 'plan.players is not 2, 3, 4 or 5');
  const bots = p.bots;
  if (!Array.isArray(bots) || bots.length !== players) fail(where, `plan.bots is not a list of ${players} bot ids`);
  const ids = bots.map((b: unknown) => (typeof b === 'string' ? b : fail(where, 'plan.bots holds something that is not a bot id')));
  const planned = count(p.games, where, 'plan.games');
  if (planned < 1) fail(where, 'plan.games is 0');
  const seed = p.seed;
  if (typeof seed !== 'string' && (typeof seed !== 'number' || !Number.isFinite(seed)))
    fail(where, 'plan.seed is not a string or a finite number');
  const variants = p.variants;
  const plan: SimulationPlan = {
    players,
    bots: ids,
    games: planned,
    seed,
    ...(variants === undefined ? {} : { variants: JSON.parse(JSON.stringify(object(variants, where, 'plan.variants'))) }),
  };
  const t = object(s.totals, where, 'totals');
  const games = count(t.games, where, 'totals.games');
  const wins = counts(t.wins, players, where, 'totals.wins');
  const sharedWins = counts(t.sharedWins, players, where, 'totals.sharedWins');
  const seatWins = counts(t.seatWins, players, where, 'totals.seatWins');
  const seatSharedWins = counts(t.seatSharedWins, players, where, 'totals.seatSharedWins');
  const alone = sum(wins);
  if (alone > games || sum(seatWins) !== alone) fail(where, 'totals.wins and totals.seatWins do not fit its games');
  if (sharedWins.some((w) => w > games) || sum(seatSharedWins) !== sum(sharedWins))
    fail(where, 'totals.sharedWins and totals.seatSharedWins do not fit its games');
  const points = t.points;
  if (!Array.isArray(points) || points.length !== players) fail(where, `totals.points is not a list of ${players} spreads`);
  const shards = count(s.shards, where, 'shards');
  if (shards < 1 || shards > planned) fail(where, `shards is not a number from 1 to plan.games (${planned})`);
  return {
    plan,
    shard: count(shard, where, 'shard'),
    shards,
    from: count(s.from, where, 'from'),
    to: count(s.to, where, 'to'),
    totals: {
      games,
      wins,
      sharedWins,
      seatWins,
      seatSharedWins,
      points: points.map((x: unknown, i) => spread(x, games, where, `totals.points[${i}]`)),
      length: spread(t.length, games, where, 'totals.length'),
      forfeits: spread(t.forfeits, games, where, 'totals.forfeits'),
      lotsDiscarded: spread(t.lotsDiscarded, games, where, 'totals.lotsDiscarded'),
    },
  };
}
