/**
 * @internal Where the command line reads and writes: the process's streams, or test doubles.
 * @module
 */
import { StringDecoder } from 'node:string_decoder';
import { LineSplitter } from './line-splitter.js';

/** @internal An output stream: text, and whether it is a terminal. */
export interface Out {
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

/** @internal The streams a command uses. */
export interface Io {
  readonly stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean };
  readonly stdout: Out;
  readonly stderr: Out;
}

/** @internal Lines of input, one at a time; `null` once the input has ended. */
export interface LineReader {
  next(prompt?: string): Promise<string | null>;
  close(): void;
}

/**
 * @internal The longest line `play` and `replay` read from a person: a choice, a bid or `save
 * FILE` takes a few dozen characters (a file name at most 4,096 bytes on Linux). A longer line
 * is refused, and what comes after it is read as usual.
 */
export const MAX_INPUT_LINE = 4096;

/**
 * @internal Reads `io.stdin` line by line (line ends as `readline`'s), writing prompts to
 * `io.stdout`, never holding more than `max + 1` characters of a line: a longer one comes out cut
 * to `max + 1` characters (the rest is dropped as it arrives), so the caller refuses it and reads
 * on. `readline` would hold a line of any length whole first (a line of 600 MiB ended the
 * process). `next` gives `null` once the input has ended; `close` stops reading `io.stdin`.
 */
export function boundedLineReader(io: Io, max: number): LineReader {
  const chunks = io.stdin[Symbol.asyncIterator]();
  const splitter = new LineSplitter(max);
  const decoder = new StringDecoder('utf8');
  let ready: string[] = [];
  let at = 0;
  let ended = false;
  let closed = false;
  return {
    async next(prompt) {
      if (prompt !== undefined) io.stdout.write(prompt);
      while (at === ready.length && !ended && !closed) {
        const r = await chunks.next();
        // One piece at a time, read only when the lines before are taken: memory stays bounded.
        if (r.done === true) {
          ended = true;
          const last = [...splitter.push(decoder.end()), splitter.end()];
          ready = last.filter((line): line is string => line !== null);
        } else ready = splitter.push(typeof r.value === 'string' ? r.value : decoder.write(r.value));
        at = 0;
      }
      if (closed || at === ready.length) return null;
      const line = ready[at] as string;
      at += 1;
      return line;
    },
    close() {
      closed = true;
      chunks.return?.().catch(() => undefined); // stops reading; nothing is left to report
    },
  };
}

/** @internal Writes lines to an output. */
export function say(out: Out, ...lines: string[]): void {
  for (const line of lines) out.write(`${line}\n`);
}
