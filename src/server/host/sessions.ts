/**
 * Sessions: a viewer authenticated by a seat's token (or a spectator), and what a session does
 * to watch a match: sync from a seq, subscribe to the pushes, leave the seat.
 * @module
 */
import { HostError } from '../../protocol/errors.js';
import { markLeft, seatOfHash } from '../seats.js';
import type { MatchRecord, SeatRecord, Store } from '../store/store.js';
import { hashToken, isTokenText } from '../tokens.js';
import { allowed, authorize, parseSeq } from './access.js';
import type { FanOut } from './fan-out.js';
import type { LiveMatch, Watcher } from './live-match.js';
import type { LiveMatches } from './live-matches.js';
import type { MatchRegistry } from './registry.js';
import type { Session, Subscriber, Subscription, SyncResult } from './types.js';

function returning(m: MatchRecord, seat: number, hash: string): SeatRecord[] {
  if (m.seats[seat]?.tokenHash !== hash) throw new HostError('UNAUTHORIZED', 'this token no longer holds the seat');
  return markLeft(m.seats, seat, false);
}

/** Opens sessions and serves their syncs and subscriptions (see {@link MatchHost} for each call). */
export class Sessions {
  constructor(
    private readonly store: Store,
    private readonly registry: MatchRegistry,
    private readonly matches: LiveMatches,
    private readonly fanOut: FanOut,
  ) {}

  async open(matchId: unknown, token: unknown): Promise<Session> {
    const m = await this.registry.stored(matchId);
    if (token === null || token === undefined) {
      if (m.spectators !== 'public') throw new HostError('FORBIDDEN', 'this match has no spectators');
      return { matchId: m.id, viewer: 'spectator', tokenHash: null };
    }
    if (!isTokenText(token)) throw new HostError('UNAUTHORIZED', 'a token is base64url text');
    const hash = await hashToken(token);
    const seat = seatOfHash(m.seats, hash);
    if (seat < 0) throw new HostError('UNAUTHORIZED', 'this token holds no seat of this match');
    if (m.seats[seat]?.left) await this.registry.changeSeats(m.id, (cur) => ({ seats: returning(cur, seat, hash), result: null }));
    return { matchId: m.id, viewer: seat, tokenHash: hash };
  }

  async leave(session: Session): Promise<void> {
    if (session.viewer === 'spectator' || session.tokenHash === null) return;
    const seat = session.viewer;
    const hash = session.tokenHash;
    await this.registry.changeSeats(session.matchId, (cur) => {
      if (cur.seats[seat]?.tokenHash !== hash) throw new HostError('UNAUTHORIZED', 'this token no longer holds the seat');
      return { seats: markLeft(cur.seats, seat, true), result: null };
    });
  }

  async sync(session: Session, after: unknown): Promise<SyncResult> {
    const from = parseSeq(after, 'after');
    const live = await this.matches.mustLoad(session.matchId);
    await this.authorizeLive(live, session);
    return live.serial(async () => {
      await this.matches.catchUp(live);
      return this.fanOut.syncResult(live, session.viewer, from);
    });
  }

  async subscribe(session: Session, after: unknown, subscriber: Subscriber): Promise<Subscription> {
    const from = parseSeq(after, 'after');
    const live = await this.matches.mustLoad(session.matchId);
    await this.authorizeLive(live, session);
    const watcher: Watcher = { session, subscriber, lastSent: 0 };
    const sync = await live.serial(async () => {
      await this.matches.catchUp(live);
      const r = this.fanOut.syncResult(live, session.viewer, from);
      if ((subscriber.version ?? 1) >= 2) this.fanOut.track(live, session.viewer, r);
      watcher.lastSent = r.seq;
      live.watchers.add(watcher);
      return r;
    });
    return { sync, stop: () => live.watchers.delete(watcher) };
  }

  /**
   * Authorizes against the cached record, and when it refuses, against the store's: another host
   * may have changed the seats (a join, a return) since this one loaded the match.
   */
  private async authorizeLive(live: LiveMatch, s: Session): Promise<void> {
    if (!allowed(live.record, s)) {
      const fresh = await this.store.getMatch(live.record.id);
      if (fresh !== null) this.fanOut.refresh(live, fresh);
    }
    authorize(live.record, s);
  }
}
