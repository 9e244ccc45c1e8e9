/**
 * The embedded store's journal: one append-only file of records, each a line
 * `<crc32, 8 hex digits> <JSON>\n` (see `journal-format.ts`). Appends are group-committed: every
 * record queued while a write is on its way goes out in the next single write, which is durable
 * when it returns (the file is open with `O_DSYNC`; where a platform lacks it, the write is
 * followed by one `fdatasync`); a record's promise resolves only after that. A write that fails
 * is cut back out of the file, and the journal refuses every write after it. At open, the file is
 * read back record by record; a torn tail (a last line without its newline) is cut off, and a
 * whole line that fails its check is refused as corruption rather than skipped (or, on request,
 * cut off after being copied aside).
 * @module
 */
import { closeSync, constants, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, readSync, rmSync, writeSync } from 'node:fs';
import { type FileHandle, open, rename, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { encodeRecord, type JournalScan, scanJournal } from './journal-format.js';
import { type HeldLock, releaseLock, type TakeLockOptions, takeLock } from './lock.js';
import { PRIVATE_FILE, PRIVATE_FOLDER } from './private-modes.js';
import { regularOrAbsent } from './regular-file.js';
import { syncFolder } from './sync-folder.js';

export { decodeLine, encodeRecord, JournalCorruptError, type JournalScan, scanJournal } from './journal-format.js';

/**
 * How the journal is opened for appends: with `O_DSYNC` where the platform has it, so that each
 * write returns once its data is on disk (one trip to the thread pool per batch instead of a
 * write and then an `fdatasync`); plain append mode elsewhere, where {@link APPENDS_DURABLE} is
 * `false` and each batch is followed by `fdatasync`.
 */
const APPENDS_DURABLE = typeof constants.O_DSYNC === 'number' && constants.O_DSYNC !== 0;
const APPEND_FLAGS = APPENDS_DURABLE ? constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_DSYNC : 'a';

/** Options of {@link Journal.open}. */
export interface JournalOptions extends TakeLockOptions {
  /** Cut off a corrupt tail (whole last records that fail their check), after copying it aside, instead of refusing to open. */
  readonly cutCorruptTail?: boolean;
}

/**
 * Copies `bytes` (a corrupt tail about to be cut from the journal at `path`) to a new file
 * beside it, `journal.ftk.cut-<time>`, on disk before the journal is cut. Returns its path.
 */
function copyAside(path: string, bytes: Uint8Array): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  for (let n = 0; ; n++) {
    const aside = `${path}.cut-${stamp}${n === 0 ? '' : `-${n}`}`;
    let fd: number;
    try {
      fd = openSync(aside, 'wx', PRIVATE_FILE);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST' && n < 100) continue;
      throw e;
    }
    try {
      for (let off = 0; off < bytes.length; ) off += writeSync(fd, bytes, off, bytes.length - off);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    syncFolder(dirname(path));
    return aside;
  }
}

/** Where a record is in the journal file: its byte offset and length (its newline included). */
export interface Span {
  readonly offset: number;
  readonly length: number;
}

interface Pending {
  readonly bytes: Buffer;
  readonly done: (span: Span) => void;
  readonly fail: (e: unknown) => void;
}

/** What {@link Journal.rewrite} tells its caller as it goes. */
export interface RewriteHooks {
  /** Called for each record as it is placed in the new file (before the next is asked for), with where it goes. */
  readonly placed?: (span: Span) => void;
  /** Called once the new file has replaced the old one, in the same step as reads move to it. */
  readonly swapped?: () => void;
}

/** A read-only handle on one journal file, closed once it is replaced and no read uses it. */
class Reader {
  private users = 0;
  private retired = false;
  constructor(readonly handle: FileHandle) {}

  async read(spans: readonly number[]): Promise<Buffer[]> {
    this.users++;
    try {
      const out: Buffer[] = [];
      for (let i = 0; i < spans.length; ) {
        // Records next to each other in the file are read in one go.
        const start = spans[i] as number;
        let end = start + (spans[i + 1] as number);
        let j = i + 2;
        while (j < spans.length && spans[j] === end) {
          end += spans[j + 1] as number;
          j += 2;
        }
        const buf = Buffer.allocUnsafe(end - start);
        let off = 0;
        while (off < buf.length) {
          const { bytesRead } = await this.handle.read(buf, off, buf.length - off, start + off);
          if (bytesRead === 0) throw new Error(`the journal ends before byte ${start + off + 1}`);
          off += bytesRead;
        }
        for (let k = i; k < j; k += 2)
          out.push(buf.subarray((spans[k] as number) - start, (spans[k] as number) - start + (spans[k + 1] as number)));
        i = j;
      }
      return out;
    } finally {
      this.users--;
      if (this.retired && this.users === 0) void this.handle.close().catch(() => undefined);
    }
  }

  /** Like {@link Reader.read}, blocking (for a compaction, which runs in one go). */
  readSync(spans: readonly number[]): Buffer[] {
    const out: Buffer[] = [];
    for (let i = 0; i < spans.length; i += 2) {
      const buf = Buffer.allocUnsafe(spans[i + 1] as number);
      let off = 0;
      while (off < buf.length) {
        const n = readSync(this.handle.fd, buf, off, buf.length - off, (spans[i] as number) + off);
        if (n === 0) throw new Error(`the journal ends before byte ${(spans[i] as number) + off + 1}`);
        off += n;
      }
      out.push(buf);
    }
    return out;
  }

  /** No new reads come here; closes once the last one ends. */
  retire(): void {
    this.retired = true;
    if (this.users === 0) void this.handle.close().catch(() => undefined);
  }
}

/**
 * An open journal: its records as found at open, and `write` for new ones. Holds a lock file
 * (`<dir>/lock`: the owner's pid, start time and host, see `lock.ts`) so that two processes never
 * write one journal; a lock left by a process that died (even if its pid was reused) is taken over.
 */
export class Journal {
  /** The records found at open, in order. */
  records: readonly unknown[];
  /** The byte offset of each record found at open. */
  offsets: readonly number[];
  /** The file's length: where the next record goes. */
  private size: number;
  private reader: Reader;
  /** Bytes of torn tail cut off at open (0 when the journal ended cleanly). */
  readonly tornBytes: number;
  /** Where a corrupt tail cut at open (on request) was copied, or `null` when none was. */
  readonly cutFile: string | null;
  private handle: FileHandle;
  private readonly path: string;
  /** While a rewrite runs, records queue and wait (see {@link Journal.rewrite}). */
  private paused = false;
  private readonly lock: HeldLock;
  private queue: Pending[] = [];
  private flushing = false;
  private failure: unknown = null;

  private constructor(handle: FileHandle, reader: FileHandle, path: string, lock: HeldLock, scan: JournalScan, cutFile: string | null) {
    this.handle = handle;
    this.reader = new Reader(reader);
    this.path = path;
    this.lock = lock;
    this.records = scan.records;
    this.offsets = scan.offsets;
    this.size = scan.goodBytes;
    this.tornBytes = scan.tornBytes;
    this.cutFile = cutFile;
  }

  /** The span of record `i` found at open. */
  spanAtOpen(i: number): Span {
    const offset = this.offsets[i] as number;
    return { offset, length: (this.offsets[i + 1] ?? this.size) - offset };
  }

  /**
   * Opens (creating if needed) the journal in `dir`, taking its lock (see `lock.ts`).
   * @throws `JournalCorruptError` when a whole record fails its check (see `journal-format.ts`).
   */
  static async open(dir: string, options: JournalOptions = {}): Promise<Journal> {
    mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER });
    const lock = await takeLock(join(dir, 'lock'), options);
    try {
      const path = join(dir, 'journal.ftk');
      rmSync(`${path}.compact`, { force: true }); // a rewrite cut short by a crash: the journal is whole
      regularOrAbsent(path);
      const fd = openSync(path, 'a+', PRIVATE_FILE);
      let scan: JournalScan;
      let cutFile: string | null = null;
      try {
        const bytes = readFileSync(path);
        scan = scanJournal(bytes, { path, cutCorruptTail: options.cutCorruptTail === true });
        if (scan.tornBytes > 0) {
          // Whole records that fail their check may have been acknowledged: copied aside, not destroyed.
          if (scan.corruptTail) cutFile = copyAside(path, bytes.subarray(scan.goodBytes));
          ftruncateSync(fd, scan.goodBytes);
          fsyncSync(fd);
        }
      } finally {
        closeSync(fd);
      }
      syncFolder(dir);
      const handle = await open(path, APPEND_FLAGS, PRIVATE_FILE);
      const reader = await open(path, 'r');
      return new Journal(handle, reader, path, lock, scan, cutFile);
    } catch (e) {
      releaseLock(lock);
      throw e;
    }
  }

  /** The error of the write that failed, after which the journal refuses every write; `null` while none has. */
  get failed(): unknown {
    return this.failure;
  }

  /** Appends `record`; resolves once it is on disk (written and `fdatasync`ed), with where it is. */
  write(record: unknown): Promise<Span> {
    if (this.failure !== null) return Promise.reject(this.failure);
    const bytes = encodeRecord(record);
    return new Promise<Span>((done, fail) => {
      this.queue.push({ bytes, done, fail });
      this.kick();
    });
  }

  private kick(): void {
    if (!this.flushing && !this.paused && this.queue.length > 0) {
      this.flushing = true;
      setImmediate(() => void this.flush());
    }
  }

  /** Forgets the records found at open (the caller has loaded them). */
  release(): void {
    this.records = [];
    this.offsets = [];
  }

  /**
   * Reads back records by their spans (`[offset, length, offset, length, …]`, as {@link Journal.write}
   * and the scan at open gave them): each one's line, newline included. Records side by side in
   * the file are read at once. A compaction under way does not disturb a read: it goes on in the
   * file whose spans it was given.
   */
  read(spans: readonly number[]): Promise<Buffer[]> {
    return this.reader.read(spans);
  }

  /** Like {@link Journal.read}, blocking: for the records a rewrite copies from the file it replaces. */
  readSync(spans: readonly number[]): Buffer[] {
    return this.reader.readSync(spans);
  }

  /**
   * Replaces the whole file with `records()` (called once, when no write is on its way): written
   * to `journal.ftk.compact` beside it, `fsync`ed, renamed over the journal, the folder
   * `fsync`ed, so a crash leaves the old journal or the new one, whole. Records written
   * meanwhile wait and go into the new file after. A `Buffer` among the records is a line
   * already encoded (read from the old file), copied as it is. Returns the bytes before and after.
   * A failure before the rename leaves the old journal in use; one at the rename or after it
   * leaves the journal refusing every write (see {@link Journal.failed}) until a restart.
   */
  async rewrite(records: () => Iterable<unknown>, hooks: RewriteHooks = {}): Promise<{ before: number; after: number }> {
    if (this.failure !== null) throw this.failure;
    if (this.paused) throw new Error('a rewrite of the journal is already under way');
    this.paused = true;
    const tmp = `${this.path}.compact`;
    try {
      // Past the write under way, and past the callers it resolved (they apply what it made durable).
      do await new Promise((r) => setImmediate(r));
      while (this.flushing);
      if (this.failure !== null) throw this.failure;
      const before = (await this.handle.stat()).size;
      const out = await open(tmp, 'w', PRIVATE_FILE);
      let after = 0;
      try {
        let chunk: Buffer[] = [];
        let size = 0;
        const put = async (): Promise<void> => {
          const all = Buffer.concat(chunk, size);
          let off = 0;
          while (off < all.length) off += (await out.write(all, off, all.length - off)).bytesWritten;
          after += all.length;
          chunk = [];
          size = 0;
        };
        for (const r of records()) {
          const b = Buffer.isBuffer(r) ? r : encodeRecord(r);
          hooks.placed?.({ offset: after + size, length: b.length });
          chunk.push(b);
          size += b.length;
          if (size >= 1 << 20) await put();
        }
        await put();
        await out.sync();
      } finally {
        await out.close();
      }
      // Both handles on the new file are opened before the rename (a descriptor follows its file
      // across a rename): once the old file is replaced, nothing is left that can fail and leave
      // appends going to the old, unlinked one.
      const nextReader = await open(tmp, 'r');
      let next: FileHandle;
      try {
        next = await open(tmp, APPEND_FLAGS, PRIVATE_FILE);
      } catch (e) {
        await nextReader.close();
        throw e;
      }
      try {
        await rename(tmp, this.path);
        syncFolder(dirname(this.path));
        const old = this.handle;
        const oldReader = this.reader;
        this.handle = next;
        this.reader = new Reader(nextReader);
        this.size = after;
        hooks.swapped?.();
        oldReader.retire();
        await old.close().catch(() => undefined); // its writes were durable when they returned
        return { before, after };
      } catch (e) {
        // A rename that failed (or that did happen, and a step after it failed): the journal and
        // what this process knows of it may no longer agree. Refuse every write, as after a failed
        // one; a restart reads whichever file is the journal, whole.
        this.failure = this.failure ?? e;
        if (this.handle !== next) {
          await next.close().catch(() => undefined);
          await nextReader.close().catch(() => undefined);
        }
        throw e;
      }
    } catch (e) {
      await unlink(tmp).catch(() => undefined);
      throw e;
    } finally {
      this.paused = false;
      this.kick();
    }
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0 && !this.paused) {
      const batch = this.queue;
      this.queue = [];
      try {
        if (this.failure !== null) throw this.failure;
        const all = batch.length === 1 ? (batch[0] as Pending).bytes : Buffer.concat(batch.map((p) => p.bytes));
        let off = 0;
        while (off < all.length) off += (await this.handle.write(all, off, all.length - off)).bytesWritten;
        if (!APPENDS_DURABLE) await this.handle.datasync();
        let at = this.size;
        this.size += all.length;
        for (const p of batch) {
          p.done({ offset: at, length: p.bytes.length });
          at += p.bytes.length;
        }
      } catch (e) {
        // After a failed write the journal refuses everything from now on. Part of the batch may
        // be in the file (a short write on a full disk): it is cut back out before the batch is
        // refused, or a restart would find records that were refused here.
        this.failure = this.failure ?? e;
        try {
          await this.handle.truncate(this.size);
          await this.handle.sync();
        } catch {
          // Cannot cut either: what remains is at most the refused records, whole or torn.
        }
        for (const p of batch) p.fail(e);
      }
    }
    this.flushing = false;
  }

  /** Waits for queued records, closes the file and releases the lock. */
  async close(): Promise<void> {
    while (this.flushing || this.queue.length > 0) await new Promise((r) => setImmediate(r));
    await this.handle.close();
    this.reader.retire();
    releaseLock(this.lock);
  }
}
