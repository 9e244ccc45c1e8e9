/**
 * The PostgreSQL store: any number of host processes share one database. This file opens it:
 * checks the options, loads `pg`, migrates the schema (`postgres/schema.ts`) and hands back the
 * store (`postgres/pg-store.ts`: one SQL statement per call), whose watch is a dedicated
 * `LISTEN` connection (`postgres/listener.ts`).
 *
 * `pg` is an optional peer dependency, loaded only when {@link createPostgresStore} runs: the
 * package's main entry and the other stores never load it.
 * @module
 */
import type { Client, Pool } from 'pg';
import { loadPeer } from '../peer.js';
import { PgStore } from './postgres/pg-store.js';
import { migrate } from './postgres/schema.js';
import type { Store } from './store.js';

export { POSTGRES_SCHEMA_VERSION } from './postgres/schema.js';

/** Options of {@link createPostgresStore}. */
export interface PostgresStoreOptions {
  /**
   * A libpq-style connection string, e.g. `postgres://ftk:secret@db.internal:5432/ftk?sslmode=require`
   * (pg's URL parameters such as `sslmode` and `application_name` apply).
   */
  readonly connectionString: string;
  /**
   * The PostgreSQL schema holding the tables (`matches`, `log`, `deadlines`, `migrations`);
   * created when missing. Lower-case letters, digits and `_`, at most 40 characters. Default `ftk`.
   * Two deployments can share a database under two schemas: their notifications do not mix.
   */
  readonly schema?: string;
  /**
   * Most connections the store's pool opens at once. Default 10. Besides these the store opens one
   * that listens and two for its group writes (appends, presence leases).
   */
  readonly poolSize?: number;
  /**
   * Milliseconds a claimed deadline stays taken. A host replaces or clears the deadline once it
   * has played the move; if it dies first, the deadline is handed out again after this lease, so
   * a bot move or a turn timer is never lost with a host (the (match, seq) key still lets only
   * one move in). Default 20,000.
   */
  readonly claimLeaseMs?: number;
  /**
   * Called with errors that belong to no call: an idle pooled connection dropped, the listening
   * connection lost (the store reconnects by itself). Default: a line on stderr.
   */
  readonly onError?: (error: Error) => void;
}

/** A {@link Store} on PostgreSQL, with what a deployment or a test may also want to know. */
export interface PostgresStore extends Store {
  /** The schema the store uses. */
  readonly schema: string;
  /** The `LISTEN`/`NOTIFY` channel (`<schema>_log`). */
  readonly channel: string;
  /**
   * Resolves once the listening connection is up (starting it if no `watch` has yet): appends
   * committed from then on are reported to `watch` listeners.
   */
  listening(): Promise<void>;
}

/**
 * Opens a PostgreSQL store: connects, creates or migrates the schema (idempotent; concurrent hosts
 * wait on an advisory lock, so starting several at once is safe), and returns the store.
 * Requires the `pg` package (`npm install pg`).
 *
 * @throws {@link PeerDependencyError} when `pg` is not installed.
 *
 * @example
 * ```ts
 * import { createPostgresStore } from 'for-the-king-and-me/server';
 *
 * const store = await createPostgresStore({ connectionString: process.env.DATABASE_URL! });
 * const stop = store.watch((matchId, seq) => console.log(`${matchId} has ${seq} actions`));
 * // … hand the store to the match host …
 * stop();
 * await store.close();
 * ```
 */
export async function createPostgresStore(options: PostgresStoreOptions): Promise<PostgresStore> {
  const schema = options.schema ?? 'ftk';
  if (!/^[a-z_][a-z0-9_]{0,39}$/.test(schema)) {
    throw new RangeError(
      `schema must be lower-case letters, digits and _ (at most 40, not starting with a digit), got ${JSON.stringify(schema)}`,
    );
  }
  const poolSize = options.poolSize ?? 10;
  if (!Number.isInteger(poolSize) || poolSize < 1) throw new RangeError(`poolSize must be a positive integer, got ${String(poolSize)}`);
  const lease = options.claimLeaseMs ?? 20_000;
  if (!Number.isInteger(lease) || lease < 1) throw new RangeError(`claimLeaseMs must be a positive integer, got ${String(lease)}`);
  const pg = await loadPg();
  await tryConnecting(pg, options.connectionString);
  const onError = options.onError ?? ((e: Error) => process.stderr.write(`for-the-king postgres store: ${e.message}\n`));
  const pool = new pg.Pool({ connectionString: options.connectionString, max: poolSize });
  pool.on('error', (e) => onError(e));
  // The group writes' own connections (one batch of appends and one of leases at a time). Their
  // statements are prepared, and with one or two rows a batch PostgreSQL would plan them again at
  // every call; a generic plan is kept instead (made safe for any table size by the statements).
  const writers = new pg.Pool({ connectionString: options.connectionString, max: 2, options: '-c plan_cache_mode=force_generic_plan' });
  writers.on('error', (e) => onError(e));
  try {
    await migrate(pool, schema);
  } catch (e) {
    await Promise.all([pool.end().catch(() => {}), writers.end().catch(() => {})]);
    throw e;
  }
  return new PgStore({ Client: pg.Client, pool, writers, connectionString: options.connectionString, schema, lease, onError });
}

/**
 * Connects once before the pools do, so that a refused login ends its connection: a pool's client
 * whose SCRAM exchange threw (no password given for a role that needs one) kept its socket open
 * until the server's `authentication_timeout`, a minute by default, and the process with it.
 */
async function tryConnecting(pg: PgModule, connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  try {
    await client.connect();
  } catch (e) {
    await client.end().catch(() => {});
    if (e instanceof Error && /password must be a string/.test(e.message)) {
      throw new Error(`${e.message}: the database asks for a password; give it in the URL or in PGPASSWORD`);
    }
    throw e;
  }
  await client.end();
}

/** What the store uses of the `pg` module. */
interface PgModule {
  readonly Pool: typeof Pool;
  readonly Client: typeof Client;
}

async function loadPg(): Promise<PgModule> {
  const mod: Partial<PgModule> & { default?: PgModule } = await loadPeer('pg', 'the PostgreSQL store', () => import('pg'));
  const pg = mod.default ?? mod;
  if (typeof pg.Pool !== 'function' || typeof pg.Client !== 'function') throw new Error('the pg package has no Pool or Client');
  return pg as PgModule;
}
