/**
 * The client's error type.
 * @module
 */

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
  }
}
