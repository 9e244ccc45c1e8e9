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

/**
 * A stdin of `head`, then a 600 MiB run of `a` (past the longest string Node holds, about 512
 * MiB: a reader that builds the line whole throws `RangeError: Invalid string length`), then `tail`.
 */
export function hugeLineInput(head: string, tail: string): Readable {
  const piece = 'a'.repeat(1 << 20);
  async function* input(): AsyncGenerator<string> {
    yield head;
    for (let i = 0; i < 600; i++) yield piece;
    yield tail;
  }
  return Readable.from(input());
}
