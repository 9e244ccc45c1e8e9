/**
 * The in-memory {@link Store}: for tests, benchmarks and throwaway hosts. Nothing survives the
 * process. Every record is copied on the way in and out, so a caller can never change what is
 * stored by changing an object it passed or received.
 * @module
 */
import type { Deadline, LogEntry, MatchRecord, SeatRecord, Store } from './store.js';

type Listener = (matchId: string, seq: number) => void;

/** Copies plain JSON data (records hold nothing else). */
function copy<T>(value: T): T {
  return structuredClone(value);
}

/**
 * A {@link Store} held in plain maps. All methods complete in one step of the event loop, so
 * compare-and-set needs no lock; watchers are called after the append resolves, in a microtask.
 *
 * @example
 * ```ts
 * const store = new MemoryStore();
 * await store.append('m1', { seq: 1, action, by: 'seat', at: Date.now() }); // true
 * await store.append('m1', { seq: 1, action, by: 'seat', at: Date.now() }); // false: seq 1 is taken
 * ```
 */
export class MemoryStore implements Store {
  private readonly matches = new Map<string, MatchRecord>();
  private readonly logs = new Map<string, LogEntry[]>();
  private readonly deadlines = new Map<string, Deadline>();
  private readonly listeners = new Set<Listener>();
  private closed = false;

  private open(): void {
    if (this.closed) throw new Error('the store is closed');
  }

  async createMatch(match: MatchRecord): Promise<void> {
    this.open();
    if (this.matches.has(match.id)) throw new Error(`a match with id ${match.id} exists`);
    this.matches.set(match.id, copy(match));
    this.logs.set(match.id, []);
  }

  async getMatch(id: string): Promise<MatchRecord | null> {
    this.open();
    const m = this.matches.get(id);
    return m === undefined ? null : copy(m);
  }

  async updateSeats(id: string, expected: number, seats: readonly SeatRecord[]): Promise<boolean> {
    this.open();
    const m = this.matches.get(id);
    if (m === undefined || m.version !== expected) return false;
    this.matches.set(id, { ...m, seats: copy(seats), version: expected + 1 });
    return true;
  }

  async listMatches(limit: number): Promise<MatchRecord[]> {
    this.open();
    const all = [...this.matches.values()];
    // Newest first; among equal times the later-created first (insertion order reversed).
    all.reverse();
    all.sort((a, b) => b.createdAt - a.createdAt);
    return all.slice(0, Math.max(0, limit)).map(copy);
  }

  async append(matchId: string, entry: LogEntry): Promise<boolean> {
    this.open();
    const log = this.logs.get(matchId);
    if (log === undefined || entry.seq !== log.length + 1) return false;
    log.push(copy(entry));
    queueMicrotask(() => this.notify(matchId, entry.seq));
    return true;
  }

  async readLog(matchId: string, after: number): Promise<LogEntry[]> {
    this.open();
    const log = this.logs.get(matchId) ?? [];
    return log.slice(Math.max(0, after)).map(copy);
  }

  async setDeadline(matchId: string, deadline: Deadline | null): Promise<void> {
    this.open();
    if (deadline === null) this.deadlines.delete(matchId);
    else this.deadlines.set(matchId, copy(deadline));
  }

  async claimDue(now: number, limit: number): Promise<Deadline[]> {
    this.open();
    const due: Deadline[] = [];
    for (const d of this.deadlines.values()) if (d.at <= now) due.push(d);
    due.sort((a, b) => a.at - b.at);
    const taken = due.slice(0, Math.max(0, limit));
    for (const d of taken) this.deadlines.delete(d.matchId);
    return taken;
  }

  watch(listener: (matchId: string, seq: number) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private notify(matchId: string, seq: number): void {
    for (const l of [...this.listeners]) {
      try {
        l(matchId, seq);
      } catch {
        // A listener's failure is its own; the other listeners still hear of the append.
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
  }
}
