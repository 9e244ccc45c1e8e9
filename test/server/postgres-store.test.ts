/**
 * The PostgreSQL store's own guarantees, on a real server (the throwaway cluster of
 * `test/helpers/postgres.sh`): several store instances stand for several hosts on one database.
 * Appends race on the (match, seq) key, deadlines are claimed once, notifications cross
 * instances and survive the listening connection being killed, and migrations run once.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LogReader } from '../../src/server/store/postgres/log-reader.js';
import { createPostgresStore, type PostgresStore } from '../../src/server/store/postgres.js';
import type { LogEntry, MatchRecord } from '../../src/server/store/store.js';
import { describePg, freshDatabase } from '../helpers/pg.js';
import { storeContract } from './store-contract.js';

describePg('PostgreSQL store: the shared contract', (adminUrl) => {
  let db: Promise<{ url: string; drop: () => Promise<void> }> | undefined;
  const database = (): Promise<{ url: string; drop: () => Promise<void> }> => {
    db ??= freshDatabase(adminUrl, 'contract');
    return db;
  };
  // Each test gets a schema of its own: claimed deadlines stay (leased) in the table, and the
  // contract's claimDue tests look at every due deadline. `reopen` opens the last one again.
  let schema = 'c0';
  const open = async (): Promise<PostgresStore> =>
    createPostgresStore({ connectionString: (await database()).url, schema, onError: () => {} });
  const make = async (): Promise<PostgresStore> => {
    schema = `c_${randomBytes(6).toString('hex')}`;
    return open();
  };
  storeContract('PostgresStore', make, { reopen: open });
  afterAll(async () => {
    await (await db)?.drop();
  });
});

function match(id: string, createdAt = 1): MatchRecord {
  return {
    id,
    createdAt,
    options: { players: 4, seed: `seed-${id}` },
    spectators: 'public',
    turnTimeMs: 30_000,
    creatorHash: 'c'.repeat(64),
    seats: Array.from({ length: 4 }, () => ({ name: null, tokenHash: null, bot: null, left: false })),
    version: 0,
  };
}

function entry(seq: number, by: LogEntry['by'] = 'seat'): LogEntry {
  return { seq, action: { type: 'pass' } as unknown as LogEntry['action'], by, at: 1_700_000_000_000 + seq };
}

/** Resolves when `predicate` holds, polling; rejects after `ms`. */
async function until(predicate: () => boolean, ms = 5_000, state: () => unknown = () => ''): Promise<void> {
  const end = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > end) throw new Error(`timed out waiting ${JSON.stringify(state())}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describePg('PostgreSQL store', (adminUrl) => {
  let db: { url: string; drop: () => Promise<void> };
  const open: PostgresStore[] = [];
  const store = async (onError?: (e: Error) => void): Promise<PostgresStore> => {
    const s = await createPostgresStore({ connectionString: db.url, poolSize: 8, onError: onError ?? (() => {}) });
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    db = await freshDatabase(adminUrl, 'store');
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    await db?.drop();
  });

  it('creates the schema once when several hosts start at the same moment, and again is a no-op', async () => {
    const stores = await Promise.all([store(), store(), store(), store()]);
    expect(stores.map((s) => s.schema)).toEqual(['ftk', 'ftk', 'ftk', 'ftk']);
    await store();
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      const r = await c.query('SELECT version FROM ftk.migrations ORDER BY version');
      expect(r.rows).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }, { version: 4 }]);
      const keys = await c.query(
        `SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
         WHERE i.indrelid = 'ftk.log'::regclass AND i.indisprimary ORDER BY a.attnum`,
      );
      expect(keys.rows.map((r) => r.attname)).toEqual(['match_id', 'seq']);
    } finally {
      await c.end();
    }
  });

  it('migrates a version 1 schema with matches in it to the newest (kept records, games between friends), keeping every row', async () => {
    const inSchema = async (): Promise<PostgresStore> => {
      const s = await createPostgresStore({ connectionString: db.url, schema: 'upgrade', onError: () => {} });
      open.push(s);
      return s;
    };
    const first = await inSchema();
    await first.createMatch(match('up-1', 5));
    await first.append('up-1', entry(1));
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      // Back to what version 1 created: no later table or column, no later migration applied.
      await c.query(
        `DROP TABLE upgrade.kept_records, upgrade.chat, upgrade.presence;
         ALTER TABLE upgrade.matches DROP COLUMN extra, DROP COLUMN visibility, DROP COLUMN writes;
         DELETE FROM upgrade.migrations WHERE version >= 2`,
      );
      const again = await inSchema();
      const r = await c.query('SELECT version FROM upgrade.migrations ORDER BY version');
      expect(r.rows).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }, { version: 4 }]);
      expect(await again.getMatch('up-1')).toEqual(match('up-1', 5));
      expect(await again.readLog('up-1', 0)).toEqual([entry(1)]);
      expect(await again.expireMatch('up-1', { version: 0, seq: 1 }, null)).toBe(true);
      expect(await again.getMatch('up-1')).toBeNull();
    } finally {
      await c.end();
    }
  });

  it('a match row written before the fields of games between friends reads as before: public, no new field', async () => {
    const s = await store();
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      await c.query(
        `INSERT INTO ftk.matches (id, created_at, options, spectators, turn_time_ms, creator_hash, seats, version)
         VALUES ('old-row', 9000000000000, '{"players":2,"seed":"old"}', 'none', NULL, $1, '[]', 0)`,
        ['c'.repeat(64)],
      );
    } finally {
      await c.end();
    }
    expect(await s.getMatch('old-row')).toEqual({
      id: 'old-row',
      createdAt: 9_000_000_000_000,
      options: { players: 2, seed: 'old' },
      spectators: 'none',
      turnTimeMs: null,
      creatorHash: 'c'.repeat(64),
      seats: [],
      version: 0,
    });
    expect((await s.listMatches(1, { visibility: 'public' })).map((m) => m.id)).toEqual(['old-row']);
    // The row is the newest of the schema: out of the way of the listing tests.
    const d = new pg.Client({ connectionString: db.url });
    await d.connect();
    try {
      await d.query(`DELETE FROM ftk.matches WHERE id = 'old-row'`);
    } finally {
      await d.end();
    }
  });

  it('refuses a schema newer than the code, and a bad schema name', async () => {
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      await c.query('CREATE SCHEMA future; CREATE TABLE future.migrations (version integer PRIMARY KEY, applied_at timestamptz)');
      await c.query('INSERT INTO future.migrations VALUES (99, now())');
    } finally {
      await c.end();
    }
    await expect(createPostgresStore({ connectionString: db.url, schema: 'future' })).rejects.toThrow(/version 99, newer/);
    await expect(createPostgresStore({ connectionString: db.url, schema: 'Bad-Name' })).rejects.toThrow(RangeError);
    await expect(createPostgresStore({ connectionString: db.url, poolSize: 0 })).rejects.toThrow(RangeError);
  });

  it('two hosts appending the same seq at once: exactly one succeeds, the log has it once', async () => {
    const [a, b] = await Promise.all([store(), store()]);
    await a.createMatch(match('race'));
    for (let seq = 1; seq <= 5; seq++) {
      const tries = Array.from({ length: 16 }, (_, i) => (i % 2 ? a : b).append('race', { ...entry(seq), at: i }));
      const won = (await Promise.all(tries)).filter(Boolean);
      expect(won).toHaveLength(1);
    }
    const log = await b.readLog('race', 0);
    expect(log.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses a gap, a repeat, seq 0 and an unknown match, writing nothing', async () => {
    const s = await store();
    await s.createMatch(match('gaps'));
    expect(await s.append('gaps', entry(2))).toBe(false);
    expect(await s.append('gaps', entry(0))).toBe(false);
    expect(await s.append('gaps', entry(1.5))).toBe(false);
    expect(await s.append('gaps', entry(1))).toBe(true);
    expect(await s.append('gaps', entry(1))).toBe(false);
    expect(await s.append('gaps', entry(3))).toBe(false);
    expect(await s.append('nobody', entry(1))).toBe(false);
    expect((await s.readLog('gaps', 0)).map((e) => e.seq)).toEqual([1]);
    expect(await s.readLog('nobody', 0)).toEqual([]);
  });

  it('an append probes the log by its key: no scan of the whole log per batch, however many batches', async () => {
    // The insert is a prepared statement; after a few executions PostgreSQL keeps a generic plan,
    // made here while the log is nearly empty. That plan once checked entry seq - 1 with a hashed
    // subplan over a scan of the whole log, once per batch (a cost growing with the table).
    const schema = `scan_${randomBytes(4).toString('hex')}`;
    const s = await createPostgresStore({ connectionString: db.url, schema, poolSize: 1, onError: () => {} });
    // Batches of 40 appends (one per match), as a busy host sends them.
    const ids = Array.from({ length: 40 }, (_, i) => `probe-${i}`);
    for (const id of ids) await s.createMatch(match(id));
    const rounds = 30;
    for (let seq = 1; seq <= rounds; seq++) expect(await Promise.all(ids.map((id) => s.append(id, entry(seq))))).not.toContain(false);
    const appends = rounds * ids.length;
    await s.close(); // the pool's backend exits and reports its table statistics
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    try {
      const stats = async (): Promise<{ seq_scan: string; n_tup_ins: string } | undefined> =>
        (
          await admin.query<{ seq_scan: string; n_tup_ins: string }>(
            `SELECT seq_scan::text, n_tup_ins::text FROM pg_stat_user_tables WHERE schemaname = $1 AND relname = 'log'`,
            [schema],
          )
        ).rows[0];
      let row = await stats();
      const end = Date.now() + 10_000;
      while (Number(row?.n_tup_ins ?? 0) < appends && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 100));
        await admin.query('SELECT pg_stat_clear_snapshot()');
        row = await stats();
      }
      expect(Number(row?.n_tup_ins)).toBe(appends); // the statistics are in
      expect(Number(row?.seq_scan)).toBeLessThan(5); // 30 batches: not one scan each
    } finally {
      await admin.end();
    }
  });

  it('reads the log of many matches asked for in one tick with one statement, each read getting its own entries', async () => {
    const s = await store();
    const ids = Array.from({ length: 12 }, (_, i) => `read-${i}`);
    for (const [i, id] of ids.entries()) {
      await s.createMatch(match(id));
      for (let seq = 1; seq <= i % 4; seq++) expect(await s.append(id, entry(seq))).toBe(true);
    }
    // The reader on a pool of its own, whose statements are counted (a real pool and database).
    const pool = new pg.Pool({ connectionString: db.url, max: 2 });
    let statements = 0;
    const counted = Object.create(pool) as pg.Pool;
    counted.query = ((...args: Parameters<pg.Pool['query']>) => {
      statements++;
      return (pool.query.bind(pool) as (...a: unknown[]) => unknown)(...args);
    }) as pg.Pool['query'];
    try {
      const reader = new LogReader(counted, 'ftk');
      // Every match from seq 0 and from seq 1, the same read twice, and a match with no log.
      const asked: [string, number][] = [...ids.map((id): [string, number] => [id, 0]), ...ids.map((id): [string, number] => [id, 1])];
      asked.push(['read-3', 1], ['nobody', 0]);
      const got = await Promise.all(asked.map(([id, after]) => reader.read(id, after)));
      for (const [k, [id, after]] of asked.entries()) {
        const n = id === 'nobody' ? 0 : Number(id.slice(5)) % 4;
        expect(got[k], `${id} after ${after}`).toEqual(Array.from({ length: Math.max(0, n - after) }, (_, j) => entry(after + j + 1)));
      }
      // One statement for the 26 reads but the repeated one, which waits for the next batch.
      expect(statements).toBe(2);
    } finally {
      await pool.end();
    }
  });

  it('answers the reads asked for before it closes', async () => {
    const s = await createPostgresStore({ connectionString: db.url, poolSize: 2, onError: () => {} });
    await s.createMatch(match('read-close'));
    expect(await s.append('read-close', entry(1))).toBe(true);
    const read = s.readLog('read-close', 0); // its batch goes out on the next tick, after close() began
    await s.close();
    expect(await read).toEqual([entry(1)]);
  });

  it('refuses a read with a seq that is not a number, or a match id with a NUL, without failing the reads asked for with it', async () => {
    const s = await store();
    await s.createMatch(match('read-nan'));
    expect(await s.append('read-nan', entry(1))).toBe(true);
    // A match id with a NUL, which PostgreSQL refuses in any text, is refused the same way.
    const [bad, nul, good] = await Promise.allSettled([
      s.readLog('read-nan', Number.NaN),
      s.readLog('read\0nan', 0),
      s.readLog('read-nan', 0),
    ]);
    for (const refused of [bad, nul]) {
      expect(refused.status).toBe('rejected');
      expect(refused.status === 'rejected' ? refused.reason : null).toBeInstanceOf(RangeError);
    }
    expect(good).toEqual({ status: 'fulfilled', value: [entry(1)] });
  });

  it('writes the leases of one tick in one transaction, the later of two writes of one seat last, none for an unknown match', async () => {
    const s = await store();
    const ids = Array.from({ length: 10 }, (_, i) => `lease-${i}`);
    for (const id of ids) await s.createMatch(match(id));
    const heard: string[] = [];
    s.watchMatches((id, change) => {
      if (change === 'presence') heard.push(id);
    });
    await s.listening();
    // 40 leases (4 seats of 10 matches), seat 0 of the first match twice, and an unknown match.
    const writes = ids.flatMap((id) => [0, 1, 2, 3].map((seat) => s.setPresence(id, 'host-a', seat, 1_000 + seat)));
    writes.push(s.setPresence('lease-0', 'host-a', 0, 5_000), s.setPresence('nobody', 'host-a', 0, 1));
    await Promise.all(writes);
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    try {
      const r = await admin.query<{ transactions: number; rows: number }>(
        `SELECT count(DISTINCT xmin::text)::int AS transactions, count(*)::int AS rows FROM ftk.presence WHERE match_id = ANY($1)`,
        [ids],
      );
      // One transaction for the 40, one more for the second write of lease-0's seat 0.
      expect(r.rows[0]).toEqual({ rows: 40, transactions: 2 });
      const nobody = await admin.query(`SELECT 1 FROM ftk.presence WHERE match_id = 'nobody'`);
      expect(nobody.rowCount).toBe(0);
    } finally {
      await admin.end();
    }
    expect((await s.readPresence('lease-0')).find((l) => l.seat === 0)?.until).toBe(5_000);
    expect((await s.readPresence('lease-1')).map((l) => l.until).sort()).toEqual([1_000, 1_001, 1_002, 1_003]);
    expect(heard.filter((id) => id === 'lease-0')).toHaveLength(5); // each write this store made is reported to it once
    expect(heard).not.toContain('nobody');
  });

  it('closing waits for the leases and appends already asked for: they are written, not dropped', async () => {
    const s = await createPostgresStore({ connectionString: db.url, poolSize: 2, onError: () => {} });
    await s.createMatch(match('closing'));
    const lease = s.setPresence('closing', 'host-z', 2, 7_000);
    const appended = s.append('closing', entry(1));
    await s.close(); // at once, as a host shutting down does after its last connections closed
    await expect(lease).resolves.toBeUndefined();
    await expect(appended).resolves.toBe(true);
    const other = await store();
    expect((await other.readPresence('closing')).find((l) => l.host === 'host-z')).toEqual({ seat: 2, host: 'host-z', until: 7_000 });
    expect((await other.readLog('closing', 0)).map((e) => e.seq)).toEqual([1]);
  });

  it('keeps entries and matches exactly as given (JSON round trip, numbers back as numbers)', async () => {
    const s = await store();
    const m = { ...match('exact', 1_764_000_000_123), turnTimeMs: null };
    await s.createMatch(m);
    await expect(s.createMatch(m)).rejects.toThrow(/already exists/);
    expect(await s.getMatch('exact')).toEqual(m);
    const e: LogEntry = {
      seq: 1,
      action: { type: 'bid', player: 2, cards: [3, 17] } as unknown as LogEntry['action'],
      by: 'timer',
      at: 1_764_000_000_999,
    };
    expect(await s.append('exact', e)).toBe(true);
    expect(await s.readLog('exact', 0)).toEqual([e]);
    expect(await s.readLog('exact', 1)).toEqual([]);
    await expect(s.createMatch(match('x'.repeat(201)))).rejects.toThrow(RangeError);
  });

  it('seat changes are compare-and-set on the version, across hosts', async () => {
    const [a, b] = await Promise.all([store(), store()]);
    await a.createMatch(match('seats'));
    const seats = match('seats').seats.map((seat, i) => (i === 0 ? { ...seat, name: 'Ada', tokenHash: 'a'.repeat(64) } : seat));
    const results = await Promise.all([
      a.updateSeats('seats', 0, seats),
      b.updateSeats('seats', 0, seats),
      b.updateSeats('seats', 0, seats),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const now = await a.getMatch('seats');
    expect(now?.version).toBe(1);
    expect(now?.seats[0]?.name).toBe('Ada');
    expect(await b.updateSeats('missing', 0, seats)).toBe(false);
  });

  it('lists matches newest first', async () => {
    const s = await store();
    for (const [id, at] of [
      ['old', 10],
      ['new', 30],
      ['mid', 20],
    ] as const)
      await s.createMatch(match(`list-${id}`, 5_000_000_000_000 + at));
    expect((await s.listMatches(3)).map((m) => m.id)).toEqual(['list-new', 'list-mid', 'list-old']);
    expect(await s.listMatches(0)).toEqual([]);
  });

  it('hands each due deadline to exactly one of several hosts claiming at once', async () => {
    const hosts = await Promise.all([store(), store(), store()]);
    const ids = Array.from({ length: 60 }, (_, i) => `due-${i}`);
    for (const id of ids) await hosts[0]?.createMatch(match(id));
    await Promise.all(ids.map((id, i) => hosts[0]?.setDeadline(id, { matchId: id, seq: 1, at: 1_000 + i })));
    await hosts[0]?.setDeadline('due-59', { matchId: 'due-59', seq: 2, at: 9_999 }); // replaced: not due yet
    const claimed: string[] = [];
    await Promise.all(
      hosts.map(async (h) => {
        for (;;) {
          const got = await h.claimDue(5_000, 7);
          if (got.length === 0) return;
          for (const d of got) {
            expect(d.at).toBeLessThanOrEqual(5_000);
            claimed.push(d.matchId);
          }
        }
      }),
    );
    expect(claimed.sort()).toEqual(ids.slice(0, 59).sort());
    expect(await hosts[1]?.claimDue(10_000, 10)).toEqual([{ matchId: 'due-59', seq: 2, at: 9_999 }]);
    await hosts[0]?.setDeadline('due-1', { matchId: 'due-1', seq: 3, at: 1 });
    await hosts[0]?.setDeadline('due-1', null);
    expect(await hosts[2]?.claimDue(10_000, 10)).toEqual([]);
    await expect(hosts[0]?.setDeadline('due-1', { matchId: 'due-2', seq: 1, at: 1 })).rejects.toThrow(RangeError);
  });

  it('a claimed deadline that was neither replaced nor cleared comes back after the lease (its host died)', async () => {
    const s = await createPostgresStore({ connectionString: db.url, schema: 'lease', claimLeaseMs: 1_000, onError: () => {} });
    open.push(s);
    for (const id of ['lease-kept', 'lease-replaced', 'lease-cleared']) {
      await s.createMatch(match(id));
      await s.setDeadline(id, { matchId: id, seq: 4, at: 50_000 });
    }
    const mine = (ds: { matchId: string }[]): string[] => ds.map((d) => d.matchId).filter((id) => id.startsWith('lease-'));
    expect(mine(await s.claimDue(50_000, 10)).sort()).toEqual(['lease-cleared', 'lease-kept', 'lease-replaced']);
    expect(mine(await s.claimDue(50_999, 10))).toEqual([]);
    await s.setDeadline('lease-replaced', { matchId: 'lease-replaced', seq: 5, at: 60_000 });
    await s.setDeadline('lease-cleared', null);
    expect(await s.claimDue(51_000, 10)).toEqual([{ matchId: 'lease-kept', seq: 4, at: 51_000 }]);
    await s.setDeadline('lease-kept', null); // its move is played
    expect(await s.claimDue(60_000, 10)).toEqual([{ matchId: 'lease-replaced', seq: 5, at: 60_000 }]);
    await expect(createPostgresStore({ connectionString: db.url, claimLeaseMs: 0 })).rejects.toThrow(RangeError);
  });

  it('reports appends by any host to every host watching, each seq once, with a payload of only (seq, match)', async () => {
    const [a, b] = await Promise.all([store(), store()]);
    const seenA: string[] = [];
    const seenB: string[] = [];
    a.watch((m, seq) => seenA.push(`${m}#${seq}`));
    const stopB = b.watch((m, seq) => seenB.push(`${m}#${seq}`));
    await Promise.all([a.listening(), b.listening()]);
    const payloads: string[] = [];
    const spy = new pg.Client({ connectionString: db.url });
    await spy.connect();
    spy.on('notification', (n) => payloads.push(n.payload ?? ''));
    await spy.query(`LISTEN ${a.channel}`);
    await a.createMatch(match('fan'));
    expect(await a.append('fan', entry(1))).toBe(true);
    expect(await b.append('fan', entry(2))).toBe(true);
    expect(await b.append('fan', entry(2))).toBe(false);
    await until(
      () => seenA.length >= 2 && seenB.length >= 2 && payloads.length >= 2,
      5_000,
      () => ({ seenA, seenB, payloads }),
    );
    await new Promise((r) => setTimeout(r, 100)); // a duplicate would arrive by now
    // b's own append may be reported before a's notification of seq 1 reaches b: each once, in any order.
    expect(seenA.sort()).toEqual(['fan#1', 'fan#2']);
    expect(seenB.sort()).toEqual(['fan#1', 'fan#2']);
    expect(payloads).toEqual(['1 fan', '2 fan']);
    stopB();
    expect(await a.append('fan', entry(3))).toBe(true);
    await until(() => seenA.length >= 3);
    await new Promise((r) => setTimeout(r, 100));
    expect(seenB).toHaveLength(2);
    await spy.end();
  });

  it('a killed listening connection comes back and reports what was appended meanwhile', async () => {
    const errors: Error[] = [];
    const [a, b] = await Promise.all([store(), store((e) => errors.push(e))]);
    const seen: string[] = [];
    b.watch((m, seq) => seen.push(`${m}#${seq}`));
    await b.listening();
    await a.createMatch(match('flaky'));
    expect(await a.append('flaky', entry(1))).toBe(true);
    await until(() => seen.length === 1);
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    try {
      // Kill b's listener, and append while it is down (before it can reconnect).
      const killed = await admin.query(
        `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`,
        [`for-the-king listen ${b.schema}`],
      );
      expect(killed.rows.length).toBeGreaterThanOrEqual(2); // a's and b's listeners
      expect(await a.append('flaky', entry(2))).toBe(true);
      expect(await a.append('flaky', entry(3))).toBe(true);
      await until(() => seen.includes('flaky#3'));
      expect(errors.some((e) => /listening connection lost/.test(e.message))).toBe(true);
      // And it listens again: a new append arrives live.
      await b.listening();
      expect(await a.append('flaky', entry(4))).toBe(true);
      await until(() => seen.includes('flaky#4'));
      await new Promise((r) => setTimeout(r, 100)); // a duplicate would arrive by now
      expect(seen.sort()).toEqual(['flaky#1', 'flaky#2', 'flaky#3', 'flaky#4']);
    } finally {
      await admin.end();
    }
  });

  it('a host that starts listening after reading a match reports the entries appended in between', async () => {
    const [a, b] = await Promise.all([store(), store()]);
    await a.createMatch(match('late'));
    expect(await a.append('late', entry(1))).toBe(true);
    expect((await b.readLog('late', 0)).map((e) => e.seq)).toEqual([1]);
    expect(await a.append('late', entry(2))).toBe(true); // b is not listening yet
    const seen: string[] = [];
    b.watch((m, seq) => seen.push(`${m}#${seq}`));
    await b.listening();
    expect(seen).toEqual(['late#2']);
  });

  it('two schemas in one database do not see each other', async () => {
    const one = await store();
    const two = await createPostgresStore({ connectionString: db.url, schema: 'other', onError: () => {} });
    open.push(two);
    const seen: string[] = [];
    two.watch((m) => seen.push(m));
    await two.listening();
    await one.createMatch(match('only-one'));
    expect(await one.append('only-one', entry(1))).toBe(true);
    expect(await two.getMatch('only-one')).toBeNull();
    await new Promise((r) => setTimeout(r, 150));
    expect(seen).toEqual([]);
  });
});
