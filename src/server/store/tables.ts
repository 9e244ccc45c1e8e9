/**
 * The in-process stores' tables: matches, logs and deadlines in plain maps, changed only by
 * {@link Change} records. The memory store applies each change as it comes; the embedded store
 * writes each to its journal and replays the journal into the same tables at open. Every record
 * is copied on the way out, so a caller can never change what is stored.
 *
 * A log is held whole only by the memory store. The embedded store's tables hold, per match, the
 * log's length, its last entry's time (what listing, expiry and compare-and-set need) and where
 * each entry's record is in the journal (two numbers an entry), and read entries back from the
 * file when asked: its memory does not grow with the actions played.
 *
 * The matches are also kept in the two orders that reads page through ({@link Order}): by
 * `(createdAt, id)` for expiry's idle walk, and by creation for the lobby (all of them and each
 * visibility apart), so that a page costs about its length, not a sort of every match.
 * @module
 */
import type { ChatLine } from '../../protocol/lobby.js';
import type { Span } from './journal.js';
import { Order } from './order.js';
import type {
  ActivityCursor,
  Deadline,
  LogEntry,
  MatchActivity,
  MatchFilter,
  MatchPatch,
  MatchRecord,
  SeatRecord,
  SetDeadlineOptions,
} from './store.js';

/** One change to the stored data (also the embedded store's journal record: keep the field names). */
export type Change =
  | { readonly t: 'match'; readonly m: MatchRecord }
  | { readonly t: 'seats'; readonly id: string; readonly version: number; readonly seats: readonly SeatRecord[] }
  | { readonly t: 'action'; readonly id: string; readonly e: LogEntry }
  | { readonly t: 'deadline'; readonly id: string; readonly d: Deadline | null }
  | { readonly t: 'update'; readonly id: string; readonly version: number; readonly patch: MatchPatch }
  | { readonly t: 'chat'; readonly id: string; readonly line: ChatLine }
  | { readonly t: 'expire'; readonly id: string };

/**
 * How far ahead `claimDue` pushes a deadline it hands out (ms), as the PostgreSQL store's
 * default lease: the deadline stays set until the claiming host replaces or clears it once the
 * move is in, so a host that closes or dies first leaves it to be handed out again (and the
 * match, still waiting for that move, is never taken for idle by expiry).
 */
export const CLAIM_LEASE_MS = 20_000;

/** Copies plain JSON data (records hold nothing else). */
export function copy<T>(value: T): T {
  return structuredClone(value);
}

/** Freezes plain JSON data, all the way down, and returns it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** What the tables hold of one match's log. */
interface MatchLog {
  /** Entries in the log. */
  n: number;
  /** The last entry's `at`, or the match's creation while there is none. */
  lastAt: number;
  /** The entries themselves (frozen), when the tables hold logs whole; else `null`. */
  readonly entries: LogEntry[] | null;
  /** Where each entry's record is in the journal, `[offset, length, …]`, when they do not; else `null`. */
  spans: number[] | null;
}

/** Where a match is in the tables' orders: `n` counts the matches stored, from 0. */
interface Place {
  readonly id: string;
  readonly createdAt: number;
  readonly n: number;
  readonly visibility: string;
}

/** By `(createdAt, id)`: the order of {@link Store.idleMatches}. */
function byIdle(a: Place, b: Place): number {
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** By `createdAt`, then as stored: {@link Tables.listMatches} reads it from the end. */
function byCreation(a: Place, b: Place): number {
  return a.createdAt - b.createdAt || a.n - b.n;
}

/** A `limit` as `Array.prototype.slice` reads it, and at least 0. */
function count(limit: number): number {
  return Math.max(0, Math.trunc(limit) || 0);
}

/** Matches, logs and deadlines held in memory. */
export class Tables {
  private readonly matches = new Map<string, MatchRecord>();
  /** Each match's place in the orders below (one that is not here any more was taken out of them). */
  private readonly places = new Map<string, Place>();
  private readonly isPlaced = (p: Place): boolean => this.places.get(p.id) === p;
  /** Every match by {@link byIdle}. */
  private readonly idleOrder = new Order<Place>(byIdle, this.isPlaced);
  /** Every match by {@link byCreation}. */
  private readonly listOrder = new Order<Place>(byCreation, this.isPlaced);
  /** The matches of each visibility by {@link byCreation}. */
  private readonly visibilityOrders = new Map<string, Order<Place>>();
  /** How many matches were stored (the next {@link Place.n}). */
  private stored = 0;
  private readonly logs = new Map<string, MatchLog>();
  private readonly deadlines = new Map<string, Deadline>();
  private readonly chats = new Map<string, ChatLine[]>();

  /**
   * @param wholeLogs - hold every log entry (the memory store); `false`: hold where each is in the
   * journal instead (the embedded store passes each action's {@link Span} to {@link Tables.apply}).
   */
  constructor(private readonly wholeLogs = true) {}

  /**
   * Applies one change (and freezes what it stores: hand in a copy); a seat change or an action
   * for a match that is not here (or out of turn) is ignored. Without whole logs, an action comes
   * with where its record is in the journal.
   */
  apply(c: Change, span?: Span): void {
    if (c.t !== 'action' || this.wholeLogs) deepFreeze(c);
    switch (c.t) {
      case 'match':
        this.place(c.m);
        this.matches.set(c.m.id, c.m);
        this.logs.set(c.m.id, { n: 0, lastAt: c.m.createdAt, entries: this.wholeLogs ? [] : null, spans: this.wholeLogs ? null : [] });
        break;
      case 'seats': {
        const m = this.matches.get(c.id);
        if (m !== undefined) this.matches.set(c.id, Object.freeze({ ...m, seats: c.seats, version: c.version }));
        break;
      }
      case 'action': {
        const log = this.logs.get(c.id);
        if (log === undefined || c.e.seq !== log.n + 1) break;
        if (log.entries !== null) log.entries.push(c.e);
        else {
          if (span === undefined) throw new Error('an action without its place in the journal');
          log.spans?.push(span.offset, span.length);
        }
        log.n++;
        log.lastAt = c.e.at;
        break;
      }
      case 'deadline':
        if (c.d === null) this.deadlines.delete(c.id);
        else if (this.matches.has(c.id)) this.deadlines.set(c.id, c.d);
        break;
      case 'expire':
        this.unplace(c.id);
        this.matches.delete(c.id);
        this.logs.delete(c.id);
        this.deadlines.delete(c.id);
        this.chats.delete(c.id);
        break;
      case 'update': {
        const m = this.matches.get(c.id);
        // Frozen as every record handed out is (the patch itself was frozen above): a caller cannot change what is stored.
        if (m !== undefined) this.matches.set(c.id, Object.freeze({ ...m, ...c.patch, version: c.version }));
        break;
      }
      case 'chat': {
        if (!this.matches.has(c.id)) break;
        let chat = this.chats.get(c.id);
        if (chat === undefined) {
          chat = [];
          this.chats.set(c.id, chat);
        }
        if (c.line.n === chat.length + 1) chat.push(c.line);
        break;
      }
    }
  }

  /** Puts a match (new, or stored again under its id) in the orders; stored again, it keeps its place among equal times. */
  private place(m: MatchRecord): void {
    const was = this.places.get(m.id);
    this.unplace(m.id);
    const p: Place = { id: m.id, createdAt: m.createdAt, n: was?.n ?? this.stored++, visibility: m.visibility ?? 'public' };
    this.places.set(p.id, p);
    this.idleOrder.add(p);
    this.listOrder.add(p);
    this.visibilityOrder(p.visibility).add(p);
  }

  private unplace(id: string): void {
    const p = this.places.get(id);
    if (p === undefined) return;
    this.places.delete(id);
    this.idleOrder.taken();
    this.listOrder.taken();
    this.visibilityOrder(p.visibility).taken();
  }

  private visibilityOrder(visibility: string): Order<Place> {
    let o = this.visibilityOrders.get(visibility);
    if (o === undefined) {
      o = new Order<Place>(byCreation, this.isPlaced);
      this.visibilityOrders.set(visibility, o);
    }
    return o;
  }

  /**
   * See {@link Store.idleMatches}: from the cursor's place in the `(createdAt, id)` order (a
   * binary search) up to the first match created at `before`, skipping the matches that moved
   * since or wait for a deadline.
   */
  idle(before: number, after: ActivityCursor | null, limit: number): MatchActivity[] {
    const found: MatchActivity[] = [];
    const max = count(limit);
    if (max === 0) return found;
    for (const p of this.idleOrder.after(after === null ? null : { id: after.id, createdAt: after.createdAt, n: 0, visibility: '' })) {
      if (p.createdAt >= before) break;
      const m = this.matches.get(p.id);
      if (m === undefined || this.deadlines.has(m.id)) continue;
      const log = this.logs.get(m.id);
      const lastAt = log === undefined ? m.createdAt : log.lastAt;
      if (lastAt >= before) continue;
      found.push({ id: m.id, createdAt: m.createdAt, version: m.version, seq: log?.n ?? 0, lastAt });
      if (found.length >= max) break;
    }
    return found;
  }

  /** Every match, oldest stored first, with its log's length, its pending deadline and its chat (for a compaction). */
  *everything(): Generator<{
    readonly m: MatchRecord;
    readonly length: number;
    readonly d: Deadline | null;
    readonly chat: readonly ChatLine[];
  }> {
    for (const m of this.matches.values())
      yield { m, length: this.logs.get(m.id)?.n ?? 0, d: this.deadlines.get(m.id) ?? null, chat: this.chats.get(m.id) ?? [] };
  }

  /** Where the match's entries with `seq > after` are in the journal, `[offset, length, …]` (tables without whole logs). */
  spans(matchId: string, after: number): number[] {
    const spans = this.logs.get(matchId)?.spans ?? [];
    return spans.slice(Math.max(0, after) * 2);
  }

  /** After a compaction: where each of these matches' entries is in the new journal (see {@link Tables.spans}). */
  moved(spans: ReadonlyMap<string, number[]>): void {
    for (const [id, s] of spans) {
      const log = this.logs.get(id);
      if (log !== undefined && log.spans !== null && s.length === log.n * 2) log.spans = s;
    }
  }

  /** Whether a match with this id is here. */
  has(id: string): boolean {
    return this.matches.has(id);
  }

  /** The match (frozen), or `null`. */
  getMatch(id: string): MatchRecord | null {
    return this.matches.get(id) ?? null;
  }

  /** The match's seat version, or `undefined` when there is no such match. */
  version(id: string): number | undefined {
    return this.matches.get(id)?.version;
  }

  /** The newest matches (frozen) `filter` lets through, at most `limit`; among equal times the later-created first. */
  listMatches(limit: number, filter: MatchFilter = {}): MatchRecord[] {
    const found: MatchRecord[] = [];
    const max = count(limit);
    const wanted = filter.visibility;
    const order = wanted === undefined ? this.listOrder : this.visibilityOrders.get(wanted);
    if (max === 0 || order === undefined) return found;
    for (const p of order.descending()) {
      const m = this.matches.get(p.id);
      if (m !== undefined) found.push(m);
      if (found.length >= max) break;
    }
    return found;
  }

  /** The number of entries in the match's log, or `undefined` when there is no such match. */
  logLength(matchId: string): number | undefined {
    return this.logs.get(matchId)?.n;
  }

  /** The log's entries (frozen) with `seq > after` (tables with whole logs). */
  readLog(matchId: string, after: number): LogEntry[] {
    return (this.logs.get(matchId)?.entries ?? []).slice(Math.max(0, after));
  }

  /** The number of lines in the match's chat. */
  chatLength(matchId: string): number {
    return this.chats.get(matchId)?.length ?? 0;
  }

  /** Copies of the match's chat lines numbered above `after`, the first `limit` of them. */
  readChat(matchId: string, after: number, limit: number): ChatLine[] {
    const chat = this.chats.get(matchId) ?? [];
    const from = Math.max(0, after);
    return chat.slice(from, from + Math.max(0, limit)).map(copy);
  }

  /**
   * Whether `setDeadline(matchId, deadline, options)` changes what is stored (see
   * `SetDeadlineOptions`): not with `ifMissing` where a deadline for the same seq or a later one
   * is stored; not, with `expected`, once the match's version moved on; and a clear with
   * `expected` only where a deadline for its next seq or an earlier one is stored.
   */
  writesDeadline(matchId: string, deadline: Deadline | null, options: SetDeadlineOptions): boolean {
    const stored = this.deadlines.get(matchId);
    const { ifMissing, expected } = options;
    if (deadline !== null && ifMissing === true && stored !== undefined && stored.seq >= deadline.seq) return false;
    if (expected === undefined) return true;
    if (this.version(matchId) !== expected.version) return false;
    return deadline !== null || (stored !== undefined && stored.seq <= expected.seq + 1);
  }

  /** The deadlines with `at <= now`, earliest first, at most `limit` (still set: the caller pushes them a lease ahead). */
  due(now: number, limit: number): Deadline[] {
    const due: Deadline[] = [];
    for (const d of this.deadlines.values()) if (d.at <= now) due.push(d);
    due.sort((a, b) => a.at - b.at);
    return due.slice(0, Math.max(0, limit));
  }

  /**
   * Claims the due deadlines (see {@link Tables.due}): the changes that push each a lease past
   * `now` (to apply, and for the embedded store to journal), and the deadlines as they were.
   */
  claim(now: number, limit: number): { readonly taken: Deadline[]; readonly changes: Change[] } {
    const taken = this.due(now, limit);
    const changes: Change[] = taken.map((d) => ({ t: 'deadline', id: d.matchId, d: { ...d, at: now + CLAIM_LEASE_MS } }));
    return { taken, changes };
  }
}
