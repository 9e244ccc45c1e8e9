/**
 * The in-process stores' tables: matches, logs and deadlines in plain maps, changed only by
 * {@link Change} records. The memory store applies each change as it comes; the embedded store
 * writes each to its journal and replays the journal into the same tables at open. Every record
 * is copied on the way out, so a caller can never change what is stored.
 * @module
 */
import type { ChatLine } from '../../protocol/lobby.js';
import type { ActivityCursor, Deadline, LogEntry, MatchActivity, MatchFilter, MatchPatch, MatchRecord, SeatRecord } from './store.js';

/** One change to the stored data (also the embedded store's journal record: keep the field names). */
export type Change =
  | { readonly t: 'match'; readonly m: MatchRecord }
  | { readonly t: 'seats'; readonly id: string; readonly version: number; readonly seats: readonly SeatRecord[] }
  | { readonly t: 'action'; readonly id: string; readonly e: LogEntry }
  | { readonly t: 'deadline'; readonly id: string; readonly d: Deadline | null }
  | { readonly t: 'update'; readonly id: string; readonly version: number; readonly patch: MatchPatch }
  | { readonly t: 'chat'; readonly id: string; readonly line: ChatLine }
  | { readonly t: 'expire'; readonly id: string };

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

/** Matches, logs and deadlines held in memory. */
export class Tables {
  private readonly matches = new Map<string, MatchRecord>();
  private readonly logs = new Map<string, LogEntry[]>();
  private readonly deadlines = new Map<string, Deadline>();
  private readonly chats = new Map<string, ChatLine[]>();

  /**
   * Applies one change (and freezes what it stores: hand in a copy); a seat change or an action
   * for a match that is not here (or out of turn) is ignored.
   */
  apply(c: Change): void {
    deepFreeze(c);
    switch (c.t) {
      case 'match':
        this.matches.set(c.m.id, c.m);
        this.logs.set(c.m.id, []);
        break;
      case 'seats': {
        const m = this.matches.get(c.id);
        if (m !== undefined) this.matches.set(c.id, Object.freeze({ ...m, seats: c.seats, version: c.version }));
        break;
      }
      case 'action': {
        const log = this.logs.get(c.id);
        if (log !== undefined && c.e.seq === log.length + 1) log.push(c.e);
        break;
      }
      case 'deadline':
        if (c.d === null) this.deadlines.delete(c.id);
        else if (this.matches.has(c.id)) this.deadlines.set(c.id, c.d);
        break;
      case 'expire':
        this.matches.delete(c.id);
        this.logs.delete(c.id);
        this.deadlines.delete(c.id);
        this.chats.delete(c.id);
        break;
      case 'update': {
        const m = this.matches.get(c.id);
        if (m !== undefined) this.matches.set(c.id, { ...m, ...c.patch, version: c.version });
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

  /** See {@link Store.idleMatches}. */
  idle(before: number, after: ActivityCursor | null, limit: number): MatchActivity[] {
    const found: MatchActivity[] = [];
    for (const m of this.matches.values()) {
      if (m.createdAt >= before || this.deadlines.has(m.id)) continue;
      if (after !== null && (m.createdAt < after.createdAt || (m.createdAt === after.createdAt && m.id <= after.id))) continue;
      const log = this.logs.get(m.id) ?? [];
      const lastAt = log.length === 0 ? m.createdAt : (log[log.length - 1] as LogEntry).at;
      if (lastAt >= before) continue;
      found.push({ id: m.id, createdAt: m.createdAt, version: m.version, seq: log.length, lastAt });
    }
    found.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return found.slice(0, Math.max(0, limit));
  }

  /** Every match, oldest stored first, with its log and its pending deadline (for a compaction). */
  *everything(): Generator<{
    readonly m: MatchRecord;
    readonly log: readonly LogEntry[];
    readonly d: Deadline | null;
    readonly chat: readonly ChatLine[];
  }> {
    for (const m of this.matches.values())
      yield { m, log: this.logs.get(m.id) ?? [], d: this.deadlines.get(m.id) ?? null, chat: this.chats.get(m.id) ?? [] };
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
    const wanted = filter.visibility;
    const all = [...this.matches.values()].reverse().filter((m) => wanted === undefined || (m.visibility ?? 'public') === wanted);
    all.sort((a, b) => b.createdAt - a.createdAt);
    return all.slice(0, Math.max(0, limit));
  }

  /** The number of entries in the match's log, or `undefined` when there is no such match. */
  logLength(matchId: string): number | undefined {
    return this.logs.get(matchId)?.length;
  }

  /** The log's entries (frozen) with `seq > after`. */
  readLog(matchId: string, after: number): LogEntry[] {
    return (this.logs.get(matchId) ?? []).slice(Math.max(0, after));
  }

  /** The number of lines in the match's chat. */
  chatLength(matchId: string): number {
    return this.chats.get(matchId)?.length ?? 0;
  }

  /** Copies of the match's chat lines numbered above `after`, the last `limit` of them. */
  readChat(matchId: string, after: number, limit: number): ChatLine[] {
    const chat = this.chats.get(matchId) ?? [];
    const from = Math.max(0, after, chat.length - Math.max(0, limit));
    return chat.slice(from).map(copy);
  }

  /** The deadlines with `at <= now`, earliest first, at most `limit` (still set: the caller clears them). */
  due(now: number, limit: number): Deadline[] {
    const due: Deadline[] = [];
    for (const d of this.deadlines.values()) if (d.at <= now) due.push(d);
    due.sort((a, b) => a.at - b.at);
    return due.slice(0, Math.max(0, limit));
  }
}
