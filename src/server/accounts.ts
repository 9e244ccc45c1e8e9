/**
 * Accounts: hooks through which an app ties seats to its own identities. `authenticate` reads a
 * request (a cookie, a bearer token, a header: whatever the app checks) and names the account;
 * a seat joined by an account is bound to it, and that account opens the seat from any device
 * without the seat token. `canCreate` and `canJoin` decide who may create matches and take
 * seats. The host never sees a password; it keeps the account id the app gives.
 * @module
 */
import type { IncomingMessage } from 'node:http';
import { HostError } from '../protocol/errors.js';

/** An account as the app's `authenticate` hook names it. */
export interface Identity {
  /** The app's stable id of the account (1 to 200 characters). Seats are bound to it. */
  readonly id: string;
  /** A display name, used when a join names none. */
  readonly name?: string;
}

/**
 * The account behind a request (HTTP, or a WebSocket's upgrade request), or `null` for none. It
 * may throw or reject: the request is then refused with `UNAUTHORIZED`.
 */
export type Authenticate = (request: IncomingMessage) => Identity | null | Promise<Identity | null>;

/** Whether the caller (`null`: no account) may create a match with these (unchecked) settings. */
export type CanCreate = (identity: Identity | null, settings: unknown, request: IncomingMessage) => boolean | Promise<boolean>;

/** Whether the caller (`null`: no account) may take a seat of match `matchId`. */
export type CanJoin = (identity: Identity | null, matchId: string, request: IncomingMessage) => boolean | Promise<boolean>;

/** The account hooks of `startServer`, `lobbyHandler` and `attachWebSocket` (all optional). */
export interface AccountHooks {
  /** Names the account behind a request; without it there are no accounts, only tokens. */
  readonly authenticate?: Authenticate;
  /** Who may create matches (default: anybody). */
  readonly canCreate?: CanCreate;
  /** Who may take seats (default: anybody with the invite, for an unlisted match). */
  readonly canJoin?: CanJoin;
}

/** The longest account id. */
export const MAX_ACCOUNT_ID = 200;

/**
 * The identity behind `request` by the `authenticate` hook, checked: `null` without a hook or
 * an account.
 *
 * @throws {@link HostError} `UNAUTHORIZED` when the hook throws or names no valid id.
 */
export async function identify(hooks: AccountHooks, request: IncomingMessage): Promise<Identity | null> {
  if (hooks.authenticate === undefined) return null;
  let who: Identity | null;
  try {
    who = await hooks.authenticate(request);
  } catch {
    throw new HostError('UNAUTHORIZED', 'the account could not be checked');
  }
  if (who === null || who === undefined) return null;
  const id: unknown = who.id;
  if (typeof id !== 'string' || id.length < 1 || id.length > MAX_ACCOUNT_ID)
    throw new HostError('UNAUTHORIZED', 'the account has no valid id');
  const name: unknown = who.name;
  return typeof name === 'string' ? { id, name } : { id };
}

/**
 * Calls a hook (`ask`, which gives `undefined` when the app set none) and allows the call only
 * when it answers `true`: a hook that throws, whether at once or through its promise, refuses.
 * @throws {@link HostError} `FORBIDDEN` unless the hook answered `true`.
 */
export async function mustAllow(ask: () => boolean | Promise<boolean> | undefined, what: string): Promise<void> {
  let ok: boolean;
  try {
    const allowed = ask();
    if (allowed === undefined) return;
    ok = (await allowed) === true;
  } catch {
    ok = false;
  }
  if (!ok) throw new HostError('FORBIDDEN', `this account may not ${what}`);
}
