/**
 * The PostgreSQL store's writes whose answer is lost (the connection breaks right after the
 * server committed, or right before it got the statement), on a real server through a loopback
 * proxy that breaks one connection at a chosen statement: each write is settled by reading back
 * what is stored (done once, refused, or sent again), never thrown as a raw connection error and
 * never made twice; one that cannot be read back fails with `StoreUnsettledError`. A deadline
 * write is sent again as it is (it never replaces a later seq's deadline). Also the
 * writes that race an expiry holding the match's row: a match that is gone is no error.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { MatchHost } from '../../src/server/host.js';
import { StoreUnsettledError } from '../../src/server/store/postgres/settle.js';
import { createPostgresStore, type PostgresStore } from '../../src/server/store/postgres.js';
import type { KeptRecord, MatchRecord } from '../../src/server/store/store.js';
import { blockDatabase, describePg } from '../helpers/pg.js';
import { type PgProxy, startPgProxy } from '../helpers/pg-proxy.js';
import { entry, sampleMatch } from './store-contract.js';

const SCHEMA = 'lost';
const statement = (sql: string): RegExp => new RegExp(sql.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

describePg('PostgreSQL store: a write whose answer is lost', (adminUrl) => {
  const db = blockDatabase(adminUrl, 'lost');
  let proxy: PgProxy;
  let store: PostgresStore;
  const hosts: MatchHost[] = [];
  // A store of its own behind a proxy of its own for each test.
  const open = async (): Promise<PostgresStore> => {
    proxy = await startPgProxy(db.url);
    store = await createPostgresStore({ connectionString: proxy.url, schema: SCHEMA, onError: () => {} });
    return store;
  };
  /** A store as `open` gives it, with a sample match created in it. */
  const openWithMatch = async (): Promise<{ s: PostgresStore; m: MatchRecord }> => {
    const s = await open();
    const m = sampleMatch();
    await s.createMatch(m);
    return { s, m };
  };
  afterEach(async () => {
    for (const h of hosts.splice(0)) h.close();
    await store.close();
    await proxy.close();
  });

  const stored = async (id: string): Promise<{ version: number; seats: MatchRecord['seats'] } | undefined> =>
    (await db.direct.query(`SELECT version, seats FROM ${SCHEMA}.matches WHERE id = $1`, [id])).rows[0];
  const seat = (name: string): MatchRecord['seats'][number] => ({ name, tokenHash: 'f'.repeat(64), bot: null, left: false });

  describe('updateMatch', () => {
    it('committed, its answer lost: true, the version bumped once, and the next update goes on from it', async () => {
      const { s, m } = await openWithMatch();
      const heard: string[] = [];
      s.watchMatches((id, change) => heard.push(`${id} ${change}`));
      proxy.arm(statement(`UPDATE "${SCHEMA}".matches`), 'after');
      expect(await s.updateSeats(m.id, 0, [seat('Zed'), ...m.seats.slice(1)])).toBe(true);
      expect(proxy.drops()).toBe(1);
      expect((await stored(m.id))?.version).toBe(1);
      expect((await stored(m.id))?.seats[0]?.name).toBe('Zed');
      expect(heard).toContain(`${m.id} match`);
      expect(await s.updateMatch(m.id, 0, { turnTimeMs: 5 })).toBe(false);
      expect(await s.updateMatch(m.id, 1, { turnTimeMs: 5 })).toBe(true);
      expect((await s.getMatch(m.id))?.version).toBe(2);
    });

    it('refused (another writer got there first), its answer lost: false, nothing written', async () => {
      const s = await open();
      const other = await createPostgresStore({ connectionString: db.url, schema: SCHEMA, onError: () => {} });
      try {
        const m = sampleMatch();
        await s.createMatch(m);
        expect(await other.updateSeats(m.id, 0, [seat('Other'), ...m.seats.slice(1)])).toBe(true);
        proxy.arm(statement(`UPDATE "${SCHEMA}".matches`), 'after');
        expect(await s.updateSeats(m.id, 0, [seat('Late'), ...m.seats.slice(1)])).toBe(false);
        expect(proxy.drops()).toBe(1);
        expect(await stored(m.id)).toMatchObject({ version: 1, seats: [{ name: 'Other' }, {}, {}] });
      } finally {
        await other.close();
      }
    });

    it('the connection broken before the server had it: sent again, written once', async () => {
      const { s, m } = await openWithMatch();
      proxy.arm(statement(`UPDATE "${SCHEMA}".matches`), 'before');
      expect(await s.updateMatch(m.id, 0, { turnTimeMs: 7 })).toBe(true);
      expect(proxy.drops()).toBe(1);
      expect(await s.getMatch(m.id)).toMatchObject({ version: 1, turnTimeMs: 7 });
    });

    it('a join whose answer was lost: the player holds the seat it took, and the next player gets the other one', async () => {
      const s = await open();
      const host = new MatchHost({ store: s });
      hosts.push(host);
      const { match } = await host.createMatch({ visibility: 'public', players: 2, seed: 'lost' });
      proxy.arm(statement(`UPDATE "${SCHEMA}".matches`), 'after');
      const ada = await host.join(match.id, { name: 'Ada' });
      expect(proxy.drops()).toBe(1);
      const bo = await host.join(match.id, { name: 'Bo' });
      expect([ada.seat, bo.seat].sort()).toEqual([0, 1]);
      const seats = (await stored(match.id))?.seats ?? [];
      expect(seats.map((x) => x.name)).toEqual(ada.seat === 0 ? ['Ada', 'Bo'] : ['Bo', 'Ada']);
    });

    it('an outcome that cannot be read back (the server stays away, the store closes) is a StoreUnsettledError', async () => {
      const { s, m } = await openWithMatch();
      proxy.arm(statement(`UPDATE "${SCHEMA}".matches`), 'after', { thenRefuse: true });
      const update = s.updateMatch(m.id, 0, { turnTimeMs: 9 }).then(
        (v) => v,
        (e: unknown) => e,
      );
      while (proxy.drops() === 0) await new Promise((r) => setTimeout(r, 5));
      await s.close();
      const e = await update;
      expect(e).toBeInstanceOf(StoreUnsettledError);
      expect(e).toMatchObject({ name: 'StoreUnsettledError', operation: 'updateMatch', matchId: m.id });
      expect((await stored(m.id))?.version).toBe(1); // it was written once, and not again
    });
  });

  describe('appendChat', () => {
    it('committed, its answer lost: the line number, the line stored once, the next line after it', async () => {
      const { s, m } = await openWithMatch();
      proxy.arm(statement(`INSERT INTO "${SCHEMA}".chat`), 'after');
      expect(await s.appendChat(m.id, { at: 1, from: 1, name: 'Ada', text: 'hi' })).toBe(1);
      expect(proxy.drops()).toBe(1);
      proxy.arm(statement(`INSERT INTO "${SCHEMA}".chat`), 'before');
      expect(await s.appendChat(m.id, { at: 2, from: 1, name: 'Ada', text: 'again' })).toBe(2);
      expect(proxy.drops()).toBe(2);
      expect(await s.readChat(m.id, 0, 10)).toEqual([
        { n: 1, at: 1, from: 1, name: 'Ada', text: 'hi' },
        { n: 2, at: 2, from: 1, name: 'Ada', text: 'again' },
      ]);
    });
  });

  describe('setDeadline', () => {
    const deadlineOf = async (id: string): Promise<{ seq: number; at: string } | undefined> =>
      (await db.direct.query(`SELECT seq, at FROM ${SCHEMA}.deadlines WHERE match_id = $1`, [id])).rows[0];

    it('committed, its answer lost: sent again (it is idempotent), resolved, the deadline stored; decided at a version too', async () => {
      const { s, m } = await openWithMatch();
      await s.setDeadline(m.id, { matchId: m.id, seq: 1, at: 5 });
      proxy.arm(statement(`INSERT INTO "${SCHEMA}".deadlines`), 'after');
      await s.setDeadline(m.id, { matchId: m.id, seq: 2, at: 7 });
      expect(proxy.drops()).toBe(1);
      expect(await deadlineOf(m.id)).toEqual({ seq: 2, at: '7' });
      proxy.arm(statement(`INSERT INTO "${SCHEMA}".deadlines`), 'after');
      await s.setDeadline(m.id, { matchId: m.id, seq: 3, at: 9 }, { expected: { version: 0, seq: 2 } });
      expect(proxy.drops()).toBe(2);
      expect(await deadlineOf(m.id)).toEqual({ seq: 3, at: '9' });
    });

    it('the connection broken before the server had it: sent again, the deadline stored', async () => {
      const { s, m } = await openWithMatch();
      proxy.arm(statement(`INSERT INTO "${SCHEMA}".deadlines`), 'before');
      await s.setDeadline(m.id, { matchId: m.id, seq: 1, at: 5 });
      expect(proxy.drops()).toBe(1);
      expect(await deadlineOf(m.id)).toEqual({ seq: 1, at: '5' });
    });

    it('a clear with expected, its answer lost or its connection broken before the server had it: sent again, resolved, the deadline gone', async () => {
      const { s, m } = await openWithMatch();
      for (const when of ['after', 'before'] as const) {
        await s.setDeadline(m.id, { matchId: m.id, seq: 1, at: 5 });
        proxy.arm(statement(`DELETE FROM "${SCHEMA}".deadlines`), when);
        await s.setDeadline(m.id, null, { expected: { version: 0, seq: 0 } });
        expect(await deadlineOf(m.id)).toBeUndefined();
      }
      expect(proxy.drops()).toBe(2);
      // Without expected a clear could remove what another host set meanwhile: not sent again.
      await s.setDeadline(m.id, { matchId: m.id, seq: 1, at: 5 });
      proxy.arm(statement(`DELETE FROM "${SCHEMA}".deadlines`), 'before');
      await expect(s.setDeadline(m.id, null)).rejects.toThrow();
      expect(await deadlineOf(m.id)).toEqual({ seq: 1, at: '5' });
    });

    it("the turn time removed while the connection breaks at the clear: the creator's call succeeds, the timer's deadline is gone", async () => {
      const s = await open();
      const host = new MatchHost({ store: s });
      hosts.push(host);
      const { match, creatorToken } = await host.createMatch({ visibility: 'public', players: 2, seed: 'lost-clear', turnTimeMs: 60_000 });
      await host.join(match.id, { name: 'Ada' });
      await host.join(match.id, { name: 'Bo' });
      const end = Date.now() + 10_000;
      while ((await deadlineOf(match.id)) === undefined && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
      expect(await deadlineOf(match.id)).toMatchObject({ seq: 1 });
      proxy.arm(statement(`DELETE FROM "${SCHEMA}".deadlines`), 'after');
      expect(await host.setTurnTime(match.id, creatorToken, null)).toMatchObject({ id: match.id });
      expect(proxy.drops()).toBe(1);
      expect(await deadlineOf(match.id)).toBeUndefined();
    });

    it('a deadline for an earlier seq (one sent again late) does not replace a later one; one for the same seq does', async () => {
      const { s, m } = await openWithMatch();
      await s.setDeadline(m.id, { matchId: m.id, seq: 6, at: 60 });
      await s.setDeadline(m.id, { matchId: m.id, seq: 5, at: 50 });
      expect(await deadlineOf(m.id)).toEqual({ seq: 6, at: '60' });
      await s.setDeadline(m.id, { matchId: m.id, seq: 6, at: 61 });
      expect(await deadlineOf(m.id)).toEqual({ seq: 6, at: '61' });
    });
  });

  describe('expireMatch', () => {
    const kept = (m: MatchRecord): KeptRecord => ({
      matchId: m.id,
      kind: 'abandoned',
      expiredAt: 5,
      spectators: m.spectators,
      seatHashes: m.seats.map((x) => x.tokenHash),
      creatorHash: m.creatorHash,
      record: {
        format: 'for-the-king-and-me/record',
        version: 1,
        options: m.options,
        actions: [],
        meta: { ünï: 'cödé' },
      } as unknown as KeptRecord['record'],
    });

    it('committed, its answer lost: true, the match gone and its record kept; with no record to keep, true', async () => {
      const { s, m } = await openWithMatch();
      await s.append(m.id, entry(1));
      proxy.arm(/COMMIT/, 'after');
      expect(await s.expireMatch(m.id, { version: 0, seq: 1 }, kept(m))).toBe(true);
      expect(proxy.drops()).toBe(1);
      expect(await s.getMatch(m.id)).toBeNull();
      expect(await s.keptRecord(m.id)).toEqual(kept(m));
      const bare = sampleMatch();
      await s.createMatch(bare);
      proxy.arm(/COMMIT/, 'after');
      expect(await s.expireMatch(bare.id, { version: 0, seq: 0 }, null)).toBe(true);
      expect(proxy.drops()).toBe(2);
      expect(await s.getMatch(bare.id)).toBeNull();
    });

    it('broken before its delete reached the server: tried again, the match deleted once', async () => {
      const { s, m } = await openWithMatch();
      proxy.arm(statement(`DELETE FROM "${SCHEMA}".matches`), 'before');
      expect(await s.expireMatch(m.id, { version: 0, seq: 0 }, null)).toBe(true);
      expect(proxy.drops()).toBe(1);
      expect(await s.getMatch(m.id)).toBeNull();
    });
  });

  describe('racing an expiry that holds the match', () => {
    /** Deletes the match in an open transaction, runs `write`, waits until it waits for that transaction, commits. */
    const duringExpiry = async <T>(id: string, write: () => Promise<T>): Promise<T> => {
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      try {
        await c.query('BEGIN');
        await c.query(`SELECT version FROM ${SCHEMA}.matches WHERE id = $1 FOR UPDATE`, [id]);
        await c.query(`DELETE FROM ${SCHEMA}.matches WHERE id = $1`, [id]);
        const pending = write().then(
          (v) => ({ v }),
          (e: unknown) => ({ e }),
        );
        // The write is blocked on the deleted row's lock: seen in pg_stat_activity, not guessed by a timer.
        for (;;) {
          const r = await db.direct.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> $1`,
            [(c as unknown as { processID: number }).processID],
          );
          if ((r.rows[0]?.n ?? 0) > 0) break;
          await new Promise((r) => setTimeout(r, 5));
        }
        await c.query('COMMIT');
        const r = await pending;
        if ('e' in r) throw r.e;
        return r.v;
      } finally {
        await c.end();
      }
    };

    it('appendChat is 0, not a foreign-key error', async () => {
      const { s, m } = await openWithMatch();
      expect(await duringExpiry(m.id, () => s.appendChat(m.id, { at: 1, from: 1, name: 'Ada', text: 'hi' }))).toBe(0);
      expect(await s.appendChat(m.id, { at: 2, from: 1, name: 'Ada', text: 'hi' })).toBe(0);
    });

    it('setDeadline is ignored, during the expiry and after it, as in the other stores', async () => {
      const { s, m } = await openWithMatch();
      await duringExpiry(m.id, () => s.setDeadline(m.id, { matchId: m.id, seq: 1, at: 5 }));
      await s.setDeadline(m.id, { matchId: m.id, seq: 1, at: 5 });
      expect((await db.direct.query(`SELECT 1 FROM ${SCHEMA}.deadlines WHERE match_id = $1`, [m.id])).rowCount).toBe(0);
      const unknown = `m-${randomUUID()}`;
      await s.setDeadline(unknown, { matchId: unknown, seq: 1, at: 5 });
      expect((await s.claimDue(10, 100)).filter((d) => d.matchId === m.id || d.matchId === unknown)).toEqual([]);
    });
  });
});
