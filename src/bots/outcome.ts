/**
 * @internal One game of a simulation, played from its index alone so that any thread can play it.
 * @module
 */
import type { PlayerCount, Variants } from '../index.js';
import { score } from '../index.js';
import type { ModuleRef } from './module.js';
import { playGame } from './play.js';
import type { Bot } from './types.js';

/** @internal What a simulation plays: everything a worker needs to replay any game of it. */
export interface SimulationTask {
  readonly players: PlayerCount;
  /** Bot ids (or labels of in-process bots), one per entry; as many as `players`. */
  readonly bots: readonly string[];
  readonly seed: number | string;
  readonly variants?: Partial<Variants>;
  /** Where each entry's bot comes from when some are module bots: a bot id or a module reference. */
  readonly sources?: readonly (string | ModuleRef)[];
}

/** @internal The outcome of one game. */
export interface GameOutcome {
  readonly index: number;
  /** The bot entry (index into `task.bots`) sitting at each seat. */
  readonly entries: readonly number[];
  /** Points per seat. */
  readonly points: readonly number[];
  /** Winning seats (several on a shared win). */
  readonly winners: readonly number[];
  readonly actions: number;
  readonly forfeits: number;
  readonly lotsDiscarded: number;
}

/** @internal The entry at each seat in game `index`: seats rotate by one each game. */
export function seating(players: number, index: number): number[] {
  return Array.from({ length: players }, (_, s) => (s + index) % players);
}

/** @internal The game an error of a simulation was thrown in: its index and seed, enough to replay it. */
export interface FailedGame {
  readonly index: number;
  readonly seed: string;
}

/**
 * Marks an error thrown while playing game `game` with a `game` field (enumerable, so that it is
 * printed and crosses to the parent thread): only an `Error` that has no own `game` yet and can
 * take one; a thrown value that is not an `Error` is left as it is.
 */
function markGame(e: unknown, game: FailedGame): void {
  if (!(e instanceof Error) || Object.hasOwn(e, 'game') || !Object.isExtensible(e)) return;
  try {
    Object.defineProperty(e, 'game', { value: game, enumerable: true, writable: true, configurable: true });
  } catch {
    // A proxy that refuses the field: the error passes as it is.
  }
}

/**
 * @internal Plays game `index` of `task` with `bots[e]` for entry `e`. An `Error` thrown on the
 * way gets a `game` field, `{ index, seed }` (see {@link FailedGame}).
 */
export function playRecorded(task: SimulationTask, bots: readonly Bot[], index: number): GameOutcome {
  const entries = seating(task.players, index);
  const seed = `${String(task.seed)}:${index}`;
  let played: ReturnType<typeof playGame>;
  try {
    played = playGame({
      players: task.players,
      seed,
      ...(task.variants ? { variants: task.variants } : {}),
      bots: entries.map((e) => bots[e] as Bot),
    });
  } catch (e) {
    markGame(e, { index, seed });
    throw e;
  }
  const { state, actions } = played;
  const s = score(state);
  return {
    index,
    entries,
    points: s.points,
    winners: s.winners,
    actions: actions.length,
    forfeits: state.forfeits,
    lotsDiscarded: state.lotsDiscarded,
  };
}
