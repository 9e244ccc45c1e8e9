/**
 * Fan-out: what each watcher of a match is sent. Every applied action goes to every watcher
 * once, in seq order, with the events and the view its viewer may see (computed once per
 * viewer); a watcher whose token no longer holds its seat is told so and dropped.
 * @module
 */
import { eventsFor, type GameEvent, type GameState, type Viewer, view } from '../../index.js';
import { HostError } from '../../protocol/errors.js';
import type { MatchRecord } from '../store/store.js';
import { allowed } from './access.js';
import type { LiveMatch } from './live-match.js';
import type { SyncResult, Update, UpdateEvents } from './types.js';

/** Pushes updates to the watchers of live matches. */
export class FanOut {
  constructor(private readonly log: (message: string) => void) {}

  /** Sends seq `seq` (its state and unfiltered events) to every watcher not sent it yet. */
  push(live: LiveMatch, seq: number, state: GameState, events: readonly GameEvent[]): void {
    const views = new Map<Viewer, Update>();
    for (const w of live.watchers) {
      if (w.lastSent >= seq) continue;
      const viewer = w.session.viewer;
      let update = views.get(viewer);
      if (update === undefined) {
        update = { seq, events: eventsFor(events, viewer), view: view(state, viewer) };
        views.set(viewer, update);
      }
      w.lastSent = seq;
      try {
        w.subscriber.send(update);
      } catch (e) {
        this.log(`a subscriber's send() threw: ${String(e)}`);
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
}
