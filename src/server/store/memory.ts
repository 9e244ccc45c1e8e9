/**
 * The in-memory {@link Store}: for tests, benchmarks and throwaway hosts. Nothing survives the
 * process. Every record is copied on the way in and handed out frozen, so a caller can never
 * change what is stored by changing an object it passed or received. Of the records kept for
 * expired matches it holds the latest {@link MemoryStoreOptions.keptRecords}, so that expiry keeps
 * its memory bounded.
 * @module
 */
import type { ChatLine } from '../../protocol/lobby.js';
import { storeClosed } from './closed.js';
import { Listeners } from './listeners.js';
import { MatchListeners } from './match-listeners.js';
import { PresenceTable } from './presence-table.js';
import type {
  ActivityCursor,
  Deadline,
  KeptRecord,
  LogEntry,
  MatchActivity,
  MatchChange,
  MatchFilter,
  MatchPatch,
  MatchRecord,
  NewChatLine,
  PresenceRecord,
  SeatRecord,
  SetDeadlineOptions,
  Store,
} from './store.js';
import { copy, Tables } from './tables.js';

/** How many kept records a {@link MemoryStore} holds by default. */
const DEFAULT_KEPT_RECORDS = 1000;

/** Options of {@link MemoryStore}. */
export interface MemoryStoreOptions {
  /**
   * How many records of expired matches it keeps (see {@link Store.expireMatch}), the latest: when
   * one more is kept, the one kept longest ago is dropped (a record kept again for the same match
   * counts as kept then). A whole number from 0, or `Infinity` for all; default 1,000.
   */
  readonly keptRecords?: number;
}

/**
 * A {@link Store} held in plain maps. All methods complete in one step of the event loop, so
 * compare-and-set needs no lock; watchers are called after the append resolves, in a microtask.
 *
 * @example
 * ```ts
 * const store = new MemoryStore();
 * await store.createMatch(match); // a MatchRecord, as the host makes them; say its id is 'm1'
 * await store.append('m1', { seq: 1, action, by: 'seat', at: Date.now() }); // true
 * await store.append('m1', { seq: 1, action, by: 'seat', at: Date.now() }); // false: seq 1 is taken
 * await store.append('m2', { seq: 1, action, by: 'seat', at: Date.now() }); // false: no match m2
 * ```
 */
export class MemoryStore implements Store {
  private readonly tables = new Tables();
  /** The kept records, the one kept longest ago first. */
  private readonly kept = new Map<string, KeptRecord>();
  private readonly keptMax: number;
  private readonly listeners = new Listeners();
  private readonly matchListeners = new MatchListeners();
  private readonly presence = new PresenceTable();
  private closed = false;

  /** @throws `RangeError` when `keptRecords` is not a whole number from 0 (or `Infinity`). */
  constructor(options: MemoryStoreOptions = {}) {
    const max = options.keptRecords ?? DEFAULT_KEPT_RECORDS;
    if (typeof max !== 'number' || !(Number.isInteger(max) || max === Number.POSITIVE_INFINITY) || max < 0) {
      throw new RangeError(`keptRecords must be a whole number from 0, or Infinity, got ${String(max)}`);
    }
    this.keptMax = max;
  }

  private open(): void {
    if (this.closed) throw storeClosed();
  }

  async createMatch(match: MatchRecord): Promise<void> {
    this.open();
    if (this.tables.has(match.id)) throw new Error(`a match with id ${match.id} exists`);
    this.tables.apply({ t: 'match', m: copy(match) });
  }

  async getMatch(id: string): Promise<MatchRecord | null> {
    this.open();
    return this.tables.getMatch(id);
  }

  async updateSeats(id: string, expected: number, seats: readonly SeatRecord[]): Promise<boolean> {
    this.open();
    if (this.tables.version(id) !== expected) return false;
    this.tables.apply({ t: 'seats', id, version: expected + 1, seats: copy(seats) });
    this.changed(id, 'match');
    return true;
  }

  async updateMatch(id: string, expected: number, patch: MatchPatch): Promise<boolean> {
    this.open();
    if (this.tables.version(id) !== expected) return false;
    this.tables.apply({ t: 'update', id, version: expected + 1, patch: copy(patch) });
    this.changed(id, 'match');
    return true;
  }

  async listMatches(limit: number, filter?: MatchFilter): Promise<MatchRecord[]> {
    this.open();
    return this.tables.listMatches(limit, filter);
  }

  async append(matchId: string, entry: LogEntry): Promise<boolean> {
    this.open();
    const length = this.tables.logLength(matchId);
    if (length === undefined || entry.seq !== length + 1) return false;
    this.tables.apply({ t: 'action', id: matchId, e: copy(entry) });
    queueMicrotask(() => this.listeners.notify(matchId, entry.seq));
    return true;
  }

  async readLog(matchId: string, after: number): Promise<LogEntry[]> {
    this.open();
    return this.tables.readLog(matchId, after);
  }

  async setDeadline(matchId: string, deadline: Deadline | null, options: SetDeadlineOptions = {}): Promise<void> {
    this.open();
    if (!this.tables.writesDeadline(matchId, deadline, options)) return;
    this.tables.apply({ t: 'deadline', id: matchId, d: deadline === null ? null : copy(deadline) });
  }

  async claimDue(now: number, limit: number): Promise<Deadline[]> {
    this.open();
    // Pushed a lease ahead, not deleted (see CLAIM_LEASE_MS): a host closed before the move is in
    // leaves it to be played later.
    const { taken, changes } = this.tables.claim(now, limit);
    for (const c of changes) this.tables.apply(c);
    return taken.map(copy);
  }

  async idleMatches(before: number, after: ActivityCursor | null, limit: number): Promise<MatchActivity[]> {
    this.open();
    return this.tables.idle(before, after, limit);
  }

  async expireMatch(id: string, expected: { readonly version: number; readonly seq: number }, keep: KeptRecord | null): Promise<boolean> {
    this.open();
    if (this.tables.version(id) !== expected.version || this.tables.logLength(id) !== expected.seq) return false;
    if (keep !== null) this.keep(id, copy(keep));
    this.tables.apply({ t: 'expire', id });
    this.presence.delete(id);
    return true;
  }

  /** Keeps `record` as the latest, and drops the ones kept longest ago beyond the bound. */
  private keep(id: string, record: KeptRecord): void {
    this.kept.delete(id);
    this.kept.set(id, record);
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= this.keptMax) break;
      this.kept.delete(oldest);
    }
  }

  async keptRecord(id: string): Promise<KeptRecord | null> {
    this.open();
    const k = this.kept.get(id);
    return k === undefined ? null : copy(k);
  }

  watch(listener: (matchId: string, seq: number) => void): () => void {
    return this.listeners.add(listener);
  }

  async appendChat(matchId: string, line: NewChatLine): Promise<number> {
    this.open();
    if (!this.tables.has(matchId)) return 0;
    const n = this.tables.chatLength(matchId) + 1;
    this.tables.apply({ t: 'chat', id: matchId, line: { ...copy(line), n } });
    this.changed(matchId, 'chat');
    return n;
  }

  async readChat(matchId: string, after: number, limit: number): Promise<ChatLine[]> {
    this.open();
    return this.tables.readChat(matchId, after, limit);
  }

  async chatLength(matchId: string): Promise<number> {
    this.open();
    return this.tables.chatLength(matchId);
  }

  async setPresence(matchId: string, host: string, seat: number, until: number): Promise<void> {
    this.open();
    if (!this.tables.has(matchId)) return;
    this.presence.set(matchId, host, seat, until);
    this.changed(matchId, 'presence');
  }

  async readPresence(matchId: string): Promise<PresenceRecord[]> {
    this.open();
    return this.presence.read(matchId);
  }

  watchMatches(listener: (matchId: string, change: MatchChange) => void): () => void {
    return this.matchListeners.add(listener);
  }

  private changed(matchId: string, change: MatchChange): void {
    queueMicrotask(() => this.matchListeners.notify(matchId, change));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.matchListeners.clear();
  }
}
