/**
 * @internal How the command line touches its files: a destination is checked before a long run
 * (not after it), a file is written whole or not at all (a temporary file in the same folder,
 * then renamed; a device or a named pipe is written straight into), and a file is read only up
 * to a size that its kind can reach.
 * @module
 */
import {
  accessSync,
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  lstatSync,
  openSync,
  readlinkSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  type Stats,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { UsageError } from './args.js';

/** @internal A file larger than its kind can be: refused before it is read. */
export class FileTooLargeError extends Error {
  override readonly name = 'FileTooLargeError';
  constructor(
    readonly size: number,
    readonly max: number,
    kind: string,
  ) {
    super(`it holds ${size.toLocaleString('en')} bytes, more than the ${max / 2 ** 20} MiB ${kind} may hold`);
  }
}

/** The error code of a file-system error, if any. */
function codeOf(e: unknown): string | undefined {
  return (e as { code?: string } | null)?.code;
}

/**
 * @internal Reads `file` as UTF-8, at most `max` bytes: a larger file throws a
 * {@link FileTooLargeError} (its message names the limit, as `kind` may hold it: "a game file"),
 * whether it was that large when opened or grew while it was read. Other failures throw as
 * `readFileSync` does.
 */
export function readBounded(file: string, max: number, kind: string): string {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size > max) throw new FileTooLargeError(size, max, kind);
    // One byte more than fstat said: a file that grew since is seen growing, and read on up to the limit.
    let buffer = Buffer.alloc(size + 1);
    let got = 0;
    for (;;) {
      if (got === buffer.length) {
        if (got > max) throw new FileTooLargeError(got, max, kind);
        const bigger = Buffer.alloc(Math.min(buffer.length * 2, max + 1));
        buffer.copy(bigger);
        buffer = bigger;
      }
      const n = readSync(fd, buffer, got, buffer.length - got, null);
      if (n === 0) return buffer.toString('utf8', 0, got);
      got += n;
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * @internal Writes `text` to `file` whole or not at all: into a temporary file in the same
 * folder, then renamed over `file`. If anything fails, the temporary file is removed, `file` is
 * left as it was, and the error is thrown. A `file` that is a symbolic link has its target
 * written (the link stays a link; a target that is not there is created, as a shell's `>` creates
 * it), and a file that was there keeps its permissions. A character device or a named pipe
 * (`/dev/null`, `/dev/stdout`, a fifo; after links) is written straight into instead: renamed
 * over, it would be replaced by a regular file.
 */
export function writeWhole(file: string, text: string): void {
  if (isStream(kindOf(file))) {
    // Opening a named pipe waits for its reader, as `> fifo` in a shell does.
    const fd = openSync(file, 'w');
    try {
      writeFileSync(fd, text);
    } finally {
      closeSync(fd);
    }
    return;
  }
  const target = linkEnd(file);
  const temporary = `${target}.${process.pid}.tmp`;
  let mode: number | undefined;
  try {
    mode = statSync(target).mode & 0o777;
  } catch {
    // A new file: the default permissions.
  }
  try {
    // A new name ('wx': never a leftover's), and the old file's mode set on it as it was (fchmod,
    // which the umask does not narrow: a file shared with a group keeps its group's write bit).
    rmSync(temporary, { force: true });
    const fd = openSync(temporary, 'wx');
    try {
      if (mode !== undefined) fchmodSync(fd, mode);
      writeFileSync(fd, text);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, target);
  } catch (e) {
    rmSync(temporary, { force: true });
    throw e;
  }
}

/** What `file` is, after links; `undefined` when it is not there (or cannot be looked at: the write will say). */
function kindOf(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

/** @internal Whether `path` names a folder (after links). */
export function isFolder(path: string): boolean {
  return kindOf(path)?.isDirectory() === true;
}

/** Whether a write goes straight into this kind of file (a character device or a named pipe). */
function isStream(kind: Stats | undefined): boolean {
  return kind !== undefined && (kind.isCharacterDevice() || kind.isFIFO());
}

/**
 * The file a write to `file` should replace: when `file` is a symbolic link, the end of its chain
 * of links, whether that end is there or not (a shell's `>` creates a missing target); else
 * `file`. Throws on a loop of links (ELOOP), as opening `file` would.
 */
function linkEnd(file: string): string {
  let at = file;
  while (isLink(at)) {
    try {
      return realpathSync(at);
    } catch (e) {
      if (codeOf(e) !== 'ENOENT') throw e;
    }
    // Its target is not there: one step along it, from the folder the link is in (`..` left to the system).
    const to = readlinkSync(at);
    at = isAbsolute(to) ? to : `${dirname(at)}${sep}${to}`;
  }
  if (at === file) return file;
  try {
    return join(realpathSync(dirname(at)), basename(at));
  } catch {
    return at; // Its folder is not there either: the check (or the write) says so.
  }
}

/** Whether `path` is a symbolic link itself (not followed). */
function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Why the dangling link `path` cannot be gone through: it and where it points. */
function danglingLink(path: string): string {
  let target = 'a missing target';
  try {
    target = resolve(dirname(path), readlinkSync(path));
  } catch {
    // Unreadable: the words above.
  }
  return `${path} is a symbolic link to ${target}, which is not there`;
}

/** Refuses (as `cannot write …: why`) a folder that is missing, not a folder, or not writable. */
function checkFolder(folder: string, cannot: string): void {
  try {
    if (!statSync(folder).isDirectory()) throw new UsageError(`${cannot}: ${folder} is not a folder`);
    accessSync(folder, constants.W_OK);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const why = codeOf(e) === 'ENOENT' ? `there is no folder ${folder}` : e instanceof Error ? e.message : String(e);
    throw new UsageError(`${cannot}: ${why}`);
  }
}

/**
 * @internal Checks, before a long run, that {@link writeWhole} can write `file` later. A file
 * (new, or one to replace; through links, the one at their end, there or not) needs a writable
 * folder (a link whose target's folder is missing is refused, as is a loop of links), and `file`
 * must not be a folder; a character device or a named pipe must be writable itself (it is
 * written straight into, its folder does not matter). Anything else (a socket, a block device)
 * is refused. Throws a {@link UsageError} if not.
 */
export function checkFileDestination(file: string): void {
  const cannot = `cannot write ${file}`;
  const kind = kindOf(file);
  if (isStream(kind)) {
    try {
      accessSync(file, constants.W_OK);
    } catch (e) {
      throw new UsageError(`${cannot}: ${e instanceof Error ? e.message : String(e)}`);
    }
    return;
  }
  // The folder the temporary file goes to, and is renamed in: the target's when `file` is a link.
  let target: string;
  try {
    target = linkEnd(file);
  } catch (e) {
    throw new UsageError(`${cannot}: ${e instanceof Error ? e.message : String(e)}`);
  }
  checkFolder(dirname(resolve(target)), cannot);
  if (kind?.isDirectory() === true) throw new UsageError(`${cannot}: it is a folder`);
  if (kind !== undefined && !kind.isFile()) throw new UsageError(`${cannot}: it is neither a file, a character device nor a named pipe`);
}

/**
 * @internal Checks, before a long run, that the folder `dir` can be written later or created
 * (as `mkdirSync(dir, { recursive: true })` will): its nearest existing ancestor is a writable
 * folder (not a file), and no part of it is a symbolic link whose target is not there. Creates
 * nothing. Throws a {@link UsageError} if not.
 */
export function checkFolderDestination(dir: string): void {
  let at = resolve(dir);
  for (;;) {
    try {
      statSync(at);
    } catch (e) {
      const code = codeOf(e);
      // A symbolic link whose target is not there: `mkdir -p` would not create its target, nor go through it.
      if (code === 'ENOENT' && isLink(at)) throw new UsageError(`cannot write to ${dir}: ${danglingLink(at)}`);
      if ((code === 'ENOENT' || code === 'ENOTDIR') && dirname(at) !== at) {
        at = dirname(at);
        continue;
      }
    }
    checkFolder(at, `cannot write to ${dir}`);
    return;
  }
}
