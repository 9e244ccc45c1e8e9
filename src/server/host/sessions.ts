/**
 * Sessions: a viewer authenticated by a seat's token, by the account an app bound the seat to,
 * or a spectator; and what a session does to watch a match: sync from a seq, subscribe to the
 * pushes (and count as connected while subscribed), leave the seat.
 * @module
 */
import { currentPlayer, type Viewer } from '../../index.js';
import { HostError } from '../../protocol/errors.js';
import { markLeft, seatOfHash } from '../seats.js';
import type { Store } from '../store/store.js';
import { allowed, givenHash, noSeat, parseSeq, readsChat } from './access.js';
import { fairnessSummary } from './fairness.js';
import type { FanOut } from './fan-out.js';
import type { LiveMatch, Watcher } from './live-match.js';
import type { LiveMatches } from './live-matches.js';
import type { Presence } from './presence.js';
import type { MatchRegistry } from './registry.js';
import { rematchState, watchedSeats } from './table.js';
import type { Session, Subscriber, Subscription, SyncResult, TableNews } from './types.js';

/** How many of the chat's latest lines a subscription starts with. */
export const CHAT_ON_WELCOME = 100;

/** Opens sessions and serves their syncs and subscriptions (see {@link MatchHost} for each call). */
export class Sessions {
  constructor(
    private readonly store: Store,
    private readonly registry: MatchRegistry,
    private readonly matches: LiveMatches,
    private readonly fanOut: FanOut,
    private readonly presence: Presence,
    private readonly now: () => number,
    private readonly awayMs: number,
  ) {}

  async open(matchId: unknown, token: unknown, account: string | null = null): Promise<Session> {
    const m = await this.registry.stored(matchId);
    let session: Session | null = null;
    const given = token !== null && token !== undefined;
    const hash = await givenHash(token, account);
    if (hash !== null) {
      const seat = seatOfHash(m.seats, hash);
      if (seat >= 0) session = { matchId: m.id, viewer: seat, tokenHash: hash };
    }
    if (session === null && account !== null) {
      // A bearer token may be the app's own credential: the account the app named opens its seat.
      const seat = m.seats.findIndex((s) => s.tokenHash !== null && s.account === account);
      if (seat >= 0) session = { matchId: m.id, viewer: seat, tokenHash: null, account };
    }
    if (session === null) {
      if (given && account === null) throw noSeat();
      if (m.spectators !== 'public') throw new HostError('FORBIDDEN', 'this match has no spectators');
      return { matchId: m.id, viewer: 'spectator', tokenHash: null };
    }
    return session;
  }

  /**
   * The seat's player is back: a request of theirs that shows them at the table (a sync, a
   * subscription, an action) succeeded, so the seat's `left` mark is cleared. A refused request,
   * or one that only reads (the record, the chat), leaves the mark as it was.
   */
  async back(session: Session): Promise<void> {
    if (session.viewer === 'spectator') return;
    const seat = session.viewer;
    const live = await this.matches.mustLoad(session.matchId);
    if (live.record.seats[seat]?.left !== true) return;
    await this.registry.change(live.record.id, (cur) => {
      if (cur.seats[seat]?.left !== true || !allowed(cur, session)) return { patch: {}, result: null };
      return { patch: { seats: markLeft(cur.seats, seat, false) }, result: null };
    });
  }

  async leave(session: Session): Promise<void> {
    if (session.viewer === 'spectator') return;
    const seat = session.viewer;
    await this.registry.changeSeats(session.matchId, (cur) => {
      if (!allowed(cur, session)) throw new HostError('UNAUTHORIZED', 'this token no longer holds the seat');
      return { seats: markLeft(cur.seats, seat, true), result: null };
    });
  }

  async sync(session: Session, after: unknown): Promise<SyncResult> {
    const from = parseSeq(after, 'after');
    const live = await this.matches.mustLoad(session.matchId);
    await this.matches.authorize(live, session);
    const r = await live.serial(async () => {
      await this.matches.catchUp(live);
      return this.syncResult(live, session.viewer, from);
    });
    await this.back(session);
    return r;
  }

  async subscribe(session: Session, after: unknown, subscriber: Subscriber): Promise<Subscription> {
    const from = parseSeq(after, 'after');
    // A match unloaded between its load and the watcher's arrival is loaded again (rare: it was idle).
    for (;;) {
      const s = await this.subscribeLoaded(session, from, subscriber);
      if (s !== null) return s;
    }
  }

  /** {@link Sessions.subscribe} on the match as loaded now; `null` when it was unloaded before the watcher was added. */
  private async subscribeLoaded(session: Session, from: number, subscriber: Subscriber): Promise<Subscription | null> {
    const live = await this.matches.mustLoad(session.matchId);
    await this.matches.authorize(live, session);
    const leases = this.store.readPresence(live.record.id);
    const chatLength = await this.store.chatLength(live.record.id);
    const chat = await this.store.readChat(live.record.id, Math.max(0, chatLength - CHAT_ON_WELCOME), CHAT_ON_WELCOME);
    live.leases = this.presence.merged(live, await leases);
    const watcher: Watcher = { session, subscriber, lastSent: 0, waiting: false };
    const added = await live.serial(async () => {
      if (live.unloaded) return null;
      await this.matches.catchUp(live);
      let r: SyncResult | null = null;
      if (live.started) {
        r = await this.syncResult(live, session.viewer, from);
        this.fanOut.track(live, session.viewer, r, subscriber.version ?? 1);
        watcher.lastSent = r.seq;
      } else watcher.waiting = true;
      // The first watcher: lines written before it are history, not news to push.
      const last = chat[chat.length - 1];
      if (live.watchers.size === 0 && last !== undefined && last.n > live.chatSeen) live.chatSeen = last.n;
      live.watchers.add(watcher);
      return { sync: r, table: this.table(live, session.viewer, readsChat(live.record, session.viewer) ? chat : []) };
    });
    if (added === null) return null;
    try {
      await this.back(session);
    } catch (e) {
      live.watchers.delete(watcher);
      throw e;
    }
    const { sync, table } = added;
    const release = session.viewer === 'spectator' ? () => undefined : this.presence.hold(live, session.viewer);
    return {
      sync,
      table,
      stop: () => {
        live.watchers.delete(watcher);
        release();
      },
    };
  }

  /** The sync from `from` (see {@link FanOut.syncResult}), with older seqs than the match holds read again from the log. Run inside `serial`. */
  private async syncResult(live: LiveMatch, viewer: Viewer, from: number): Promise<SyncResult> {
    if (from < live.seq) await this.matches.recall(live, from);
    try {
      return this.fanOut.syncResult(live, viewer, from);
    } finally {
      live.trim();
    }
  }

  /** What a new subscriber is told besides the game. */
  private table(live: LiveMatch, viewer: Viewer, chat: TableNews['chat']): TableNews {
    const m = live.record;
    // The subscriber's own seat is connected: this very subscription is its connection (its lease may not be written yet).
    const seats = watchedSeats(m, live.leases, this.now()).seats.map((x, i) =>
      i === viewer && !x.connected ? { ...x, connected: true, awayForMs: null } : x,
    );
    const f = fairnessSummary(m.fairness);
    const over = live.started && currentPlayer(live.state) === null;
    return {
      started: live.started,
      seats,
      awayMs: this.awayMs,
      turnTimeMs: m.turnTimeMs,
      chat,
      rematch: rematchState(m, over),
      fairness: f === null ? null : { ...f, logDigest: live.digests[live.seq] ?? f.commitment },
    };
  }
}
