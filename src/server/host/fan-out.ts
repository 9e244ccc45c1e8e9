/**
 * Fan-out: what each watcher of a match is sent. Every applied action goes to every watcher
 * once, in seq order, with the events and the view its viewer may see: computed once per
 * viewer, and turned into wire text once per viewer and protocol version (a patch of the
 * previous view for version 2, kept by the viewer's `ViewTrack`). A watcher whose token no
 * longer holds its seat is told so and dropped.
 * @module
 */
import { eventsFor, type GameEvent, type GameState, type PlayerView, type Viewer, view } from '../../index.js';
import { HostError } from '../../protocol/errors.js';
import type { PatchMessage, UpdateMessage } from '../../protocol/server-messages.js';
import { ViewTrack } from '../../protocol/view-track.js';
import type { MatchRecord } from '../store/store.js';
import { allowed } from './access.js';
import type { LiveMatch } from './live-match.js';
import type { SyncResult, Update, UpdateEvents } from './types.js';

/**
 * A patch longer than this share of the viewer's last whole view (in characters) is compared
 * with the whole view now, and the shorter one goes out; a shorter patch goes out as it is.
 */
const COMPARE_ABOVE = 0.7;

/** One viewer's update at one seq, shared by all its watchers; each version's text made once. */
class ViewerUpdate implements Update {
  private whole: string | undefined;
  private patched: string | undefined;

  constructor(
    readonly seq: number,
    readonly events: readonly GameEvent[],
    readonly view: PlayerView,
    private readonly track: ViewTrack | undefined,
  ) {}

  frame(v: number): string {
    if (v < 2) return this.full();
    if (this.patched === undefined) this.patched = this.patch();
    return this.patched;
  }

  private full(): string {
    if (this.whole === undefined) {
      const m: UpdateMessage = { type: 'update', seq: this.seq, events: this.events, view: this.view };
      this.whole = JSON.stringify(m);
      if (this.track !== undefined) this.track.wholeLength = this.whole.length;
    }
    return this.whole;
  }

  private patch(): string {
    const track = this.track;
    if (track === undefined) return this.full();
    const t = track.advance(this.view, this.seq);
    if (t.patch === null) return this.full();
    const m: PatchMessage = { type: 'patch', seq: this.seq, events: this.events, patch: t.patch, digest: t.digest };
    const text = JSON.stringify(m);
    if (text.length > track.wholeLength * COMPARE_ABOVE && this.full().length <= text.length) {
      track.sentFull();
      return this.full();
    }
    return text;
  }
}

/** Pushes updates to the watchers of live matches. */
export class FanOut {
  constructor(private readonly log: (message: string) => void) {}

  /** Sends seq `seq` (its state and unfiltered events) to every watcher not sent it yet. */
  push(live: LiveMatch, seq: number, state: GameState, events: readonly GameEvent[]): void {
    const updates = new Map<Viewer, ViewerUpdate>();
    for (const w of live.watchers) {
      if (w.lastSent >= seq) continue;
      const viewer = w.session.viewer;
      let update = updates.get(viewer);
      if (update === undefined) {
        update = new ViewerUpdate(seq, eventsFor(events, viewer), view(state, viewer), live.tracks.get(viewer));
        updates.set(viewer, update);
      }
      w.lastSent = seq;
      try {
        w.subscriber.send(update);
      } catch (e) {
        this.log(`a subscriber's send() threw: ${String(e)}`);
      }
    }
    // A viewer nobody watches with patches any more needs no track.
    if (live.tracks.size > 0) {
      for (const viewer of live.tracks.keys()) {
        let patched = false;
        for (const w of live.watchers) if (w.session.viewer === viewer && (w.subscriber.version ?? 1) >= 2) patched = true;
        if (!patched) live.tracks.delete(viewer);
      }
    }
  }

  /** Takes a newer record and tells watchers whose seat changed hands that their token is void. */
  refresh(live: LiveMatch, record: MatchRecord): void {
    if (record.version < live.record.version) return;
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
  }

  /** Every update after `from` as `viewer` may see it, and the view now. */
  syncResult(live: LiveMatch, viewer: Viewer, from: number): SyncResult {
    if (from > live.seq) throw new HostError('BAD_MESSAGE', `after is ${from}, but the match is at update ${live.seq}`);
    const updates: UpdateEvents[] = [];
    for (let s = from + 1; s <= live.seq; s++) updates.push({ seq: s, events: eventsFor(live.events[s] ?? [], viewer) });
    return { seq: live.seq, updates, view: view(live.state, viewer) };
  }

  /**
   * A watcher speaking protocol version 2 or later starts from `sync`'s view: the viewer's patch
   * stream must start there too (it does already when another watcher of the viewer keeps it).
   */
  track(live: LiveMatch, viewer: Viewer, sync: SyncResult): void {
    const t = live.tracks.get(viewer);
    if (t === undefined || t.seq !== sync.seq) live.tracks.set(viewer, new ViewTrack(sync.view, sync.seq));
  }
}
