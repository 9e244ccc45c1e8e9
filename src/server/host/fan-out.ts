/**
 * Fan-out: what each watcher of a match is sent. Every applied action goes to every watcher
 * once, in seq order, with the events and the view its viewer may see, who made it and the
 * turn's clock: computed once per viewer, and turned into wire text once per viewer and protocol
 * version (a patch of the previous view for version 2, kept by the viewer's `ViewTrack`). A
 * watcher whose token no longer holds its seat is told so and dropped. Besides the game: the
 * deal once made, and news of the seats, the clock, the chat and the rematch, each pushed when
 * it changes.
 * @module
 */
import { currentPlayer, eventsFor, type GameEvent, type GameState, type PlayerView, type Viewer, view } from '../../index.js';
import { compactView, viewForVersion, type WireView } from '../../protocol/compact.js';
import { HostError } from '../../protocol/errors.js';
import type { ChatLine } from '../../protocol/lobby.js';
import type { Actor, Clock, UpdateMessage } from '../../protocol/server-messages.js';
import { SharedChanges, ViewTrack } from '../../protocol/view-track.js';
import type { MatchRecord, PresenceRecord } from '../store/store.js';
import { clockOf } from '../turns.js';
import { allowed, readsChat } from './access.js';
import type { LiveMatch, Watcher } from './live-match.js';
import { rematchState, watchedSeats } from './table.js';
import type { News, StartedNews, SyncResult, Update, UpdateEvents } from './types.js';

/**
 * A patch longer than this share of the viewer's last whole view (in characters) is compared
 * with the whole view now, and the shorter one goes out; a shorter patch goes out as it is.
 */
const COMPARE_ABOVE = 0.7;

/** What an update says besides its events and view: who acted, a fair deal's log digest, the clock. */
interface UpdateExtras extends Clock {
  readonly by?: Actor;
  readonly logDigest?: string;
}

/**
 * What one push shares between its viewers: the changes to the members every viewer sees alike
 * (compared once, on the first patch asked for) and the extras' JSON.
 */
class PushShared {
  private changes: SharedChanges | undefined;
  private made = false;
  private extrasTail: string | undefined;
  /** A view of the seq pushed before this one (taken before this push replaces it). */
  private readonly before: LiveMatch['lastView'];

  constructor(
    live: LiveMatch,
    readonly seq: number,
    readonly extras: UpdateExtras,
  ) {
    this.before = live.lastView;
  }

  /** The shared changes from the last seq pushed to `view`'s, when the last seq pushed is the one before. */
  changesTo(view: PlayerView): SharedChanges | undefined {
    if (!this.made) {
      this.made = true;
      const last = this.before;
      if (last !== undefined && last.seq === this.seq - 1) this.changes = new SharedChanges(last.view, view, this.seq);
    }
    return this.changes;
  }

  /** The extras' members as JSON text that closes a message: `,"by":…,"deadline":…}` (or `}`). */
  tail(): string {
    if (this.extrasTail === undefined) {
      const json = JSON.stringify(this.extras);
      this.extrasTail = json === '{}' ? '}' : `,${json.slice(1)}`;
    }
    return this.extrasTail;
  }
}

/**
 * One form of a viewer's update on the wire, with its text made once: the view with whole actions
 * (versions 1 and 2) or with action ids (version 3 and later, a `CompactView`), and that form's
 * patch stream for the viewer.
 */
class Form {
  whole: string | undefined;
  patched: string | undefined;
  constructor(
    readonly view: WireView,
    readonly track: ViewTrack | undefined,
  ) {}
}

/**
 * One viewer's update at one seq, shared by all its watchers; each version's text made once. What
 * it shares with the other viewers' updates (another viewer's view among it) and its wire forms
 * are held in private fields: a subscriber that reads or serializes the update cannot reach them.
 */
class ViewerUpdate implements Update {
  readonly #shared: PushShared;
  readonly #plain: Form;
  #compact: Form | undefined;
  readonly #compactTrack: ViewTrack | undefined;
  readonly by?: Actor;
  readonly logDigest?: string;
  readonly deadline: number | null;
  readonly remainingMs: number | null;

  constructor(
    readonly seq: number,
    readonly events: readonly GameEvent[],
    readonly view: PlayerView,
    shared: PushShared,
    track: ViewTrack | undefined,
    compactTrack: ViewTrack | undefined,
  ) {
    this.#shared = shared;
    this.#plain = new Form(view, track);
    this.#compactTrack = compactTrack;
    const extras = shared.extras;
    if (extras.by !== undefined) this.by = extras.by;
    if (extras.logDigest !== undefined) this.logDigest = extras.logDigest;
    this.deadline = extras.deadline;
    this.remainingMs = extras.remainingMs;
  }

  frame(v: number): string {
    if (v < 2) return this.full(this.#plain);
    let form = this.#plain;
    if (v >= 3) {
      this.#compact ??= new Form(compactView(this.view), this.#compactTrack);
      form = this.#compact;
    }
    if (form.patched === undefined) form.patched = this.patch(form);
    return form.patched;
  }

  private full(form: Form): string {
    if (form.whole === undefined) {
      const m: UpdateMessage = { type: 'update', seq: this.seq, events: this.events, view: form.view, ...this.#shared.extras };
      form.whole = JSON.stringify(m);
      if (form.track !== undefined) form.track.wholeLength = form.whole.length;
    }
    return form.whole;
  }

  private patch(form: Form): string {
    const track = form.track;
    if (track === undefined) return this.full(form);
    const t = track.advance(form.view, this.seq, this.#shared.changesTo(this.view));
    if (t.patchJson === null) return this.full(form);
    // JSON.stringify of a PatchMessage { type, seq, events, patch, digest, ...extras }, with the patch's text made by the track.
    const text = `{"type":"patch","seq":${this.seq},"events":${JSON.stringify(this.events)},"patch":${t.patchJson},"digest":${t.digest}${this.#shared.tail()}`;
    if (text.length > track.wholeLength * COMPARE_ABOVE && this.full(form).length <= text.length) {
      track.sentFull();
      return this.full(form);
    }
    return text;
  }
}

/** The patch streams of a match's viewers for protocol version `v` (2: whole actions; 3 and later: action ids), `undefined` for version 1. */
function tracksFor(live: LiveMatch, v: number): Map<Viewer, ViewTrack> | undefined {
  return v >= 3 ? live.compactTracks : v === 2 ? live.tracks : undefined;
}

/** Pushes updates and news to the watchers of live matches. */
export class FanOut {
  constructor(
    private readonly log: (message: string) => void,
    private readonly now: () => number,
  ) {}

  /** Sends seq `seq` (its state and unfiltered events) to every watcher not sent it yet. */
  push(live: LiveMatch, seq: number, state: GameState, events: readonly GameEvent[]): void {
    const updates = new Map<Viewer, ViewerUpdate>();
    const by = live.by[seq];
    const logDigest = live.digests[seq];
    const extras: UpdateExtras = {
      ...(by === undefined ? {} : { by }),
      ...(logDigest === undefined ? {} : { logDigest }),
      ...clockOf(live.record, state, live.lastAt, this.now()),
    };
    // The action that ends the game opens the rematch: each watcher learns of it after the update.
    const rematch = currentPlayer(state) === null ? rematchState(live.record, true) : null;
    const shared = new PushShared(live, seq, extras);
    for (const w of live.watchers) {
      if (w.lastSent >= seq || w.waiting) continue;
      const viewer = w.session.viewer;
      let update = updates.get(viewer);
      if (update === undefined) {
        // The card lists are shared with the other viewers' views and the previous seq's: compared by identity, digested once.
        const v = live.viewParts.view(state, viewer);
        update = new ViewerUpdate(seq, eventsFor(events, viewer), v, shared, live.tracks.get(viewer), live.compactTracks.get(viewer));
        updates.set(viewer, update);
        live.lastView = { seq, view: update.view };
      }
      w.lastSent = seq;
      try {
        w.subscriber.send(update);
      } catch (e) {
        this.log(`a subscriber's send() threw: ${String(e)}`);
      }
      if (rematch !== null) this.tell(w, { type: 'next', ...rematch });
    }
    // A viewer nobody watches with patches of a form any more needs no track of it.
    for (const tracks of [live.tracks, live.compactTracks]) {
      for (const viewer of tracks.keys()) {
        let patched = false;
        for (const w of live.watchers)
          if (w.session.viewer === viewer && tracksFor(live, w.subscriber.version ?? 1) === tracks) patched = true;
        if (!patched) tracks.delete(viewer);
      }
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
    // The seats first: a client reads which seats are bots at the deal from the seats it was
    // shown when the cards came (`verifyRecord` checks that a bot contributed nothing).
    this.seats(live);
    if (live.start()) this.started(live);
    if (record.turnTimeMs !== before.turnTimeMs || record.turnTimeSetAt !== before.turnTimeSetAt) {
      this.news(live, { type: 'clock', turnTimeMs: record.turnTimeMs, ...clockOf(record, live.state, live.lastAt, this.now()) });
    }
    const rematch = rematchState(record);
    if (rematch !== null && JSON.stringify(rematch) !== JSON.stringify(rematchState(before))) this.news(live, { type: 'next', ...rematch });
  }

  /** Takes the match's presence leases and pushes the seats if what they show changed. */
  presence(live: LiveMatch, leases: readonly PresenceRecord[]): void {
    live.leases = leases;
    this.seats(live);
  }

  /** Pushes the seats (names, kinds, who is connected, since when a person is away) if they changed since last pushed. */
  seats(live: LiveMatch): void {
    const { seats, key } = watchedSeats(live.record, live.leases, this.now());
    if (key === live.seatsShown) return;
    live.seatsShown = key;
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
    const views = new Map<Viewer, StartedNews>();
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
      // A watcher speaking version 2 or later patches from this first view (in the form its version sends).
      const version = w.subscriber.version ?? 1;
      const tracks = tracksFor(live, version);
      if (tracks !== undefined && !tracks.has(viewer)) tracks.set(viewer, new ViewTrack(viewForVersion(m.view, version), m.seq));
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

  /**
   * A watcher speaking protocol version 2 or later starts from `sync`'s view: the viewer's patch
   * stream of its version's form must start there too (it does already when another watcher of
   * the viewer keeps it).
   */
  track(live: LiveMatch, viewer: Viewer, sync: SyncResult, version: number): void {
    const tracks = tracksFor(live, version);
    if (tracks === undefined) return;
    const t = tracks.get(viewer);
    if (t === undefined || t.seq !== sync.seq) tracks.set(viewer, new ViewTrack(viewForVersion(sync.view, version), sync.seq));
  }
}
