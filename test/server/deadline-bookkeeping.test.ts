/**
 * What a host remembers of the deadlines it set (it skips a clear right after its own clear)
 * never leaves a wrong deadline in the store: a deadline it claimed is cleared once its move is
 * in, and a turn time set while a move is appended keeps its timer; and what it remembers of a
 * match goes when it lets the match go. A deadline that cannot be written after a move went in
 * does not undo the move's answer: the sweep sets it again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Action } from '../../src/index.js';
import { MatchHost } from '../../src/server/host.js';
import { HostMetrics } from '../../src/server/metrics.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import type { LogEntry, Store } from '../../src/server/store/store.js';
import { playUntilOthersMove } from '../helpers/play.js';

const hosts: MatchHost[] = [];
afterEach(() => {
  for (const h of hosts.splice(0)) h.close();
});

function host(store: Store, now: () => number = Date.now, unloadAfterMs?: number): MatchHost {
  const h = new MatchHost({ store, now, pollMs: 20, ...(unloadAfterMs === undefined ? {} : { unloadAfterMs }) });
  hosts.push(h);
  return h;
}

/** Waits until `cond` holds (no time is asserted: the limit only ends a test that would hang). */
async function until(cond: () => Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 30_000;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Whether the store holds no deadline for the match (expiry would find it idle). */
async function noDeadline(store: Store, id: string): Promise<boolean> {
  return (await store.idleMatches(Number.MAX_SAFE_INTEGER, null, 1000)).some((a) => a.id === id);
}

describe("a host's deadline bookkeeping", () => {
  it('a deadline another host set, claimed and played by a host that cleared it last, is cleared (not claimed again forever)', async () => {
    const store = new MemoryStore();
    const a = host(store);
    const c = host(store); // never started: it plays no deadline
    a.start();
    const { match } = await a.createMatch({ visibility: 'public', seed: 'stale', players: 2, firstPlayer: 0, bots: [null, 'heuristic'] });
    const ada = await a.join(match.id, { name: 'Ada', seat: 0 });
    await a.sync(await a.open(match.id, ada.token), 0); // a holds the match, Ada to move: a cleared its deadline
    await until(() => noDeadline(store, match.id), 'no deadline while Ada is to move');
    // Ada's move goes through c, which sets the bot's deadline; a claims it and plays the bot's move.
    const onC = await c.open(match.id, ada.token);
    let played = 0;
    for (;;) {
      const { view, seq } = await c.sync(onC, 0);
      if (view.legal.length === 0) break; // the bot is to move
      await c.submit(onC, view.legal[0] as Action, seq);
      played = seq + 1;
    }
    let log: LogEntry[] = [];
    await until(async () => {
      log = await store.readLog(match.id, 0);
      return log.length > played;
    }, "the bot's move");
    expect(log[played]?.by).toBe('bot');
    await until(async () => (await c.sync(onC, 0)).view.legal.length > 0, "Ada's turn again");
    // Ada is to move again, without a turn time: the claimed deadline must be gone.
    await until(() => noDeadline(store, match.id), 'the claimed deadline to be cleared');
  });

  it('a turn time set while a move is being appended keeps its timer', async () => {
    const inner = new MemoryStore();
    let release: () => void = () => undefined;
    let gate: Promise<void> | null = null;
    let held = false;
    // The store as a slow disk or database: appends wait until the test lets them through.
    const store = new Proxy(inner, {
      get(target, p) {
        if (p === 'append')
          return async (id: string, e: LogEntry) => {
            if (gate !== null) {
              held = true;
              await gate;
            }
            return target.append(id, e);
          };
        const v: unknown = Reflect.get(target, p);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    const h = host(store);
    const { match, creatorToken } = await h.createMatch({ visibility: 'public', seed: 'race', players: 2, firstPlayer: 0 });
    const ada = await h.open(match.id, (await h.join(match.id, { name: 'Ada', seat: 0 })).token);
    await h.join(match.id, { name: 'Bo', seat: 1 });
    const { view, seq } = await h.sync(ada, 0);
    gate = new Promise((r) => {
      release = r;
    });
    const moved = h.submit(ada, view.legal[0] as Action, seq);
    await until(async () => held, "the move's append");
    await h.setTurnTime(match.id, creatorToken, 2000);
    release();
    gate = null;
    expect(await moved).toEqual({ seq: seq + 1 });
    // Bo is to move with a two-second clock: the timer's deadline is in the store.
    expect(await noDeadline(store, match.id)).toBe(false);
    expect((await inner.claimDue(Number.MAX_SAFE_INTEGER, 10)).filter((d) => d.matchId === match.id).map((d) => d.seq)).toEqual([seq + 2]);
  });

  it("a deadline write that fails after the move's append: the seat gets its seq, the failure is logged and counted, the sweep sets the deadline", async () => {
    const store = new MemoryStore();
    const setDeadline = store.setDeadline.bind(store);
    let fail = false;
    // The store as a database that goes away right after the append (the deadline write's connection breaks).
    store.setDeadline = async (id, d) => {
      if (fail && d !== null) {
        fail = false;
        throw new Error('Connection terminated unexpectedly');
      }
      return setDeadline(id, d);
    };
    let clock = 1_800_000_000_000;
    const metrics = new HostMetrics();
    const logged: string[] = [];
    const h = new MatchHost({ store, now: () => clock, pollMs: 20, metrics, log: (m) => logged.push(m) });
    hosts.push(h);
    h.start();
    const { match } = await h.createMatch({
      visibility: 'public',
      seed: 'lost-deadline',
      players: 2,
      firstPlayer: 0,
      bots: [null, 'heuristic'],
    });
    const ada = await h.open(match.id, (await h.join(match.id, { name: 'Ada', seat: 0 })).token);
    fail = true;
    const played = await playUntilOthersMove(h, ada); // until the bot is to move
    expect(fail).toBe(false); // the bot's deadline was not written
    const exposition = metrics.render();
    expect(exposition).not.toMatch(/ftk_action_rejections_total\{code="INTERNAL"\}/);
    expect(exposition).toContain(`ftk_action_ack_seconds_count ${played}`);
    expect(exposition).toContain('ftk_store_errors_total{operation="setDeadline"} 1');
    expect(logged.filter((m) => m.includes(match.id))).toEqual([expect.stringMatching(/deadline .*Connection terminated unexpectedly/)]);
    // The bot's move waits for the sweep, which finds it long overdue and sets its deadline again.
    expect(await store.readLog(match.id, played)).toEqual([]);
    clock += 10_000;
    await until(async () => (await store.readLog(match.id, played)).length > 0, "the bot's move");
    expect((await store.readLog(match.id, played))[0]?.by).toBe('bot');
  });

  it('a host forgets what it kept of a match it unloads', async () => {
    const store = new MemoryStore();
    let clock = 1_800_000_000_000;
    const h = host(store, () => clock, 1000);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { match } = await h.createMatch({ visibility: 'public', seed: `m${i}`, players: 2, spectators: 'public' });
      await h.sync(await h.open(match.id, null), 0);
      ids.push(match.id);
    }
    // Reached into: what the host keeps per match is private.
    const inside = h as unknown as { matches: { unloadIdle(): Promise<number> }; deadlines: { cleared: Set<string> } };
    await until(async () => ids.every((id) => inside.deadlines.cleared.has(id)), 'the loads to settle');
    clock += 10_000;
    expect(await inside.matches.unloadIdle()).toBe(5);
    expect(ids.filter((id) => inside.deadlines.cleared.has(id))).toEqual([]);
  });
});
