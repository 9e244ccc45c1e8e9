/**
 * The matches this host has loaded, each rebuilt from its log once, and kept up to date from
 * `Store.watch`: every new log entry (this host's own appends included) is read, applied and
 * pushed to the match's watchers, so several hosts on one store behave like one.
 * @module
 */
import { type Action, createGameWithEvents, currentPlayer, type GameEvent, type GameState, isGameOver, step } from '../../index.js';
import { HostError } from '../../protocol/errors.js';
import type { MatchCensus } from '../metrics.js';
import { isStarted } from '../record-fields.js';
import { isOpen } from '../seats.js';
import type { LogEntry, MatchRecord, Store } from '../store/store.js';
import { deadlineFor } from '../turns.js';
import { allowed, authorize } from './access.js';
import { digestAfter } from './fairness.js';
import type { FanOut } from './fan-out.js';
import { LiveMatch } from './live-match.js';
import type { Session } from './types.js';

function sameAction(a: Action, b: Action): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Default of {@link UnloadOptions.afterMs}: a match nobody watches here is unloaded after a minute without calls. */
export const UNLOAD_AFTER_MS = 60_000;

/** When a host lets go of a loaded match (see {@link LiveMatches.unloadIdle}). */
export interface UnloadOptions {
  /** The host's clock. */
  readonly now: () => number;
  /** Milliseconds without a call before a match nobody watches here is unloaded (default {@link UNLOAD_AFTER_MS}). */
  readonly afterMs?: number;
  /** Called with each match this host lets go of (unloaded or forgotten), so that what else it keeps per match goes too. */
  readonly onLetGo?: (matchId: string) => void;
}

/** The live matches of one host, by id. */
export class LiveMatches {
  private readonly live = new Map<string, Promise<LiveMatch | null>>();
  /** The matches whose load has finished. */
  private readonly loaded = new Map<string, LiveMatch>();
  private readonly now: () => number;
  private readonly unloadAfterMs: number;
  private readonly onLetGo: (matchId: string) => void;
  private unloadTimer: ReturnType<typeof setInterval> | null = null;
  /** Reads of a match's record under way after the store reported a change (see {@link LiveMatches.reread}). */
  private readonly rereads = new Map<string, Promise<MatchRecord | null>>();

  /**
   * @param ensureDeadline - called (not awaited) once a match is loaded (`'load'`): the host that
   * appended the last action may have died before setting the next deadline; and once a newer
   * record read from the store is taken in (`'change'`, see `takeIn`).
   */
  constructor(
    private readonly store: Store,
    private readonly fanOut: FanOut,
    private readonly log: (message: string) => void,
    private readonly ensureDeadline: (live: LiveMatch, cause: 'load' | 'change') => Promise<void>,
    unload: UnloadOptions = { now: Date.now },
  ) {
    this.now = unload.now;
    this.unloadAfterMs = unload.afterMs ?? UNLOAD_AFTER_MS;
    this.onLetGo = unload.onLetGo ?? (() => undefined);
  }

  /** Starts unloading idle matches: a look every quarter of the idle time (at least every second, at most every minute). */
  start(): void {
    if (this.unloadTimer !== null) return;
    this.unloadTimer = setInterval(() => this.unloadIdle(), Math.min(60_000, Math.max(1000, this.unloadAfterMs / 4)));
    this.unloadTimer.unref?.();
  }

  /**
   * Unloads every match that is idle: nobody watches it on this host, no task of it is queued or
   * running, no bot move or turn timer is pending, and no call asked for it for the idle time.
   * A later call loads it again from the store, as after a restart: its seq, state, events,
   * clock, seats and chat all come from the store, so it behaves the same. Returns how many
   * matches were unloaded (once their queues confirmed it).
   */
  async unloadIdle(): Promise<number> {
    const before = this.now() - this.unloadAfterMs;
    const idle = (live: LiveMatch, running: number): boolean =>
      live.watchers.size === 0 &&
      live.pending === running &&
      live.computed.size === 0 &&
      live.touched <= before &&
      !live.unloaded &&
      (!live.started || deadlineFor(live.record, live.state, live.seq, live.lastAt) === null);
    const done = await Promise.all(
      [...this.loaded.entries()]
        .filter(([, live]) => idle(live, 0))
        .map(([id, live]) =>
          live.serial(async () => {
            // Checked again in the match's queue: nothing may have come in meanwhile.
            if (!idle(live, 1) || this.loaded.get(id) !== live) return 0;
            live.unloaded = true;
            this.live.delete(id);
            this.loaded.delete(id);
            this.onLetGo(id);
            return 1;
          }),
        ),
    );
    return done.reduce<number>((n, x) => n + x, 0);
  }

  /** The number of matches loaded now. */
  get size(): number {
    return this.loaded.size;
  }

  /** The match, loaded and rebuilt from its log once per host; `null` when there is none. */
  load(matchId: string): Promise<LiveMatch | null> {
    let p = this.live.get(matchId);
    const loaded = this.loaded.get(matchId);
    if (loaded !== undefined) loaded.touched = this.now();
    if (p === undefined) {
      p = (async () => {
        const m = await this.store.getMatch(matchId);
        if (m === null) return null;
        const live = new LiveMatch(m);
        live.touched = this.now();
        await live.serial(() => this.catchUp(live));
        if (this.live.get(matchId) === p) this.loaded.set(matchId, live);
        this.ensureDeadline(live, 'load').catch((e: unknown) => this.log(`setting the deadline of ${matchId} failed: ${String(e)}`));
        return live;
      })();
      this.live.set(matchId, p);
      p.then(
        (live) => {
          if (live === null) this.live.delete(matchId);
        },
        () => this.live.delete(matchId),
      );
    }
    return p;
  }

  /** Like {@link LiveMatches.load}. @throws {@link HostError} `NOT_FOUND`. */
  async mustLoad(matchId: string): Promise<LiveMatch> {
    const live = await this.load(matchId);
    if (live === null) throw new HostError('NOT_FOUND', 'no match with that id');
    return live;
  }

  /**
   * Checks that the session may use the match, against the live record (kept fresh by the store's
   * watch); when that refuses, against the store's record, which it takes in first: a change
   * another host made (a join, a new token) may not have been heard yet.
   * @throws {@link HostError} `UNAUTHORIZED`, `FORBIDDEN` (see `authorize`), `NOT_FOUND`.
   */
  async authorize(live: LiveMatch, session: Session): Promise<void> {
    if (allowed(live.record, session) && live.record.id === session.matchId) return;
    const fresh = await this.store.getMatch(live.record.id);
    if (fresh === null) throw new HostError('NOT_FOUND', 'no match with that id');
    this.takeIn(live, fresh);
    authorize(live.record, session);
  }

  /** Hands a newer record to the match (see {@link FanOut.refresh}). */
  refresh(live: LiveMatch, record: MatchRecord): void {
    this.fanOut.refresh(live, record);
  }

  /** Hands a newer record to the match, if this host has it loaded. */
  async refreshLoaded(matchId: string, record: MatchRecord): Promise<void> {
    const cached = this.live.get(matchId);
    if (cached === undefined) return;
    const live = await cached;
    if (live !== null) this.fanOut.refresh(live, record);
  }

  /** The match if this host has it loaded (or is loading it), without loading it; else `null`. */
  async held(matchId: string): Promise<LiveMatch | null> {
    const cached = this.live.get(matchId);
    return cached === undefined ? null : cached;
  }

  /**
   * The store says the match's record changed: read it again and take it in (if this host has the
   * match loaded). The read starts at once, and a log entry heard after this (see
   * {@link LiveMatches.heard}) is pushed only once it is taken in: the store reports changes in
   * the order they were made, so a seat voided before an action is never sent that action.
   */
  async reread(matchId: string): Promise<void> {
    const cached = this.live.get(matchId);
    if (cached === undefined) return;
    const read = this.store.getMatch(matchId);
    this.rereads.set(matchId, read);
    try {
      const live = await cached;
      const fresh = await read;
      if (live !== null && fresh !== null) await live.serial(async () => this.takeIn(live, fresh));
    } finally {
      if (this.rereads.get(matchId) === read) this.rereads.delete(matchId);
    }
  }

  /** Calls `fn` with each match (or each whose id passes `only`) once it is loaded. */
  eachLoaded(fn: (live: LiveMatch) => Promise<void> | undefined, onError: (e: unknown) => void, only?: (matchId: string) => boolean): void {
    for (const [matchId, p] of this.live) {
      if (only !== undefined && !only(matchId)) continue;
      void p.then((live) => (live === null ? undefined : fn(live))).catch(onError);
    }
  }

  /** Forgets every loaded match, and stops unloading. */
  clear(): void {
    if (this.unloadTimer !== null) clearInterval(this.unloadTimer);
    this.unloadTimer = null;
    this.live.clear();
    this.loaded.clear();
  }

  /**
   * Forgets one match (it expired): its watchers are dropped without a word, and a later load
   * reads the store again.
   */
  forget(matchId: string): void {
    this.loaded.get(matchId)?.watchers.clear();
    this.live.delete(matchId);
    this.loaded.delete(matchId);
    this.onLetGo(matchId);
  }

  /** The loaded matches whose last action (or creation) is earlier than `before`. */
  stillSince(before: number): LiveMatch[] {
    return [...this.loaded.values()].filter((m) => m.lastAt < before);
  }

  /** The loaded match, if its load has finished (no store read). */
  peek(matchId: string): LiveMatch | undefined {
    return this.loaded.get(matchId);
  }

  /**
   * How many loaded matches have a bot to move: the bot thread's work, under way or waiting. A
   * match whose player to move is a person costs no bot work, however long their turn time, nor
   * does one whose deal waits for people to join (a fair match before its start).
   */
  withBotToMove(): number {
    let n = 0;
    for (const m of this.loaded.values()) {
      if (!isStarted(m.record)) continue;
      const p = currentPlayer(m.state);
      if (p !== null && (m.record.seats[p]?.bot ?? null) !== null) n++;
    }
    return n;
  }

  /** The loaded matches by state: a seat open, being played, over. */
  census(): MatchCensus {
    let open = 0;
    let live = 0;
    let finished = 0;
    for (const m of this.loaded.values()) {
      if (isGameOver(m.state)) finished++;
      else if (m.record.seats.some(isOpen)) open++;
      else live++;
    }
    return { open, live, finished };
  }

  /** The store says `matchId` has an entry `seq`: bring the match up to date and push. */
  heard(matchId: string, seq: number): void {
    const cached = this.live.get(matchId);
    if (cached === undefined) return;
    const reread = this.rereads.get(matchId) ?? null; // a change to the record reported before this entry
    cached
      .then((live) => {
        if (live === null) return;
        if (seq > live.heardSeq) live.heardSeq = seq;
        if (seq <= live.seq || live.catchUpQueued) return;
        live.catchUpQueued = true;
        return live.serial(async () => {
          live.catchUpQueued = false;
          // Entries this host is appending itself are applied by the appending call (or, if its
          // append lost, by its catch-up): nothing to read back. Up to the latest seq heard, not
          // only this report's: a report skipped while this task waited must not be lost.
          let own = true;
          for (let s = live.seq + 1; s <= live.heardSeq && own; s++) own = live.computed.has(s);
          if (own) return;
          // Seat changes do not come through the log: another host may have reopened a seat or
          // handed it to a bot. Its report came before this entry's (the store reports in order),
          // and the record it read is taken in before pushing, so a void token is sent nothing more.
          await this.catchUp(live, reread);
        });
      })
      .catch((e: unknown) => this.log(`catching up ${matchId} failed: ${String(e)}`));
  }

  /**
   * Reads the log past the match's seq, applies each entry and pushes it. Run inside `serial`.
   * `record`, when given, is a fresh read of the match, taken in before anything is pushed.
   */
  async catchUp(live: LiveMatch, record: Promise<MatchRecord | null> | null = null): Promise<void> {
    const entries = await this.store.readLog(live.record.id, live.seq);
    const fresh = record === null ? null : await record; // read side by side with the log
    if (fresh !== null) this.takeIn(live, fresh);
    for (const entry of entries) if (!this.applyEntry(live, entry)) break;
  }

  /**
   * Takes in a record read from the store. Newer than the one this host had, it is another host's
   * change (or this host's own, not yet heard): a deadline this host decided from the older record
   * meanwhile (after an action, a bot's move) was not written (see `SetDeadlineOptions.expected`),
   * so the one the new record calls for is set where none is stored for the match's seq. That runs
   * in the match's queue after the caller's task (not awaited).
   */
  private takeIn(live: LiveMatch, fresh: MatchRecord): void {
    const was = live.record.version;
    this.fanOut.refresh(live, fresh);
    if (live.record.version <= was) return;
    this.ensureDeadline(live, 'change').catch((e: unknown) => this.log(`setting the deadline of ${live.record.id} failed: ${String(e)}`));
  }

  /**
   * Appends `entry` (whose state this host computed into `live.computed`) and, once the store
   * holds it, applies and pushes it at once, before the caller's acknowledgement and without
   * reading it back (the watch's report of it then finds the match up to date). When another
   * writer took the seq first, catches up with what won instead and returns `false`.
   * @throws {@link HostError} `NOT_FOUND` when the match is gone from the store (another host
   * expired it): this host forgets it too.
   */
  async commit(live: LiveMatch, entry: LogEntry): Promise<boolean> {
    if (await this.store.append(live.record.id, entry)) {
      await live.serial(async () => this.applyEntry(live, entry));
      return true;
    }
    live.computed.delete(entry.seq);
    const fresh = this.store.getMatch(live.record.id);
    await live.serial(() => this.catchUp(live, fresh)); // what won, for every watcher here
    if ((await fresh) === null) {
      this.forget(live.record.id);
      throw new HostError('NOT_FOUND', 'no match with that id');
    }
    return false;
  }

  /**
   * Applies the log's next entry and pushes it; `false` (nothing done) unless `entry.seq` is the
   * match's seq + 1. Reuses the state this host computed when it made the entry. Run inside `serial`.
   */
  private applyEntry(live: LiveMatch, entry: LogEntry): boolean {
    if (entry.seq !== live.seq + 1) return false;
    if (!live.started && !live.start()) return false; // the record read before the deal: catch up once it is known
    const c = live.computed.get(entry.seq);
    let state: GameState;
    let events: readonly GameEvent[];
    if (c !== undefined && sameAction(c.action, entry.action)) {
      state = c.state;
      events = c.events;
    } else {
      const r = step(live.state, entry.action);
      state = r.state;
      events = r.events;
    }
    live.computed.delete(entry.seq);
    live.state = state;
    live.seq = entry.seq;
    live.lastAt = entry.at;
    live.events[entry.seq] = events;
    live.by[entry.seq] = entry.by;
    const f = live.record.fairness;
    const previous = live.digests[entry.seq - 1];
    if (f && previous !== undefined) live.digests[entry.seq] = digestAfter(f.secret, previous, entry.action);
    this.fanOut.push(live, entry.seq, state, events);
    live.trim();
    return true;
  }

  /**
   * Makes the events, actors and digests of every seq after `from` held again (a sync from
   * further back than the match holds, see `HISTORY`): reads the log and replays it from the
   * deal. Run inside `serial`, after a catch-up; {@link LiveMatch.trim} lets them go again.
   */
  async recall(live: LiveMatch, from: number): Promise<void> {
    const upTo = live.held; // seqs from here on are held
    if (!live.started || from + 1 >= upTo) return;
    const log = await this.store.readLog(live.record.id, 0);
    const f = live.record.fairness;
    let state = createGameWithEvents(live.record.options).state;
    let digest = f ? f.commitment : undefined;
    for (const e of log) {
      if (e.seq >= upTo) break;
      const r = step(state, e.action);
      state = r.state;
      if (f && digest !== undefined) digest = digestAfter(f.secret, digest, e.action);
      if (e.seq <= from) continue;
      live.events[e.seq] = r.events;
      live.by[e.seq] = e.by;
      if (digest !== undefined) live.digests[e.seq] = digest;
    }
    live.held = Math.max(1, from + 1);
  }
}
