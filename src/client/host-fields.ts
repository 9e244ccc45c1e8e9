/**
 * The fields a host sends besides the game (a `welcome`'s, and the `seats`, `clock`, `chat` and
 * `next` messages'), checked before anything is taken from them: a message with one malformed
 * is refused whole (`BAD_MESSAGE`), so that a refused welcome changes nothing.
 * @module
 */
import type { ChatLine, SeatSummary } from '../protocol/lobby.js';
import { isPlainObject } from '../protocol/plain.js';
import type { RematchState, WelcomeMessage } from '../protocol/server-messages.js';
import { ClientError } from './errors.js';

const KINDS: readonly unknown[] = ['person', 'bot', 'open'];

function bad(what: string): ClientError {
  return new ClientError('BAD_MESSAGE', what);
}

const isText = (x: unknown): x is string => typeof x === 'string';
const isTextOrNull = (x: unknown): boolean => x === null || typeof x === 'string';
const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const isSeatNumber = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;

/**
 * @internal Checks the seats a host sent (a `welcome`'s or a `seats` message's) before they are
 * taken, so that `names` and `connected` read every one.
 * @throws {@link ClientError} `BAD_MESSAGE`.
 */
export function checkSeats(seats: unknown): asserts seats is readonly SeatSummary[] {
  const seat = (s: unknown): boolean =>
    isPlainObject(s) && (s.name === null || typeof s.name === 'string') && typeof s.connected === 'boolean' && KINDS.includes(s.kind);
  if (!Array.isArray(seats) || !seats.every(seat)) throw bad('malformed seats');
}

/**
 * @internal Checks a turn time (a `welcome`'s or a `clock` message's): `null` or milliseconds.
 * @throws {@link ClientError} `BAD_MESSAGE`.
 */
export function checkTurnTime(turnTimeMs: unknown): asserts turnTimeMs is number | null {
  if (turnTimeMs !== null && !(isNumber(turnTimeMs) && turnTimeMs >= 0)) throw bad('malformed turnTimeMs');
}

/**
 * @internal Checks chat lines (a `welcome`'s, or a `chat` message's one): each `{ n, at, from, name, text }`.
 * @throws {@link ClientError} `BAD_MESSAGE`.
 */
export function checkChat(lines: unknown): asserts lines is readonly ChatLine[] {
  const line = (l: unknown): boolean =>
    isPlainObject(l) &&
    isSeatNumber(l.n) &&
    isNumber(l.at) &&
    (isSeatNumber(l.from) || l.from === 'spectator' || l.from === 'host') &&
    isTextOrNull(l.name) &&
    isText(l.text) &&
    (l.notice === undefined || isPlainObject(l.notice));
  if (!Array.isArray(lines) || !lines.every(line)) throw bad('malformed chat lines');
}

/**
 * @internal Checks a rematch (a `welcome`'s, or a `next` message's): `null` or `{ votes, next, commitment }`.
 * @throws {@link ClientError} `BAD_MESSAGE`.
 */
export function checkRematch(r: unknown): asserts r is RematchState | null {
  if (r === null) return;
  if (
    !isPlainObject(r) ||
    !Array.isArray(r.votes) ||
    !r.votes.every((v) => typeof v === 'boolean') ||
    !isTextOrNull(r.next) ||
    !isTextOrNull(r.commitment)
  )
    throw bad('malformed rematch');
}

/** Whether a clock's time (`deadline`, `remainingMs`) is absent, `null` or a number. */
const isClockTime = (x: unknown): boolean => x === undefined || x === null || isNumber(x);

/**
 * @internal Checks every field of a welcome that the client takes besides its updates, seq and
 * view (which the view stream checks): the version (from 1 to `version`, the one asked for), the
 * seat (a seat number among `seats`, or `'spectator'`, and the view's viewer), the seats, the
 * turn time and clock, the chat, the rematch, the fair deal's commitment and `started`. The
 * host's away times are read leniently (a malformed one is told and taken as not said).
 * @throws {@link ClientError} `BAD_MESSAGE`, before anything is taken.
 */
export function checkWelcome(m: WelcomeMessage, version: number): void {
  if (!Number.isInteger(m.v) || m.v < 1 || m.v > version) throw bad('bad version');
  if (m.seats !== undefined) checkSeats(m.seats);
  const seat: unknown = m.seat;
  if (seat !== 'spectator' && !(isSeatNumber(seat) && (m.seats === undefined || seat < m.seats.length))) throw bad('malformed seat');
  if (isPlainObject(m.view) && m.view.viewer !== seat) throw bad(`the view is not seat ${String(seat)}'s`);
  if (m.turnTimeMs !== undefined) checkTurnTime(m.turnTimeMs);
  if (!isClockTime(m.deadline) || !isClockTime(m.remainingMs)) throw bad('malformed clock');
  if (m.chat !== undefined) checkChat(m.chat);
  if (m.rematch !== undefined) checkRematch(m.rematch);
  const f: unknown = m.fairness;
  if (f !== undefined && f !== null && !(isPlainObject(f) && isText(f.commitment) && isText(f.nextCommitment) && isText(f.logDigest)))
    throw bad('malformed fairness');
  if (m.started !== undefined && typeof m.started !== 'boolean') throw bad('malformed started');
}
