/**
 * @internal Where the command line reads and writes: the process's streams, or test doubles.
 * @module
 */
import { createInterface } from 'node:readline';
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

/** @internal Reads `io.stdin` line by line, writing prompts to `io.stdout`. */
export function lineReader(io: Io): LineReader {
  const rl = createInterface({ input: io.stdin, terminal: false, crlfDelay: Number.POSITIVE_INFINITY });
  const lines = rl[Symbol.asyncIterator]();
  let closed = false;
  return {
    async next(prompt) {
      if (closed) return null;
      if (prompt !== undefined) io.stdout.write(prompt);
      const r = await lines.next();
      if (r.done) {
        closed = true;
        return null;
      }
      return r.value;
    },
    close() {
      closed = true;
      rl.close();
    },
  };
}

/**
 * @internal Reads `io.stdin` line by line like {@link lineReader}, never holding more than `max + 1`
 * characters of a line: a longer one comes out cut to `max + 1` characters (the rest is dropped as
 * it arrives), so the caller refuses it and reads on. For input from programs (`env-server`),
 * where `readline` would hold a line of any length whole first (a line of 600 MiB ended the
 * process). `close` stops reading `io.stdin`.
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
