/**
 * @internal The mark on the engine's own action objects (the shared, frozen legal actions of
 * `rules/actions.ts`). `apply` and `readAction` take a marked action as it is, without reading
 * it field by field: it is plain frozen data of the right shape, so nothing can answer one thing
 * to a check and another to the rules.
 *
 * The mark is a private class field, stamped on the object itself (a base class whose
 * constructor returns the given object lets a subclass add its private field to that object).
 * Nothing outside this module can add it or fake it: it is not a property (no key lists it, JSON
 * and `structuredClone` leave it out, the prototype stays `Object.prototype`), a proxy of a marked
 * object is not marked, and `#mark in x` reads no property of `x`, so no getter or trap runs.
 * Checking it measured faster than a `WeakSet` lookup on the `apply` hot path.
 * @module
 */
import type { Action } from './types.js';

/** A constructor that returns the object it is given, so that a subclass can stamp it. */
class Given {
  constructor(o: object) {
    // biome-ignore lint/correctness/noConstructorReturn: returning `o` is how the mark is put on it.
    return o;
  }
}

class Mark extends Given {
  readonly #engine = true;
  /** Whether `x` carries the mark. */
  static on(x: unknown): boolean {
    return typeof x === 'object' && x !== null && #engine in x;
  }
}

/**
 * @internal Marks and freezes an action the engine built (a shared legal-action object). Only for
 * fresh objects of the right shape with plain data fields: freezing them is what makes the mark
 * safe (nobody can change the fields later).
 */
export function engineAction<A extends Action>(a: A): A {
  // `new Mark(a)` is `a` itself, now marked (use the result: a bundler may drop an unused `new`).
  return Object.freeze(new Mark(a) as unknown as A);
}

/** @internal Whether `x` is one of the engine's own (marked, frozen) action objects. */
export function isEngineAction(x: unknown): x is Action {
  return Mark.on(x);
}
