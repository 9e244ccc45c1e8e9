/**
 * The fields a {@link MatchRecord} gained with games between friends, read with their defaults:
 * a record written before them is a public match with a seat chat, dealt at its creation, with
 * no commitment, no invite and no rematch.
 * @module
 */
import type { ChatPolicy, Visibility } from '../protocol/lobby.js';
import type { MatchRecord, SeatRecord } from './store/store.js';

/** Whether the match is listed in the lobby (`'public'`) or reached through its invite link. */
export function visibilityOf(m: MatchRecord): Visibility {
  return m.visibility ?? 'public';
}

/** Who may write in the match's chat. */
export function chatOf(m: MatchRecord): ChatPolicy {
  return m.chat ?? 'seats';
}

/** When the deal was made: `null` while a fair match waits for its seats; a record without the field was dealt at creation. */
export function startedAtOf(m: MatchRecord): number | null {
  if (m.startedAt !== undefined) return m.startedAt;
  return m.fairness ? null : m.createdAt;
}

/** Whether the deal was made (a game state exists). */
export function isStarted(m: MatchRecord): boolean {
  return startedAtOf(m) !== null;
}

/** When the turn time was last set: a turn's clock starts at the later of this and the last action. */
export function turnTimeSetAtOf(m: MatchRecord): number {
  return m.turnTimeSetAt ?? m.createdAt;
}

/** When the seat was last taken (a record without it: the match's creation). */
export function takenAtOf(m: MatchRecord, seat: SeatRecord): number {
  return seat.takenAt ?? m.createdAt;
}
