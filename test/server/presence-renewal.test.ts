/**
 * Presence leases are renewed a slice at a time (issue #31): each seat a host holds has its lease
 * renewed once every `PRESENCE_RENEW_MS`, and each watched match's leases are read again once in
 * that time, but spread over `PRESENCE_SLICES` ticks. Renewing them all at once stalled every
 * match on a host with 4,000 sockets for a few hundred milliseconds every 15 s (`npm run
 * soak:server`: p99 from send to update 462 ms before, 60 ms after). The real host and store;
 * only the intervals run on a fake clock.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { PRESENCE_LEASE_MS, PRESENCE_RENEW_MS, PRESENCE_SLICES, presenceSlice } from '../../src/server/host/presence.js';
import { MatchHost } from '../../src/server/host.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import type { PresenceRecord } from '../../src/server/store/store.js';
import { watchSeat } from '../helpers/play.js';

/** The memory store, noting every lease written and every read of a match's leases. */
class CountingStore extends MemoryStore {
  readonly writes: string[] = [];
  readonly reads: string[] = [];

  override async setPresence(matchId: string, host: string, seat: number, until: number): Promise<void> {
    this.writes.push(`${matchId} ${seat}`);
    return super.setPresence(matchId, host, seat, until);
  }

  override async readPresence(matchId: string): Promise<PresenceRecord[]> {
    this.reads.push(matchId);
    return super.readPresence(matchId);
  }
}

let host: MatchHost | null = null;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  host?.close();
  host = null;
  vi.useRealTimers();
});

/** Lets the promises and callbacks the last tick started run (setImmediate runs on the real clock). */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
}

it('#31: a renewal period renews every held seat once and reads every watched match once, a slice per tick, never all at once', async () => {
  const store = new CountingStore();
  host = new MatchHost({ store });
  host.start();
  const MATCHES = 30;
  const PLAYERS = 4;
  const ids: string[] = [];
  for (let m = 0; m < MATCHES; m++) {
    const { match } = await host.createMatch({ visibility: 'public', players: PLAYERS, seed: `renewal-${m}` });
    ids.push(match.id);
    for (let p = 0; p < PLAYERS; p++) await watchSeat(host, match.id, `P${p}`);
  }
  await settle();
  store.writes.length = 0;
  store.reads.length = 0;

  const writesPerTick: number[] = [];
  const readsPerTick: number[] = [];
  const written = new Map<string, number>();
  const read = new Set<string>();
  for (let tick = 0; tick < PRESENCE_SLICES; tick++) {
    vi.advanceTimersByTime(PRESENCE_RENEW_MS / PRESENCE_SLICES);
    await settle();
    writesPerTick.push(store.writes.length);
    readsPerTick.push(store.reads.length);
    for (const key of store.writes) written.set(key, (written.get(key) ?? 0) + 1);
    for (const id of store.reads) read.add(id);
    store.writes.length = 0;
    store.reads.length = 0;
  }

  // Every held seat renewed exactly once in the period (so no lease runs out: the period is a third of a lease).
  expect(PRESENCE_RENEW_MS * 3).toBe(PRESENCE_LEASE_MS);
  expect(written.size).toBe(MATCHES * PLAYERS);
  expect([...written.values()].every((n) => n === 1)).toBe(true);
  // A slice per tick: the seats are dealt to the ticks in turn.
  expect(Math.max(...writesPerTick)).toBe(Math.ceil((MATCHES * PLAYERS) / PRESENCE_SLICES));
  // Every watched match's leases read again in the period, each in its own tick.
  for (const id of ids) expect(read.has(id)).toBe(true);
  const readsInBusiestSlice = Math.max(...ids.map((id) => ids.filter((other) => presenceSlice(other) === presenceSlice(id)).length));
  // A tick reads its matches, and the matches whose leases it renewed (the store tells of each write).
  expect(Math.max(...readsPerTick)).toBeLessThanOrEqual(readsInBusiestSlice + Math.ceil((MATCHES * PLAYERS) / PRESENCE_SLICES));
  expect(Math.max(...readsPerTick)).toBeLessThan(MATCHES / 2);
});

it('#31: a seat let go is no longer renewed; one held again is renewed once a period', async () => {
  const store = new CountingStore();
  host = new MatchHost({ store });
  host.start();
  const { match } = await host.createMatch({ visibility: 'public', players: 2, seed: 'renewal-again' });
  const subscribe = async (name: string) => {
    const { token } = await (host as MatchHost).join(match.id, { name });
    const session = await (host as MatchHost).open(match.id, token);
    return { session, subscription: await (host as MatchHost).subscribe(session, 0, { send: () => undefined, revoked: () => undefined }) };
  };
  const a = await subscribe('Ada');
  await subscribe('Bo');
  await settle();
  a.subscription.stop();
  await settle();
  const period = async (): Promise<string[]> => {
    store.writes.length = 0;
    for (let tick = 0; tick < PRESENCE_SLICES; tick++) {
      vi.advanceTimersByTime(PRESENCE_RENEW_MS / PRESENCE_SLICES);
      await settle();
    }
    return [...store.writes];
  };
  expect(await period()).toEqual([`${match.id} 1`]);
  const again = await (host as MatchHost).subscribe(a.session, 0, { send: () => undefined, revoked: () => undefined });
  await settle();
  expect((await period()).sort()).toEqual([`${match.id} 0`, `${match.id} 1`]);
  again.stop();
});
