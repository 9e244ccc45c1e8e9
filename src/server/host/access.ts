/**
 * Who may do what with a match: a session's right to watch it (its token still holds the seat,
 * or spectators are allowed), and the creator's token. Pure checks on a {@link MatchRecord}.
 * @module
 */
import type { Viewer } from '../../index.js';
import { HostError } from '../../protocol/errors.js';
import { writesChat as writesChatUnder } from '../../protocol/lobby.js';
import { chatOf } from '../record-fields.js';
import type { MatchRecord } from '../store/store.js';
import { hashToken, isTokenText } from '../tokens.js';
import type { Session } from './types.js';

/**
 * The hash of the bearer `token` a caller gave, or `null` when there is none to look up: no token
 * given, or (with an `account` the app's `authenticate` named) one that is not a host token, so
 * the app's own credential. A token given without an account must be token text.
 * @throws {@link HostError} `UNAUTHORIZED` for malformed text without an account.
 */
export async function givenHash(token: unknown, account: string | null): Promise<string | null> {
  if (token === null || token === undefined) return null;
  if (isTokenText(token)) return hashToken(token);
  if (account === null) throw new HostError('UNAUTHORIZED', 'a token is base64url text');
  return null;
}

/** A caller that gave a token, with no account to fall back on, and whose token holds no seat. */
export function noSeat(): HostError {
  return new HostError('UNAUTHORIZED', 'this token holds no seat of this match');
}

/** Whether the session may still watch the match: its token (or its account) holds its seat, or spectators are public. */
export function allowed(m: MatchRecord, s: Session): boolean {
  if (s.viewer === 'spectator') return m.spectators === 'public';
  const seat = m.seats[s.viewer];
  if (seat === undefined) return false;
  return s.account === undefined ? seat.tokenHash === s.tokenHash : seat.tokenHash !== null && seat.account === s.account;
}

/** Whether `viewer` reads the match's chat: the seats always, spectators when the chat is everyone's. */
export function readsChat(m: MatchRecord, viewer: Viewer): boolean {
  return viewer !== 'spectator' || chatOf(m) === 'everyone';
}

/** Whether `viewer` may write in the match's chat (the protocol's rule, {@link writesChatUnder}). */
export function writesChat(m: MatchRecord, viewer: Viewer): boolean {
  return writesChatUnder(chatOf(m), viewer);
}

/** @throws {@link HostError} `UNAUTHORIZED` or `FORBIDDEN` unless the session may watch the match. */
export function authorize(m: MatchRecord, s: Session): void {
  if (m.id !== s.matchId) throw new HostError('UNAUTHORIZED', 'the session belongs to another match');
  if (!allowed(m, s)) {
    throw s.viewer === 'spectator'
      ? new HostError('FORBIDDEN', 'this match has no spectators')
      : new HostError('UNAUTHORIZED', 'this token no longer holds the seat');
  }
}

/** Whether `token` is the match's creator token, or `account` the account the creator had (an app's `authenticate` hook). */
export async function isCreator(m: MatchRecord, token: unknown, account: string | null = null): Promise<boolean> {
  if (account !== null && typeof m.creatorAccount === 'string' && m.creatorAccount === account) return true;
  return isTokenText(token) && (await hashToken(token)) === m.creatorHash;
}

/** @throws {@link HostError} `FORBIDDEN` unless the caller is the match's creator (`what` says what they tried). */
export async function mustBeCreator(m: MatchRecord, token: unknown, account: string | null, what: string): Promise<void> {
  if (!(await isCreator(m, token, account)))
    throw new HostError('FORBIDDEN', `only the match's creator (with the creator token) may ${what}`);
}

/** Reads a seq from untrusted input: an integer from 0 to 10^9. */
export function parseSeq(x: unknown, what: string): number {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < 0 || x > 1e9)
    throw new HostError('BAD_MESSAGE', `${what} must be an integer sequence number`);
  return x;
}
