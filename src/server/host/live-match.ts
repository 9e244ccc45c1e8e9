/**
 * A match this host has loaded: its record, its state rebuilt from the log, the events of every
 * seq, who watches it, and a queue that runs the match's work one task at a time.
 * @module
 */
import { type Action, createGameWithEvents, type GameEvent, type GameState, type PlayerView, type Viewer } from '../../index.js';
import type { Actor } from '../../protocol/server-messages.js';
import type { ViewTrack } from '../../protocol/view-track.js';
import { startedAtOf } from '../record-fields.js';
import type { MatchRecord, PresenceRecord } from '../store/store.js';
import type { Session, Subscriber } from './types.js';
import { ViewParts } from './view-parts.js';

/** An action this host validated and is appending, with the state and events it leads to. */
export interface Computed {
  readonly action: Action;
  readonly state: GameState;
  readonly events: readonly GameEvent[];
}

/** A session that receives pushes, and the last seq it was sent. */
export interface Watcher {
  readonly session: Session;
  readonly subscriber: Subscriber;
  lastSent: number;
  /** Sent nothing of the game yet: welcomed before the deal was made (a `started` push is due). */
  waiting: boolean;
}

/**
 * How many of the latest seqs' events (and who acted, and a fair match's digests) a live match
 * holds: a sync from further back reads them again from the log (`LiveMatches.recall`), so a long
 * match's memory does not grow with its actions.
 */
export const HISTORY = 64;

/** A match this host has loaded: its record and its state rebuilt from the log. */
export class LiveMatch {
  record: MatchRecord;
  /** The game; a stand-in, never shown, until {@link LiveMatch.started} (a fair match waiting for its seats). */
  state: GameState;
  seq = 0;
  lastAt: number;
  /** Whether the deal was made. */
  started: boolean;
  /**
   * Unfiltered events of each seq (index 0: the opening), held for the seqs from {@link LiveMatch.held}
   * on (and the opening); `undefined` below.
   */
  readonly events: (readonly GameEvent[] | undefined)[];
  /** Who made each seq's action (held like `events`). */
  readonly by: (Actor | undefined)[] = [];
  /** A fair match's log digest after each seq (index 0: the commitment; held like `events`); empty otherwise. */
  readonly digests: (string | undefined)[] = [];
  /** The lowest seq whose events, actor and digest are held (all from it to `seq` are). */
  held = 1;
  /** Tasks queued or running in {@link LiveMatch.serial}. */
  pending = 0;
  /** When a call last asked for the match (the host's clock); an idle match is unloaded. */
  touched = 0;
  /** Unloaded: no longer the host's copy of the match (a caller holding it loads it again). */
  unloaded = false;
  readonly watchers = new Set<Watcher>();
  /** The patch stream of each viewer watched with protocol version 2 (views with whole actions). */
  readonly tracks = new Map<Viewer, ViewTrack>();
  /** The patch stream of each viewer watched with protocol version 3 or later (views with action ids). */
  readonly compactTracks = new Map<Viewer, ViewTrack>();
  /** A view of the last seq pushed (any viewer's), to compare the next one's shared members with once for all viewers (the protocol's `SharedChanges`). */
  lastView: { readonly seq: number; readonly view: PlayerView } | undefined;
  /** The parts of the last state's views, shared by its viewers' views and the next state's (see {@link ViewParts}). */
  readonly viewParts = new ViewParts();
  /** Actions this host validated and is appending, by seq: reused when the log brings them back. */
  readonly computed = new Map<number, Computed>();
  private queue: Promise<unknown> = Promise.resolve();
  catchUpQueued = false;
  /** The highest seq the store's watch reported. */
  heardSeq = 0;
  /** The last chat line this host pushed (or found at load). */
  chatSeen = 0;
  /** What the seats last pushed showed (`watchedSeats`' key), to push only a change. */
  seatsShown = '';
  /** The presence leases last read. */
  leases: readonly PresenceRecord[] = [];

  constructor(record: MatchRecord) {
    this.record = record;
    const startedAt = startedAtOf(record);
    this.started = startedAt !== null;
    const start = createGameWithEvents(this.started ? record.options : { ...record.options, seed: 0 });
    this.state = start.state;
    this.events = [this.started ? start.events : []];
    this.lastAt = startedAt ?? record.createdAt;
    if (this.started && record.fairness) this.digests.push(record.fairness.commitment);
  }

  /** Makes the deal, once the record says it was made. Run inside `serial` (or before anything else runs). */
  start(): boolean {
    const startedAt = startedAtOf(this.record);
    if (this.started || startedAt === null) return false;
    const start = createGameWithEvents(this.record.options);
    this.state = start.state;
    this.events[0] = start.events;
    this.lastAt = startedAt;
    this.started = true;
    if (this.record.fairness) this.digests[0] = this.record.fairness.commitment;
    return true;
  }

  /** Runs `fn` after everything queued before it on this match. */
  serial<T>(fn: () => Promise<T>): Promise<T> {
    this.pending++;
    const run = this.queue.then(fn, fn).finally(() => {
      this.pending--;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Lets go of the events, actors and digests of seqs older than the latest {@link HISTORY}. */
  trim(): void {
    const keepFrom = Math.max(1, this.seq - HISTORY + 1);
    for (let s = this.held; s < keepFrom; s++) {
      this.events[s] = undefined;
      this.by[s] = undefined;
      if (this.digests.length > s) this.digests[s] = undefined;
    }
    if (keepFrom > this.held) this.held = keepFrom;
  }
}
