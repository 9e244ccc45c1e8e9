/**
 * A claim that turns out stale (the match moved on while the claiming host waited: a person played
 * the move in time, through another host) never overrides a newer claim: the host that held the
 * stale one sets the deadline the match needs now only where none is stored for that seq, so
 * another host's claim on the next move keeps its lease and is not handed out again. A deadline
 * stored for an earlier seq (the mover's write was lost) is still replaced, and one the match no
 * longer needs is still cleared.
 */
import { afterEach, expect, it } from 'vitest';
import type { Action } from '../../src/index.js';
import type { MatchHost } from '../../src/server/host.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import type { Deadline, SetDeadlineOptions, Store } from '../../src/server/store/store.js';
import { CLAIM_LEASE_MS } from '../../src/server/store/tables.js';
import { twoHostsAndAMatch, until, withCalls } from '../helpers/until.js';

const hosts: MatchHost[] = [];
afterEach(() => {
  for (const h of hosts.splice(0)) h.close();
});

/**
 * Host A, whose claims are held until the test lets them go (a slow poll, a long GC pause) and
 * whose deadline writes are counted, and host B (never started: the test claims for it), whose
 * deadline writes are lost while `lose` says so. Ada (seat 0) is to move, on a 5 s clock, against
 * `opponent`; A holds the match.
 */
async function twoHosts(seed: string, opponent: 'bot' | 'Bo', lose: (d: Deadline | null) => boolean = () => false) {
  const inner = new MemoryStore();
  const clock = { t: 1_800_000_000_000 };
  const now = (): number => clock.t;
  let release: () => void = () => undefined;
  let gate: Promise<void> | null = new Promise((r) => {
    release = r;
  });
  const claimedByA: Deadline[] = [];
  const writesByA: (Deadline | null)[] = [];
  const wrap = (claimDue: Store['claimDue'], setDeadline: Store['setDeadline']): Store =>
    withCalls<Store>(inner, { claimDue, setDeadline });
  const storeA = wrap(
    async (at, limit) => {
      const due = await inner.claimDue(at, limit);
      claimedByA.push(...due);
      if (due.length > 0 && gate !== null) await gate;
      return due;
    },
    async (id: string, d: Deadline | null, options?: SetDeadlineOptions) => {
      writesByA.push(d);
      return inner.setDeadline(id, d, options);
    },
  );
  const storeB = wrap(inner.claimDue.bind(inner), async (id, d, options) => (lose(d) ? undefined : inner.setDeadline(id, d, options)));
  const { a, b, id, creatorToken, ada } = await twoHostsAndAMatch({ a: storeA, b: storeB }, now, hosts, {
    seed,
    opponent,
    turnTimeMs: 5000,
  });
  const match = { id };
  await a.sync(await a.open(match.id, ada.token), 0);
  a.start();
  // Ada's time runs out: A claims the timer's deadline (seq 1) and stalls before playing it.
  clock.t += 6000;
  await until(() => claimedByA.some((d) => d.matchId === match.id), "A's claim of Ada's timer");
  expect(claimedByA.map((d) => d.seq)).toEqual([1]);
  return {
    inner,
    clock,
    a,
    b,
    id: match.id,
    creatorToken,
    ada,
    claimedByA,
    /** Ada plays in time after all, through B, until the other seat is to move; the log's length. */
    adaPlaysOnB: async (): Promise<number> => {
      const onB = await b.open(match.id, ada.token);
      let seq = 0;
      for (;;) {
        const { view } = await b.sync(onB, seq);
        if (view.currentPlayer !== 0) return seq;
        seq = (await b.submit(onB, view.legal[0] as Action, seq)).seq;
      }
    },
    /** Lets A go on with its stale claim, and waits for the deadline it then writes. */
    releaseA: async (): Promise<void> => {
      const before = writesByA.length;
      gate = null;
      release();
      await until(() => writesByA.length > before, "A's deadline write after its stale claim");
    },
  };
}

it("a stale claim (the person moved meanwhile, on another host) leaves another host's claim on the next move alone", async () => {
  const { inner, clock, id, claimedByA, adaPlaysOnB, releaseA } = await twoHosts('stale-claim', 'bot');
  // B sets the bot's deadline and claims it (its bot is thinking, a lease ahead).
  const seq = await adaPlaysOnB();
  expect((await inner.claimDue(clock.t, 10)).filter((d) => d.matchId === id)).toEqual([{ matchId: id, seq: seq + 1, at: clock.t }]);
  await releaseA();
  await new Promise((r) => setTimeout(r, 200)); // many of A's polls
  // B's claim still holds its lease: nobody is handed the bot's move again before it runs out.
  expect(claimedByA.filter((d) => d.seq === seq + 1)).toEqual([]);
  expect((await inner.claimDue(clock.t + CLAIM_LEASE_MS - 1, 10)).filter((d) => d.matchId === id)).toEqual([]);
  expect(await inner.readLog(id, seq)).toEqual([]);
  // Once the lease runs out (B died), the move is handed out again.
  expect((await inner.claimDue(clock.t + CLAIM_LEASE_MS, 10)).filter((d) => d.matchId === id).map((d) => d.seq)).toEqual([seq + 1]);
});

it("a stale claim where the mover's deadline write was lost: the deadline stored for the earlier seq is replaced, and the bot moves", async () => {
  const { inner, id, adaPlaysOnB, releaseA } = await twoHosts('stale-lost', 'bot', () => true);
  const seq = await adaPlaysOnB(); // B's writes are lost: A's claim of seq 1 is what is stored
  await releaseA();
  await until(async () => (await inner.readLog(id, seq)).length > 0, "the bot's move");
  expect((await inner.readLog(id, seq))[0]?.by).toBe('bot');
});

it('a stale claim where the match needs no deadline any more (no turn time, the clear lost): cleared', async () => {
  const { inner, b, id, creatorToken, adaPlaysOnB, releaseA } = await twoHosts('stale-clear', 'Bo', (d) => d === null);
  await b.setTurnTime(id, creatorToken, null);
  await adaPlaysOnB(); // Bo is to move, with no clock: B's clear is lost, A's stale claim is stored
  expect((await inner.idleMatches(Number.MAX_SAFE_INTEGER, null, 10)).map((m) => m.id)).toEqual([]);
  await releaseA();
  expect((await inner.idleMatches(Number.MAX_SAFE_INTEGER, null, 10)).map((m) => m.id)).toEqual([id]);
});
