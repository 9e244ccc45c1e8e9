/**
 * @internal The small checks every step of reading a view uses: the `INVALID_VIEW` error and
 * tests of a field's type and range.
 * @module
 */
import { RulesError } from '../../state/errors.js';

/** The error of a view that is not consistent, with the reason. */
export function invalid(message: string): RulesError {
  return new RulesError('INVALID_VIEW', message);
}

/** A whole number from `lo` to `hi`. */
export function isInt(x: unknown, lo: number, hi: number): x is number {
  // `Number.isInteger` is false for anything but a number.
  return Number.isInteger(x) && (x as number) >= lo && (x as number) <= hi;
}

/** `x` as an array, or `INVALID_VIEW` naming `what`. */
export function list(x: unknown, what: string): readonly unknown[] {
  if (!Array.isArray(x)) throw invalid(`${what} must be an array`);
  return x;
}

/** A plain object (not null, not an array). */
export function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
