/**
 * The bounded line splitter of `env-server`: readline's line ends, and a line over the limit cut
 * as it arrives (the lines after it untouched).
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { boundedLineReader } from '../../src/cli/io.js';
import { LineSplitter } from '../../src/cli/line-splitter.js';
import { hugeLineInput } from './io.js';

/** Every line of `pieces`, fed one piece at a time. */
function split(max: number, pieces: readonly string[]): string[] {
  const s = new LineSplitter(max);
  const lines = pieces.flatMap((p) => s.push(p));
  const last = s.end();
  return last === null ? lines : [...lines, last];
}

describe('LineSplitter', () => {
  it('ends lines at \\n, \\r\\n (also split between two pieces) and \\r, like readline', () => {
    expect(split(100, ['a\nb\r\nc\rd'])).toEqual(['a', 'b', 'c', 'd']);
    expect(split(100, ['a\r', '\nb\n'])).toEqual(['a', 'b']);
    expect(split(100, ['a\r', '', '\nb'])).toEqual(['a', 'b']);
    expect(split(100, ['a\n\nb\n'])).toEqual(['a', '', 'b']);
    expect(split(100, ['ab', 'c', '\n', 'd'])).toEqual(['abc', 'd']);
    expect(split(100, [''])).toEqual([]);
    expect(split(100, ['\n'])).toEqual(['']);
    expect(split(100, ['x\r'])).toEqual(['x']);
  });

  it('keeps lines up to the limit whole and cuts a longer one to limit + 1 characters; the next lines are whole', () => {
    expect(split(4, ['abcd\nabcde\nabcdefgh', 'ijk\nok\n'])).toEqual(['abcd', 'abcde', 'abcde', 'ok']);
    expect(split(4, ['ab', 'cd', 'ef', 'gh\r', '\nok'])).toEqual(['abcde', 'ok']);
    expect(split(4, ['abcdefgh'])).toEqual(['abcde']);
  });

  it('a line longer than the longest string Node can hold costs one piece of memory, and reading goes on', async () => {
    const reader = boundedLineReader(
      { stdin: hugeLineInput('{"pad":"', '"}\nnext\n'), stdout: { write: () => true }, stderr: { write: () => true } },
      65_536,
    );
    expect((await reader.next())?.length).toBe(65_537);
    expect(await reader.next()).toBe('next');
    expect(await reader.next()).toBeNull();
  }, 60_000);

  it('decodes UTF-8 split between two pieces', async () => {
    const bytes = Buffer.from('за короля\nі мене\n');
    const reader = boundedLineReader(
      {
        stdin: Readable.from([bytes.subarray(0, 3), bytes.subarray(3)]),
        stdout: { write: () => true },
        stderr: { write: () => true },
      },
      100,
    );
    expect(await reader.next()).toBe('за короля');
    expect(await reader.next()).toBe('і мене');
    expect(await reader.next()).toBeNull();
  });
});
