/**
 * Helpers for checking rejected input: catch the `RulesError`, and prove the input was untouched.
 *
 * `rejection(() => apply(state, action))` returns the thrown `RulesError` (and fails the test if
 * nothing, or something else, was thrown, or its `name` is not `RulesError`). `deepFreeze(x)` freezes a value recursively so that any
 * mutation by the engine throws instead of passing unnoticed.
 */
import { expect } from 'vitest';
import { RulesError } from '../../src/index.js';

/** Runs `fn`, expects it to throw a `RulesError`, and returns that error. */
export function rejection(fn: () => unknown): RulesError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(RulesError);
    // Logs and stack traces name it too.
    expect((e as RulesError).name).toBe('RulesError');
    return e as RulesError;
  }
  throw new Error('expected a RulesError, but nothing was thrown');
}

/** Freezes `value` and everything reachable from it; returns it. */
export function deepFreeze<T>(value: T, seen: WeakSet<object> = new WeakSet()): T {
  if (typeof value === 'object' && value !== null && !seen.has(value)) {
    seen.add(value);
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<string | symbol, unknown>)[key], seen);
  }
  return value;
}
