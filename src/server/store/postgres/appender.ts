/**
 * Group commit on PostgreSQL: every append that arrives while a batch is on its way (or within
 * the same tick) goes into the next batch, one `INSERT … SELECT FROM unnest(…)` statement: one
 * round trip and one commit for all of them, each row still compare-and-set (the match exists,
 * entry `seq - 1` is there, `(match_id, seq)` is free) and each notified. Rows go in sorted by
 * (match, seq), so two hosts' batches never deadlock on each other's keys.
 *
 * When the connection breaks under a batch, whether it committed is unknown: the appender waits
 * for the server, reads the batch's keys back, and settles each append by what is stored (its
 * own row: appended; another row: refused; none: sent again), so an append is neither lost nor
 * doubled by a restart of the database.
 * @module
 */
import type { Pool } from 'pg';
import { jsonEqual } from '../../../protocol/patch.js';
import { crc32 } from '../crc32.js';
import type { LogEntry } from '../store.js';
import { Batches } from './batches.js';
import { isConnectionError, nextBackoff, pause, RECONNECT_WINDOW_MS } from './faults.js';

interface Pending {
  readonly matchId: string;
  readonly entry: LogEntry;
  readonly action: string;
  readonly giveUp: number;
  readonly done: (appended: boolean) => void;
  readonly fail: (e: unknown) => void;
}

/** SQLSTATEs after which a batch is simply sent again: a deadlock, a serialization failure. */
const RETRY = new Set(['40P01', '40001']);

/** Batches appends into one statement per round trip (see the module's description). */
export class Appender {
  // One append per match per batch: a later seq of the same match waits for the next batch (its
  // seq - 1 must be in first); a second append of the same seq cannot win after the first.
  private readonly batches = new Batches<Pending>(
    (p) => p.matchId,
    (batch) => this.send(batch.sort((a, b) => (a.matchId < b.matchId ? -1 : a.matchId > b.matchId ? 1 : a.entry.seq - b.entry.seq))),
    (p, first) => {
      if (p.entry.seq !== first.entry.seq) return false;
      p.done(false);
      return true;
    },
  );
  private readonly insertSql: string;
  /**
   * The insert's prepared-statement name: the server parses and plans it once per connection,
   * not once per batch. Named after its text, so stores of other schemas sharing a pool never
   * collide.
   */
  private readonly insertName: string;
  private readonly readBackSql: string;

  /**
   * @param s - the schema, quoted.
   * @param appended - called for each row this appender put in (before its caller hears).
   */
  constructor(
    private readonly pool: Pool,
    s: string,
    channel: string,
    private readonly appended: (matchId: string, seq: number) => void,
    private readonly isClosed: () => boolean,
  ) {
    // FOR KEY SHARE: an expireMatch holding a match's row is waited for, and then the match is
    // simply not there (that append is refused), rather than the insert failing its foreign key.
    // OFFSET 0 keeps the check for entry seq - 1 an index probe per row. Without it PostgreSQL may
    // turn that EXISTS into a hashed subplan over the whole log, and the prepared statement's
    // generic plan, made while the log was small, kept doing so: one scan of every log row per
    // batch, a cost that grew with the table (an EXISTS with OFFSET is never hashed).
    this.insertSql = `
      WITH input AS (
        SELECT * FROM unnest($1::text[], $2::int[], $3::jsonb[], $4::text[], $5::bigint[]) AS t(match_id, seq, action, by, at)
      ), ins AS (
        INSERT INTO ${s}.log (match_id, seq, action, by, at)
        SELECT i.match_id, i.seq, i.action, i.by, i.at FROM input i
        WHERE EXISTS (SELECT 1 FROM ${s}.matches m WHERE m.id = i.match_id FOR KEY SHARE)
          AND (i.seq = 1 OR EXISTS (SELECT 1 FROM ${s}.log l WHERE l.match_id = i.match_id AND l.seq = i.seq - 1 OFFSET 0))
        ORDER BY i.match_id, i.seq
        ON CONFLICT (match_id, seq) DO NOTHING
        RETURNING match_id, seq
      )
      SELECT match_id, seq, pg_notify('${channel}', seq::text || ' ' || match_id) FROM ins`;
    this.insertName = `ftk_append_${crc32(new TextEncoder().encode(this.insertSql)).toString(16)}`;
    this.readBackSql = `
      SELECT l.match_id, l.seq, l.action, l.by, l.at::text AS at
      FROM unnest($1::text[], $2::int[]) AS k(match_id, seq) JOIN ${s}.log l USING (match_id, seq)`;
  }

  /** Appends `entry` iff the log holds exactly `entry.seq - 1` entries; resolves once committed (or refused). */
  append(matchId: string, entry: LogEntry): Promise<boolean> {
    return new Promise((done, fail) => {
      const action = JSON.stringify(entry.action);
      this.batches.push({ matchId, entry, action, giveUp: Date.now() + RECONNECT_WINDOW_MS, done, fail });
    });
  }

  /** Resolves once every write queued so far is settled (the store waits for it before closing). */
  drained(): Promise<void> {
    return this.batches.drained();
  }

  /** Inserts one batch and settles each of its appends; on a broken connection, reads back what is stored. */
  private async send(batch: Pending[]): Promise<void> {
    let todo = batch;
    let wait = 50;
    while (todo.length > 0) {
      try {
        const r = await this.pool.query<{ match_id: string; seq: number }>({
          name: this.insertName,
          text: this.insertSql,
          values: [
            todo.map((p) => p.matchId),
            todo.map((p) => p.entry.seq),
            todo.map((p) => p.action),
            todo.map((p) => p.entry.by),
            todo.map((p) => p.entry.at),
          ],
        });
        const inserted = new Set(r.rows.map((row) => `${row.seq} ${row.match_id}`));
        for (const p of todo) {
          const ok = inserted.has(`${p.entry.seq} ${p.matchId}`);
          if (ok) this.appended(p.matchId, p.entry.seq);
          p.done(ok);
        }
        return;
      } catch (e) {
        const code = (e as { code?: string }).code;
        if (typeof code === 'string' && RETRY.has(code)) continue; // nothing was written: send it again
        if (!isConnectionError(e)) {
          for (const p of todo) p.fail(e);
          return;
        }
        // The batch may or may not have committed: wait for the server, then see.
        await pause(wait);
        wait = nextBackoff(wait);
        todo = await this.settle(todo, e);
      }
    }
  }

  /**
   * After a broken connection: reads the batch's keys back (waiting for the server), settles each
   * append whose row is there, and returns the ones to send again. Appends past their window fail.
   */
  private async settle(todo: Pending[], cause: unknown): Promise<Pending[]> {
    const now = Date.now();
    const live: Pending[] = [];
    for (const p of todo) {
      if (now > p.giveUp || this.isClosed()) p.fail(cause);
      else live.push(p);
    }
    if (live.length === 0) return [];
    let rows: { match_id: string; seq: number; action: unknown; by: string; at: string }[];
    try {
      rows = (
        await this.pool.query<{ match_id: string; seq: number; action: unknown; by: string; at: string }>(this.readBackSql, [
          live.map((p) => p.matchId),
          live.map((p) => p.entry.seq),
        ])
      ).rows;
    } catch (e) {
      if (!isConnectionError(e)) {
        for (const p of live) p.fail(e);
        return [];
      }
      return live; // still down: the next round tries again
    }
    const stored = new Map(rows.map((row) => [`${row.seq} ${row.match_id}`, row]));
    const again: Pending[] = [];
    for (const p of live) {
      const row = stored.get(`${p.entry.seq} ${p.matchId}`);
      if (row === undefined) again.push(p);
      else {
        const mine = row.by === p.entry.by && Number(row.at) === p.entry.at && jsonEqual(row.action, p.entry.action);
        if (mine) this.appended(p.matchId, p.entry.seq);
        p.done(mine);
      }
    }
    return again;
  }
}
