/**
 * Expiring a match on PostgreSQL: one transaction compares the match's seat version and log
 * length and deletes it (keeping its record first when asked). When the connection breaks under
 * it, whether it committed is read back (see settle.ts): the match still there means it did not
 * (it is tried again, and compares again); gone, it did.
 * @module
 */
import type { Pool } from 'pg';
import type { KeptRecord } from '../store.js';
import { isConnectionError } from './faults.js';
import { AGAIN, settled } from './settle.js';

/** The version and log length an expiry expects. */
type Expected = { readonly version: number; readonly seq: number };

/**
 * `Store.expireMatch` on the schema `s` (quoted): `true` once the match is deleted (and `keep`
 * kept), `false` when it moved. @throws {@link StoreUnsettledError} when the connection broke and
 * the outcome could not be read back within the reconnect window.
 */
export function expireMatch(
  pool: Pool,
  s: string,
  isClosed: () => boolean,
  id: string,
  expected: Expected,
  keep: KeptRecord | null,
): Promise<boolean> {
  const kept = keep === null ? null : JSON.stringify(keep);
  return settled({
    operation: 'expireMatch',
    matchId: id,
    isClosed,
    send: () => expireOnce(pool, s, id, expected, keep, kept),
    readBack: async () => {
      const r = await pool.query<{ present: boolean; ours: boolean | null }>(
        `SELECT EXISTS (SELECT 1 FROM ${s}.matches WHERE id = $1) AS present,
                (SELECT kept = $2::jsonb FROM ${s}.kept_records WHERE match_id = $1) AS ours`,
        [id, kept],
      );
      const row = r.rows[0];
      if (row === undefined || row.present) return AGAIN;
      // Gone: this expiry committed, or another host's did, which leaves the same; a record to
      // keep must be this one's.
      return kept === null || row.ours === true;
    },
  });
}

async function expireOnce(
  pool: Pool,
  s: string,
  id: string,
  expected: Expected,
  keep: KeptRecord | null,
  kept: string | null,
): Promise<boolean> {
  // One transaction: the match's row locked first (an append that started before is waited
  // for and then seen; one that starts after waits for this to end and finds no match), its
  // version and log length compared, the record kept, the match deleted (its log and deadline
  // with it: ON DELETE CASCADE).
  const client = await pool.connect();
  let lost: Error | undefined;
  const onLost = (e: Error): void => {
    lost = e;
  };
  client.on('error', onLost);
  try {
    await client.query('BEGIN');
    const m = await client.query<{ version: number }>(`SELECT version FROM ${s}.matches WHERE id = $1 FOR UPDATE`, [id]);
    const n = await client.query<{ seq: number }>(`SELECT coalesce(max(seq), 0)::int AS seq FROM ${s}.log WHERE match_id = $1`, [id]);
    if (m.rows[0]?.version !== expected.version || n.rows[0]?.seq !== expected.seq) {
      await client.query('ROLLBACK');
      return false;
    }
    if (keep !== null) {
      await client.query(
        `INSERT INTO ${s}.kept_records (match_id, kind, expired_at, kept) VALUES ($1, $2, $3, $4)
         ON CONFLICT (match_id) DO UPDATE SET kind = EXCLUDED.kind, expired_at = EXCLUDED.expired_at, kept = EXCLUDED.kept`,
        [id, keep.kind, keep.expiredAt, kept],
      );
    }
    await client.query(`DELETE FROM ${s}.matches WHERE id = $1`, [id]);
    await client.query('COMMIT');
    return true;
  } catch (e) {
    // A broken connection is thrown away, not handed back to the pool (nor sent a ROLLBACK).
    if (lost === undefined && isConnectionError(e)) lost = e as Error;
    if (lost === undefined) await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.off('error', onLost);
    client.release(lost);
  }
}
