/**
 * The lock file that keeps a store folder to one process: `<dir>/lock`, a line of JSON naming
 * the owner by pid, the process's start time (where the system tells it: `/proc` on Linux) and
 * host name. A lock is dead when its host is this one and its pid is gone, or its pid now belongs
 * to a process that started at another time (the pid was reused after the owner died); a dead
 * lock is taken over. A lock whose owner cannot be proven dead (another host, or no start time to
 * compare) refuses with a {@link StoreLockedError}, and can be taken over on purpose with the
 * `takeOver` option, which names the pid the operator checked is gone.
 *
 * Taking over is a rename of the lock to a private name, a check that the renamed file is still
 * the dead lock (if another process replaced it in between, it is put back), then an exclusive
 * create: two processes taking over the same dead lock never both win.
 * @module
 */
import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';

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
  }
}

/** Lock files this process holds. */
const held = new Set<string>();

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

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
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
 * Takes the lock file `path` for this process.
 * @throws {@link StoreLockedError} when another process may hold it; `Error` when this process does.
 */
export function takeLock(path: string, options: TakeLockOptions = {}): void {
  const dir = dirname(path);
  if (held.has(path)) throw new Error(`the store in ${dir} is already open in this process`);
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      try {
        writeSync(fd, `${JSON.stringify(me())}\n`);
      } finally {
        closeSync(fd);
      }
      held.add(path);
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const text = readText(path);
    if (text === null) continue;
    const owner = parseLock(text);
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
  if (readText(aside) !== text) {
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
export function releaseLock(path: string): void {
  if (!held.delete(path)) return;
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}
