/**
 * The PostgreSQL store's schema: its tables, created and upgraded by numbered migrations under a
 * transaction-scoped advisory lock, so that several hosts starting at once are safe.
 * @module
 */
import type { Pool } from 'pg';

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
  // 2: the records of expired matches, kept when the host keeps them (expireMatch).
  (s) => `
    CREATE TABLE ${s}.kept_records (
      match_id text PRIMARY KEY,
      kind text NOT NULL,
      expired_at bigint NOT NULL,
      kept jsonb NOT NULL
    );
  `,
  // 3: games between friends: the match fields added since (visibility, invite, fairness, rematch, …)
  // in one JSON object, with the visibility also in a column for the lobby's listing; the chat;
  // the seats' presence leases.
  (s) => `
    ALTER TABLE ${s}.matches ADD COLUMN extra jsonb NOT NULL DEFAULT '{}'::jsonb;
    ALTER TABLE ${s}.matches ADD COLUMN visibility text NOT NULL DEFAULT 'public';
    CREATE INDEX matches_listed ON ${s}.matches (visibility, created_at DESC, id DESC);
    CREATE TABLE ${s}.chat (
      match_id text NOT NULL REFERENCES ${s}.matches (id) ON DELETE CASCADE,
      n integer NOT NULL CHECK (n >= 1),
      line jsonb NOT NULL,
      PRIMARY KEY (match_id, n)
    );
    CREATE TABLE ${s}.presence (
      match_id text NOT NULL REFERENCES ${s}.matches (id) ON DELETE CASCADE,
      seat integer NOT NULL,
      host text NOT NULL,
      until bigint NOT NULL,
      PRIMARY KEY (match_id, seat, host)
    );
  `,
  // 4: each write's id kept with what it wrote, so that a write whose answer was lost (the
  // connection broke after its commit) is recognised when read back: the ids of a match's last
  // updates (newest first, at most 8) and each chat line's. Both are added without a rewrite of the table.
  (s) => `
    ALTER TABLE ${s}.matches ADD COLUMN writes text[] NOT NULL DEFAULT '{}';
    ALTER TABLE ${s}.chat ADD COLUMN write_id text;
  `,
];

/** The newest schema version this code knows. */
export const POSTGRES_SCHEMA_VERSION: number = MIGRATIONS.length;

/** `name` as a quoted SQL identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Creates or upgrades the schema under a transaction-scoped advisory lock. */
export async function migrate(pool: Pool, schema: string): Promise<void> {
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
