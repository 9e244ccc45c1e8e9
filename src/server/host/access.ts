/**
 * Who may do what with a match: a session's right to watch it (its token still holds the seat,
 * or spectators are allowed), and the creator's token. Pure checks on a {@link MatchRecord}.
 * @module
 */
import { HostError } from '../../protocol/errors.js';
import type { MatchRecord } from '../store/store.js';
import { hashToken, isTokenText } from '../tokens.js';
import type { Session } from './types.js';

/** Whether the session may still watch the match: its token holds its seat, or spectators are public. */
export function allowed(m: MatchRecord, s: Session): boolean {
  if (s.viewer === 'spectator') return m.spectators === 'public';
  return m.seats[s.viewer]?.tokenHash === s.tokenHash;
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

/** Whether `token` is the match's creator token. */
export async function isCreator(m: MatchRecord, token: unknown): Promise<boolean> {
  return isTokenText(token) && (await hashToken(token)) === m.creatorHash;
}

/** Reads a seq from untrusted input: an integer from 0 to 10^9. */
export function parseSeq(x: unknown, what: string): number {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < 0 || x > 1e9)
    throw new HostError('BAD_MESSAGE', `${what} must be an integer sequence number`);
  return x;
}
