/**
 * The file store's own files (its journal and its lock) must be regular files: a named pipe, a
 * device or a socket in their place would block the host's start on its first read, for good and
 * without a word (nothing writes into that pipe). Such a file is refused at once instead.
 * @module
 */
import { statSync } from 'node:fs';

/** @internal Throws unless `path` is a regular file (through links) or is not there. */
export function regularOrAbsent(path: string): void {
  const st = statSync(path, { throwIfNoEntry: false });
  if (st !== undefined && !st.isFile()) {
    const what = st.isDirectory() ? 'a folder' : st.isFIFO() ? 'a named pipe' : st.isSocket() ? 'a socket' : 'a device';
    throw new Error(`${path} is ${what}, not a regular file: the store's files must be regular files (move it away)`);
  }
}
