/**
 * Fan-out: what each watcher of a match is sent. Every applied action goes to every watcher
 * once, in seq order, with the events and the view its viewer may see (computed once per
 * viewer), who made it and the turn's clock; a watcher whose token no longer holds its seat is
 * told so and dropped. Besides the game: the deal once made, and news of the seats, the clock,
 * the chat and the rematch, each pushed when it changes.
 * @module
 */
import { currentPlayer, eventsFor, type GameEvent, type GameState, type Viewer, view } from '../../index.js';
import { HostError } from '../../protocol/errors.js';
import type { ChatLine } from '../../protocol/lobby.js';
import type { StartedMessage } from '../../protocol/server-messages.js';
import type { MatchRecord, PresenceRecord } from '../store/store.js';
import { clockOf } from '../turns.js';
import { allowed, readsChat } from './access.js';
import type { LiveMatch, Watcher } from './live-match.js';
import { rematchState, seatSummaries } from './table.js';
import type { News, SyncResult, Update, UpdateEvents } from './types.js';

/** Pushes updates and news to the watchers of live matches. */
export class FanOut {
  constructor(
    private readonly log: (message: string) => void,
    private readonly now: () => number,
  ) {}

  /** Sends seq `seq` (its state and unfiltered events) to every watcher not sent it yet. */
  push(live: LiveMatch, seq: number, state: GameState, events: readonly GameEvent[]): void {
    const views = new Map<Viewer, Update>();
    const by = live.by[seq];
    const logDigest = live.digests[seq];
    const clock = clockOf(live.record, state, live.lastAt, this.now());
    // The action that ends the game opens the rematch: each watcher learns of it after the update.
    const rematch = currentPlayer(state) === null ? rematchState(live.record, true) : null;
    for (const w of live.watchers) {
      if (w.lastSent >= seq || w.waiting) continue;
      const viewer = w.session.viewer;
      let update = views.get(viewer);
      if (update === undefined) {
        update = {
          seq,
          events: eventsFor(events, viewer),
          view: view(state, viewer),
          ...(by === undefined ? {} : { by }),
          ...(logDigest === undefined ? {} : { logDigest }),
          ...clock,
        };
        views.set(viewer, update);
      }
      w.lastSent = seq;
      try {
        w.subscriber.send(update);
      } catch (e) {
        this.log(`a subscriber's send() threw: ${String(e)}`);
      }
      if (rematch !== null) this.tell(w, { type: 'next', ...rematch });
    }
  }

  /**
   * Takes a newer record: tells watchers whose seat changed hands that their token is void,
   * makes the deal if the record says it was made, and pushes what changed of the seats, the
   * clock and the rematch.
   */
  refresh(live: LiveMatch, record: MatchRecord): void {
    if (record.version < live.record.version) return;
    const before = live.record;
    live.record = record;
    for (const w of [...live.watchers]) {
      if (!allowed(record, w.session)) {
        live.watchers.delete(w);
        try {
          w.subscriber.revoked();
        } catch (e) {
          this.log(`a subscriber's revoked() threw: ${String(e)}`);
        }
      }
    }
    if (record.version === before.version) return;
    if (live.start()) this.started(live);
    if (record.turnTimeMs !== before.turnTimeMs || record.turnTimeSetAt !== before.turnTimeSetAt) {
      this.news(live, { type: 'clock', turnTimeMs: record.turnTimeMs, ...clockOf(record, live.state, live.lastAt, this.now()) });
    }
    const rematch = rematchState(record);
    if (rematch !== null && JSON.stringify(rematch) !== JSON.stringify(rematchState(before))) this.news(live, { type: 'next', ...rematch });
    this.seats(live);
  }

  /** Takes the match's presence leases and pushes the seats if what they show changed. */
  presence(live: LiveMatch, leases: readonly PresenceRecord[]): void {
    live.leases = leases;
    this.seats(live);
  }

  /** Pushes the seats (names, kinds, who is connected) if they changed since last pushed. */
  seats(live: LiveMatch): void {
    const seats = seatSummaries(live.record, live.leases, this.now());
    const shown = JSON.stringify(seats);
    if (shown === live.seatsShown) return;
    live.seatsShown = shown;
    this.news(live, { type: 'seats', seats });
  }

  /** Pushes new chat lines to the watchers who read the chat. */
  chat(live: LiveMatch, lines: readonly ChatLine[]): void {
    for (const line of lines) {
      if (line.n <= live.chatSeen) continue;
      live.chatSeen = line.n;
      this.news(live, { type: 'chat', line }, (w) => readsChat(live.record, w.session.viewer));
    }
  }

  /** Sends `news` to every watcher (that `to` lets through). */
  news(live: LiveMatch, news: News, to: (w: Watcher) => boolean = () => true): void {
    for (const w of live.watchers) if (to(w)) this.tell(w, news);
  }

  /** The deal was made: each watcher welcomed before it gets its first view. */
  private started(live: LiveMatch): void {
    const clock = clockOf(live.record, live.state, live.lastAt, this.now());
    const logDigest = live.digests[0] ?? null;
    const views = new Map<Viewer, StartedMessage>();
    for (const w of live.watchers) {
      if (!w.waiting) continue;
      w.waiting = false;
      const viewer = w.session.viewer;
      let m = views.get(viewer);
      if (m === undefined) {
        m = {
          type: 'started',
          seq: 0,
          view: view(live.state, viewer),
          events: eventsFor(live.events[0] ?? [], viewer),
          logDigest,
          ...clock,
        };
        views.set(viewer, m);
      }
      this.tell(w, m);
    }
  }

  private tell(w: Watcher, news: News): void {
    try {
      w.subscriber.news?.(news);
    } catch (e) {
      this.log(`a subscriber's news() threw: ${String(e)}`);
    }
  }

  /** Every update after `from` as `viewer` may see it, and the view and clock now. @throws {@link HostError} `NOT_STARTED` before the deal. */
  syncResult(live: LiveMatch, viewer: Viewer, from: number): SyncResult {
    if (!live.started) throw new HostError('NOT_STARTED', 'the cards are dealt once every seat is taken');
    if (from > live.seq) throw new HostError('BAD_MESSAGE', `after is ${from}, but the match is at update ${live.seq}`);
    const updates: UpdateEvents[] = [];
    for (let s = from + 1; s <= live.seq; s++) {
      const by = live.by[s];
      const logDigest = live.digests[s];
      updates.push({
        seq: s,
        events: eventsFor(live.events[s] ?? [], viewer),
        ...(by === undefined ? {} : { by }),
        ...(logDigest === undefined ? {} : { logDigest }),
      });
    }
    return { seq: live.seq, updates, view: view(live.state, viewer), ...clockOf(live.record, live.state, live.lastAt, this.now()) };
  }
}
