import { afterEach, expect, it } from 'vitest';
import type { Action } from '../../src/index.js';
import { MatchHost } from '../../src/server/host.js';
import { createPostgresStore, type PostgresStore } from '../../src/server/store/postgres.js';
import { blockDatabase, describePg } from '../helpers/pg.js';

const LEASE_MS = 60_000;

/** Waits `ms` of real time: long enough for many of a host's polls (every 20 ms). */
const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describePg('PostgreSQL: a claimed deadline stays with its host until its lease runs out', (adminUrl) => {
  const db = blockDatabase(adminUrl, 'claimed_lease');
  const stores: PostgresStore[] = [];
  const hosts: MatchHost[] = [];
  afterEach(async () => {
    for (const h of hosts.splice(0)) h.close();
    for (const s of stores.splice(0)) await s.close();
  });

  const store = async (): Promise<PostgresStore> => {
    const s = await createPostgresStore({ connectionString: db.url, schema: 'lease', claimLeaseMs: LEASE_MS, onError: () => {} });
    stores.push(s);
    return s;
  };
  const row = async (id: string): Promise<{ seq: number; at: string } | undefined> =>
    (await db.direct.query<{ seq: number; at: string }>('SELECT seq, at FROM lease.deadlines WHERE match_id = $1', [id])).rows[0];
  const logOf = async (id: string): Promise<{ seq: number; by: string }[]> =>
    (await db.direct.query<{ seq: number; by: string }>('SELECT seq, by FROM lease.log WHERE match_id = $1 ORDER BY seq', [id])).rows;

  /** Host B (never started: the test claims for it) and a match whose bot is to move, with spectators. */
  const matchOnB = async (seed: string, firstPlayer: 0 | 1) => {
    const storeB = await store();
    const b = new MatchHost({ store: storeB });
    hosts.push(b);
    const { match } = await b.createMatch({
      visibility: 'public',
      spectators: 'public',
      seed,
      players: 2,
      firstPlayer,
      bots: [null, 'random'],
    });
    const ada = await b.join(match.id, { name: 'Ada', seat: 0 });
    return { storeB, b, id: match.id, ada };
  };

  /** Host A, started, on a store of its own, its clock read from `clock()`; a spectator opens the match there. */
  const hostA = async (clock: () => number) => {
    const storeA = await store();
    await storeA.listening();
    const a = new MatchHost({ store: storeA, now: clock, pollMs: 20 });
    hosts.push(a);
    a.start();
    return a;
  };

  it("loading the match and the sweep leave another host's live claim alone; after the lease the next host plays the move", async () => {
    const { storeB, id } = await matchOnB('lease-held', 1);
    const claimedAt = Date.now();
    // B's poll claims the bot's move, then B stalls (alive) while it thinks.
    expect((await storeB.claimDue(claimedAt, 10)).filter((d) => d.matchId === id).map((d) => d.seq)).toEqual([1]);
    const held = await row(id);
    expect(held).toEqual({ seq: 1, at: String(claimedAt + LEASE_MS) });
    let clock = claimedAt;
    const a = await hostA(() => clock);
    await a.sync(await a.open(id, null), 0); // a spectator: A loads the match
    await pause(600);
    expect(await logOf(id)).toEqual([]);
    expect(await row(id)).toEqual(held);
    // A's sweep, 30 s on: the bot's move is long overdue, but B still holds it.
    clock = claimedAt + 30_000;
    await pause(600);
    expect(await logOf(id)).toEqual([]);
    expect(await row(id)).toEqual(held);
    // The lease runs out (B died after all): A claims the move and plays it.
    clock = claimedAt + LEASE_MS;
    const end = Date.now() + 10_000;
    while ((await logOf(id)).length === 0 && Date.now() < end) await pause(20);
    expect((await logOf(id))[0]).toEqual({ seq: 1, by: 'bot' });
  });

  it('a deadline missing after a move (its host died before setting it) is set by the next host to load the match', async () => {
    const { b, id, ada } = await matchOnB('lease-missing', 0);
    const session = await b.open(id, ada.token);
    let seq = 0;
    for (;;) {
      const { view } = await b.sync(session, seq);
      if (view.currentPlayer !== 0) break;
      seq = (await b.submit(session, view.legal[0] as Action, seq)).seq;
    }
    // B had claimed the deadline of Ada's last move (a timer, say), appended it, and died: the row
    // still holds that claim, a lease ahead, and not the bot's deadline that follows.
    await db.direct.query('UPDATE lease.deadlines SET seq = $2, at = $3 WHERE match_id = $1', [id, seq, Date.now() + LEASE_MS]);
    const a = await hostA(Date.now);
    await a.sync(await a.open(id, null), 0);
    const end = Date.now() + 10_000;
    while ((await logOf(id)).length === seq && Date.now() < end) await pause(20);
    expect((await logOf(id))[seq]).toEqual({ seq: seq + 1, by: 'bot' });
  });
});
