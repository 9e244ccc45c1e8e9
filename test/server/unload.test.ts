/**
 * Memory stays bounded (issue #31): a host lets go of a match nobody watches once it has been
 * idle for `unloadAfterMs`, and loads it again from the store on the next call; a live match holds
 * only its latest `HISTORY` seqs' events, and a sync from further back reads them again from the
 * log. An unloaded and reloaded match behaves exactly as before: the same seq, view, events and
 * who acted, a fair deal's digests, presence, chat, and the rematch. Real sockets, every store.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMatch, joinMatch } from '../../src/client/index.js';
import { type Action, replay, view } from '../../src/index.js';
import { viewDigest } from '../../src/protocol/digest.js';
import { HISTORY } from '../../src/server/host/live-match.js';
import type { UpdateEvents } from '../../src/server/host/types.js';
import { autoPlay, connect, forEachStore, type Served, serve, until } from '../helpers/friends.js';

/** How many matches the host holds in memory, from its `/metrics` census. */
function loaded(s: Served): number {
  let n = 0;
  for (const m of s.server.metrics.render().matchAll(/^ftk_matches\{state="\w+"\} (\d+)$/gm)) n += Number(m[1]);
  return n;
}

let turn = 0;
/** Some legal action, not always a pass (so that the game lasts past `HISTORY` seqs). */
function varied(legal: readonly Action[]): Action {
  turn = (turn * 1103515245 + 12345) % 2147483648;
  return legal[turn % legal.length] as Action;
}

/** What a sync from `after` gives, made comparable. */
function syncShape(updates: readonly UpdateEvents[]): string {
  return JSON.stringify(updates.map((u) => [u.seq, u.by, u.logDigest, u.events]));
}

forEachStore('unloading idle matches', (makeStore) => {
  let s: Served;
  beforeAll(async () => {
    s = await serve(makeStore, { unloadAfterMs: 1000 });
  });
  afterAll(async () => {
    await s.close();
  });

  it('a fair match unloaded mid-game and again at the end comes back the same: seq, views, events, digests, chat, presence, rematch', async () => {
    const { match, creatorToken } = await createMatch(s.base, { players: 3, visibility: 'public' });
    const seats = [
      await joinMatch(s.base, match.id, { name: 'Ada' }),
      await joinMatch(s.base, match.id, { name: 'Bo' }),
      await joinMatch(s.base, match.id, { name: 'Cy' }),
    ];
    let clients = seats.map((x) => connect(s.ws, match.id, x.token));
    await until(() => clients.every((c) => c.view !== null), 20_000, 'every first view');
    const host = s.server.host;
    const session = await host.open(match.id, seats[0]?.token);
    // Play past the seqs a live match holds, then stop.
    let stops = clients.map((c) => autoPlay(c, varied));
    await until(() => (clients[0]?.seq ?? 0) > HISTORY + 10 || clients[0]?.view?.step === 'over', 60_000, 'many moves');
    for (const stop of stops) stop();
    await clients[0]?.say('see you later');
    const seq = (await host.sync(session, 0)).seq;
    expect(seq).toBeGreaterThan(HISTORY); // the syncs from 0 and 5 read the oldest seqs back from the log
    await until(() => clients.every((c) => c.seq === seq && c.table.chat.length === 1), 10_000, 'every client up to date');
    const before = {
      fromStart: syncShape((await host.sync(session, 0)).updates),
      fromFive: syncShape((await host.sync(session, 5)).updates),
      views: clients.map((c) => viewDigest(c.view)),
      digest: clients[0]?.table.fairness?.digests.get(seq),
    };
    expect(before.digest).toBeDefined();
    for (const c of clients) c.close();
    await until(() => loaded(s) === 0, 20_000, 'the match unloaded');

    // Loaded again by a sync: the same history, the same view.
    expect(syncShape((await host.sync(session, 0)).updates)).toBe(before.fromStart);
    expect(syncShape((await host.sync(session, 5)).updates)).toBe(before.fromFive);
    clients = seats.map((x) => connect(s.ws, match.id, x.token));
    await until(() => clients.every((c) => c.view !== null && c.seq === seq), 20_000, 'every client back');
    expect(loaded(s)).toBe(1);
    expect(clients.map((c) => viewDigest(c.view))).toEqual(before.views);
    expect(clients[1]?.table.chat.map((l) => l.text)).toEqual(['see you later']);
    expect(clients[2]?.table.fairness?.digests.get(seq)).toBe(before.digest);
    await until(() => clients.every((c) => c.connected?.every(Boolean)), 10_000, 'everyone shown connected');
    expect(clients[0]?.names).toEqual(['Ada', 'Bo', 'Cy']);

    // Play on to the end after the reload: every seq once, in order, with digests that chain.
    const seen = new Map<number, string | undefined>();
    clients[0]?.on('events', (u) => {
      expect(seen.has(u.seq)).toBe(false);
      seen.set(u.seq, u.logDigest);
    });
    stops = clients.map((c) => autoPlay(c, varied));
    await until(() => clients.every((c) => c.view?.step === 'over'), 120_000, 'the end');
    for (const stop of stops) stop();
    const end = (await host.sync(session, 0)).seq;
    expect([...seen.keys()]).toEqual(Array.from({ length: end - seq }, (_, i) => seq + 1 + i));

    // Unloaded once more at the end; the rematch is agreed on the reloaded match.
    for (const c of clients) c.close();
    await until(() => loaded(s) === 0, 20_000, 'the finished match unloaded');
    clients = seats.map((x) => connect(s.ws, match.id, x.token));
    await until(() => clients.every((c) => c.view?.step === 'over' && c.table.rematch !== null), 20_000, 'back at the end');
    const record = await host.record(match.id, creatorToken);
    const state = replay(record.options, record.actions);
    for (const [p, c] of clients.entries()) expect(viewDigest(c.view)).toBe(viewDigest(view(state, p)));
    const next = await Promise.all(clients.map((c) => c.agreeToRematch()));
    expect(next[2]).toBeTruthy();
    for (const c of clients) c.close();
  }, 240_000);

  it('a match someone watches stays loaded however long it is idle', async () => {
    const { match } = await createMatch(s.base, { players: 2, seed: 'watched', visibility: 'public' });
    const a = await joinMatch(s.base, match.id, { name: 'Ada' });
    await joinMatch(s.base, match.id, { name: 'Bo' });
    const c = connect(s.ws, match.id, a.token);
    await until(() => c.view !== null, 10_000, 'the view');
    await new Promise((r) => setTimeout(r, 2500));
    expect(await s.server.host.sync(await s.server.host.open(match.id, a.token), 0)).toMatchObject({ seq: 0 });
    expect(loaded(s)).toBeGreaterThanOrEqual(1);
    c.close();
    await until(() => loaded(s) === 0, 20_000, 'unloaded once nobody watches');
  }, 60_000);
});
