/**
 * A deadline decided from a record that is no longer the match's never replaces the one the
 * newer record set. Two hosts share one store; the creator changes the clock through B while A,
 * whose copy of the record is still the old one (its re-read of it is slow), plays a seat's
 * moves: A's deadlines, decided at the old seat version, are not written, and once A has the
 * new record it sets the deadline the match needs from it, without waiting for the sweep.
 */
import { afterEach, expect, it } from 'vitest';
import type { Action } from '../../src/index.js';
import type { MatchHost } from '../../src/server/host.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import { twoHostsAndAMatch, until, withCalls } from '../helpers/until.js';

const hosts: MatchHost[] = [];
afterEach(() => {
  for (const h of hosts.splice(0)) h.close();
});

const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Hosts A and B on one store and a clock that moves only when the test moves it; A's reads of
 * the match's record wait while `hold()` says so. Ada (seat 0) is to move, on a 60 s clock,
 * against `opponent`; both hosts play deadlines.
 */
async function twoHosts(seed: string, opponent: 'bot' | 'Bo') {
  const inner = new MemoryStore();
  const clock = { t: 1_800_000_000_000 };
  const now = (): number => clock.t;
  let gate: Promise<void> | null = null;
  let release: () => void = () => undefined;
  const storeA = withCalls(inner, {
    getMatch: async (id: string) => {
      if (gate !== null) await gate;
      return inner.getMatch(id);
    },
  });
  const { a, b, id, creatorToken, ada, bo } = await twoHostsAndAMatch({ a: storeA, b: inner }, now, hosts, {
    seed,
    opponent,
    turnTimeMs: 60_000,
  });
  const adaOnA = await a.open(id, ada.token);
  await a.sync(adaOnA, 0);
  const boOnB = bo === null ? null : await b.open(id, bo.token);
  if (boOnB !== null) await b.sync(boOnB, 0);
  a.start();
  b.start();
  await pause(100);
  return {
    inner,
    clock,
    b,
    id,
    creatorToken,
    boOnB,
    /** From now on A's reads of the record wait (a slow store, a long pause) until `releaseA`. */
    holdA: (): void => {
      gate = new Promise((r) => {
        release = r;
      });
    },
    releaseA: (): void => {
      gate = null;
      release();
    },
    /** Ada plays through A until the other seat is to move; the log's length then. */
    adaPlaysOnA: async (): Promise<number> => {
      let seq = 0;
      for (;;) {
        const { view } = await a.sync(adaOnA, seq);
        if (view.currentPlayer !== 0) return seq;
        seq = (await a.submit(adaOnA, view.legal[0] as Action, seq)).seq;
      }
    },
  };
}

it('a turn time shortened on host B while A plays from its old record: the next turn runs out after the new time, not the old', async () => {
  const { inner, clock, b, id, creatorToken, boOnB, holdA, releaseA, adaPlaysOnA } = await twoHosts('stale-turn-time', 'Bo');
  holdA();
  clock.t += 1000;
  await b.setTurnTime(id, creatorToken, 5000);
  await pause(50);
  clock.t += 1000;
  const seq = await adaPlaysOnA(); // A decides each next deadline from its old record (60 s)
  const lastAt = clock.t;
  releaseA();
  await pause(100);
  // Bo is shown 5 s, and 5 s is what he gets: the timer plays his move then, not after 60 s.
  const synced = boOnB === null ? null : await b.sync(boOnB, seq);
  expect(synced?.deadline).toBe(lastAt + 5000);
  clock.t = lastAt + 4999;
  await pause(200);
  expect(await inner.readLog(id, seq)).toEqual([]);
  clock.t = lastAt + 5000;
  await until(async () => (await inner.readLog(id, seq)).length > 0, "the timer's move for Bo");
  expect((await inner.readLog(id, seq)).map((e) => e.by)).toEqual(['timer']);
});

it('a turn time turned off on host B while A plays from its old record: the bot to move next plays at once, without waiting for the sweep', async () => {
  const { inner, b, id, creatorToken, holdA, releaseA, adaPlaysOnA } = await twoHosts('stale-no-clock', 'bot');
  holdA();
  await b.setTurnTime(id, creatorToken, null); // Ada is to move: no deadline now
  await pause(50);
  const seq = await adaPlaysOnA(); // A's bot deadline, decided at the old version, is not written
  releaseA();
  // The clock stands still: the sweep (5 s past an overdue deadline) never comes.
  await until(async () => (await inner.readLog(id, seq)).length > 0, "the bot's move");
  expect((await inner.readLog(id, seq))[0]?.by).toBe('bot');
});
