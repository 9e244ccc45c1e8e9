/**
 * The optional peer dependencies (`ws` for the WebSocket transport, `pg` for the PostgreSQL
 * store), each loaded only by the part that needs it, when it starts: importing
 * `for-the-king-and-me/server` loads neither, so `MatchHost`, the memory and file stores and the
 * lobby work without them.
 * @module
 */
import { brandedInstance, errorBrand, setBrand } from '../state/brand.js';

/** The optional peer dependencies of `for-the-king-and-me/server`. */
export type PeerDependency = 'ws' | 'pg';

/** The brand every {@link PeerDependencyError} carries: a registered symbol, the same in every copy of the library. */
const BRAND = errorBrand('PeerDependencyError');

/**
 * Thrown when a part of the host starts that needs an optional peer dependency that is not
 * installed: the WebSocket transport (`startServer`, `attachWebSocket`) needs `ws`, the
 * PostgreSQL store needs `pg`. Nothing else in `for-the-king-and-me/server` needs either.
 *
 * @example
 * ```ts
 * import { MemoryStore, PeerDependencyError, startServer } from 'for-the-king-and-me/server';
 *
 * try {
 *   await startServer({ store: new MemoryStore() });
 * } catch (e) {
 *   if (e instanceof PeerDependencyError) console.error(`run: npm install ${e.dependency}`);
 *   else throw e;
 * }
 * ```
 */
export class PeerDependencyError extends Error {
  /** Always `'MISSING_PEER_DEPENDENCY'`. */
  readonly code = 'MISSING_PEER_DEPENDENCY' as const;
  /** The package to install. */
  readonly dependency: PeerDependency;

  constructor(dependency: PeerDependency, what: string, options?: { cause?: unknown }) {
    super(`${what} needs the "${dependency}" package, which is not installed: npm install ${dependency}`, options);
    this.name = 'PeerDependencyError';
    this.dependency = dependency;
    setBrand(this, BRAND);
  }

  /**
   * `x instanceof PeerDependencyError`: true for a `PeerDependencyError` from any build or copy of this library
   * (the ES-module and the CommonJS build alike): it checks a registered symbol brand, not the
   * class. A subclass keeps the ordinary prototype check.
   */
  static override [Symbol.hasInstance](x: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class `instanceof` asks about, a subclass included.
    return brandedInstance(this, PeerDependencyError, BRAND, x);
  }
}

/** Whether `e` says that the module `name` itself could not be found (not one of its own imports failing). */
function notFound(e: unknown, name: string): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  const message = e instanceof Error ? e.message : '';
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND' && !/cannot find (module|package)/i.test(message)) return false;
  return message.includes(`'${name}'`) || message.includes(`"${name}"`);
}

/**
 * Loads an optional peer dependency with `load` (a dynamic `import()` of it, written at the call
 * site so that bundlers see it). A missing package becomes a {@link PeerDependencyError}; any
 * other failure (the package is there but broken) is thrown as it is.
 */
export async function loadPeer<T>(dependency: PeerDependency, what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    if (notFound(e, dependency)) throw new PeerDependencyError(dependency, what, { cause: e });
    throw e;
  }
}
