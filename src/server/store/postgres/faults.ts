/**
 * Riding out a PostgreSQL restart or a dropped connection: which errors mean "the connection,
 * not the statement", and the pool's `query` made to wait for the server to come back — for a
 * connection that could not be made (nothing was sent), for read-only statements and for writes
 * marked {@link resendable} (sent again safely). Any other write whose connection broke after it
 * was sent is not sent again here: its outcome is unknown, and only its caller can find out (the
 * appender reads its rows back).
 * @module
 */
import type { Pool, PoolClient, QueryConfig, QueryResult, QueryResultRow } from 'pg';
import { storeClosed } from '../closed.js';

/** How long a query waits for the database to come back before its error is given to the caller (ms). */
export const RECONNECT_WINDOW_MS = 30_000;

/** SQLSTATEs of a server going away or not ready yet: shutdown, crash, starting up, too many connections. */
const SERVER_GONE = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);
const NODE_GONE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN']);

/** Whether `e` says the connection broke or could not be made (the statement itself was not at fault). */
export function isConnectionError(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && (SERVER_GONE.has(code) || NODE_GONE.has(code))) return true;
  const message = String((e as { message?: unknown }).message ?? '');
  return /Connection terminated|connection error|not queryable|Connection ended|server closed the connection/i.test(message);
}

/** A statement that changes nothing, so sending it again after a broken connection is harmless. */
export function isReadOnly(sql: string): boolean {
  return /^\s*SELECT\b/i.test(sql) && !/\bFOR\s+(UPDATE|SHARE|NO KEY UPDATE|KEY SHARE)\b|\bpg_notify\b|\bnextval\b/i.test(sql);
}

/** A write that may be sent again after its connection broke: sending it twice leaves what sending it once does. */
export interface Resendable extends QueryConfig {
  readonly resendable: true;
}

/**
 * The write `text` with its `values`, marked as safe to send again after a broken connection
 * (see {@link waitForServer}): only for a write that is idempotent whatever was written meanwhile,
 * such as an upsert that never replaces a later value with an earlier one.
 */
export function resendable(text: string, values: unknown[]): Resendable {
  return { text, values, resendable: true };
}

/** Resolves after `ms` (not keeping the process alive). */
export function pause(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms).unref());
}

/** The next wait of a backoff from 50 ms doubling to 1 s. */
export function nextBackoff(ms: number): number {
  return Math.min(1000, ms * 2);
}

/**
 * Makes `pool.query(text, values)` (or `pool.query(config)`, a named prepared statement) wait for the server: a connection that cannot be made is
 * tried again with backoff for up to `windowMs`, and so is a read-only or {@link resendable}
 * statement whose connection broke; any other failure is the caller's at once. A broken connection is thrown
 * away, not returned to the pool. `isClosed()` stops the waiting when the store closes. Once the
 * pool has ended (the store closed), `pool.connect()` and so `pool.query` fail as every store's
 * calls after `close()` do ({@link storeClosed}), not with pg-pool's own words, so that a host
 * stopping does not log them as faults.
 */
export function waitForServer(pool: Pool, isClosed: () => boolean, windowMs = RECONNECT_WINDOW_MS): void {
  const query = async <R extends QueryResultRow>(statement: string | QueryConfig, values?: unknown[]): Promise<QueryResult<R>> => {
    const text = typeof statement === 'string' ? statement : statement.text;
    const again = isReadOnly(text) || (typeof statement !== 'string' && (statement as Partial<Resendable>).resendable === true);
    const giveUp = Date.now() + windowMs;
    let wait = 50;
    for (;;) {
      let client: PoolClient;
      try {
        client = await pool.connect();
      } catch (e) {
        if (!isConnectionError(e) || isClosed() || Date.now() + wait > giveUp) throw e;
        await pause(wait);
        wait = nextBackoff(wait);
        continue;
      }
      // A checked-out connection can also fail between statements: pg then emits 'error' on the
      // client, which must be listened to (or the process dies of an unhandled 'error' event).
      let lost: Error | undefined;
      const onLost = (e: Error): void => {
        lost = e;
      };
      client.on('error', onLost);
      try {
        const r = typeof statement === 'string' ? await client.query<R>(statement, values) : await client.query<R>(statement);
        client.off('error', onLost);
        client.release(lost);
        return r;
      } catch (e) {
        client.off('error', onLost);
        const broken = lost !== undefined || isConnectionError(e);
        client.release(broken ? (lost ?? (e as Error)) : undefined);
        if (!broken || !again || isClosed() || Date.now() + wait > giveUp) throw e;
        await pause(wait);
        wait = nextBackoff(wait);
      }
    }
  };
  (pool as unknown as { query: typeof query }).query = query;
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  (pool as unknown as { connect: typeof connect }).connect = (callback) =>
    callback === undefined && pool.ending ? Promise.reject(storeClosed()) : connect(callback);
}
