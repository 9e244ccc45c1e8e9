import { afterEach, expect, it } from 'vitest';
import type { Action } from '../../src/index.js';
import { MatchHost } from '../../src/server/host.js';
import { HostMetrics } from '../../src/server/metrics.js';
import { createPostgresStore, type PostgresStore } from '../../src/server/store/postgres.js';
import { blockDatabase, describePg } from '../helpers/pg.js';
import { playUntilOthersMove } from '../helpers/play.js';

/** Waits until `cond` holds (no time is asserted: the limit only ends a test that would hang). */
async function eventually(cond: () => Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 30_000;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describePg('PostgreSQL: the connection breaks between an append and its deadline', (adminUrl) => {
  const db = blockDatabase(adminUrl, 'deadline_after_append');
  let store: PostgresStore | null = null;
  let host: MatchHost | null = null;
  afterEach(async () => {
    host?.close();
    await store?.close();
    host = null;
    store = null;
  });

  /**
   * A host on a schema of its own, whose first deadline write (a new row, or a new seq) right after
   * an entry by `by` loses its connection: the server ends its own backend, as in a restart.
   */
  const start = async (schema: string, by: 'seat' | 'bot') => {
    store = await createPostgresStore({ connectionString: db.url, schema, onError: () => {} });
    await db.direct.query(`
      CREATE SEQUENCE ${schema}.once;
      CREATE FUNCTION ${schema}.drop_once() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF (TG_OP = 'INSERT' OR NEW.seq <> OLD.seq)
           AND EXISTS (SELECT 1 FROM ${schema}.log WHERE match_id = NEW.match_id AND seq = NEW.seq - 1 AND by = '${by}') THEN
          IF nextval('${schema}.once') = 1 THEN PERFORM pg_terminate_backend(pg_backend_pid()); END IF;
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER drop_once BEFORE INSERT OR UPDATE ON ${schema}.deadlines FOR EACH ROW EXECUTE FUNCTION ${schema}.drop_once();`);
    const metrics = new HostMetrics();
    const logged: string[] = [];
    host = new MatchHost({ store, metrics, pollMs: 20, log: (m) => logged.push(m) });
    host.start();
    const fired = async (): Promise<boolean> =>
      (await db.direct.query<{ is_called: boolean }>(`SELECT is_called FROM ${schema}.once`)).rows[0]?.is_called === true;
    return { host, store, metrics, logged, fired };
  };

  it("a seat's move: acknowledged with its seq, counted as applied, the bot's deadline in the store at once", async () => {
    const { host: h, store: s, metrics, logged, fired } = await start('after_seat', 'seat');
    const { match } = await h.createMatch({
      visibility: 'public',
      players: 2,
      seed: 'after-seat',
      firstPlayer: 0,
      bots: [null, 'heuristic'],
    });
    const ada = await h.open(match.id, (await h.join(match.id, { name: 'Ada', seat: 0 })).token);
    const played = await playUntilOthersMove(h, ada); // until the bot is to move
    expect(await fired()).toBe(true);
    // When the seat's answer came, the bot's deadline was in the store (or the bot had played it already).
    const stored = await db.direct.query<{ seq: number }>('SELECT seq FROM after_seat.deadlines WHERE match_id = $1', [match.id]);
    expect(stored.rows[0]?.seq === played + 1 || (await s.readLog(match.id, played)).length > 0).toBe(true);
    const exposition = metrics.render();
    expect(exposition).not.toMatch(/ftk_action_rejections_total\{code="INTERNAL"\}/);
    expect(exposition).not.toMatch(/ftk_store_errors_total\{operation="setDeadline"\}/);
    expect(exposition).toContain(`ftk_action_ack_seconds_count ${played}`);
    expect(exposition).toContain(`ftk_actions_total{by="seat"} ${played}`);
    expect(logged.filter((m) => /failed/.test(m))).toEqual([]);
    await eventually(async () => (await s.readLog(match.id, played)).length > 0, "the bot's move");
    expect((await s.readLog(match.id, played))[0]?.by).toBe('bot');
  });

  it("a bot's move: the seat's timer that follows it is set at once, and nothing is logged as failed", async () => {
    const { host: h, logged, fired } = await start('after_bot', 'bot');
    const { match } = await h.createMatch({
      visibility: 'public',
      players: 2,
      seed: 'after-bot',
      firstPlayer: 0,
      bots: [null, 'heuristic'],
      turnTimeMs: 600_000, // the sweep would set a lost timer again only after it ran out
    });
    const ada = await h.open(match.id, (await h.join(match.id, { name: 'Ada', seat: 0 })).token);
    for (;;) {
      const { view, seq } = await h.sync(ada, 0);
      if (view.legal.length === 0) break; // the bot is to move
      await h.submit(ada, view.legal[0] as Action, seq);
    }
    await eventually(fired, "the deadline write after the bot's move");
    // Ada is to move again, with ten minutes on her clock: the timer's deadline is for the next seq.
    await eventually(async () => {
      const { view, seq } = await h.sync(ada, 0);
      if (view.legal.length === 0) return false;
      const r = await db.direct.query<{ seq: number }>('SELECT seq FROM after_bot.deadlines WHERE match_id = $1', [match.id]);
      return r.rows[0]?.seq === seq + 1;
    }, "Ada's timer");
    expect(logged.filter((m) => /failed/.test(m))).toEqual([]);
  });
});
