/**
 * `fsync` of a folder, so that a file created, renamed or removed in it survives a crash.
 * @module
 */
import { closeSync, fsyncSync, openSync } from 'node:fs';

/** `fsync`s the folder `path`; a platform that cannot (some cannot fsync a folder) is let be: the files' own fsyncs still hold. */
export function syncFolder(path: string): void {
  try {
    const fd = openSync(path, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // See above.
  }
}
