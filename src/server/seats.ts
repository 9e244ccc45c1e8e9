/**
 * A match's seats: who holds each one (a person by token hash, a bot, or nobody), and the
 * changes a seat goes through: claimed, left, taken back with the token, reopened, handed to a
 * bot or given a new token by the creator. Pure functions on arrays of {@link SeatRecord}.
 * @module
 */
import { HostError } from '../protocol/errors.js';
import type { SeatKind } from '../protocol/lobby.js';
import { codePoints, hasVisible, textProblem } from './plain-text.js';
import type { SeatRecord } from './store/store.js';

/** The longest display name, in characters (Unicode code points). */
export const MAX_NAME_LENGTH = 40;

/** A seat nobody holds. */
export const OPEN_SEAT: SeatRecord = { name: null, tokenHash: null, bot: null, left: false };

/** A seat a bot plays. */
export function botSeat(bot: string): SeatRecord {
  return { name: `Bot (${bot})`, tokenHash: null, bot, left: false };
}

/** Who holds the seat: a bot, a person (seated, left or away), or nobody. */
export function kindOf(seat: SeatRecord): SeatKind {
  if (seat.bot !== null) return 'bot';
  return isOpen(seat) ? 'open' : 'person';
}

/** A person taking a seat: their name, their token's hash, the account an app bound them to, and when. */
export interface Taker {
  readonly name: string;
  readonly tokenHash: string;
  readonly account: string | null;
  readonly takenAt: number;
}

/** The seat record of a person who just took it. */
export function personSeat(t: Taker): SeatRecord {
  return t.account === null
    ? { name: t.name, tokenHash: t.tokenHash, bot: null, left: false, takenAt: t.takenAt }
    : { name: t.name, tokenHash: t.tokenHash, bot: null, left: false, account: t.account, takenAt: t.takenAt };
}

/** Whether nobody holds the seat (no person, no bot, nobody who left and may come back). */
export function isOpen(seat: SeatRecord): boolean {
  return seat.tokenHash === null && seat.bot === null && seat.name === null;
}

/**
 * Reads a display name from untrusted input: a string of 1 to {@link MAX_NAME_LENGTH}
 * characters after trimming, without control characters, with at least one that shows.
 *
 * @throws {@link HostError} `BAD_NAME`.
 */
export function parseName(input: unknown): string {
  if (input === undefined || input === null) throw new HostError('BAD_NAME', 'a display name is needed to join, such as { "name": "Ada" }');
  if (typeof input !== 'string') throw new HostError('BAD_NAME', 'a display name must be a string');
  const name = input.trim();
  if (name.length === 0) throw new HostError('BAD_NAME', 'a display name may not be blank (empty or only spaces)');
  const length = codePoints(name);
  if (length > MAX_NAME_LENGTH) {
    throw new HostError('BAD_NAME', `a display name has at most ${MAX_NAME_LENGTH} characters, not ${Math.min(length, 1e6)}`);
  }
  const problem = textProblem(name);
  if (problem !== null) throw new HostError('BAD_NAME', `a display name may not hold ${problem}`);
  if (!hasVisible(name))
    throw new HostError('BAD_NAME', 'a display name needs a character that shows (not only zero-width or invisible ones)');
  return name;
}

/** The seat whose token hash is `hash`, or -1. */
export function seatOfHash(seats: readonly SeatRecord[], hash: string): number {
  return seats.findIndex((s) => s.tokenHash === hash);
}

/**
 * The seats after a person claims one: `seat` if given (it must be open), else the first open seat.
 *
 * @throws {@link HostError} `NOT_FOUND` (no such seat), `SEAT_TAKEN`, `MATCH_FULL`.
 */
export function claimSeat(seats: readonly SeatRecord[], seat: number | null, taker: Taker): { seats: SeatRecord[]; seat: number } {
  let index = seat;
  if (index === null) {
    index = seats.findIndex(isOpen);
    if (index < 0) throw new HostError('MATCH_FULL', 'every seat of this match is taken');
  } else if (!Number.isInteger(index) || index < 0 || index >= seats.length) {
    throw new HostError('NOT_FOUND', `this match has seats 0 to ${seats.length - 1}`);
  } else if (!isOpen(seats[index] as SeatRecord)) {
    throw new HostError('SEAT_TAKEN', `seat ${index} is taken`);
  }
  const next = [...seats];
  next[index] = personSeat(taker);
  return { seats: next, seat: index };
}

/** The seats after the person at `seat` leaves (`left: true`) or comes back with the token (`left: false`). */
export function markLeft(seats: readonly SeatRecord[], seat: number, left: boolean): SeatRecord[] {
  const next = [...seats];
  next[seat] = { ...(seats[seat] as SeatRecord), left };
  return next;
}

/**
 * The seat the creator may change: one that is open, played by a bot, or whose player left or
 * has been away (no connection) longer than the host's set time (`away`); never a player who is
 * there.
 *
 * @throws {@link HostError} `NOT_FOUND`, `SEAT_TAKEN` (its player is there).
 */
export function recoverable(seats: readonly SeatRecord[], seat: number, away: boolean): SeatRecord {
  const current = seats[seat];
  if (!Number.isInteger(seat) || current === undefined) throw new HostError('NOT_FOUND', `this match has seats 0 to ${seats.length - 1}`);
  if (current.tokenHash !== null && !current.left && !away)
    throw new HostError('SEAT_TAKEN', `seat ${seat}'s player is there (they have not left, nor been away long enough)`);
  return current;
}

/**
 * The seats after the creator reopens `seat` (`bot` null) or hands it to a bot (see
 * {@link recoverable} for which seats). The old token stops working at once.
 *
 * @throws {@link HostError} `NOT_FOUND`, `SEAT_TAKEN` (its player is there).
 */
export function reassignSeat(seats: readonly SeatRecord[], seat: number, bot: string | null, away = false): SeatRecord[] {
  recoverable(seats, seat, away);
  const next = [...seats];
  next[seat] = bot === null ? OPEN_SEAT : botSeat(bot);
  return next;
}

/**
 * The seats after the creator gives `seat` a new token (see {@link recoverable} for which
 * seats): a person holds it again, under their old name (a bot's or an open seat's takes `name`,
 * else `Player N`). The old token stops working at once.
 *
 * @throws {@link HostError} `NOT_FOUND`, `SEAT_TAKEN` (its player is there).
 */
export function reissueSeat(
  seats: readonly SeatRecord[],
  seat: number,
  taker: Omit<Taker, 'name'> & { readonly name: string | null },
  away = false,
): SeatRecord[] {
  const current = recoverable(seats, seat, away);
  const kept = current.bot === null ? current.name : null;
  const next = [...seats];
  next[seat] = personSeat({ ...taker, name: taker.name ?? kept ?? `Player ${seat + 1}` });
  return next;
}
