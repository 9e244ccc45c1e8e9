/**
 * @internal A short, safe rendering of an untrusted value for an error message.
 * @module
 */

/** The longest rendering. */
const LIMIT = 40;

/** Thrown inside the renderer once the text is longer than {@link LIMIT}: the rest is never looked at. */
const FULL: unique symbol = Symbol('full');

/** Renders like `JSON.stringify`, but stops as soon as the text is longer than {@link LIMIT}. */
class Writer {
  text = '';
  private readonly seen = new Set<object>();

  put(s: string): void {
    this.text += s;
    if (this.text.length > LIMIT) throw FULL;
  }

  /** Writes `x`; `false` when JSON would leave it out (undefined, functions, symbols). */
  value(x: unknown): boolean {
    switch (typeof x) {
      case 'string':
        // Only the beginning of a long string can be shown.
        this.put(JSON.stringify(x.length > LIMIT ? x.slice(0, LIMIT + 1) : x));
        return true;
      case 'number':
        this.put(Number.isFinite(x) ? String(x) : 'null');
        return true;
      case 'boolean':
        this.put(String(x));
        return true;
      case 'object':
        if (x === null) this.put('null');
        else this.object(x);
        return true;
      case 'bigint':
        // JSON has no BigInt: the caller falls back to the value's kind.
        throw new TypeError('BigInt');
      default:
        return false;
    }
  }

  object(x: object): void {
    if (this.seen.has(x)) throw new TypeError('cycle');
    this.seen.add(x);
    if (Array.isArray(x)) {
      this.put('[');
      for (let i = 0; i < x.length; i++) {
        if (i > 0) this.put(',');
        if (!this.value(x[i])) this.put('null');
      }
      this.put(']');
    } else {
      this.put('{');
      let first = true;
      for (const key in x) {
        if (!Object.hasOwn(x, key)) continue;
        const before = this.text;
        this.put(`${first ? '' : ','}${JSON.stringify(key.length > LIMIT ? key.slice(0, LIMIT + 1) : key)}:`);
        if (this.value((x as Record<string, unknown>)[key])) first = false;
        else this.text = before;
      }
      this.put('}');
    }
    this.seen.delete(x);
  }
}

/**
 * @internal Renders `x` for a message: numbers as written (`NaN`, `2.5`), BigInts with `n`,
 * JSON-like values as JSON, anything else by kind. Never throws (cycles, BigInts inside objects,
 * symbols, getters that throw) and never returns more than 40 characters. Its work is bounded
 * too: it stops reading a large array, object or string once 40 characters are written.
 */
export function showValue(x: unknown): string {
  let text: string | undefined;
  if (typeof x === 'number' || typeof x === 'symbol') text = String(x);
  else if (typeof x === 'function') text = 'a function';
  else if (typeof x === 'bigint') text = `${x}n`;
  else if (x === undefined) text = 'undefined';
  else {
    const w = new Writer();
    try {
      w.value(x);
      text = w.text;
    } catch (e) {
      text = e === FULL ? w.text : undefined;
    }
  }
  if (text === undefined) {
    let kind = 'an object';
    try {
      if (Array.isArray(x)) kind = 'an array';
    } catch {
      // A revoked proxy: still an object.
    }
    text = kind;
  }
  return text.length > LIMIT ? `${text.slice(0, LIMIT - 3)}...` : text;
}
