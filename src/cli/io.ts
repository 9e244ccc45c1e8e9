/**
 * @internal Where the command line reads and writes: the process's streams, or test doubles.
 * @module
 */
import { createInterface } from 'node:readline';

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

/** @internal Writes lines to an output. */
export function say(out: Out, ...lines: string[]): void {
  for (const line of lines) out.write(`${line}\n`);
}
