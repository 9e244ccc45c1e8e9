/**
 * PostgreSQL: a deadline decided at a seat version (`setDeadline(…, { expected })`) waits for a
 * change of the match's record being committed meanwhile, and then is not written: it was
 * decided from the record before that change. Without `expected` it neither waits nor is refused.
 */
import { afterEach, expect, it } from 'vitest';
import { createPostgresStore, type PostgresStore } from '../../src/server/store/postgres.js';
import type { MatchRecord } from '../../src/server/store/store.js';
import { blockDatabase, describePg } from '../helpers/pg.js';

function sample(id: string): MatchRecord {
  return {
    id,
    createdAt: 1,
    options: { players: 2, seed: `seed-${id}` },
    spectators: 'public',
    turnTimeMs: 60_000,
    creatorHash: 'c'.repeat(64),
    seats: Array.from({ length: 2 }, () => ({ name: null, tokenHash: null, bot: null, left: false })),
    version: 0,
  };
}

describePg('PostgreSQL: a deadline decided before a record change being committed', (adminUrl) => {
  const db = blockDatabase(adminUrl, 'stale_deadline');
  let store: PostgresStore | null = null;
  afterEach(async () => {
    await store?.close();
    store = null;
  });

  const row = async (id: string): Promise<{ seq: number; at: string } | undefined> =>
    (await db.direct.query<{ seq: number; at: string }>('SELECT seq, at FROM stale.deadlines WHERE match_id = $1', [id])).rows[0];

  it('waits for the change, then is not written; one without expected is written at once', async () => {
    store = await createPostgresStore({ connectionString: db.url, schema: 'stale', onError: () => {} });
    const s = store;
    await s.createMatch(sample('m1'));
    await s.setDeadline('m1', { matchId: 'm1', seq: 1, at: 10 }, { expected: { version: 0, seq: 0 } });
    // Another host's record change (the turn time), not committed yet.
    await db.direct.query('BEGIN');
    await db.direct.query('UPDATE stale.matches SET version = version + 1, turn_time_ms = 5000 WHERE id = $1', ['m1']);
    let settled = false;
    const stale = s.setDeadline('m1', { matchId: 'm1', seq: 2, at: 60 }, { expected: { version: 0, seq: 1 } }).then(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(settled).toBe(false);
    await db.direct.query('COMMIT');
    await stale;
    expect(await row('m1')).toEqual({ seq: 1, at: '10' });
    // Decided at the new version, it is written; without expected, whatever the version.
    await s.setDeadline('m1', { matchId: 'm1', seq: 2, at: 5 }, { expected: { version: 1, seq: 1 } });
    expect(await row('m1')).toEqual({ seq: 2, at: '5' });
    await db.direct.query('BEGIN');
    await db.direct.query('UPDATE stale.matches SET version = version + 1 WHERE id = $1', ['m1']);
    await s.setDeadline('m1', { matchId: 'm1', seq: 3, at: 7 });
    await db.direct.query('COMMIT');
    expect(await row('m1')).toEqual({ seq: 3, at: '7' });
  });
});
