/**
 * @internal How the command line touches its files: a destination is checked before a long run
 * (not after it), a file is written whole or not at all (a temporary file in the same folder,
 * then renamed), and a file is read only up to a size that its kind can reach.
 * @module
 */
import { accessSync, constants, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
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
 * @internal Reads `file` as UTF-8 after checking its size: a file of more than `max` bytes throws
 * a {@link FileTooLargeError} without being read (its message names the limit, as `kind` may hold
 * it: "a game file"). Other failures throw as `readFileSync` does.
 */
export function readBounded(file: string, max: number, kind: string): string {
  const size = statSync(file).size;
  if (size > max) throw new FileTooLargeError(size, max, kind);
  return readFileSync(file, 'utf8');
}

/**
 * @internal Writes `text` to `file` whole or not at all: into a temporary file in the same
 * folder, then renamed over `file`. If anything fails, the temporary file is removed, `file` is
 * left as it was, and the error is thrown.
 */
export function writeWhole(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, file);
  } catch (e) {
    rmSync(temporary, { force: true });
    throw e;
  }
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
 * @internal Checks, before a long run, that a file can be written at `file` later: its folder
 * exists and is writable, and `file` is not a folder. Throws a {@link UsageError} if not.
 */
export function checkFileDestination(file: string): void {
  checkFolder(dirname(resolve(file)), `cannot write ${file}`);
  let isFolder = false;
  try {
    isFolder = statSync(file).isDirectory();
  } catch {
    // Not there yet (or unreadable): the write will say.
  }
  if (isFolder) throw new UsageError(`cannot write ${file}: it is a folder`);
}

/**
 * @internal Checks, before a long run, that the folder `dir` can be written later or created:
 * its nearest existing ancestor is a writable folder (not a file). Creates nothing. Throws a
 * {@link UsageError} if not.
 */
export function checkFolderDestination(dir: string): void {
  let at = resolve(dir);
  for (;;) {
    try {
      statSync(at);
    } catch (e) {
      const code = codeOf(e);
      if ((code === 'ENOENT' || code === 'ENOTDIR') && dirname(at) !== at) {
        at = dirname(at);
        continue;
      }
    }
    checkFolder(at, `cannot write to ${dir}`);
    return;
  }
}
