/**
 * Rematches (issue #30 item 2), on real sockets and every store: after the end the seats agree;
 * the host creates the next match with the same seats and settings, a new seed and the first
 * player moved on, tells every seat, and each joins it with the token it has; the rematch is a
 * fair deal of its own (its commitment was published with the first match).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { agreeToRematch, createMatch, fetchRecord, getMatch, joinMatch, verifyRecord } from '../../src/client/index.js';
import { createGame } from '../../src/index.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import { autoPlay, connect, forEachStore, type Served, serve, until } from '../helpers/friends.js';

forEachStore('rematch', (makeStore) => {
  let s: Served;
  beforeAll(async () => {
    s = await serve(makeStore);
  });
  afterAll(async () => {
    await s.close();
  });

  it('two players and a bot finish, agree, and finish the rematch: same seats and tokens, a new fair seed, the first player moved on', async () => {
    const { match, invite } = await createMatch(s.base, {
      players: 3,
      bots: [null, 'random', null],
      spectators: 'public',
      turnTimeMs: 60_000,
    });
    const a = await joinMatch(s.base, match.id, { name: 'Ada', invite });
    const c = await joinMatch(s.base, match.id, { name: 'Cy', invite });
    const clients = [connect(s.ws, match.id, a.token), connect(s.ws, match.id, c.token)];
    let stops = clients.map((cl) => autoPlay(cl));
    await until(() => clients.every((cl) => cl.view?.step === 'over'), 60_000, 'the end of the first match');
    for (const stop of stops) stop();
    expect(clients[0]?.table.rematch).toMatchObject({
      votes: [false, true, false],
      next: null,
      commitment: match.fairness?.nextCommitment,
    });
    // Not before the end, not for a spectator.
    const watcher = connect(s.ws, match.id, null);
    await until(() => watcher.status === 'open', 10_000, 'the spectator');
    await expect(watcher.agreeToRematch()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const mine = await clients[0]?.agreeToRematch();
    await until(() => clients[1]?.table.rematch?.votes[0] === true, 10_000, "Ada's vote seen by Cy");
    expect(clients[1]?.table.rematch?.next).toBeNull();
    const { contribution: theirs } = await agreeToRematch(s.base, match.id, c.token); // over HTTP, the same
    await until(() => clients.every((cl) => typeof cl.table.rematch?.next === 'string'), 10_000, 'the rematch announced');
    const next = clients[0]?.table.rematch?.next as string;
    expect((await getMatch(s.base, match.id)).next).toBe(next);

    const first = await getMatch(s.base, match.id);
    const second = await getMatch(s.base, next);
    expect(second).toMatchObject({
      players: 3,
      visibility: 'unlisted',
      spectators: 'public',
      turnTimeMs: 60_000,
      fairness: { commitment: match.fairness?.nextCommitment },
    });
    expect(second.seats.map((x) => [x.name, x.kind])).toEqual(first.seats.map((x) => [x.name, x.kind]));
    expect(second.startedAt).not.toBeNull(); // every seat came along: dealt at once
    const firstStored = await s.store.getMatch(match.id);
    const secondStored = await s.store.getMatch(next);
    const firstPlayer = createGame(firstStored?.options as never).firstPlayer;
    expect(secondStored?.options.firstPlayer).toBe((firstPlayer + 1) % 3);
    expect(secondStored?.options.seed).not.toBe(firstStored?.options.seed);
    expect(secondStored?.fairness?.contributions).toEqual([mine, '', theirs]);

    // Each seat joins with the token it has: no new invite.
    const again = [connect(s.ws, next, a.token), connect(s.ws, next, c.token)];
    await until(() => again.every((cl) => cl.view !== null), 10_000, 'the rematch dealt');
    expect(again[0]?.view?.currentPlayer ?? again[1]?.view?.currentPlayer).not.toBeUndefined();
    stops = again.map((cl) => autoPlay(cl));
    await until(() => again.every((cl) => cl.view?.step === 'over'), 60_000, 'the end of the rematch');
    for (const stop of stops) stop();
    const record = await fetchRecord(s.base, next, a.token);
    expect(
      await verifyRecord(record, match.fairness?.nextCommitment as string, {
        seen: again[0]?.table.fairness?.digests,
        seat: 0,
        contribution: mine,
      }),
    ).toMatchObject({ ok: true });
    for (const cl of [...clients, ...again, watcher]) cl.close();
  }, 150_000);

  it('no rematch before the end', async () => {
    const { match, invite } = await createMatch(s.base, { players: 2, seed: 'early' });
    const a = await joinMatch(s.base, match.id, { name: 'Ada', invite });
    await joinMatch(s.base, match.id, { name: 'Bo', invite });
    await expect(agreeToRematch(s.base, match.id, a.token)).rejects.toMatchObject({ code: 'NOT_OVER' });
  });
});

it('two hosts handling the last votes at once create one rematch', async () => {
  const store = new MemoryStore();
  const make = async (): Promise<MemoryStore> => store;
  const [x, y] = [await serve(make, {}, store), await serve(make, {}, store)];
  try {
    const { match, invite } = await createMatch(x.base, { players: 2, bots: [null, 'random'] });
    const a = await joinMatch(x.base, match.id, { name: 'Ada', invite });
    const ca = connect(x.ws, match.id, a.token);
    const stop = autoPlay(ca);
    await until(() => ca.view?.step === 'over', 60_000, 'the end');
    stop();
    const [r1, r2] = await Promise.all([agreeToRematch(x.base, match.id, a.token), agreeToRematch(y.base, match.id, a.token)]);
    expect(r1.rematch.next).toBe(r2.rematch.next);
    expect(r1.rematch.next).toEqual(expect.any(String));
    const all = await store.listMatches(10);
    expect(all.filter((m) => m.id === r1.rematch.next)).toHaveLength(1);
    expect(all).toHaveLength(2);
    ca.close();
  } finally {
    await x.close();
    await y.close();
    await store.close();
  }
}, 90_000);
