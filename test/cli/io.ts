import { Readable } from 'node:stream';
import type { Io } from '../../src/cli/io.js';

/** Test streams: stdin from a string, stdout and stderr collected as text. */
export function fakeIo(input = '', tty = false): Io & { out(): string; err(): string } {
  let out = '';
  let err = '';
  const stdin = Object.assign(Readable.from(input === '' ? [] : [input]), { isTTY: tty });
  return {
    stdin,
    stdout: { write: (t: string) => (out += t), isTTY: tty },
    stderr: { write: (t: string) => (err += t), isTTY: tty },
    out: () => out,
    err: () => err,
  };
}
