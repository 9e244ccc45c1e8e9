/**
 * A match this host has loaded: its record, its state rebuilt from the log, the events of every
 * seq, who watches it, and a queue that runs the match's work one task at a time.
 * @module
 */
import { type Action, createGameWithEvents, type GameEvent, type GameState, type Viewer } from '../../index.js';
import type { ViewTrack } from '../../protocol/view-track.js';
import type { MatchRecord } from '../store/store.js';
import type { Session, Subscriber } from './types.js';

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
}

/** A match this host has loaded: its record and its state rebuilt from the log. */
export class LiveMatch {
  record: MatchRecord;
  state: GameState;
  seq = 0;
  lastAt: number;
  /** Unfiltered events of each seq (index 0: the opening). */
  readonly events: (readonly GameEvent[])[];
  readonly watchers = new Set<Watcher>();
  /** The patch stream of each viewer watched with protocol version 2 or later. */
  readonly tracks = new Map<Viewer, ViewTrack>();
  /** Actions this host validated and is appending, by seq: reused when the log brings them back. */
  readonly computed = new Map<number, Computed>();
  private queue: Promise<unknown> = Promise.resolve();
  catchUpQueued = false;
  /** The highest seq the store's watch reported. */
  heardSeq = 0;

  constructor(record: MatchRecord) {
    this.record = record;
    const start = createGameWithEvents(record.options);
    this.state = start.state;
    this.events = [start.events];
    this.lastAt = record.createdAt;
  }

  /** Runs `fn` after everything queued before it on this match. */
  serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
