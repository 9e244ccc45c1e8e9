/**
 * Races and stale state in the friends' host (found by a review, each reproduced before it was
 * fixed), on the host in process with the memory and file stores: two last rematch votes at once
 * on a seeded match, a seat taken while the creator's hand-over checks it, and a vote that stayed
 * with a seat after its holder changed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Action, PlayerView } from '../../src/index.js';
import type { Session } from '../../src/server/host/types.js';
import { MatchHost } from '../../src/server/host.js';
import { FileStore } from '../../src/server/store/file.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import type { Store } from '../../src/server/store/store.js';

const root = mkdtempSync(join(tmpdir(), 'ftk-races-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;

const stores: [string, () => Promise<Store>][] = [
  ['memory', async () => new MemoryStore()],
  ['file', async () => FileStore.open(join(root, `s${folders++}`))],
];

/** Plays the first legal action of whichever seat may act, until the game is over. */
async function playOut(host: MatchHost, sessions: readonly Session[]): Promise<void> {
  for (let i = 0; i < 5_000; i++) {
    for (const s of sessions) {
      const { view, seq } = await host.sync(s, 0);
      const v = view as PlayerView;
      if (v.step === 'over') return;
      const first = v.legal[0] as Action | undefined;
      if (first !== undefined) await host.submit(s, first, seq);
    }
  }
  throw new Error('the game did not end');
}

/** A store whose `readPresence` runs `during` (once) before it answers: another request served meanwhile. */
function interleaved(inner: Store): { store: Store; during: (f: () => Promise<void>) => void } {
  let hook: (() => Promise<void>) | null = null;
  const store = new Proxy(inner, {
    get(target, key) {
      const value = Reflect.get(target, key) as unknown;
      if (typeof value !== 'function') return value;
      if (key !== 'readPresence') return value.bind(target);
      return async (...args: unknown[]) => {
        const answer = (await value.apply(target, args)) as unknown;
        const f = hook;
        hook = null;
        if (f) await f();
        return answer;
      };
    },
  });
  return { store, during: (f) => (hook = f) };
}

for (const [kind, makeStore] of stores) {
  describe(`host races (${kind} store)`, () => {
    it('two last rematch votes at once on a seeded match create one rematch, not an orphan beside it', async () => {
      for (let trial = 0; trial < 3; trial++) {
        const store = await makeStore();
        const host = new MatchHost({ store });
        try {
          const { match, invite } = await host.createMatch({ players: 2, seed: `race-${trial}`, visibility: 'unlisted' });
          const a = await host.join(match.id, { name: 'Ada', invite });
          const b = await host.join(match.id, { name: 'Bo', invite });
          const sa = await host.open(match.id, a.token);
          const sb = await host.open(match.id, b.token);
          await playOut(host, [sa, sb]);
          await Promise.all([host.rematch(sa, null), host.rematch(sb, null)]);
          const next = (await store.getMatch(match.id))?.rematch?.next;
          expect(typeof next).toBe('string');
          const all = await store.listMatches(100, {});
          expect(all.map((m) => m.id).sort()).toEqual([match.id, next].sort());
        } finally {
          host.close();
          await store.close();
        }
      }
    }, 60_000);

    it("the creator's hand-over of an open seat is refused (SEAT_TAKEN) when someone takes the seat while it is checked", async () => {
      for (const call of ['reassign', 'reissue'] as const) {
        let clock = 1_000_000;
        const { store, during } = interleaved(await makeStore());
        const host = new MatchHost({ store, awayMs: 60_000, now: () => clock });
        try {
          const { match, invite, creatorToken } = await host.createMatch({ players: 2, seed: 's', visibility: 'unlisted' });
          await host.join(match.id, { name: 'Ada', invite });
          clock += 10 * 60_000; // the match is ten minutes old; seat 1 has been open all along
          let bo: { token: string } | null = null;
          during(async () => {
            bo = await host.join(match.id, { name: 'Bo', invite, seat: 1 });
          });
          const handOver =
            call === 'reassign' ? host.reassign(match.id, creatorToken, 1, 'heuristic') : host.reissue(match.id, creatorToken, 1, 'Friend');
          await expect(handOver, call).rejects.toMatchObject({ code: 'SEAT_TAKEN' });
          expect((await host.getMatch(match.id)).seats[1]?.name).toBe('Bo');
          const token = (bo as { token: string } | null)?.token as string;
          expect((await host.open(match.id, token)).viewer).toBe(1);
        } finally {
          host.close();
          await store.close();
        }
      }
    });

    it("a seat's rematch vote goes with its holder: reopened and taken by someone else, the seat has not agreed", async () => {
      const store = await makeStore();
      const host = new MatchHost({ store });
      try {
        const { match, invite, creatorToken } = await host.createMatch({ players: 2, seed: 'stale-vote', visibility: 'unlisted' });
        const ada = await host.join(match.id, { name: 'Ada', invite });
        const bo = await host.join(match.id, { name: 'Bo', invite });
        const sa = await host.open(match.id, ada.token);
        const sb = await host.open(match.id, bo.token);
        await playOut(host, [sa, sb]);
        expect((await host.rematch(sb, null)).votes).toEqual([false, true]);
        await host.leave(sb);
        await host.reassign(match.id, creatorToken, 1, null);
        expect((await store.getMatch(match.id))?.rematch?.votes).toEqual([null, null]);
        const cy = await host.join(match.id, { name: 'Cy', invite, seat: 1 });
        const sc = await host.open(match.id, cy.token);
        const afterAda = await host.rematch(sa, null);
        expect(afterAda).toMatchObject({ votes: [true, false], next: null });
        const afterCy = await host.rematch(sc, null);
        expect(afterCy.votes).toEqual([true, true]);
        expect(afterCy.next).not.toBeNull();
      } finally {
        host.close();
        await store.close();
      }
    }, 60_000);
  });
}
