/**
 * The embedded store's journal format: one record a line, `<crc32, 8 hex digits> <JSON>\n`, and
 * how a journal's bytes are read back at open. A last line without its newline is a torn write
 * (a process killed or a machine stopped mid-write: the write was never acknowledged) and is cut
 * off. A whole line, newline and all, that fails its checksum is not a torn write: its bytes
 * changed on disk after they were written (and, most likely, acknowledged), so it is refused as
 * corruption, wherever it is, unless the operator asks for a corrupt tail to be cut. A tail with
 * zero bytes in it is torn too: the blocks of a write still on its way when the power went.
 * @module
 */
import { brandedInstance, errorBrand, setBrand } from '../../state/brand.js';
import { crc32 } from './crc32.js';

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

/** The brand every {@link JournalCorruptError} carries: a registered symbol, the same in every copy of the library. */
const BRAND = errorBrand('JournalCorruptError');

/**
 * A journal whose bytes changed on disk: a whole line (newline and all) fails its checksum. The
 * store refuses to open rather than drop records that were acknowledged. See `docs/server.md`
 * ("A corrupt journal") for what to do.
 *
 * @example
 * ```ts
 * try {
 *   store = await FileStore.open('./ftk-data');
 * } catch (e) {
 *   if (e instanceof JournalCorruptError && e.tail) store = await FileStore.open('./ftk-data', { cutCorruptTail: true });
 *   else throw e;
 * }
 * ```
 */
export class JournalCorruptError extends Error {
  constructor(
    message: string,
    /** The byte offset in the journal of the first line that fails its check. */
    readonly offset: number,
    /**
     * `true` when no good record follows the bad line (the damage is in the last records), so
     * that the `cutCorruptTail` option of `FileStore.open` can cut it off; `false` when good
     * records follow, which nothing cuts.
     */
    readonly tail: boolean,
  ) {
    super(message);
    this.name = 'JournalCorruptError';
    setBrand(this, BRAND);
  }

  /**
   * `x instanceof JournalCorruptError`: true for a `JournalCorruptError` from any build or copy of this library
   * (the ES-module and the CommonJS build alike): it checks a registered symbol brand, not the
   * class. A subclass keeps the ordinary prototype check.
   */
  static override [Symbol.hasInstance](x: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class `instanceof` asks about, a subclass included.
    return brandedInstance(this, JournalCorruptError, BRAND, x);
  }
}

/** What reading a journal found: its records, where the good part ends, and what was cut after it. */
export interface JournalScan {
  readonly records: unknown[];
  /** The byte offset of each record (its line runs to the next one's offset, the last one's to `goodBytes`). */
  readonly offsets: number[];
  /** Bytes of whole, checked records from the start. */
  readonly goodBytes: number;
  /** Bytes after `goodBytes` to cut off: a torn last line, or (when asked) a corrupt tail. */
  readonly tornBytes: number;
  /** Whether the bytes to cut hold whole lines that failed their check (a corrupt tail, cut only on request). */
  readonly corruptTail: boolean;
}

/** Options of {@link scanJournal}. */
export interface ScanOptions {
  /** The journal's name, for error messages. */
  readonly path?: string;
  /** Cut a corrupt tail (whole bad lines with no good record after them) instead of refusing it. */
  readonly cutCorruptTail?: boolean;
}

/**
 * Reads the records of a journal's bytes.
 * @throws {@link JournalCorruptError} when a whole line fails its check (unless it is in the tail
 * and `options.cutCorruptTail` is set).
 */
export function scanJournal(bytes: Uint8Array, options: ScanOptions = {}): JournalScan {
  const records: unknown[] = [];
  const offsets: number[] = [];
  const name = options.path ?? 'the journal';
  let pos = 0;
  while (pos < bytes.length) {
    const nl = bytes.indexOf(0x0a, pos);
    // A last line without its newline: a torn write, never acknowledged.
    if (nl < 0) return { records, offsets, goodBytes: pos, tornBytes: bytes.length - pos, corruptTail: false };
    const record = decodeLine(bytes.subarray(pos, nl));
    if (record === undefined) {
      const good = hasGoodRecordAfter(bytes, nl + 1);
      // Zero bytes are never in a record (JSON escapes them): they are blocks a machine that lost
      // its power never wrote, of a write that was still on its way, so never acknowledged (an
      // acknowledged write is on disk). That tail is torn, not corrupt.
      if (!good && bytes.subarray(pos).includes(0)) {
        return { records, offsets, goodBytes: pos, tornBytes: bytes.length - pos, corruptTail: false };
      }
      if (good) {
        throw new JournalCorruptError(
          `${name} is corrupt at byte ${pos}: a whole record fails its check and good ones follow; nothing can cut it (docs/server.md, "A corrupt journal")`,
          pos,
          false,
        );
      }
      if (options.cutCorruptTail !== true) {
        throw new JournalCorruptError(
          `${name} is corrupt at byte ${pos}: the last ${bytes.length - pos} bytes hold whole records that fail their check ` +
            `(changed on disk after they were written, not a torn write). Restore the folder from a backup, or open with ` +
            `{ cutCorruptTail: true } to cut them off, copied aside first (docs/server.md, "A corrupt journal")`,
          pos,
          true,
        );
      }
      return { records, offsets, goodBytes: pos, tornBytes: bytes.length - pos, corruptTail: true };
    }
    records.push(record);
    offsets.push(pos);
    pos = nl + 1;
  }
  return { records, offsets, goodBytes: pos, tornBytes: 0, corruptTail: false };
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
