/**
 * Deadlines on PostgreSQL: setting one (never back to an earlier seq; with `ifMissing`, keeping
 * one stored for the same seq; with `expected`, only while the match's version holds), clearing
 * one (resent after a broken connection when decided at a version and seq), and claiming the due
 * ones a lease ahead, skipping rows another host holds.
 * @module
 */
import type { Pool } from 'pg';
import type { Deadline, SetDeadlineOptions } from '../store.js';
import { resendable } from './faults.js';

/** `Store.setDeadline` on the schema `s` (quoted). */
export async function setDeadline(
  pool: Pool,
  s: string,
  matchId: string,
  deadline: Deadline | null,
  options: SetDeadlineOptions,
): Promise<void> {
  if (deadline === null) {
    // A clear decided at a seat version and log length is sent again after a broken connection:
    // late, it leaves a later move's deadline (a later seq) or one set after a seat change (FOR
    // SHARE waits for one being committed, and reads its version). One without it is not (below).
    const e = options.expected;
    await pool.query(
      e === undefined
        ? { text: `DELETE FROM ${s}.deadlines WHERE match_id = $1`, values: [matchId] }
        : resendable(
            `DELETE FROM ${s}.deadlines WHERE match_id = $1 AND seq <= $2
             AND EXISTS (SELECT 1 FROM ${s}.matches WHERE id = $1 AND version = $3 FOR SHARE)`,
            [matchId, e.seq + 1, e.version],
          ),
    );
    return;
  }
  if (deadline.matchId !== matchId) throw new RangeError(`deadline is for match ${deadline.matchId}, not ${matchId}`);
  // A match that is gone (or being deleted: FOR KEY SHARE waits for that) gets no deadline, as
  // in the other stores, rather than the insert failing its foreign key. A deadline never
  // replaces one for a later seq (the log has moved on), so the write is sent again after a
  // broken connection: sent twice, or late, it never takes the match back to an earlier seq's
  // deadline (at worst a deadline of the same seq is claimed twice, and the log's key lets one
  // move in). A clear without `expected` (above) could remove a deadline another host set
  // meanwhile; one that failed leaves a harmless one (acted on only at its seq). With
  // `ifMissing`, one for the same seq is kept too: it may be another host's claim, a lease ahead.
  // With `expected`, nothing is written once the match's version moved on: FOR SHARE waits for a
  // record change being committed and reads its version, as the clear does (nothing per action
  // updates the matches row: the appends' FOR KEY SHARE and this lock do not wait for each other).
  const e = options.expected;
  await pool.query(
    resendable(
      `INSERT INTO ${s}.deadlines AS d (match_id, seq, at)
       SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM ${s}.matches WHERE id = $1 ${e === undefined ? 'FOR KEY SHARE' : 'AND version = $4 FOR SHARE'})
       ON CONFLICT (match_id) DO UPDATE SET seq = EXCLUDED.seq, at = EXCLUDED.at
       WHERE d.seq ${options.ifMissing === true ? '<' : '<='} EXCLUDED.seq`,
      e === undefined ? [matchId, deadline.seq, deadline.at] : [matchId, deadline.seq, deadline.at, e.version],
    ),
  );
}

/** `Store.claimDue` on the schema `s` (quoted): the due deadlines, each pushed `lease` ms ahead. */
export async function claimDue(pool: Pool, s: string, lease: number, now: number, limit: number): Promise<Deadline[]> {
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`limit must be a non-negative integer, got ${String(limit)}`);
  if (limit === 0) return [];
  // Rows another host is claiming right now are skipped, not waited for; a deadline replaced
  // meanwhile is re-checked against `at <= now`. A claimed row is not deleted but pushed a
  // lease ahead: the claiming host replaces or clears it once it has acted, and if it died
  // first the deadline is handed out again when the lease runs out.
  const r = await pool.query<{ match_id: string; seq: number; at: string }>(
    `WITH due AS (
       SELECT match_id, seq, at FROM ${s}.deadlines WHERE at <= $1 ORDER BY at, match_id LIMIT $2 FOR UPDATE SKIP LOCKED
     ), taken AS (
       UPDATE ${s}.deadlines d SET at = $3 FROM due WHERE d.match_id = due.match_id
     )
     SELECT match_id, seq, at FROM due ORDER BY at, match_id`,
    [Math.floor(now), limit, Math.floor(now) + lease],
  );
  return r.rows.map((row) => ({ matchId: row.match_id, seq: row.seq, at: Number(row.at) }));
}
