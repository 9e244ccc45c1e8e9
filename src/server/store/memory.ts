/**
 * The in-memory {@link Store}: for tests, benchmarks and throwaway hosts. Nothing survives the
 * process. Every record is copied on the way in and handed out frozen, so a caller can never
 * change what is stored by changing an object it passed or received.
 * @module
 */
import type { ChatLine } from '../../protocol/lobby.js';
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
  Store,
} from './store.js';
import { copy, Tables } from './tables.js';

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
  private readonly kept = new Map<string, KeptRecord>();
  private readonly listeners = new Listeners();
  private readonly matchListeners = new MatchListeners();
  private readonly presence = new PresenceTable();
  private closed = false;

  private open(): void {
    if (this.closed) throw new Error('the store is closed');
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

  async setDeadline(matchId: string, deadline: Deadline | null): Promise<void> {
    this.open();
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
    if (keep !== null) this.kept.set(id, copy(keep));
    this.tables.apply({ t: 'expire', id });
    this.presence.delete(id);
    return true;
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
