/**
 * A deadline claimed but not yet played (its host closed or died while the bot chose) is not
 * lost with the in-process stores: `claimDue` pushes it a lease ahead instead of deleting it, so
 * expiry still sees a match waiting for a move (not an idle one to delete), and a host started
 * after the lease plays the move, with the memory store and with the embedded store reopened.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MatchHost } from '../../src/server/host.js';
import { FileStore } from '../../src/server/store/file.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import type { LogEntry, Store } from '../../src/server/store/store.js';
import { CLAIM_LEASE_MS } from '../../src/server/store/tables.js';

const DAY = 86_400_000;
const T0 = 1_800_000_000_000;

const hosts: MatchHost[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const h of hosts.splice(0)) h.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A match where the bot (seat 1) is to move, made by a host that never plays deadlines. */
async function botToMove(store: Store): Promise<string> {
  const down = new MatchHost({ store, now: () => T0, pollMs: 20 });
  const { match } = await down.createMatch({ visibility: 'public', seed: 'claimed', players: 2, firstPlayer: 1, bots: [null, 'random'] });
  await down.join(match.id, { name: 'Ada', seat: 0 });
  down.close();
  return match.id;
}

/** A started host on `store` whose clock reads `at`, expiring matches idle for a day. */
function hostAt(store: Store, at: number): MatchHost {
  const h = new MatchHost({ store, now: () => at, pollMs: 20, expiry: { abandonedAfterMs: DAY, sweepMs: 3_600_000 } });
  hosts.push(h);
  return h;
}

/** The match's first log entry, once there is one. */
async function firstMove(store: Store, id: string): Promise<LogEntry> {
  const end = Date.now() + 20_000;
  for (;;) {
    const [first] = await store.readLog(id, 0);
    if (first !== undefined) return first;
    if (Date.now() > end) throw new Error("timed out waiting for the bot's move");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('a claimed deadline whose move was never played', () => {
  it('memory store: expiry leaves the match alone, and a host after the lease plays the move', async () => {
    const store = new MemoryStore();
    const id = await botToMove(store);
    // A host claims the bot's deadline, then closes (or dies) before the move is in.
    expect((await store.claimDue(T0 + 1, 10)).map((d) => d.matchId)).toEqual([id]);
    // Two days on, the match still waits for its bot: not idle.
    const sweeper = hostAt(store, T0 + 2 * DAY);
    expect(await sweeper.expire()).toMatchObject({ abandoned: 0 });
    expect(await store.getMatch(id)).not.toBeNull();
    // Within the lease nobody else takes it; after it, the next host plays the bot's move.
    expect(await store.claimDue(T0 + CLAIM_LEASE_MS, 10)).toEqual([]);
    hostAt(store, T0 + 2 * DAY).start();
    expect((await firstMove(store, id)).by).toBe('bot');
  });

  it('embedded store: the claimed deadline survives a restart, and the next host plays the move', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ftk-claimed-'));
    dirs.push(dir);
    let store = await FileStore.open(dir);
    const id = await botToMove(store);
    expect((await store.claimDue(T0 + 1, 10)).map((d) => d.matchId)).toEqual([id]);
    await store.close();
    store = await FileStore.open(dir);
    try {
      expect(await hostAt(store, T0 + 2 * DAY).expire()).toMatchObject({ abandoned: 0 });
      expect(await store.getMatch(id)).not.toBeNull();
      hostAt(store, T0 + 2 * DAY).start();
      expect((await firstMove(store, id)).by).toBe('bot');
    } finally {
      for (const h of hosts.splice(0)) h.close();
      await store.close();
    }
  });
});
