/**
 * The client's error type.
 * @module
 */
import { brandedInstance, errorBrand, setBrand } from '../state/brand.js';

/** The brand every {@link ClientError} carries: a registered symbol, the same in every copy of the library. */
const BRAND = errorBrand('ClientError');

/**
 * A refusal from the host (its `code`, as in docs/server.md: `STALE`, `ILLEGAL`, `UNAUTHORIZED`,
 * …), or a client-side failure: `DISCONNECTED` (the connection dropped before a reply: the
 * action may or may not have been applied; the resync will tell), `TIMEOUT`, `CLOSED`, `HTTP`,
 * `NETWORK` (the host could not be reached), `BAD_MESSAGE` (the host sent something that is not
 * the protocol), `UNFAIR` (a fair match's host told another commitment or log digest than it had
 * told before: the first is kept, and `verifyRecord` will refuse a record that differs).
 *
 * @example
 * ```ts
 * try {
 *   await client.send(action);
 * } catch (e) {
 *   if (e instanceof ClientError && e.code === 'STALE') console.log('someone moved first');
 * }
 * ```
 */
export class ClientError extends Error {
  /** The host's error code, or the client's own. */
  readonly code: string;
  /** For `ILLEGAL`: the rules' code (`NOT_YOUR_TURN`, …). */
  readonly rulesCode: string | undefined;

  /**
   * @param code - the kind of failure.
   * @param message - what happened.
   * @param rulesCode - the rules' code behind an `ILLEGAL` refusal.
   */
  constructor(code: string, message: string, rulesCode?: string) {
    super(message);
    this.name = 'ClientError';
    this.code = code;
    this.rulesCode = rulesCode;
    setBrand(this, BRAND);
  }

  /**
   * `x instanceof ClientError`: true for a `ClientError` from any build or copy of this library
   * (the ES-module and the CommonJS build alike): it checks a registered symbol brand, not the
   * class. A subclass keeps the ordinary prototype check.
   */
  static override [Symbol.hasInstance](x: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class `instanceof` asks about, a subclass included.
    return brandedInstance(this, ClientError, BRAND, x);
  }
}
