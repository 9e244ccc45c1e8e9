/**
 * The embedded store's journal: one append-only file of records, each a line
 * `<crc32, 8 hex digits> <JSON>\n`. Appends are group-committed: every record queued while a
 * write is on its way goes out in the next single write, followed by one `fdatasync`; a record's
 * promise resolves only after that. At open, the file is read back record by record; a torn tail
 * (a last line without its newline, or whose checksum does not match) is cut off, and a bad
 * record followed by good ones is refused as corruption rather than skipped.
 * @module
 */
import { closeSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { type FileHandle, open, rename, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { crc32 } from './crc32.js';
import { releaseLock, type TakeLockOptions, takeLock } from './lock.js';
import { syncFolder } from './sync-folder.js';

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
  /** Bytes of whole, checked records from the start. */
  readonly goodBytes: number;
  /** Bytes after `goodBytes` that were not a whole record (a torn tail). */
  readonly tornBytes: number;
}

/** Reads the records of a journal's bytes. @throws `Error` when a bad record is followed by good ones. */
export function scanJournal(bytes: Uint8Array): JournalScan {
  const records: unknown[] = [];
  let pos = 0;
  while (pos < bytes.length) {
    const nl = bytes.indexOf(0x0a, pos);
    const record = nl < 0 ? undefined : decodeLine(bytes.subarray(pos, nl));
    if (record === undefined) {
      // Torn tail, unless a whole good record follows somewhere after.
      if (nl >= 0 && hasGoodRecordAfter(bytes, nl + 1))
        throw new Error(`the journal is corrupt at byte ${pos} (a bad record followed by good ones)`);
      return { records, goodBytes: pos, tornBytes: bytes.length - pos };
    }
    records.push(record);
    pos = nl + 1;
  }
  return { records, goodBytes: pos, tornBytes: 0 };
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

/** The JSON value of one line, or `undefined` when the line is not a whole, checked record. */
function decodeLine(line: Uint8Array): unknown {
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

interface Pending {
  readonly bytes: Buffer;
  readonly done: () => void;
  readonly fail: (e: unknown) => void;
}

/**
 * An open journal: its records as found at open, and `write` for new ones. Holds a lock file
 * (`<dir>/lock`: the owner's pid, start time and host, see `lock.ts`) so that two processes never
 * write one journal; a lock left by a process that died (even if its pid was reused) is taken over.
 */
export class Journal {
  /** The records found at open, in order. */
  records: readonly unknown[];
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

  private constructor(handle: FileHandle, path: string, lockPath: string, scan: JournalScan) {
    this.handle = handle;
    this.path = path;
    this.lockPath = lockPath;
    this.records = scan.records;
    this.tornBytes = scan.tornBytes;
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
      const handle = await open(path, 'a');
      return new Journal(handle, path, lockPath, scan);
    } catch (e) {
      releaseLock(lockPath);
      throw e;
    }
  }

  /** The error of the write that failed, after which the journal refuses every write; `null` while none has. */
  get failed(): unknown {
    return this.failure;
  }

  /** Appends `record`; resolves once it is on disk (written and `fdatasync`ed). */
  write(record: unknown): Promise<void> {
    if (this.failure !== null) return Promise.reject(this.failure);
    const bytes = encodeRecord(record);
    return new Promise<void>((done, fail) => {
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
  }

  /**
   * Replaces the whole file with `records()` (called once, when no write is on its way): written
   * to `journal.ftk.compact` beside it, `fsync`ed, renamed over the journal, the folder
   * `fsync`ed, so a crash leaves the old journal or the new one, whole. Records written
   * meanwhile wait and go into the new file after. Returns the bytes before and after.
   */
  async rewrite(records: () => Iterable<unknown>): Promise<{ before: number; after: number }> {
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
          const b = encodeRecord(r);
          chunk.push(b);
          size += b.length;
          if (size >= 1 << 20) await put();
        }
        await put();
        await out.sync();
      } finally {
        await out.close();
      }
      await rename(tmp, this.path);
      syncFolder(dirname(this.path));
      const next = await open(this.path, 'a');
      const old = this.handle;
      this.handle = next;
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
        await this.handle.datasync();
        for (const p of batch) p.done();
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
    releaseLock(this.lockPath);
  }
}
