/**
 * @internal Splits text that arrives in pieces into lines, keeping at most a bounded part of each:
 * a line of gigabytes costs no more memory than one at the limit. Line ends are those of Node's
 * `readline` with `crlfDelay: Infinity`: `\n`, `\r\n` (also split between two pieces) and `\r`.
 * @module
 */

const BREAK = /[\r\n]/g;

/**
 * @internal Lines of at most `max` characters come out whole. A longer one comes out cut to
 * `max + 1` characters (the rest up to its end is dropped as it arrives), so a reader that refuses
 * lines over `max` refuses it, and the lines after it come out as they are.
 */
export class LineSplitter {
  /** The pieces of the line not yet ended, `kept` characters in all. */
  private parts: string[] = [];
  private kept = 0;
  /** Whether the last piece ended with `\r`: a `\n` first in the next piece is the same line end. */
  private afterCr = false;

  constructor(private readonly max: number) {}

  /** The lines that `text` ends (the start of an unended one is kept for the next call). */
  push(text: string): string[] {
    const lines: string[] = [];
    let start = 0;
    if (text.length > 0) {
      if (this.afterCr && text.charCodeAt(0) === 10) start = 1;
      this.afterCr = false;
    }
    for (;;) {
      BREAK.lastIndex = start;
      const found = BREAK.exec(text);
      if (found === null) {
        this.keep(text, start, text.length);
        return lines;
      }
      const at = found.index;
      this.keep(text, start, at);
      lines.push(this.take());
      start = at + 1;
      if (text.charCodeAt(at) === 13) {
        if (start === text.length) this.afterCr = true;
        else if (text.charCodeAt(start) === 10) start += 1;
      }
    }
  }

  /** At the end of the input: its last line when it had no line end, else `null`. */
  end(): string | null {
    return this.parts.length > 0 ? this.take() : null;
  }

  /** Keeps `text[from, to)`, as far as `max + 1` characters of the line. */
  private keep(text: string, from: number, to: number): void {
    const end = Math.min(to, from + Math.max(this.max + 1 - this.kept, 0));
    if (end > from) this.parts.push(text.slice(from, end));
    this.kept += end - from;
  }

  private take(): string {
    const line = this.parts.join('');
    this.parts = [];
    this.kept = 0;
    return line;
  }
}
