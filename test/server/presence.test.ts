/**
 * Presence, names, who moved and the clock (issue #30 item 3), on real sockets and every store:
 * the welcome carries every seat's name, kind and connected flag, and a `seats` message follows
 * each change; each update says who acted (`seat`, `bot`, `timer`) and carries the turn's
 * deadline; a version 1 client keeps working.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createMatch, joinMatch, setTurnTime } from '../../src/client/index.js';
import type { PlayerView } from '../../src/index.js';
import { applyPatch } from '../../src/protocol/patch.js';
import type { ServerMessage, UpdateMessage, WelcomeMessage } from '../../src/protocol/server-messages.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import { autoPlay, connect, forEachStore, type Served, serve, until } from '../helpers/friends.js';

/**
 * A raw WebSocket saying hello with protocol version `v`, recording what it gets; a version 2
 * `patch` is recorded as the `update` it stands for (the patch applied to the view before it).
 */
async function rawHello(url: string, match: string, token: string | null, v = 2): Promise<{ ws: WebSocket; got: ServerMessage[] }> {
  const ws = new WebSocket(url);
  const got: ServerMessage[] = [];
  let view: PlayerView | null = null;
  ws.on('message', (d) => {
    const m = JSON.parse(String(d)) as ServerMessage;
    if (m.type === 'patch') {
      const { patch: _patch, digest: _digest, ...rest } = m;
      view = applyPatch(view, m.patch) as PlayerView;
      got.push({ ...rest, type: 'update', view });
      return;
    }
    if ((m.type === 'welcome' || m.type === 'update' || m.type === 'started' || m.type === 'synced') && m.view !== null)
      view = m.view as PlayerView; // version 2: views with whole actions
    got.push(m);
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'hello', v, match, token, after: 0 }));
  return { ws, got };
}

forEachStore('presence, names, who moved, the clock', (makeStore) => {
  let s: Served;
  beforeAll(async () => {
    s = await serve(makeStore);
  });
  afterAll(async () => {
    await s.close();
  });

  it('the welcome names every seat with its kind and presence; joins, connections and drops are pushed as they happen', async () => {
    const { match, invite } = await createMatch(s.base, { players: 3, bots: [null, 'heuristic', null], seed: 'presence', firstPlayer: 0 });
    const a = await joinMatch(s.base, match.id, { name: 'Ada', invite });
    const ca = connect(s.ws, match.id, a.token);
    await until(() => ca.status === 'open', 10_000, 'the welcome');
    expect(ca.table.seats?.map((x) => [x.name, x.kind, x.connected])).toEqual([
      ['Ada', 'person', true],
      ['Bot (heuristic)', 'bot', true],
      [null, 'open', false],
    ]);
    const heard: string[] = [];
    ca.on('names', () => heard.push('names'));
    ca.on('presence', () => heard.push('presence'));
    const c = await joinMatch(s.base, match.id, { name: 'Cy', invite });
    await until(() => ca.names?.[2] === 'Cy', 10_000, 'the name of the new seat');
    expect(ca.connected).toEqual([true, true, false]);
    const cc = connect(s.ws, match.id, c.token);
    await until(() => ca.connected?.[2] === true, 10_000, "Cy's connection");
    cc.close();
    await until(() => ca.connected?.[2] === false, 10_000, "Cy's drop");
    expect(heard).toContain('names');
    expect(heard).toContain('presence');
    ca.close();
  });

  it('each update says who acted: the seat, a bot, or the timer; and carries the turn deadline', async () => {
    const { match, invite, creatorToken } = await createMatch(s.base, {
      players: 2,
      bots: [null, 'random'],
      seed: 'who-moved',
      firstPlayer: 0,
    });
    const a = await joinMatch(s.base, match.id, { name: 'Ada', invite });
    const { ws, got } = await rawHello(s.ws, match.id, a.token);
    await until(() => got.some((m) => m.type === 'welcome'), 10_000, 'the welcome');
    expect(got.find((m) => m.type === 'welcome')).toMatchObject({
      v: 2,
      started: true,
      turnTimeMs: null,
      deadline: null,
      remainingMs: null,
    });
    const ca = connect(s.ws, match.id, a.token);
    const by: string[] = [];
    ca.on('events', (u) => by.push(u.by ?? '?'));
    const stop = autoPlay(ca);
    await until(() => by.includes('bot') && by.includes('seat'), 20_000, "a move of Ada's and one of the bot's");
    stop();
    // The creator sets a turn time while the match runs: a clock message, then updates carry the deadline.
    await until(() => (ca.view?.legal.length ?? 0) > 0, 10_000, 'Ada to move');
    const before = Date.now();
    await setTurnTime(s.base, match.id, creatorToken, 1000);
    await until(() => got.some((m) => m.type === 'clock'), 10_000, 'the clock message');
    const clock = got.find((m) => m.type === 'clock');
    expect(clock).toMatchObject({ type: 'clock', turnTimeMs: 1000 });
    // (null when the bot was to move at that moment: an in-flight move of Ada's may have landed.)
    if (clock?.type === 'clock' && clock.remainingMs !== null) {
      expect(clock.remainingMs).toBeGreaterThan(0);
      expect(clock.remainingMs).toBeLessThanOrEqual(1000);
      expect(clock.deadline).toBeGreaterThanOrEqual(before + 900);
    }
    await until(() => by.includes('timer'), 10_000, "the timer's move for Ada");
    // Every update since the clock was set that leaves Ada to move carries her deadline.
    const hersSince = (): UpdateMessage[] =>
      got
        .slice(got.indexOf(clock as ServerMessage))
        .filter((m): m is UpdateMessage => m.type === 'update')
        .filter((u) => u.view.legal.length > 0);
    await until(() => hersSince().length > 0, 10_000, 'Ada to move again');
    const hers = hersSince();
    expect(
      hers.every((u) => typeof u.remainingMs === 'number' && (u.remainingMs as number) <= 1000 && typeof u.deadline === 'number'),
    ).toBe(true);
    await setTurnTime(s.base, match.id, creatorToken, null);
    await until(() => ca.deadline === null, 10_000, 'the clock turned off');
    ca.close();
    ws.close();
  }, 40_000);

  it('a version 1 client is welcomed once the deal is made, and plays on as before', async () => {
    const { match, invite } = await createMatch(s.base, { players: 2, bots: [null, null], firstPlayer: 0 });
    const a = await joinMatch(s.base, match.id, { name: 'Ada', invite });
    const old = await rawHello(s.ws, match.id, a.token, 1);
    await new Promise((r) => setTimeout(r, 150));
    expect(old.got).toEqual([]);
    await joinMatch(s.base, match.id, { name: 'Bo', invite });
    await until(() => old.got.some((m) => m.type === 'welcome'), 10_000, 'the v1 welcome');
    const w = old.got.find((m) => m.type === 'welcome') as WelcomeMessage;
    expect(w.v).toBe(1);
    expect(w.view).not.toBeNull();
    // None of version 2's table: no seats, no away time.
    expect(w.seats).toBeUndefined();
    expect(w.awayMs).toBeUndefined();
    expect(old.got.every((m) => ['welcome', 'update'].includes(m.type))).toBe(true);
    // The fields docs/server.md says a version 1 client may see besides version 1's, and must ignore.
    expect(Object.keys(w).sort()).toEqual(['deadline', 'match', 'remainingMs', 'seat', 'seq', 'type', 'updates', 'v', 'view']);
    old.ws.send(JSON.stringify({ type: 'act', id: 1, seq: w.seq, action: (w.view as PlayerView).legal[0] }));
    await until(() => old.got.some((m) => m.type === 'update'), 10_000, 'the v1 update');
    const u = old.got.find((m) => m.type === 'update') as UpdateMessage;
    expect(Object.keys(u).sort()).toEqual(['by', 'deadline', 'events', 'logDigest', 'remainingMs', 'seq', 'type', 'view']);
    const synced = (await (
      await fetch(`${s.base}/api/matches/${match.id}/sync?after=0`, { headers: { authorization: `Bearer ${a.token}` } })
    ).json()) as Record<string, unknown>;
    expect(Object.keys(synced).sort()).toEqual(['deadline', 'remainingMs', 'seq', 'updates', 'view']);
    expect(Object.keys((synced.updates as object[])[0] as object).sort()).toEqual(['by', 'events', 'logDigest', 'seq']);
    const doc = readFileSync(resolve(import.meta.dirname, '..', '..', 'docs', 'server.md'), 'utf8').replace(/\s+/g, ' ');
    const v1 = doc.slice(doc.indexOf('A client saying `hello` with `v: 1`'), doc.indexOf('An `update` may arrive before'));
    for (const said of [
      '`welcome`: `deadline` and `remainingMs`',
      '`update`: `by`, `logDigest`, `deadline` and `remainingMs`',
      'must ignore',
    ])
      expect(v1, said).toContain(said);
    expect(doc).toContain('| `{ seq, updates, view, deadline, remainingMs }`');
    const bad = await rawHello(s.ws, match.id, a.token, 4);
    await until(() => bad.got.length > 0, 10_000, 'the refusal of version 4');
    expect(bad.got[0]).toMatchObject({ type: 'error', code: 'BAD_VERSION' });
    old.ws.close();
    bad.ws.close();
  });
});

it('presence crosses hosts: two servers on one store see each other’s connections', async () => {
  const store = new MemoryStore();
  const make = async (): Promise<MemoryStore> => store;
  const [x, y] = [await serve(make, {}, store), await serve(make, {}, store)];
  try {
    const { match, invite } = await createMatch(x.base, { players: 2, seed: 'two-hosts', firstPlayer: 0 });
    const a = await joinMatch(x.base, match.id, { name: 'Ada', invite });
    const b = await joinMatch(y.base, match.id, { name: 'Bo', invite });
    const ca = connect(x.ws, match.id, a.token);
    await until(() => ca.status === 'open', 10_000, 'Ada on x');
    expect(ca.connected).toEqual([true, false]);
    const cb = connect(y.ws, match.id, b.token);
    await until(() => ca.connected?.[1] === true, 10_000, 'Bo on y seen from x');
    cb.close();
    await until(() => ca.connected?.[1] === false, 10_000, "Bo's drop seen from x");
    ca.close();
  } finally {
    await x.close();
    await y.close();
    await store.close();
  }
});
