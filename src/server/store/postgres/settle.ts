/**
 * Settling a write whose answer was lost: when the connection breaks after a write was sent, the
 * server may have committed it or not. Sending it again could make it twice, and giving the
 * caller the raw error could make it retry and write twice; so the write is recognised instead.
 * Each write carries an id of its own stored with what it wrote (a match's last update ids, a
 * chat line's id), and after a broken connection the store waits for the server and reads back:
 * the write is there (done), refused (another writer's), or not there yet (sent again). A write
 * still unknown when the reconnect window ends fails with {@link StoreUnsettledError}.
 *
 * Nothing here runs on the normal path: a write that is answered costs its one round trip.
 * @module
 */

import { randomBytes } from 'node:crypto';
import { brandedInstance, errorBrand, setBrand } from '../../../state/brand.js';
import { isConnectionError, nextBackoff, pause, RECONNECT_WINDOW_MS } from './faults.js';

/** The brand every {@link StoreUnsettledError} carries: a registered symbol, the same in every copy of the library. */
const BRAND = errorBrand('StoreUnsettledError');

/**
 * A write to the PostgreSQL store whose outcome is unknown: the connection broke after it was
 * sent, and what the database holds could not be read back within the reconnect window (or the
 * store closed meanwhile). It may or may not have been made. The host answers it as any fault of
 * its own (`INTERNAL`, and a line in its log naming the write); the store was not changed twice.
 */
export class StoreUnsettledError extends Error {
  constructor(
    /** The store call: `updateMatch`, `appendChat` or `expireMatch`. */
    readonly operation: string,
    /** The match it wrote to. */
    readonly matchId: string,
    cause: unknown,
  ) {
    super(
      `${operation} of match ${JSON.stringify(matchId.slice(0, 40))}: the connection broke after it was sent, and whether it was written could not be read back: ${
        cause instanceof Error ? cause.message : String(cause)
      }`,
      { cause },
    );
    this.name = 'StoreUnsettledError';
    setBrand(this, BRAND);
  }

  /**
   * `x instanceof StoreUnsettledError`: true for a `StoreUnsettledError` from any build or copy of this library
   * (the ES-module and the CommonJS build alike): it checks a registered symbol brand, not the
   * class. A subclass keeps the ordinary prototype check.
   */
  static override [Symbol.hasInstance](x: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class `instanceof` asks about, a subclass included.
    return brandedInstance(this, StoreUnsettledError, BRAND, x);
  }
}

/** What a read-back found: the write's result, or `AGAIN` (it is not there: send it again). */
export const AGAIN: unique symbol = Symbol('again');

/** A fresh id for one write (96 random bits). */
export function writeId(): string {
  return randomBytes(12).toString('base64url');
}

/** What {@link settled} needs to know of one write. */
export interface SettledWrite<T> {
  /** The store call's name and match, for the error. */
  readonly operation: string;
  readonly matchId: string;
  /** Sends the write (the same write id each time) and returns its result. */
  readonly send: () => Promise<T>;
  /** Reads back what the write left: its result if it is there or was refused, {@link AGAIN} if it is not. */
  readonly readBack: () => Promise<T | typeof AGAIN>;
  /** Whether the store closed: then an unknown outcome fails at once. */
  readonly isClosed: () => boolean;
}

/**
 * Sends the write; when its connection breaks, waits for the server (backoff from 50 ms) and
 * reads back, sending it again only when it is not there. Other errors of the write are the
 * caller's as they are. @throws {@link StoreUnsettledError} when the outcome is still unknown
 * after the reconnect window, the store closed meanwhile, or the read-back failed otherwise.
 */
export async function settled<T>(write: SettledWrite<T>): Promise<T> {
  const giveUp = Date.now() + RECONNECT_WINDOW_MS;
  let wait = 50;
  for (;;) {
    let cause: unknown;
    try {
      return await write.send();
    } catch (e) {
      if (!isConnectionError(e)) throw e;
      cause = e;
    }
    for (;;) {
      if (write.isClosed() || Date.now() > giveUp) throw new StoreUnsettledError(write.operation, write.matchId, cause);
      await pause(wait);
      wait = nextBackoff(wait);
      let found: T | typeof AGAIN;
      try {
        found = await write.readBack();
      } catch (e) {
        if (e instanceof StoreUnsettledError) throw e;
        cause = e;
        if (isConnectionError(e)) continue; // still down: read again
        throw new StoreUnsettledError(write.operation, write.matchId, e); // the store closed under it, or the read failed
      }
      if (found !== AGAIN) return found;
      break; // not written: send it again
    }
  }
}
