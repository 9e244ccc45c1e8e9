/**
 * The PostgreSQL store: any number of host processes share one database. The log's primary key
 * (match_id, seq) orders a match's actions, so two hosts appending the same seq cannot both win;
 * deadlines are taken with `SELECT … FOR UPDATE SKIP LOCKED`, so each fires on one host (and
 * comes back after a lease if that host died before acting on it); and every
 * append sends a `NOTIFY` carrying only its (seq, match) to the hosts `LISTEN`ing on a dedicated
 * connection, which then read the new rows themselves.
 *
 * `pg` is an optional peer dependency, loaded only when {@link createPostgresStore} runs: the
 * package's main entry and the other stores never load it.
 * @module
 */
import type { Client, Pool } from 'pg';
import type { Action, GameOptions } from '../../index.js';
import type { SpectatorPolicy } from '../../protocol/lobby.js';
import type { Deadline, LogEntry, MatchRecord, SeatRecord, Store } from './store.js';

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
  /** Most connections the store's pool opens at once (besides the one that listens). Default 10. */
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

/** The schema's migrations, in order; entry `i` is version `i + 1`. Each runs once, in a transaction. */
const MIGRATIONS: readonly ((s: string) => string)[] = [
  (s) => `
    CREATE TABLE ${s}.matches (
      id text PRIMARY KEY,
      created_at bigint NOT NULL,
      options jsonb NOT NULL,
      spectators text NOT NULL,
      turn_time_ms integer,
      creator_hash text NOT NULL,
      seats jsonb NOT NULL,
      version integer NOT NULL
    );
    CREATE INDEX matches_newest ON ${s}.matches (created_at DESC, id DESC);
    CREATE TABLE ${s}.log (
      match_id text NOT NULL REFERENCES ${s}.matches (id) ON DELETE CASCADE,
      seq integer NOT NULL CHECK (seq >= 1),
      action jsonb NOT NULL,
      by text NOT NULL,
      at bigint NOT NULL,
      PRIMARY KEY (match_id, seq)
    );
    CREATE TABLE ${s}.deadlines (
      match_id text PRIMARY KEY REFERENCES ${s}.matches (id) ON DELETE CASCADE,
      seq integer NOT NULL,
      at bigint NOT NULL
    );
    CREATE INDEX deadlines_due ON ${s}.deadlines (at);
  `,
];

/** The newest schema version this code knows. */
export const POSTGRES_SCHEMA_VERSION: number = MIGRATIONS.length;

/** Longest match id the store accepts: keeps a notification's payload far below PostgreSQL's 8,000 bytes. */
const MAX_MATCH_ID = 200;
/** How many matches the store remembers for the catch-up after the listening connection comes back. */
const TRACKED_MATCHES = 20_000;

/**
 * Opens a PostgreSQL store: connects, creates or migrates the schema (idempotent; concurrent hosts
 * wait on an advisory lock, so starting several at once is safe), and returns the store.
 * Requires the `pg` package (`npm install pg`).
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
  const onError = options.onError ?? ((e: Error) => process.stderr.write(`for-the-king postgres store: ${e.message}\n`));
  const pool = new pg.Pool({ connectionString: options.connectionString, max: poolSize });
  pool.on('error', (e) => onError(e));
  try {
    await migrate(pool, schema);
  } catch (e) {
    await pool.end().catch(() => {});
    throw e;
  }
  return new PgStore(pg, pool, options.connectionString, schema, lease, onError);
}

/** What the store uses of the `pg` module. */
interface PgModule {
  readonly Pool: typeof Pool;
  readonly Client: typeof Client;
}

async function loadPg(): Promise<PgModule> {
  let mod: Partial<PgModule> & { default?: PgModule };
  try {
    mod = await import('pg');
  } catch (e) {
    throw new Error(`the PostgreSQL store needs the pg package (npm install pg): ${(e as Error).message}`);
  }
  const pg = mod.default ?? mod;
  if (typeof pg.Pool !== 'function' || typeof pg.Client !== 'function') throw new Error('the pg package has no Pool or Client');
  return pg as PgModule;
}

/** Creates or upgrades the schema under a transaction-scoped advisory lock. */
async function migrate(pool: Pool, schema: string): Promise<void> {
  const s = quoteIdent(schema);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`for-the-king:${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${s}.migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const found = await client.query<{ v: number }>(`SELECT coalesce(max(version), 0)::int AS v FROM ${s}.migrations`);
    const current = found.rows[0]?.v ?? 0;
    if (current > MIGRATIONS.length) {
      throw new Error(
        `schema ${schema} is at version ${current}, newer than this code's ${MIGRATIONS.length}: upgrade for-the-king-and-me`,
      );
    }
    for (let v = current + 1; v <= MIGRATIONS.length; v++) {
      await client.query((MIGRATIONS[v - 1] as (s: string) => string)(s));
      await client.query(`INSERT INTO ${s}.migrations (version) VALUES ($1)`, [v]);
    }
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

interface MatchRow {
  id: string;
  created_at: string;
  options: GameOptions;
  spectators: SpectatorPolicy;
  turn_time_ms: number | null;
  creator_hash: string;
  seats: SeatRecord[];
  version: number;
}

interface LogRow {
  seq: number;
  action: Action;
  by: LogEntry['by'];
  at: string;
}

function toMatch(row: MatchRow): MatchRecord {
  return {
    id: row.id,
    createdAt: Number(row.created_at),
    options: row.options,
    spectators: row.spectators,
    turnTimeMs: row.turn_time_ms,
    creatorHash: row.creator_hash,
    seats: row.seats,
    version: row.version,
  };
}

const MATCH_COLUMNS = 'id, created_at, options, spectators, turn_time_ms, creator_hash, seats, version';

/** What the store knows of a match's log, for the reconnect catch-up and for reporting each seq once. */
interface Tracked {
  /** Every seq up to this one was reported to the listeners. */
  through: number;
  /** Seqs above `through` reported already (an own append can be reported before an earlier seq's notification arrives). */
  readonly above: Set<number>;
  /** Highest seq known to exist (reported, appended or read). */
  known: number;
}

class PgStore implements PostgresStore {
  readonly schema: string;
  readonly channel: string;
  private readonly s: string;
  private readonly listeners = new Set<(matchId: string, seq: number) => void>();
  /** Matches recently seen, oldest first (a Map keeps insertion order; touching moves to the end). */
  private readonly tracked = new Map<string, Tracked>();
  private listenClient: Client | null = null;
  private listenUp: Promise<void> | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private backoffMs = 50;
  private closed = false;
  private readonly appendSql: string;

  constructor(
    private readonly pg: PgModule,
    private readonly pool: Pool,
    private readonly connectionString: string,
    schema: string,
    private readonly lease: number,
    private readonly onError: (e: Error) => void,
  ) {
    this.schema = schema;
    this.s = quoteIdent(schema);
    this.channel = `${schema}_log`;
    const s = this.s;
    // One statement, one implicit transaction: the row goes in only if the match exists, the
    // previous seq is there (or this is seq 1) and this seq is not (the primary key settles a
    // concurrent tie: one insert wins, the other does nothing). The NOTIFY is sent at commit.
    this.appendSql = `
      WITH ins AS (
        INSERT INTO ${s}.log (match_id, seq, action, by, at)
        SELECT $1, $2::int, $3::jsonb, $4, $5::bigint
        WHERE EXISTS (SELECT 1 FROM ${s}.matches WHERE id = $1)
          AND ($2::int = 1 OR EXISTS (SELECT 1 FROM ${s}.log WHERE match_id = $1 AND seq = $2::int - 1))
        ON CONFLICT (match_id, seq) DO NOTHING
        RETURNING match_id, seq
      )
      SELECT pg_notify('${this.channel}', seq::text || ' ' || match_id) FROM ins`;
  }

  async createMatch(match: MatchRecord): Promise<void> {
    if (typeof match.id !== 'string' || match.id.length === 0 || match.id.length > MAX_MATCH_ID) {
      throw new RangeError(`a match id is 1 to ${MAX_MATCH_ID} characters, got ${JSON.stringify(String(match.id).slice(0, 40))}`);
    }
    try {
      await this.pool.query(`INSERT INTO ${this.s}.matches (${MATCH_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, [
        match.id,
        match.createdAt,
        JSON.stringify(match.options),
        match.spectators,
        match.turnTimeMs,
        match.creatorHash,
        JSON.stringify(match.seats),
        match.version,
      ]);
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw new Error(`match ${match.id} already exists`);
      throw e;
    }
  }

  async getMatch(id: string): Promise<MatchRecord | null> {
    const r = await this.pool.query<MatchRow>(`SELECT ${MATCH_COLUMNS} FROM ${this.s}.matches WHERE id = $1`, [id]);
    const row = r.rows[0];
    return row ? toMatch(row) : null;
  }

  async updateSeats(id: string, expected: number, seats: readonly SeatRecord[]): Promise<boolean> {
    const r = await this.pool.query(`UPDATE ${this.s}.matches SET seats = $3, version = version + 1 WHERE id = $1 AND version = $2`, [
      id,
      expected,
      JSON.stringify(seats),
    ]);
    return r.rowCount === 1;
  }

  async listMatches(limit: number): Promise<MatchRecord[]> {
    if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`limit must be a non-negative integer, got ${String(limit)}`);
    const r = await this.pool.query<MatchRow>(`SELECT ${MATCH_COLUMNS} FROM ${this.s}.matches ORDER BY created_at DESC, id DESC LIMIT $1`, [
      limit,
    ]);
    return r.rows.map(toMatch);
  }

  async append(matchId: string, entry: LogEntry): Promise<boolean> {
    if (!Number.isInteger(entry.seq) || entry.seq < 1 || entry.seq > 0x7fffffff) return false;
    const r = await this.pool.query(this.appendSql, [matchId, entry.seq, JSON.stringify(entry.action), entry.by, entry.at]);
    if (r.rowCount !== 1) return false;
    this.note(matchId, entry.seq);
    return true;
  }

  async readLog(matchId: string, after: number): Promise<LogEntry[]> {
    const r = await this.pool.query<LogRow>(`SELECT seq, action, by, at FROM ${this.s}.log WHERE match_id = $1 AND seq > $2 ORDER BY seq`, [
      matchId,
      Math.max(-1, Math.min(Math.floor(after), 0x7fffffff)),
    ]);
    const entries = r.rows.map((row) => ({ seq: row.seq, action: row.action, by: row.by, at: Number(row.at) }));
    const last = entries[entries.length - 1];
    this.track(matchId, last ? last.seq : Math.max(0, Math.floor(after)));
    return entries;
  }

  async setDeadline(matchId: string, deadline: Deadline | null): Promise<void> {
    if (deadline === null) {
      await this.pool.query(`DELETE FROM ${this.s}.deadlines WHERE match_id = $1`, [matchId]);
      return;
    }
    if (deadline.matchId !== matchId) throw new RangeError(`deadline is for match ${deadline.matchId}, not ${matchId}`);
    await this.pool.query(
      `INSERT INTO ${this.s}.deadlines (match_id, seq, at) VALUES ($1, $2, $3)
       ON CONFLICT (match_id) DO UPDATE SET seq = EXCLUDED.seq, at = EXCLUDED.at`,
      [matchId, deadline.seq, deadline.at],
    );
  }

  async claimDue(now: number, limit: number): Promise<Deadline[]> {
    if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`limit must be a non-negative integer, got ${String(limit)}`);
    if (limit === 0) return [];
    // Rows another host is claiming right now are skipped, not waited for; a deadline replaced
    // meanwhile is re-checked against `at <= now`. A claimed row is not deleted but pushed a
    // lease ahead: the claiming host replaces or clears it once it has acted, and if it died
    // first the deadline is handed out again when the lease runs out.
    const r = await this.pool.query<{ match_id: string; seq: number; at: string }>(
      `WITH due AS (
         SELECT match_id, seq, at FROM ${this.s}.deadlines WHERE at <= $1 ORDER BY at, match_id LIMIT $2 FOR UPDATE SKIP LOCKED
       ), taken AS (
         UPDATE ${this.s}.deadlines d SET at = $3 FROM due WHERE d.match_id = due.match_id
       )
       SELECT match_id, seq, at FROM due ORDER BY at, match_id`,
      [Math.floor(now), limit, Math.floor(now) + this.lease],
    );
    return r.rows.map((row) => ({ matchId: row.match_id, seq: row.seq, at: Number(row.at) }));
  }

  watch(listener: (matchId: string, seq: number) => void): () => void {
    this.listeners.add(listener);
    this.listening().catch(() => {}); // failures are reported through onError and retried
    return () => {
      this.listeners.delete(listener);
    };
  }

  listening(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the store is closed'));
    if (!this.listenUp) this.listenUp = this.connectListener();
    return this.listenUp;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.listeners.clear();
    const c = this.listenClient;
    this.listenClient = null;
    await Promise.all([c?.end().catch(() => {}), this.pool.end()]);
  }

  /** Opens the listening connection, LISTENs, then reports what was appended while it was down. */
  private async connectListener(): Promise<void> {
    const client = new this.pg.Client({ connectionString: this.connectionString, application_name: `for-the-king listen ${this.schema}` });
    let lost = false;
    const onLost = (e: Error | null): void => {
      if (lost) return;
      lost = true;
      if (this.listenClient === client) this.listenClient = null;
      client.end().catch(() => {});
      if (this.closed) return;
      this.onError(new Error(`listening connection lost (${e ? e.message : 'closed'}); reconnecting`));
      this.scheduleReconnect();
    };
    client.on('error', (e) => onLost(e));
    client.on('end', () => onLost(null));
    client.on('notification', (n) => {
      if (n.channel !== this.channel || n.payload === undefined) return;
      const space = n.payload.indexOf(' ');
      const seq = Number(n.payload.slice(0, space));
      if (space < 1 || !Number.isInteger(seq)) return;
      this.note(n.payload.slice(space + 1), seq);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdent(this.channel)}`);
    } catch (e) {
      onLost(e as Error);
      throw e;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.listenClient = client;
    this.backoffMs = 50;
    await this.catchUp();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const wait = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, 2_000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.listenUp = this.connectListener();
      this.listenUp.catch(() => {}); // reported by onLost, which schedules the next try
    }, wait);
    this.reconnectTimer.unref();
  }

  /** After (re)connecting: reports each tracked match whose log grew past what this store knew. */
  private async catchUp(): Promise<void> {
    const ids = [...this.tracked.keys()];
    for (let i = 0; i < ids.length; i += 1000) {
      const r = await this.pool.query<{ match_id: string; last: number }>(
        `SELECT match_id, max(seq)::int AS last FROM ${this.s}.log WHERE match_id = ANY($1::text[]) GROUP BY match_id`,
        [ids.slice(i, i + 1000)],
      );
      for (const row of r.rows) {
        const t = this.tracked.get(row.match_id);
        if (!t) continue;
        for (let seq = Math.max(t.known, t.through) + 1; seq <= row.last; seq++) this.note(row.match_id, seq);
      }
    }
  }

  /** Remembers that `seq` exists in `matchId`'s log, without reporting it. */
  private track(matchId: string, seq: number): Tracked {
    let t = this.tracked.get(matchId);
    if (t) this.tracked.delete(matchId);
    else {
      t = { through: 0, above: new Set(), known: 0 };
      if (this.tracked.size >= TRACKED_MATCHES) {
        const oldest = this.tracked.keys().next().value;
        if (oldest !== undefined) this.tracked.delete(oldest);
      }
    }
    this.tracked.set(matchId, t);
    if (seq > t.known) t.known = seq;
    return t;
  }

  /** Reports `seq` of `matchId` to the listeners unless it was reported already (own append and its notification). */
  private note(matchId: string, seq: number): void {
    const t = this.track(matchId, seq);
    if (seq <= t.through || t.above.has(seq)) return;
    t.above.add(seq);
    // A match first seen in the middle of its log never closes the gap below: past a few dozen
    // seqs, the gap is given up (a notification that late would be a duplicate of what was read).
    if (t.above.size > 64) t.through = Math.min(...t.above) - 1;
    while (t.above.delete(t.through + 1)) t.through++;
    for (const listener of [...this.listeners]) {
      try {
        listener(matchId, seq);
      } catch (e) {
        this.onError(e as Error);
      }
    }
  }
}
