/**
 * Presence: which seats have a connection open, on any host. Each host counts its own
 * subscriptions per seat and holds a lease in the store for each seat it has one for (renewed
 * while it lasts, ended when the last one closes, so a host that dies lets its leases run out);
 * a seat is connected while some host's lease on it runs. Changes reach every host through
 * `Store.watchMatches`, and each pushes the seats to its watchers when what they show changed;
 * a host does not read the leases again when the store reports one of its own writes (it pushed
 * that change itself when it made it).
 * @module
 */
import { viewDigest } from '../../protocol/digest.js';
import type { PresenceRecord, Store } from '../store/store.js';
import { newMatchId } from '../tokens.js';
import type { FanOut } from './fan-out.js';
import type { LiveMatch } from './live-match.js';
import type { LiveMatches } from './live-matches.js';
import { awaySince } from './table.js';

/** How long a presence lease runs before its host renews it (ms). A host that dies is seen gone this long after. */
export const PRESENCE_LEASE_MS = 45_000;

/** How often each lease is renewed, and each watched match's leases read again (ms): a third of a lease. */
export const PRESENCE_RENEW_MS = PRESENCE_LEASE_MS / 3;

/**
 * The renewals are spread over this many ticks of each {@link PRESENCE_RENEW_MS}: each seat held
 * and each watched match has its tick, so a host with thousands of connections renews a
 * sixtieth of them every 250 ms instead of all of them at once (which stalled every match on the
 * host for a few hundred milliseconds every 15 s at 4,000 sockets).
 */
export const PRESENCE_SLICES = 60;

/** The renewal tick of a match: its id's digest (the protocol's hash of a JSON value). */
export function presenceSlice(matchId: string): number {
  return viewDigest(matchId) % PRESENCE_SLICES;
}

/** A seat this host has subscriptions for: how many, and the tick its lease is renewed at. */
interface Held {
  count: number;
  readonly slice: number;
}

/** Counts this host's connections per seat and keeps its presence leases in the store. */
export class Presence {
  /** This host's name in the leases. */
  readonly hostId = newMatchId();
  /** Open subscriptions per `match seat`, and each one's renewal tick. */
  private readonly local = new Map<string, Held>();
  /** The next seat held gets this renewal tick (round robin, so that the ticks share the seats evenly). */
  private nextSlice = 0;
  /** The renewal tick that comes next. */
  private tick = 0;
  /** The lease writes of each `match seat`, one after the other. */
  private readonly writes = new Map<string, Promise<void>>();
  /**
   * Per match, this host's lease writes that the store has not reported yet: that many reports
   * of the match's presence are this host's own, and are not read again ({@link Presence.changed}).
   * A match's count is dropped at its renewal tick, where its leases are read again anyway, so a
   * write the store never reports (its match was deleted meanwhile) costs at most one report of
   * another host's lease heard a tick late.
   */
  private readonly unheard = new Map<string, number>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly store: Store,
    private readonly matches: LiveMatches,
    private readonly fanOut: FanOut,
    private readonly now: () => number,
    private readonly log: (message: string) => void,
  ) {}

  /**
   * Starts renewing leases (each every {@link PRESENCE_RENEW_MS}) and looking for leases of dead
   * hosts that ran out, a {@link PRESENCE_SLICES}th of them at a time.
   */
  start(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => this.renew(), PRESENCE_RENEW_MS / PRESENCE_SLICES);
    this.timer.unref?.();
  }

  /** Stops renewing; the leases this host holds run out by themselves. */
  close(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * A subscription for `seat` opened on this host: the seat is connected (pushed to this host's
   * watchers at once, to the others' through the store). Returns the function to call once when
   * it closes.
   */
  hold(live: LiveMatch, seat: number): () => void {
    const matchId = live.record.id;
    const key = `${matchId} ${seat}`;
    const held = this.local.get(key);
    if (held !== undefined) held.count++;
    else {
      this.local.set(key, { count: 1, slice: this.nextSlice });
      this.nextSlice = (this.nextSlice + 1) % PRESENCE_SLICES;
      this.lease(live, seat, this.now() + PRESENCE_LEASE_MS);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const h = this.local.get(key);
      if (h === undefined) return;
      if (--h.count > 0) return;
      this.local.delete(key);
      this.lease(live, seat, this.now());
    };
  }

  /** Sets this host's lease on `seat`: in the match this host holds at once (and pushes the seats), then in the store. */
  private lease(live: LiveMatch, seat: number, until: number): void {
    const mine = { seat, host: this.hostId, until };
    this.fanOut.presence(live, [...live.leases.filter((l) => l.seat !== seat || l.host !== this.hostId), mine]);
    this.write(live.record.id, seat, until);
  }

  /**
   * The store reports a change to a match's presence (`Store.watchMatches`): one of this host's own
   * writes is skipped (this host pushed it when it made it), any other is {@link Presence.heard}.
   * At 4,000 sockets the host's own renewals are about 270 writes a second, each of which was
   * read back from the store.
   */
  changed(matchId: string): Promise<void> {
    return this.takeReport(matchId) ? Promise.resolve() : this.heard(matchId);
  }

  /** A report of the write just made, or about to be made, is this host's own. */
  private expectReport(matchId: string): void {
    this.unheard.set(matchId, (this.unheard.get(matchId) ?? 0) + 1);
  }

  /** Counts off one of this host's writes to the match whose report has not come (one came, or the write failed); `false` when there is none. */
  private takeReport(matchId: string): boolean {
    const own = this.unheard.get(matchId);
    if (own === undefined) return false;
    if (own > 1) this.unheard.set(matchId, own - 1);
    else this.unheard.delete(matchId);
    return true;
  }

  /** The store says a match's presence changed: read the leases again and push the seats if they show something new. */
  async heard(matchId: string): Promise<void> {
    const live = await this.matches.held(matchId);
    if (live === null) return;
    this.fanOut.presence(live, this.merged(live, await this.store.readPresence(matchId)));
  }

  /**
   * A match's leases as this host holds them after a read of the store: other hosts' as read;
   * this host's own as it knows them, since the store's copy can be older than a connection made
   * or closed while the read was on its way (a seat held here is connected; one let go keeps the
   * time it was let go).
   */
  merged(live: LiveMatch, read: readonly PresenceRecord[]): PresenceRecord[] {
    const mine = new Map<number, PresenceRecord>();
    for (const l of read) if (l.host === this.hostId) mine.set(l.seat, l);
    for (const l of live.leases) if (l.host === this.hostId) mine.set(l.seat, l);
    const until = this.now() + PRESENCE_LEASE_MS;
    for (let seat = 0; seat < live.record.seats.length; seat++) {
      if (this.local.has(`${live.record.id} ${seat}`))
        mine.set(seat, { seat, host: this.hostId, until: Math.max(mine.get(seat)?.until ?? 0, until) });
    }
    return [...read.filter((l) => l.host !== this.hostId), ...mine.values()];
  }

  /** Since when the person at `seat` has had no connection on any host (`null` while one is open), from the store's leases. */
  async awaySince(matchId: string, seat: number): Promise<number | null> {
    const m = await this.store.getMatch(matchId);
    if (m === null) return null;
    return awaySince(m, await this.store.readPresence(matchId), seat, this.now());
  }

  private write(matchId: string, seat: number, until: number): void {
    const key = `${matchId} ${seat}`;
    const before = this.writes.get(key) ?? Promise.resolve();
    const next = before
      .then(async () => {
        this.expectReport(matchId); // before the call: a store may report it before the call returns
        try {
          await this.store.setPresence(matchId, this.hostId, seat, until);
        } catch (e) {
          this.takeReport(matchId); // no report of it will come
          throw e;
        }
      })
      .catch((e: unknown) => this.log(`presence of ${matchId} seat ${seat} failed: ${String(e)}`))
      .finally(() => {
        if (this.writes.get(key) === next) this.writes.delete(key);
      });
    this.writes.set(key, next);
  }

  /**
   * One renewal tick: renews this host's leases of that tick, and reads again the leases of the
   * watched matches of that tick (another host's may have run out).
   */
  private renew(): void {
    const slice = this.tick;
    this.tick = (this.tick + 1) % PRESENCE_SLICES;
    const until = this.now() + PRESENCE_LEASE_MS;
    for (const matchId of this.unheard.keys()) if (presenceSlice(matchId) === slice) this.unheard.delete(matchId);
    for (const [key, held] of this.local) {
      if (held.slice !== slice) continue;
      const space = key.lastIndexOf(' ');
      this.write(key.slice(0, space), Number(key.slice(space + 1)), until);
    }
    this.matches.eachLoaded(
      (live) => (live.watchers.size > 0 ? this.heard(live.record.id) : undefined),
      (e) => this.log(`reading presence failed: ${String(e)}`),
      (matchId) => presenceSlice(matchId) === slice,
    );
  }
}
