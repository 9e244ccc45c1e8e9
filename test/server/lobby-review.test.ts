/**
 * Fixes to the host's lobby from a review of the site in Chromium: the open matches are listed
 * page by page (`GET /api/matches?limit=N` says whether there are `more`), the record of a match
 * with bots names each bot apart (and says which seats bots played in `meta.bots`), and a display
 * name made only of invisible characters is refused with `BAD_NAME`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatch, joinMatch, listMatches, listOpenMatches } from '../../src/client/index.js';
import { checkRecord, type GameRecord } from '../../src/index.js';
import { type RunningServer, startServer } from '../../src/server/serve.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import { WIDE_LIMITS } from '../helpers/limits.js';

let server: RunningServer;
let base: string;

beforeAll(async () => {
  server = await startServer({
    store: new MemoryStore(),
    port: 0,
    pollMs: 20,
    limits: WIDE_LIMITS,
  });
  base = server.url;
});
afterAll(async () => {
  await server.close();
});

async function get(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('GET /api/matches, page by page', () => {
  it('takes ?limit= (1 to 200, default 50) and says whether more open matches are there', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 70; i++) ids.push((await createMatch(base, { players: 2, visibility: 'public' })).match.id);
    // A full match is not listed, and does not count.
    const full = await createMatch(base, { players: 2, visibility: 'public', bots: [null, 'random'] });
    await joinMatch(base, full.match.id, { name: 'Ada', invite: full.invite });
    const newest = ids.slice().reverse();

    const plain = await get('/api/matches');
    expect(plain.status).toBe(200);
    expect((plain.body.matches as { id: string }[]).map((m) => m.id)).toEqual(newest.slice(0, 50));
    expect(plain.body.more).toBe(true);
    expect((await listMatches(base)).length).toBe(50);

    const ten = await listOpenMatches(base, { limit: 10 });
    expect(ten.matches.map((m) => m.id)).toEqual(newest.slice(0, 10));
    expect(ten.more).toBe(true);
    const all = await listOpenMatches(base, { limit: 200 });
    expect(all.matches.map((m) => m.id)).toEqual(newest);
    expect(all.more).toBe(false);
    const exact = await get('/api/matches?limit=70');
    expect((exact.body.matches as unknown[]).length).toBe(70);
    expect(exact.body.more).toBe(false);

    // Above the most: the most. Not a whole number from 1: refused.
    expect(((await get('/api/matches?limit=100000')).body.matches as unknown[]).length).toBe(70);
    for (const bad of ['0', '-3', 'ten', '1.5', '']) {
      const r = await get(`/api/matches?limit=${bad}`);
      expect(r.status, bad).toBe(400);
      expect((r.body.error as { code: string }).code).toBe('BAD_MESSAGE');
    }
  });
});

describe('GET /api/matches behind many full matches', () => {
  it('finds an open match behind newer full ones, however few are asked for', async () => {
    const own = await startServer({
      store: new MemoryStore(),
      port: 0,
      pollMs: 20,
      limits: { requestsPerSecond: 1e6, requestBurst: 1e6, matchBurst: 1e6 },
    });
    try {
      const open = (await createMatch(own.url, { players: 2, visibility: 'public' })).match.id;
      for (let i = 0; i < 12; i++) {
        const full = await createMatch(own.url, { players: 2, visibility: 'public', bots: [null, 'random'] });
        await joinMatch(own.url, full.match.id, { name: 'Ada', invite: full.invite });
      }
      for (const limit of [1, 2, 3, 50]) {
        const page = await listOpenMatches(own.url, { limit });
        expect(
          page.matches.map((m) => m.id),
          `limit ${limit}`,
        ).toEqual([open]);
        expect(page.more).toBe(false);
      }
      const second = (await createMatch(own.url, { players: 2, visibility: 'public' })).match.id;
      expect(await listOpenMatches(own.url, { limit: 1 })).toMatchObject({ matches: [{ id: second }], more: true });
    } finally {
      await own.close();
    }
  });
});

describe('the record of a match with bots', () => {
  it('names every bot apart, by its seat, and lists the bots per seat in meta.bots', async () => {
    const { match, creatorToken, invite } = await createMatch(base, { players: 3, bots: [null, 'random', 'random'], seed: 7 });
    await joinMatch(base, match.id, { name: 'Ada', seat: 0, invite });
    const res = await fetch(`${base}/api/matches/${match.id}/record`, { headers: { authorization: `Bearer ${creatorToken}` } });
    const record = checkRecord((await res.json()) as GameRecord);
    expect(record.names).toEqual(['Ada', 'Bot 1 (random)', 'Bot 2 (random)']);
    expect(new Set(record.names).size).toBe(3);
    expect(record.meta?.bots).toBe(',random,random');
  });
});

describe('display names', () => {
  it('a name of only invisible characters (zero-width, joiners, fillers) is refused with BAD_NAME', async () => {
    const { match, invite } = await createMatch(base, { players: 5 });
    for (const name of [
      '\u200B\u200B',
      '\u200D',
      '\uFEFF',
      ' \u2060 ',
      '\u3164',
      '\u00AD',
      '\u200C\u200E',
      '\u2800',
      '\u0301',
      ' \u0301\u0308',
    ]) {
      const res = await fetch(`${base}/api/matches/${match.id}/join`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, invite }),
      });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('BAD_NAME');
    }
    // A visible letter with them is a name.
    expect((await joinMatch(base, match.id, { name: 'Z\u200B', invite })).seat).toBe(0);
    expect((await joinMatch(base, match.id, { name: 'אבג', invite })).seat).toBe(1);
    expect((await joinMatch(base, match.id, { name: 'e\u0301', invite })).seat).toBe(2); // é, a letter and its mark
  });
});
