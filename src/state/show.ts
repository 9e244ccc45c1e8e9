/**
 * @internal A short, safe rendering of an untrusted value for an error message.
 * @module
 */

/**
 * @internal Renders `x` for a message: numbers as written (`NaN`, `2.5`), BigInts with `n`,
 * JSON-like values as JSON, anything else by kind. Never throws (cycles, BigInts inside objects,
 * symbols) and never returns more than 40 characters.
 */
export function showValue(x: unknown): string {
  let text: string | undefined;
  if (typeof x === 'number' || typeof x === 'symbol' || typeof x === 'function') text = String(x);
  else if (typeof x === 'bigint') text = `${x}n`;
  else {
    try {
      text = JSON.stringify(x);
    } catch {
      text = undefined;
    }
  }
  if (text === undefined) text = Array.isArray(x) ? 'an array' : typeof x === 'object' && x !== null ? 'an object' : String(x);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
