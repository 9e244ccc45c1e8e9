/**
 * The embedded default {@link Store}: no setup, no dependency, survives restarts. Everything
 * lives in one journal file in a folder (see `journal.ts`): a record per new match, seat change,
 * appended action and deadline change, each checksummed and on disk (`fdatasync`) before the
 * call resolves. At open the journal is read back into memory; reads never touch the disk.
 * One process at a time holds a folder (a lock file says which).
 * @module
 */
import { Journal } from './journal.js';
import type { Deadline, LogEntry, MatchRecord, SeatRecord, Store } from './store.js';

type Listener = (matchId: string, seq: number) => void;

type JournalRecord =
  | { readonly t: 'match'; readonly m: MatchRecord }
  | { readonly t: 'seats'; readonly id: string; readonly version: number; readonly seats: readonly SeatRecord[] }
  | { readonly t: 'action'; readonly id: string; readonly e: LogEntry }
  | { readonly t: 'deadline'; readonly id: string; readonly d: Deadline | null };

function copy<T>(value: T): T {
  return structuredClone(value);
}

/**
 * A {@link Store} in a folder on disk: `await FileStore.open('./ftk-data')`.
 *
 * An action's `append` resolves `true` only once its record is on disk, and the entry is read
 * (and watchers hear of it) only from then on, so no client ever sees an action that a crash
 * could take back. Appends from many matches share one write and one `fdatasync` (group commit).
 *
 * @example
 * ```ts
 * const store = await FileStore.open('./ftk-data');
 * const host = new MatchHost({ store });
 * ```
 */
export class FileStore implements Store {
  private readonly journal: Journal;
  private readonly matches = new Map<string, MatchRecord>();
  /** Durable entries per match. */
  private readonly logs = new Map<string, LogEntry[]>();
  /** Log length per match counting appends still on their way to disk (what compare-and-set checks). */
  private readonly reserved = new Map<string, number>();
  private readonly deadlines = new Map<string, Deadline>();
  private readonly listeners = new Set<Listener>();
  private closed = false;

  private constructor(journal: Journal) {
    this.journal = journal;
    for (const r of journal.records) this.load(r as JournalRecord);
  }

  /** Opens (or creates) the store in `dir`, cutting off a torn last record if the previous process died mid-write. */
  static async open(dir: string): Promise<FileStore> {
    return new FileStore(await Journal.open(dir));
  }

  /** Bytes of torn tail that were cut off at open. */
  get tornBytes(): number {
    return this.journal.tornBytes;
  }

  private load(r: JournalRecord): void {
    switch (r.t) {
      case 'match':
        this.matches.set(r.m.id, r.m);
        this.logs.set(r.m.id, []);
        this.reserved.set(r.m.id, 0);
        break;
      case 'seats': {
        const m = this.matches.get(r.id);
        if (m !== undefined) this.matches.set(r.id, { ...m, seats: r.seats, version: r.version });
        break;
      }
      case 'action': {
        const log = this.logs.get(r.id);
        if (log !== undefined && r.e.seq === log.length + 1) {
          log.push(r.e);
          this.reserved.set(r.id, log.length);
        }
        break;
      }
      case 'deadline':
        if (r.d === null) this.deadlines.delete(r.id);
        else this.deadlines.set(r.id, r.d);
        break;
    }
  }

  private open(): void {
    if (this.closed) throw new Error('the store is closed');
  }

  async createMatch(match: MatchRecord): Promise<void> {
    this.open();
    if (this.matches.has(match.id)) throw new Error(`a match with id ${match.id} exists`);
    const m = copy(match);
    this.load({ t: 'match', m });
    await this.journal.write({ t: 'match', m });
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
    const r: JournalRecord = { t: 'seats', id, version: expected + 1, seats: copy(seats) };
    this.load(r);
    await this.journal.write(r);
    return true;
  }

  async listMatches(limit: number): Promise<MatchRecord[]> {
    this.open();
    const all = [...this.matches.values()].reverse();
    all.sort((a, b) => b.createdAt - a.createdAt);
    return all.slice(0, Math.max(0, limit)).map(copy);
  }

  async append(matchId: string, entry: LogEntry): Promise<boolean> {
    this.open();
    const reserved = this.reserved.get(matchId);
    if (reserved === undefined || entry.seq !== reserved + 1) return false;
    this.reserved.set(matchId, entry.seq);
    const e = copy(entry);
    await this.journal.write({ t: 'action', id: matchId, e });
    // Records become durable in the order they were written, so the log grows in order.
    (this.logs.get(matchId) as LogEntry[]).push(e);
    for (const l of [...this.listeners]) {
      try {
        l(matchId, e.seq);
      } catch {
        // A listener's failure is its own.
      }
    }
    return true;
  }

  async readLog(matchId: string, after: number): Promise<LogEntry[]> {
    this.open();
    return (this.logs.get(matchId) ?? []).slice(Math.max(0, after)).map(copy);
  }

  async setDeadline(matchId: string, deadline: Deadline | null): Promise<void> {
    this.open();
    const r: JournalRecord = { t: 'deadline', id: matchId, d: deadline === null ? null : copy(deadline) };
    this.load(r);
    await this.journal.write(r);
  }

  async claimDue(now: number, limit: number): Promise<Deadline[]> {
    this.open();
    const due: Deadline[] = [];
    for (const d of this.deadlines.values()) if (d.at <= now) due.push(d);
    due.sort((a, b) => a.at - b.at);
    const taken = due.slice(0, Math.max(0, limit));
    const writes: Promise<void>[] = [];
    for (const d of taken) {
      const r: JournalRecord = { t: 'deadline', id: d.matchId, d: null };
      this.load(r);
      writes.push(this.journal.write(r));
    }
    await Promise.all(writes);
    return taken.map(copy);
  }

  watch(listener: (matchId: string, seq: number) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.listeners.clear();
    await this.journal.close();
  }
}
