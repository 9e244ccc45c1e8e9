/**
 * The lock file that keeps a store folder to one process: `<dir>/lock`, a line of JSON naming
 * the owner by pid, the process's start time (where the system tells it: `/proc` on Linux) and
 * host name. A lock is dead when its host is this one and its pid is gone, or its pid now belongs
 * to a process that started at another time (the pid was reused after the owner died); a dead
 * lock is taken over. A lock whose owner cannot be proven dead (another host, or no start time to
 * compare) refuses with a {@link StoreLockedError}, and can be taken over on purpose with the
 * `takeOver` option, which names the pid the operator checked is gone.
 *
 * A lock is created whole: its line is written to a private file, `fsync`ed, then linked to the
 * lock's name (which fails if the name is taken), so no opener ever reads a lock half-written.
 * A lock file that names no owner (empty, or not a lock) is left alone while it is younger than
 * {@link UNREADABLE_LOCK_MS}: older versions created the file and filled it in two steps, and
 * its writer may be between them. Older than that, it was left by a writer that died.
 *
 * Taking over is a rename of the lock to a private name, a check that the renamed file is still
 * the dead lock (if another process replaced it in between, it is put back), then an exclusive
 * create: two processes taking over the same dead lock never both win.
 *
 * In one process, a folder is counted as held by its device and inode, not by how its path is
 * spelled: a second open under another spelling (relative, through a link) is refused.
 * @module
 */

import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, fsyncSync, linkSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { brandedInstance, errorBrand, setBrand } from '../../state/brand.js';
import { regularOrAbsent } from './regular-file.js';

/** Who holds a lock, as its file says. */
export interface LockOwner {
  /** The owner's process id. */
  readonly pid: number;
  /**
   * The process's start time as the system counts it (Linux: clock ticks since boot, from
   * `/proc/<pid>/stat`), or `null` where the system does not say (or an old lock of a pid only).
   */
  readonly start: string | null;
  /** The host name of the machine the process ran on, or `null` for an old lock of a pid only. */
  readonly host: string | null;
  /** When the lock was taken (ms since the epoch), or `null`. */
  readonly since: number | null;
}

/** The brand every {@link StoreLockedError} carries: a registered symbol, the same in every copy of the library. */
const BRAND = errorBrand('StoreLockedError');

/**
 * A store folder another process holds (or held, but cannot be proven gone). `owner` says who;
 * see `docs/server.md` ("Taking over a store's lock") for what to do.
 *
 * @example
 * ```ts
 * try {
 *   store = await FileStore.open('./ftk-data');
 * } catch (e) {
 *   if (e instanceof StoreLockedError) console.error(`held by pid ${e.owner.pid} on ${e.owner.host}`);
 *   throw e;
 * }
 * ```
 */
export class StoreLockedError extends Error {
  constructor(
    message: string,
    /** The lock file. */
    readonly lockPath: string,
    /** Who its file names. */
    readonly owner: LockOwner,
  ) {
    super(message);
    this.name = 'StoreLockedError';
    setBrand(this, BRAND);
  }

  /**
   * `x instanceof StoreLockedError`: true for a `StoreLockedError` from any build or copy of this library
   * (the ES-module and the CommonJS build alike): it checks a registered symbol brand, not the
   * class. A subclass keeps the ordinary prototype check.
   */
  static override [Symbol.hasInstance](x: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class `instanceof` asks about, a subclass included.
    return brandedInstance(this, StoreLockedError, BRAND, x);
  }
}

/** Folders (`<device>:<inode>`) whose lock this process holds or is taking. */
const held = new Set<string>();

/** A lock this process holds, as {@link takeLock} gives it (and {@link releaseLock} takes it back). */
export interface HeldLock {
  /** The lock file. */
  readonly path: string;
  /** Its folder's device and inode, under which this process counts it as held. */
  readonly key: string;
}

/**
 * How old (by its modification time) a lock file that names no owner must be before it is taken
 * over: younger, its writer may still be filling it.
 */
export const UNREADABLE_LOCK_MS = 5000;

/** How often a lock file that names no owner yet is read again. */
const UNREADABLE_POLL_MS = 50;

/** File systems without hard links answer `link` with one of these. */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/** This process's start time as the system counts it, read once. */
let ownStart: string | null | undefined;

/** The start time of process `pid` (Linux: field 22 of `/proc/<pid>/stat`), or `null`. */
export function processStart(pid: number | 'self'): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // The command name (field 2) is in parentheses and may hold spaces: count from its end.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = fields[19];
    return start !== undefined && /^\d+$/.test(start) ? start : null;
  } catch {
    return null;
  }
}

function me(): LockOwner {
  if (ownStart === undefined) ownStart = processStart('self');
  return { pid: process.pid, start: ownStart, host: hostname(), since: Date.now() };
}

/** The owner a lock file names (JSON, or an old lock's bare pid), or `null` when it names none. */
export function parseLock(text: string): LockOwner | null {
  const t = text.trim();
  if (/^\d+$/.test(t)) return { pid: Number(t), start: null, host: null, since: null };
  try {
    const o = JSON.parse(t) as Partial<Record<keyof LockOwner, unknown>>;
    if (typeof o.pid !== 'number' || !Number.isInteger(o.pid) || o.pid <= 0) return null;
    return {
      pid: o.pid,
      start: typeof o.start === 'string' ? o.start : null,
      host: typeof o.host === 'string' ? o.host : null,
      since: typeof o.since === 'number' ? o.since : null,
    };
  } catch {
    return null;
  }
}

/**
 * Whether `owner` may still hold its lock: `false` only when it provably does not (on this host,
 * its pid is gone or is a process that started at another time).
 */
export function mayBeAlive(owner: LockOwner): boolean {
  if (owner.host !== null && owner.host !== hostname()) return true;
  if (!pidAlive(owner.pid) || exited(owner.pid)) return false;
  if (owner.start === null) return true;
  const now = processStart(owner.pid);
  return now === null || now === owner.start;
}

/**
 * Whether `owner` provably still runs: on this host, its pid alive (not a zombie) and started at
 * the time the lock says. Such a lock is never taken over, not even by a `takeOver` naming its pid.
 */
export function provablyAlive(owner: LockOwner): boolean {
  if (owner.host !== hostname() || owner.start === null) return false;
  if (!pidAlive(owner.pid) || exited(owner.pid)) return false;
  return processStart(owner.pid) === owner.start;
}

/**
 * Whether `pid` has exited but is not yet reaped (Linux: state `Z` or `X` in `/proc/<pid>/stat`).
 * Such a process holds no files: after a kill -9 of a process group, an orphan waits as a zombie
 * until the system's first process reaps it, which some containers never do promptly.
 */
function exited(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state === 'Z' || state === 'X';
  } catch {
    return false;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Opens `path` with `flags`; `null` when that fails with `absent` (`ENOENT`: no file; `EEXIST`: the name is taken). */
function openUnless(path: string, flags: string, absent: string): number | null {
  try {
    return openSync(path, flags);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === absent) return null;
    throw e;
  }
}

/** The lock file's text and modification time (ms since the epoch), read from one open file; `null` when there is none. */
function readLock(path: string): { readonly text: string; readonly mtimeMs: number } | null {
  const fd = openUnless(path, 'r', 'ENOENT');
  if (fd === null) return null;
  try {
    return { mtimeMs: fstatSync(fd).mtimeMs, text: readFileSync(fd, 'utf8') };
  } finally {
    closeSync(fd);
  }
}

/** Writes `text` to `fd` and `fsync`s it, then closes it. */
function fill(fd: number, text: string): void {
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Creates the lock file `path` naming this process, whole: written to a private file first, then
 * linked to its name. `false` when the name is taken.
 */
function createLock(path: string): boolean {
  const text = `${JSON.stringify(me())}\n`;
  const tmp = `${path}.new-${process.pid}-${randomBytes(4).toString('hex')}`;
  fill(openSync(tmp, 'wx'), text);
  try {
    linkSync(tmp, path);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') return false;
    if (!NO_LINKS.has(code)) throw e;
    // A file system without hard links: created, then filled. An opener that reads it in
    // between finds no owner and waits for one (see the module's description).
    const fd = openUnless(path, 'wx', 'EEXIST');
    if (fd === null) return false;
    fill(fd, text);
    return true;
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      // Gone already.
    }
  }
}

/** Options of {@link takeLock}. */
export interface TakeLockOptions {
  /**
   * Take over a lock that names this pid even if its owner cannot be proven gone (another host
   * name, or no start time to compare). Check first that the process is gone: two processes
   * writing one journal corrupt it. A lock whose process provably still runs (on this host, the
   * same pid and start time) is never taken over.
   */
  readonly takeOver?: { readonly pid: number };
}

/**
 * Takes the lock file `path` (in an existing folder) for this process. Waits while the lock file
 * names no owner yet, at most {@link UNREADABLE_LOCK_MS}.
 * @throws {@link StoreLockedError} when another process may hold it; `Error` when this process does.
 */
export async function takeLock(path: string, options: TakeLockOptions = {}): Promise<HeldLock> {
  const dir = dirname(path);
  const st = statSync(dir, { bigint: true });
  const key = `${st.dev}:${st.ino}`;
  if (held.has(key)) throw new Error(`the store in ${dir} is already open in this process`);
  // Counted from now, before any wait: a second open of the folder meanwhile is refused.
  held.add(key);
  try {
    regularOrAbsent(path);
    await acquire(path, options);
    return { path, key };
  } catch (e) {
    held.delete(key);
    throw e;
  }
}

async function acquire(path: string, options: TakeLockOptions): Promise<void> {
  const dir = dirname(path);
  const began = Date.now();
  for (let attempt = 0; attempt < 4; ) {
    if (createLock(path)) return;
    const lock = readLock(path);
    if (lock === null) {
      attempt++;
      continue;
    }
    const { text } = lock;
    const owner = parseLock(text);
    if (owner === null && Date.now() - lock.mtimeMs < UNREADABLE_LOCK_MS && Date.now() - began < UNREADABLE_LOCK_MS) {
      // No owner named yet: its writer may be between creating and filling it. Read it again.
      await sleep(UNREADABLE_POLL_MS);
      continue;
    }
    // A lock naming this very process (with its start time) was left by a store never closed here.
    const mine = owner !== null && owner.pid === process.pid && owner.host === hostname() && owner.start === me().start;
    if (owner !== null && !mine && mayBeAlive(owner)) {
      const since = owner.since === null ? '' : ` since ${new Date(owner.since).toISOString()}`;
      if (options.takeOver?.pid !== owner.pid) {
        throw new StoreLockedError(
          `the store in ${dir} is held by process ${owner.pid}${owner.host === null ? '' : ` on ${owner.host}`}${since}; one process at a time. ` +
            `If that process is gone, open with { takeOver: { pid: ${owner.pid} } } or remove ${path} (docs/server.md, "Taking over a store's lock")`,
          path,
          owner,
        );
      }
      // A takeover naming the owner: refused only when the owner provably still runs.
      if (provablyAlive(owner)) {
        throw new StoreLockedError(
          `the store in ${dir} is held by process ${owner.pid}, which is still running on this host${since}: stop it before taking over its lock`,
          path,
          owner,
        );
      }
    }
    breakLock(path, text);
    attempt++;
  }
  throw new Error(`could not take the lock ${path}: other processes keep taking it`);
}

/** Removes the lock file at `path` if it still holds `text` (what was judged dead); else leaves what is there. */
function breakLock(path: string, text: string): void {
  const aside = `${path}.dead-${process.pid}`;
  try {
    renameSync(path, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  if (readLock(aside)?.text !== text) {
    // Another process replaced the dead lock between the read and the rename: put its lock back.
    try {
      linkSync(aside, path);
    } catch {
      // A third took the name meanwhile; theirs stands.
    }
  }
  unlinkSync(aside);
}

/** Releases a lock this process took. */
export function releaseLock(lock: HeldLock): void {
  if (!held.delete(lock.key)) return;
  try {
    unlinkSync(lock.path);
  } catch {
    // Already gone.
  }
}
