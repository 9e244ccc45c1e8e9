/**
 * Presence leases on PostgreSQL, written together: every `setPresence` that arrives while a batch
 * is on its way (or within the same tick) goes into the next batch, one `INSERT … SELECT FROM
 * unnest(…) ON CONFLICT DO UPDATE` statement: one round trip and one commit for all of them. A
 * host renews its leases a slice at a time (dozens in one tick at thousands of connections), so
 * this turns dozens of commits into one. Each lease still counts only if its match exists, and
 * each match written is notified once per batch (PostgreSQL folds a transaction's identical
 * notifications into one). Rows go in sorted by key, so two hosts' batches never deadlock.
 *
 * A key (match, seat, host) is written once per batch (a statement cannot update one row twice);
 * a second write of the same key waits for the next batch, so the later write lands last. When a
 * batch fails, each of its writes fails with the error (a lease is renewed again at its next tick).
 * @module
 */
import type { Pool } from 'pg';
import { crc32 } from '../crc32.js';
import { Batches } from './batches.js';

interface Pending {
  readonly matchId: string;
  readonly seat: number;
  readonly host: string;
  readonly until: number;
  readonly done: (written: boolean) => void;
  readonly fail: (e: unknown) => void;
}

/** Batches lease writes into one statement per round trip (see the module's description). */
export class LeaseWriter {
  private readonly batches = new Batches<Pending>(
    (p) => keyOf(p.matchId, p.seat, p.host),
    (batch) => this.send(batch.sort((a, b) => compare(a.matchId, b.matchId) || a.seat - b.seat || compare(a.host, b.host))),
  );
  private readonly sql: string;
  /** The statement's prepared name: parsed and planned once per connection. */
  private readonly name: string;

  /**
   * @param s - the schema, quoted.
   * @param notice - the `pg_notify` payload's start (`presence <instance> `), the match id follows.
   */
  constructor(
    private readonly pool: Pool,
    s: string,
    channel: string,
    notice: string,
  ) {
    // FOR KEY SHARE, as the appender's: a match being deleted is waited for, and then its lease is
    // simply not written, rather than the batch failing its foreign key.
    this.sql = `
      WITH input AS (
        SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::bigint[]) AS t(match_id, seat, host, until)
      ), up AS (
        INSERT INTO ${s}.presence (match_id, seat, host, until)
        SELECT i.match_id, i.seat, i.host, i.until FROM input i
        WHERE EXISTS (SELECT 1 FROM ${s}.matches m WHERE m.id = i.match_id FOR KEY SHARE)
        ORDER BY i.match_id, i.seat, i.host
        ON CONFLICT (match_id, seat, host) DO UPDATE SET until = EXCLUDED.until
        RETURNING match_id, seat, host
      )
      SELECT match_id, seat, host, pg_notify('${channel}', '${notice}' || match_id) FROM up`;
    this.name = `ftk_presence_${crc32(new TextEncoder().encode(this.sql)).toString(16)}`;
  }

  /** Writes the lease; resolves `true` once committed, `false` if its match does not exist. */
  write(matchId: string, host: string, seat: number, until: number): Promise<boolean> {
    return new Promise((done, fail) => this.batches.push({ matchId, seat, host, until, done, fail }));
  }

  /** Resolves once every write queued so far is settled (the store waits for it before closing). */
  drained(): Promise<void> {
    return this.batches.drained();
  }

  private async send(batch: readonly Pending[]): Promise<void> {
    try {
      const r = await this.pool.query<{ match_id: string; seat: number; host: string }>({
        name: this.name,
        text: this.sql,
        values: [batch.map((p) => p.matchId), batch.map((p) => p.seat), batch.map((p) => p.host), batch.map((p) => p.until)],
      });
      const written = new Set(r.rows.map((row) => keyOf(row.match_id, row.seat, row.host)));
      for (const p of batch) p.done(written.has(keyOf(p.matchId, p.seat, p.host)));
    } catch (e) {
      for (const p of batch) p.fail(e);
    }
  }
}

/** A lease's key as one string (a match id has no newline). */
function keyOf(matchId: string, seat: number, host: string): string {
  return `${matchId}\n${seat}\n${host}`;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
