/**
 * The one check every reader of untrusted JSON starts with.
 * @module
 */

/** Whether `x` is a plain object (`{…}` from JSON; not an array, not a class instance). */
export function isPlainObject(x: unknown): x is Record<string, unknown> {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  const proto: unknown = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
}
