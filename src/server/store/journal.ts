/**
 * The embedded store's journal: one append-only file of records, each a line
 * `<crc32, 8 hex digits> <JSON>\n`. Appends are group-committed: every record queued while a
 * write is on its way goes out in the next single write, which is durable when it returns (the
 * file is open with `O_DSYNC`; where a platform lacks it, the write is followed by one
 * `fdatasync`); a record's promise resolves only after that. At open, the file is read back
 * record by record; a torn tail (a last line without its newline, or whose checksum does not
 * match) is cut off, and a bad record followed by good ones is refused as corruption rather than
 * skipped.
 * @module
 */
import { closeSync, constants, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { type FileHandle, open, rename, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { crc32 } from './crc32.js';
import { releaseLock, type TakeLockOptions, takeLock } from './lock.js';
import { syncFolder } from './sync-folder.js';

/**
 * How the journal is opened for appends: with `O_DSYNC` where the platform has it, so that each
 * write returns once its data is on disk (one trip to the thread pool per batch instead of a
 * write and then an `fdatasync`); plain append mode elsewhere, where {@link APPENDS_DURABLE} is
 * `false` and each batch is followed by `fdatasync`.
 */
const APPENDS_DURABLE = typeof constants.O_DSYNC === 'number' && constants.O_DSYNC !== 0;
const APPEND_FLAGS = APPENDS_DURABLE ? constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_DSYNC : 'a';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** One journal line for `record` (a JSON value). */
export function encodeRecord(record: unknown): Buffer {
  const json = encoder.encode(JSON.stringify(record));
  const head = `${crc32(json).toString(16).padStart(8, '0')} `;
  const out = Buffer.allocUnsafe(head.length + json.length + 1);
  out.write(head, 0, 'latin1');
  out.set(json, head.length);
  out[out.length - 1] = 0x0a;
  return out;
}

/** What reading a journal found: its records, where the good part ends, and whether a torn tail was cut. */
export interface JournalScan {
  readonly records: unknown[];
  /** The byte offset of each record (its line runs to the next one's offset, the last one's to `goodBytes`). */
  readonly offsets: number[];
  /** Bytes of whole, checked records from the start. */
  readonly goodBytes: number;
  /** Bytes after `goodBytes` that were not a whole record (a torn tail). */
  readonly tornBytes: number;
}

/** Reads the records of a journal's bytes. @throws `Error` when a bad record is followed by good ones. */
export function scanJournal(bytes: Uint8Array): JournalScan {
  const records: unknown[] = [];
  const offsets: number[] = [];
  let pos = 0;
  while (pos < bytes.length) {
    const nl = bytes.indexOf(0x0a, pos);
    const record = nl < 0 ? undefined : decodeLine(bytes.subarray(pos, nl));
    if (record === undefined) {
      // Torn tail, unless a whole good record follows somewhere after.
      if (nl >= 0 && hasGoodRecordAfter(bytes, nl + 1))
        throw new Error(`the journal is corrupt at byte ${pos} (a bad record followed by good ones)`);
      return { records, offsets, goodBytes: pos, tornBytes: bytes.length - pos };
    }
    records.push(record);
    offsets.push(pos);
    pos = nl + 1;
  }
  return { records, offsets, goodBytes: pos, tornBytes: 0 };
}

function hasGoodRecordAfter(bytes: Uint8Array, from: number): boolean {
  let pos = from;
  while (pos < bytes.length) {
    const nl = bytes.indexOf(0x0a, pos);
    if (nl < 0) return false;
    if (decodeLine(bytes.subarray(pos, nl)) !== undefined) return true;
    pos = nl + 1;
  }
  return false;
}

/** The JSON value of one line (without its newline), or `undefined` when the line is not a whole, checked record. */
export function decodeLine(line: Uint8Array): unknown {
  if (line.length < 10 || line[8] !== 0x20) return undefined;
  const sum = Number.parseInt(String.fromCharCode(...line.subarray(0, 8)), 16);
  if (!/^[0-9a-f]{8}$/.test(String.fromCharCode(...line.subarray(0, 8)))) return undefined;
  const json = line.subarray(9);
  if (crc32(json) !== sum) return undefined;
  try {
    return JSON.parse(decoder.decode(json));
  } catch {
    return undefined;
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
  private handle: FileHandle;
  private readonly path: string;
  /** While a rewrite runs, records queue and wait (see {@link Journal.rewrite}). */
  private paused = false;
  private readonly lockPath: string;
  private queue: Pending[] = [];
  private flushing = false;
  private failure: unknown = null;

  private constructor(handle: FileHandle, reader: FileHandle, path: string, lockPath: string, scan: JournalScan) {
    this.handle = handle;
    this.reader = new Reader(reader);
    this.path = path;
    this.lockPath = lockPath;
    this.records = scan.records;
    this.offsets = scan.offsets;
    this.size = scan.goodBytes;
    this.tornBytes = scan.tornBytes;
  }

  /** The span of record `i` found at open. */
  spanAtOpen(i: number): Span {
    const offset = this.offsets[i] as number;
    return { offset, length: (this.offsets[i + 1] ?? this.size) - offset };
  }

  /** Opens (creating if needed) the journal in `dir`, taking its lock (see `lock.ts`). */
  static async open(dir: string, options: TakeLockOptions = {}): Promise<Journal> {
    mkdirSync(dir, { recursive: true });
    const lockPath = join(dir, 'lock');
    takeLock(lockPath, options);
    try {
      const path = join(dir, 'journal.ftk');
      rmSync(`${path}.compact`, { force: true }); // a rewrite cut short by a crash: the journal is whole
      const fd = openSync(path, 'a+');
      let scan: JournalScan;
      try {
        scan = scanJournal(readFileSync(path));
        if (scan.tornBytes > 0) {
          ftruncateSync(fd, scan.goodBytes);
          fsyncSync(fd);
        }
      } finally {
        closeSync(fd);
      }
      syncFolder(dir);
      const handle = await open(path, APPEND_FLAGS);
      const reader = await open(path, 'r');
      return new Journal(handle, reader, path, lockPath, scan);
    } catch (e) {
      releaseLock(lockPath);
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
      const out = await open(tmp, 'w');
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
      const nextReader = await open(tmp, 'r');
      let next: FileHandle;
      try {
        await rename(tmp, this.path);
        syncFolder(dirname(this.path));
        next = await open(this.path, APPEND_FLAGS);
      } catch (e) {
        await nextReader.close();
        throw e;
      }
      const old = this.handle;
      const oldReader = this.reader;
      this.handle = next;
      this.reader = new Reader(nextReader);
      this.size = after;
      hooks.swapped?.();
      oldReader.retire();
      await old.close();
      return { before, after };
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
        // After a failed write the file's tail is unknown: refuse everything from now on.
        this.failure = this.failure ?? e;
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
    releaseLock(this.lockPath);
  }
}
