/**
 * The protocol's refusals: the match host's one error type, with a stable code per kind of
 * refusal, which an `error` message carries to the client.
 * @module
 */
import { brandedInstance, errorBrand, setBrand } from '../state/brand.js';

/**
 * What the host refused, as a stable code (the transports map each to an HTTP status or a
 * WebSocket `error` message; see docs/server.md):
 * - `BAD_MESSAGE`: not a message of the protocol (bad JSON, unknown type, a field of the wrong type).
 * - `BAD_VERSION`: a protocol version this host does not speak.
 * - `BAD_OPTIONS`: match options `createGame` rejects, or bad seat, bot or policy settings.
 * - `BAD_NAME`: a display name that is empty, too long or holds control characters.
 * - `NOT_FOUND`: no match with that id, or no seat with that number.
 * - `UNAUTHORIZED`: no token, or a token that holds no seat of this match (any more).
 * - `FORBIDDEN`: authenticated, but not allowed: acting for another seat, spectating a match
 *   whose policy is `none`, reopening a seat without the creator's token.
 * - `SEAT_TAKEN`: the seat is held by a player or a bot.
 * - `MATCH_FULL`: no open seat is left.
 * - `STALE`: the action was based on an older update than the latest; sync and try again.
 * - `ILLEGAL`: the rules refuse the action (`rulesCode` says why: `NOT_YOUR_TURN`, `ILLEGAL_ACTION`, …).
 * - `NOT_READY`: a message before `hello` on a WebSocket, except `ping` (answered `pong` at any time).
 * - `TOO_LARGE`, `RATE_LIMITED`, `TOO_MANY_CONNECTIONS`: a transport limit.
 * - `CONFLICT`: the match changed under the request too often (several hosts); try again.
 * - `NOT_STARTED`: the cards are not dealt yet (a fair match waits until every seat is taken).
 * - `NOT_OVER`: a rematch before the game is over.
 * - `INTERNAL`: a fault of the host; the message says nothing more.
 */
export type HostErrorCode =
  | 'BAD_MESSAGE'
  | 'BAD_VERSION'
  | 'BAD_OPTIONS'
  | 'BAD_NAME'
  | 'NOT_FOUND'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'SEAT_TAKEN'
  | 'MATCH_FULL'
  | 'STALE'
  | 'ILLEGAL'
  | 'NOT_READY'
  | 'TOO_LARGE'
  | 'RATE_LIMITED'
  | 'TOO_MANY_CONNECTIONS'
  | 'CONFLICT'
  | 'NOT_STARTED'
  | 'NOT_OVER'
  | 'INTERNAL';

/** The brand every {@link HostError} carries: a registered symbol, the same in every copy of the library. */
const BRAND = errorBrand('HostError');

/**
 * A refusal by the match host. Nothing was changed when one is thrown.
 *
 * @example
 * ```ts
 * try {
 *   await host.submit(session, action, 12);
 * } catch (e) {
 *   if (e instanceof HostError && e.code === 'STALE') await resync();
 * }
 * ```
 */
export class HostError extends Error {
  /** A stable code to branch on. */
  readonly code: HostErrorCode;
  /** For `ILLEGAL`: the rules' own code (`NOT_YOUR_TURN`, `ILLEGAL_ACTION`, `MALFORMED_ACTION`, …). */
  readonly rulesCode: string | undefined;

  /**
   * @param code - the kind of refusal.
   * @param message - a sentence a person can act on.
   * @param rulesCode - the `RulesError` code behind an `ILLEGAL` refusal.
   */
  constructor(code: HostErrorCode, message: string, rulesCode?: string) {
    super(message);
    this.name = 'HostError';
    this.code = code;
    this.rulesCode = rulesCode;
    setBrand(this, BRAND);
  }

  /**
   * `x instanceof HostError`: true for a `HostError` from any build or copy of this library
   * (the ES-module and the CommonJS build alike): it checks a registered symbol brand, not the
   * class. A subclass keeps the ordinary prototype check.
   */
  static override [Symbol.hasInstance](x: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class `instanceof` asks about, a subclass included.
    return brandedInstance(this, HostError, BRAND, x);
  }
}
