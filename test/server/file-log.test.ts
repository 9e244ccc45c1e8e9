/**
 * The embedded store does not hold logs in memory (issue #31): it holds where each entry's record
 * is in its journal and reads entries back from the file, across compactions (which move every
 * record) and reopens. Checked through the store, and on real sockets with compactions mid-game.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMatch, joinMatch } from '../../src/client/index.js';
import { replay, view } from '../../src/index.js';
import { viewDigest } from '../../src/protocol/digest.js';
import { FileStore } from '../../src/server/store/file.js';
import type { LogEntry } from '../../src/server/store/store.js';
import { autoPlay, connect, serve, until } from '../helpers/friends.js';
import { entry, sampleMatch } from './store-contract.js';

const root = mkdtempSync(join(tmpdir(), 'ftk-file-log-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = (): string => join(root, `s${n++}`);

describe('the embedded store reads logs back from its journal', () => {
  it('interleaved logs read back whole and from any seq, while compactions move them, and after a reopen', async () => {
    const dir = fresh();
    const store = await FileStore.open(dir);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const m = sampleMatch();
      await store.createMatch(m);
      ids.push(m.id);
      await store.setDeadline(m.id, { matchId: m.id, seq: 1, at: 5 });
    }
    const written = new Map<string, LogEntry[]>(ids.map((id) => [id, []]));
    for (let seq = 1; seq <= 40; seq++) {
      // Every match's next entry at once, a compaction among them every tenth round.
      const round = ids.map(async (id) => {
        const e = entry(seq);
        expect(await store.append(id, e)).toBe(true);
        written.get(id)?.push(e);
      });
      if (seq % 10 === 0) round.push(store.compact().then(() => undefined));
      await Promise.all(round);
      const from = Math.max(0, seq - 3);
      expect(await store.readLog(ids[seq % 5] as string, from)).toEqual(written.get(ids[seq % 5] as string)?.slice(from));
    }
    for (const id of ids) {
      expect(await store.readLog(id, 0)).toEqual(written.get(id));
      expect(await store.readLog(id, 37)).toEqual(written.get(id)?.slice(37));
      expect(await store.readLog(id, 40)).toEqual([]);
    }
    await store.close();
    const again = await FileStore.open(dir);
    for (const id of ids) expect(await again.readLog(id, 0)).toEqual(written.get(id));
    await again.close();
  });

  it('an entry changed on disk underneath the open store is what readLog sees (refused by its checksum): the entry is not held in memory', async () => {
    const dir = fresh();
    const store = await FileStore.open(dir);
    const m = sampleMatch();
    await store.createMatch(m);
    for (let seq = 1; seq <= 3; seq++) await store.append(m.id, entry(seq));
    const path = join(dir, 'journal.ftk');
    const text = readFileSync(path, 'latin1');
    const at = text.indexOf(`"at":${entry(2).at}`);
    expect(at).toBeGreaterThan(0);
    writeFileSync(path, `${text.slice(0, at + 5)}9${text.slice(at + 6)}`, 'latin1'); // same length, wrong checksum
    await expect(store.readLog(m.id, 0)).rejects.toThrow(/does not hold/);
    expect(await store.readLog(m.id, 2)).toEqual([entry(3)]); // the entry after it is whole
    expect((await store.getMatch(m.id))?.id).toBe(m.id);
    await store.close();
  });
});

describe('the embedded store on real sockets', () => {
  it('matches played with compactions of the journal mid-game: every client holds the view its log replays to', async () => {
    const s = await serve(() => FileStore.open(fresh()));
    try {
      const store = s.store as FileStore;
      const games = [];
      for (let g = 0; g < 2; g++) {
        const { match, creatorToken } = await createMatch(s.base, { players: 3, seed: `file-log-${g}`, visibility: 'public' });
        const tokens = [];
        for (let p = 0; p < 3; p++) tokens.push((await joinMatch(s.base, match.id, { name: `P${p}` })).token);
        const clients = tokens.map((t) => connect(s.ws, match.id, t));
        games.push({ id: match.id, creatorToken, clients, stops: clients.map((c) => autoPlay(c)) });
      }
      const all = games.flatMap((g) => g.clients);
      let compactions = 0;
      while (!all.every((c) => c.view?.step === 'over')) {
        await store.compact();
        compactions++;
        await new Promise((r) => setTimeout(r, 20));
        if (compactions > 2000) throw new Error('the games never ended');
      }
      expect(compactions).toBeGreaterThan(1);
      for (const g of games) {
        for (const stop of g.stops) stop();
        const record = await s.server.host.record(g.id, g.creatorToken);
        const state = replay(record.options, record.actions);
        await until(() => g.clients.every((c) => c.seq === record.actions.length), 10_000, 'every update');
        for (const [p, c] of g.clients.entries()) expect(viewDigest(c.view)).toBe(viewDigest(view(state, p)));
        for (const c of g.clients) c.close();
      }
    } finally {
      await s.close();
    }
  }, 120_000);
});
