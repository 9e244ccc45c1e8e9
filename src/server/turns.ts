/**
 * Moves the host makes itself: a bot seat's move, and the move of a seat whose turn time ran
 * out (`heuristicBot`'s choice). Both are deadlines in the store, so that with several hosts on
 * one database each is played once; both are chosen from the seat's view with a generator
 * seeded by (match, seq), so whichever host plays it, the move is the same.
 * @module
 */
import { botFromId, botRandom } from '../bots/index.js';
import { type Action, currentPlayer, type GameState, view } from '../index.js';
import type { Clock } from '../protocol/server-messages.js';
import { isStarted, turnTimeSetAtOf } from './record-fields.js';
import type { Deadline, LogEntry, MatchRecord } from './store/store.js';

/** When the turn of a person (or an open seat) runs out: `turnTimeMs` after the later of the last action and the last change of the turn time. */
function turnEnds(match: MatchRecord, lastAt: number): number | null {
  return match.turnTimeMs === null ? null : Math.max(lastAt, turnTimeSetAtOf(match)) + match.turnTimeMs;
}

/**
 * The deadline the position after `seq` actions calls for: at `lastAt` (the time of the last
 * action) when a bot is to move, when the turn time runs out under a turn time limit, else none
 * (none either before a fair match's deal is made). The same position always gives the same
 * deadline, so setting it again is harmless.
 */
export function deadlineFor(match: MatchRecord, state: GameState, seq: number, lastAt: number): Deadline | null {
  if (!isStarted(match)) return null;
  const p = currentPlayer(state);
  if (p === null) return null;
  const seat = match.seats[p];
  if (seat?.bot != null) return { matchId: match.id, seq: seq + 1, at: lastAt };
  const ends = turnEnds(match, lastAt);
  return ends === null ? null : { matchId: match.id, seq: seq + 1, at: ends };
}

/** The turn's clock for the clients: when the person to move runs out of time, and how long is left at `now`. */
export function clockOf(match: MatchRecord, state: GameState, lastAt: number, now: number): Clock {
  const p = isStarted(match) ? currentPlayer(state) : null;
  const ends = p === null || match.seats[p]?.bot != null ? null : turnEnds(match, lastAt);
  return ends === null ? { deadline: null, remainingMs: null } : { deadline: ends, remainingMs: Math.max(0, ends - now) };
}

/** A move the host is to make: which bot chooses it, for which seat, with which generator seed. */
export interface HostTurn {
  /** The bot id that chooses (a timed-out seat's move is `'heuristic'`'s). */
  readonly bot: string;
  readonly player: number;
  /** The seed of the bot's generator: the match and the seq, so every host chooses the same. */
  readonly seed: string;
  readonly by: LogEntry['by'];
}

/**
 * The move the host is to make at a deadline, or `null` when none is due (the game is over, or a
 * person is to move and their time has not run out).
 */
export function hostTurn(match: MatchRecord, state: GameState, seq: number, lastAt: number, now: number): HostTurn | null {
  if (!isStarted(match)) return null;
  const p = currentPlayer(state);
  if (p === null) return null;
  const seat = match.seats[p];
  const seed = `${match.id}:${seq + 1}`;
  if (seat?.bot != null) return { bot: seat.bot, player: p, seed, by: 'bot' };
  const ends = turnEnds(match, lastAt);
  if (ends !== null && now >= ends) return { bot: 'heuristic', player: p, seed, by: 'timer' };
  return null;
}

/** The move the host plays at a deadline, chosen here (see {@link hostTurn}), or `null` when none is due. */
export function hostMove(
  match: MatchRecord,
  state: GameState,
  seq: number,
  lastAt: number,
  now: number,
): { action: Action; by: LogEntry['by'] } | null {
  const t = hostTurn(match, state, seq, lastAt, now);
  if (t === null) return null;
  return { action: botFromId(t.bot)(view(state, t.player), botRandom(t.seed)), by: t.by };
}
