/**
 * @internal Brands for the library's error classes, so that `instanceof` sees an error from any
 * copy of the library in the process (the ES-module and the CommonJS build, two bundled copies),
 * not only from the copy whose class is asked. A class gets a brand with {@link errorBrand},
 * marks each instance in its constructor with {@link setBrand}, and answers `instanceof` with
 * {@link brandedInstance} from its `static [Symbol.hasInstance]`. `RulesError` is one (its
 * `isRulesError` also checks the code).
 * @module
 */

/**
 * @internal The brand of the error class `name`: a registered symbol, the same in every copy of
 * the library loaded in one process.
 */
export function errorBrand(name: string): symbol {
  return Symbol.for(`for-the-king-and-me/${name}`);
}

/** @internal Marks `error` with `brand` (a non-enumerable own property). */
export function setBrand(error: object, brand: symbol): void {
  Object.defineProperty(error, brand, { value: true });
}

/** @internal Whether `x` is an object that carries `brand`. Never throws (a proxy whose traps throw carries none). */
export function hasBrand(x: unknown, brand: symbol): x is object {
  if (typeof x !== 'object' || x === null) return false;
  try {
    return (x as Record<symbol, unknown>)[brand] === true;
  } catch {
    return false;
  }
}

/**
 * @internal `x instanceof asked`, for the branded class `base` and its subclasses: `base` itself
 * answers by the ordinary prototype check or else by `check` (whether `x` carries that brand, or
 * a test of its own), so that an instance from any copy of the library counts; a subclass keeps
 * the ordinary prototype check alone.
 */
export function brandedInstance(asked: unknown, base: unknown, check: symbol | ((x: unknown) => boolean), x: unknown): boolean {
  const byPrototype = Function.prototype[Symbol.hasInstance].call(asked, x);
  if (asked !== base || byPrototype) return byPrototype;
  return typeof check === 'symbol' ? hasBrand(x, check) : check(x);
}
