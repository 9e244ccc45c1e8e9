/**
 * The embedded default {@link Store}: no setup, no dependency, survives restarts. Everything
 * lives in one journal file in a folder (see `journal.ts`): a record per new match, seat change,
 * appended action and deadline change (the {@link Change}s of `tables.ts`), each checksummed and
 * on disk (written with `O_DSYNC`, or followed by `fdatasync`) before the call resolves. At open
 * the journal is replayed into the same tables the memory store uses, except that a log entry is
 * held as where its record is in the journal (not the entry itself): `readLog` reads entries back
 * from the file, every other read is answered from memory, so memory grows with the matches, not
 * with the actions played. One process at a time holds a folder (a lock file says which: pid,
 * process start time and host, so a reused pid is not mistaken for the owner; see `lock.ts`).
 * @module
 */
import type { ChatLine } from '../../protocol/lobby.js';
import { storeClosed } from './closed.js';
import { liveRecordCount, liveRecords, worthCompacting } from './compact.js';
import { decodeLine, Journal, type Span } from './journal.js';
import { JOURNAL_FAILED } from './journal-failed.js';
import { readKept, writeKept } from './kept.js';
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
import { type Change, copy, Tables } from './tables.js';

/** Options of {@link FileStore.open}. */
export interface FileStoreOptions {
  /**
   * Take over the folder's lock even though its owner cannot be proven gone, if it names this
   * pid. Only after checking that the process is gone: two processes writing one journal corrupt it.
   */
  readonly takeOver?: { readonly pid: number };
  /**
   * Cut off a corrupt tail: whole last records that fail their checksum (their bytes changed on
   * disk after they were written), which otherwise refuse the open with a `JournalCorruptError`.
   * The cut bytes are copied first to a file beside the journal, `journal.ftk.cut-<time>`
   * ({@link FileStore.cutFile}). Records acknowledged in them are lost to the store: only when
   * there is no backup to restore. Corruption followed by good records is never cut.
   */
  readonly cutCorruptTail?: boolean;
}

/**
 * A {@link Store} in a folder on disk: `await FileStore.open('./ftk-data')`.
 *
 * An action's `append` resolves `true` only once its record is on disk, and the entry is read
 * (and watchers hear of it) only from then on, so no client ever sees an action that a crash
 * could take back. Appends from many matches share one durable write (group commit).
 *
 * @example
 * ```ts
 * const store = await FileStore.open('./ftk-data');
 * const host = new MatchHost({ store });
 * ```
 */
export class FileStore implements Store {
  private readonly journal: Journal;
  /** Durable records (logs as places in the journal). */
  private readonly tables = new Tables(false);
  /** Log length per match counting appends still on their way to disk (what compare-and-set checks). */
  private readonly reserved = new Map<string, number>();
  private readonly listeners = new Listeners();
  private readonly matchListeners = new MatchListeners();
  /** Presence leases: in memory only (rebuilt as clients reconnect after a restart). */
  private readonly presence = new PresenceTable();
  private closed = false;

  /** The folder (kept records are in its `records/`). */
  private readonly dir: string;
  /** Records in the journal file (found at open, written since). */
  private records: number;
  private compacting: Promise<unknown> | null = null;

  private constructor(journal: Journal, dir: string) {
    this.journal = journal;
    this.dir = dir;
    for (const [i, r] of journal.records.entries()) this.load(r as Change, journal.spanAtOpen(i));
    this.records = journal.records.length;
    journal.release();
  }

  /**
   * Opens (or creates) the store in `dir`, cutting off a torn last record if the previous process
   * died mid-write (a last line without its newline), refusing a journal with a whole record
   * that fails its checksum with a `JournalCorruptError` (see `options.cutCorruptTail`), and
   * compacting the journal when it holds far more than the live data (see
   * {@link FileStore.compact}). A lock left by a process that is gone is taken over; one whose
   * owner may be alive refuses with a {@link StoreLockedError}, unless `options.takeOver` names
   * its pid (for an owner on another host, or where the system gives no process start times:
   * check it is gone).
   */
  static async open(dir: string, options: FileStoreOptions = {}): Promise<FileStore> {
    const store = new FileStore(await Journal.open(dir, options), dir);
    try {
      if (worthCompacting(store.records, liveRecordCount(store.tables))) await store.compact();
    } catch (e) {
      await store.close();
      throw e;
    }
    return store;
  }

  /**
   * Rewrites the journal with the live data alone: each match as it is now, its log and its
   * pending deadline, without the history of deadlines, seat changes and expired matches. The
   * new file replaces the old one atomically; calls made meanwhile wait for it (about a second
   * per 100 MB of live data). Runs on its own at open and whenever the journal holds more than
   * twice the records the live data needs (and at least 20,000), so the file and the start-up
   * stay within about twice the live data. Returns the file's bytes before and after.
   */
  async compact(): Promise<{ before: number; after: number }> {
    this.open();
    let n = 0;
    const { tables, journal } = this;
    // Each log's lines are copied as they are from the old file; where they land is noted, and
    // the tables take the new places in the step the new file replaces the old one.
    const moved = new Map<string, number[]>();
    let landing: number[] | null = null;
    const logOf = function* (id: string): Generator<Buffer> {
      landing = [];
      moved.set(id, landing);
      yield* journal.readSync(tables.spans(id, 0));
      landing = null;
    };
    const r = await journal.rewrite(
      function* () {
        for (const c of liveRecords(tables, logOf)) {
          n++;
          yield c;
        }
      },
      {
        placed: (span) => landing?.push(span.offset, span.length),
        swapped: () => tables.moved(moved),
      },
    );
    this.records = n;
    return r;
  }

  /** A journal write, counted; now and then a look at whether to compact. Resolves with where the record is. */
  private write(c: Change): Promise<Span> {
    this.records++;
    if ((this.records & 4095) === 0 && this.compacting === null && worthCompacting(this.records, liveRecordCount(this.tables))) {
      this.compacting = this.compact()
        .catch(() => undefined) // the old journal stays whole; the next look tries again
        .finally(() => {
          this.compacting = null;
        });
    }
    return this.journal.write(c);
  }

  /** Bytes of torn tail (or, with `cutCorruptTail`, of corrupt tail) that were cut off at open. */
  get tornBytes(): number {
    return this.journal.tornBytes;
  }

  /** The file a corrupt tail cut at open was copied to (see {@link FileStoreOptions.cutCorruptTail}), or `null`. */
  get cutFile(): string | null {
    return this.journal.cutFile;
  }

  /** Applies a durable (or, for all but actions, about to be written) change; an action with where it is in the journal. */
  private load(c: Change, span?: Span): void {
    this.tables.apply(c, span);
    if (c.t === 'expire') this.reserved.delete(c.id);
    if (c.t === 'match' || c.t === 'action') {
      const id = c.t === 'match' ? c.m.id : c.id;
      const length = this.tables.logLength(id);
      if (length !== undefined) this.reserved.set(id, length);
    }
  }

  private open(): void {
    if (this.closed) throw storeClosed();
    // After a failed write (cut back out of the file) nothing more is served (readiness says so);
    // a restart reads the journal as it was before it.
    if (this.journal.failed !== null) {
      throw new Error(`${JOURNAL_FAILED} (${String(this.journal.failed)}): restart the process`);
    }
  }

  async createMatch(match: MatchRecord): Promise<void> {
    this.open();
    if (this.tables.has(match.id)) throw new Error(`a match with id ${match.id} exists`);
    const c: Change = { t: 'match', m: copy(match) };
    this.load(c);
    await this.write(c);
  }

  async getMatch(id: string): Promise<MatchRecord | null> {
    this.open();
    return this.tables.getMatch(id);
  }

  async updateSeats(id: string, expected: number, seats: readonly SeatRecord[]): Promise<boolean> {
    this.open();
    if (this.tables.version(id) !== expected) return false;
    const c: Change = { t: 'seats', id, version: expected + 1, seats: copy(seats) };
    this.load(c);
    await this.write(c);
    this.matchListeners.notify(id, 'match');
    return true;
  }

  async updateMatch(id: string, expected: number, patch: MatchPatch): Promise<boolean> {
    this.open();
    if (this.tables.version(id) !== expected) return false;
    const c: Change = { t: 'update', id, version: expected + 1, patch: copy(patch) };
    this.load(c);
    await this.write(c);
    this.matchListeners.notify(id, 'match');
    return true;
  }

  async listMatches(limit: number, filter?: MatchFilter): Promise<MatchRecord[]> {
    this.open();
    return this.tables.listMatches(limit, filter);
  }

  async append(matchId: string, entry: LogEntry): Promise<boolean> {
    this.open();
    const reserved = this.reserved.get(matchId);
    if (reserved === undefined || entry.seq !== reserved + 1) return false;
    this.reserved.set(matchId, entry.seq);
    const c: Change = { t: 'action', id: matchId, e: entry }; // encoded at once and not held: no copy needed
    const span = await this.write(c);
    // Records become durable in the order they were written, so the log grows in order.
    this.tables.apply(c, span);
    this.listeners.notify(matchId, entry.seq);
    return true;
  }

  /** Reads the entries back from the journal (see the module's description). */
  async readLog(matchId: string, after: number): Promise<LogEntry[]> {
    this.open();
    const spans = this.tables.spans(matchId, after);
    if (spans.length === 0) return [];
    const lines = await this.journal.read(spans);
    return lines.map((line) => {
      const c = decodeLine(line.subarray(0, line.length - 1)) as Change | undefined;
      if (c?.t !== 'action' || c.id !== matchId) throw new Error(`the journal does not hold match ${matchId}'s entry where it should`);
      return c.e;
    });
  }

  async setDeadline(matchId: string, deadline: Deadline | null, options: SetDeadlineOptions = {}): Promise<void> {
    this.open();
    // Nothing to journal when the deadline stored is kept.
    if (!this.tables.writesDeadline(matchId, deadline, options)) return;
    const c: Change = { t: 'deadline', id: matchId, d: deadline === null ? null : copy(deadline) };
    this.load(c);
    await this.write(c);
  }

  async claimDue(now: number, limit: number): Promise<Deadline[]> {
    this.open();
    // Pushed a lease ahead, not deleted (see CLAIM_LEASE_MS), in the journal's usual deadline
    // record: a host that closes or dies before the move is in leaves it to be played after a restart.
    const { taken, changes } = this.tables.claim(now, limit);
    const writes: Promise<unknown>[] = [];
    for (const c of changes) {
      this.load(c);
      writes.push(this.write(c));
    }
    await Promise.all(writes);
    return taken.map(copy);
  }

  async idleMatches(before: number, after: ActivityCursor | null, limit: number): Promise<MatchActivity[]> {
    this.open();
    return this.tables.idle(before, after, limit);
  }

  /**
   * See {@link Store.expireMatch}. A kept record is a file of its own, `records/<2 characters>/<id>.json`,
   * on disk before the journal says the match is gone; the journal keeps only `{ t: 'expire', id }`.
   */
  async expireMatch(id: string, expected: { readonly version: number; readonly seq: number }, keep: KeptRecord | null): Promise<boolean> {
    this.open();
    if (this.tables.version(id) !== expected.version || this.reserved.get(id) !== expected.seq) return false;
    if (keep !== null) {
      this.reserved.set(id, Number.NaN); // no append goes in while the kept record is written
      try {
        await writeKept(this.dir, id, keep);
      } finally {
        const length = this.tables.logLength(id);
        if (length !== undefined) this.reserved.set(id, length);
      }
      this.open();
      if (this.tables.version(id) !== expected.version) return false; // a seat changed meanwhile: not idle
    }
    const c: Change = { t: 'expire', id };
    this.load(c);
    this.presence.delete(id);
    await this.write(c);
    return true;
  }

  async keptRecord(id: string): Promise<KeptRecord | null> {
    this.open();
    return readKept(this.dir, id);
  }

  watch(listener: (matchId: string, seq: number) => void): () => void {
    return this.listeners.add(listener);
  }

  async appendChat(matchId: string, line: NewChatLine): Promise<number> {
    this.open();
    if (!this.tables.has(matchId)) return 0;
    const n = this.tables.chatLength(matchId) + 1;
    const c: Change = { t: 'chat', id: matchId, line: { ...copy(line), n } };
    this.load(c);
    await this.write(c);
    this.matchListeners.notify(matchId, 'chat');
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
    queueMicrotask(() => this.matchListeners.notify(matchId, 'presence'));
  }

  async readPresence(matchId: string): Promise<PresenceRecord[]> {
    this.open();
    return this.presence.read(matchId);
  }

  watchMatches(listener: (matchId: string, change: MatchChange) => void): () => void {
    return this.matchListeners.add(listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.listeners.clear();
    await this.compacting;
    this.matchListeners.clear();
    await this.journal.close();
  }
}
