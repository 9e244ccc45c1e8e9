/**
 * Provably fair deals (issue #30 item 7): the host commits to a secret at creation, each seat
 * contributes when it joins, the seed is derived when the last seat is taken, every update
 * carries the log digest, and the record at the end reveals it all; `verifyRecord` accepts the
 * record and rejects any record whose seed, secret, contribution or any action was changed.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatch, fetchRecord, getMatch, joinMatch, verifyRecord } from '../../src/client/index.js';
import type { Action, GameRecord, RecordMetaValue } from '../../src/index.js';
import { commitmentOf, FAIR_META, fairSeed, logDigest, newContribution } from '../../src/protocol/fairness.js';
import { commit, digestAfter } from '../../src/server/host/fairness.js';
import { MatchHost } from '../../src/server/host.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import { autoPlay, connect, forEachStore, type Served, serve, until } from '../helpers/friends.js';

forEachStore('fair deals', (makeStore) => {
  let s: Served;
  beforeAll(async () => {
    s = await serve(makeStore);
  });
  afterAll(async () => {
    await s.close();
  });

  it('commitment at creation; no cards before every seat is taken; the seed derived from the secret and every contribution', async () => {
    const { match, invite, creatorToken } = await createMatch(s.base, { players: 3, bots: [null, 'heuristic', null] });
    expect(match.startedAt).toBeNull();
    expect(match.fairness?.commitment).toMatch(/^[0-9a-f]{64}$/);
    const a = await joinMatch(s.base, match.id, { name: 'Ada', invite });
    const early = await fetch(`${s.base}/api/matches/${match.id}/sync?after=0`, { headers: { authorization: `Bearer ${a.token}` } });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { code: string } }).error.code).toBe('NOT_STARTED');
    const ca = connect(s.ws, match.id, a.token);
    await until(() => ca.status === 'open', 10_000, 'the welcome');
    expect(ca.view).toBeNull();
    const c = await joinMatch(s.base, match.id, { name: 'Cy', invite });
    await until(() => ca.view !== null, 10_000, 'the deal pushed as "started"');
    const summary = await getMatch(s.base, match.id);
    expect(summary.startedAt).not.toBeNull();
    expect(summary.fairness?.commitment).toBe(match.fairness?.commitment);
    const stored = await s.store.getMatch(match.id);
    const f = stored?.fairness;
    expect(f?.contributions).toEqual([a.contribution, '', c.contribution]);
    expect(await commitmentOf(f?.secret as string)).toBe(match.fairness?.commitment);
    expect(stored?.options.seed).toBe(await fairSeed(f?.secret as string, [a.contribution, '', c.contribution]));
    // Not even the creator reads a fair match's log or record before its end.
    for (const path of ['log', 'record']) {
      const r = await fetch(`${s.base}/api/matches/${match.id}/${path}`, { headers: { authorization: `Bearer ${creatorToken}` } });
      expect(r.status).toBe(403);
    }
    ca.close();
  });

  it('a match played to the end: its record verifies against the commitment, the digests each seat saw, and its contribution', async () => {
    const { match, invite } = await createMatch(s.base, { players: 3, bots: [null, 'random', null] });
    const a = await joinMatch(s.base, match.id, { name: 'Ada', invite });
    const c = await joinMatch(s.base, match.id, { name: 'Cy', invite });
    const clients = [connect(s.ws, match.id, a.token), connect(s.ws, match.id, c.token)];
    const stops = clients.map((cl) => autoPlay(cl));
    await until(() => clients.every((cl) => cl.view?.step === 'over'), 60_000, 'the end');
    const record = await fetchRecord(s.base, match.id, a.token);
    expect(record.meta?.[FAIR_META.secret]).toBeTypeOf('string');
    for (const [i, cl] of clients.entries()) {
      const seen = cl.table.fairness?.digests;
      expect(seen?.size).toBeGreaterThan(record.actions.length / 2);
      const mine = i === 0 ? a : c;
      const result = await verifyRecord(record, match.fairness?.commitment as string, {
        seen,
        seat: mine.seat,
        contribution: mine.contribution,
      });
      expect(result).toMatchObject({ ok: true, actions: record.actions.length });
    }
    expect(await verifyRecord(record, (match.fairness?.nextCommitment as string) ?? '')).toMatchObject({
      ok: false,
      problem: 'commitment',
    });
    for (const stop of stops) stop();
    for (const cl of clients) cl.close();
  }, 90_000);
});

describe('the fair-deal scheme', () => {
  it("the host's Node hashes equal the WebCrypto ones a browser computes", async () => {
    const secret = newContribution();
    expect(commit(secret)).toBe(await commitmentOf(secret));
    const action: Action = { type: 'bid', player: 1, amount: 3 };
    const shuffled = { amount: 3, type: 'bid', player: 1 } as unknown as Action;
    expect(digestAfter(secret, 'prev', action)).toBe(await logDigest(secret, 'prev', shuffled));
  });
});

/** A finished fair match's record, the digests a seat saw, the commitment and a contribution, played through the host core. */
async function finishedRecord(): Promise<{ record: GameRecord; commitment: string; seen: Map<number, string>; contribution: string }> {
  const host = new MatchHost({ store: new MemoryStore(), pollMs: 5 });
  host.start();
  try {
    const { match, invite } = await host.createMatch({ players: 3, bots: [null, 'random', 'random'] });
    const contribution = newContribution();
    const { token } = await host.join(match.id, { name: 'Ada', invite, contribution });
    const session = await host.open(match.id, token);
    const seen = new Map<number, string>();
    let last = 0;
    const { table, sync } = await host.subscribe(session, 0, {
      send: (u) => {
        if (u.logDigest !== undefined) seen.set(u.seq, u.logDigest);
        last = u.seq;
      },
      revoked: () => undefined,
    });
    // The welcome's digest is the log's at the welcome's seq: bots may have moved before it.
    seen.set(sync?.seq ?? 0, table.fairness?.logDigest as string);
    for (;;) {
      const { view, seq } = await host.sync(session, last);
      if (view.step === 'over') break;
      if (view.legal.length > 0)
        await host.submit(session, view.legal.find((x) => x.type === 'pass') ?? view.legal[0], seq).catch(() => undefined);
      else await new Promise((r) => setTimeout(r, 2));
      last = Math.max(last, seq);
    }
    return { record: await host.record(match.id, token), commitment: match.fairness?.commitment as string, seen, contribution };
  } finally {
    host.close();
  }
}

describe('verifyRecord rejects a changed record', () => {
  let fixture: Awaited<ReturnType<typeof finishedRecord>>;
  beforeAll(async () => {
    fixture = await finishedRecord();
  }, 60_000);

  const withMeta = (r: GameRecord, key: string, value: RecordMetaValue): GameRecord => ({ ...r, meta: { ...r.meta, [key]: value } });

  it('the unchanged record verifies, with and without what the seat saw', async () => {
    const { record, commitment, seen, contribution } = fixture;
    expect(await verifyRecord(record, commitment)).toMatchObject({ ok: true });
    expect(await verifyRecord(record, commitment, { seen, seat: 0, contribution })).toMatchObject({ ok: true });
    expect(
      await verifyRecord(JSON.parse(JSON.stringify(record)), commitment, { seen: [...seen].map(([seq, digest]) => ({ seq, digest })) }),
    ).toMatchObject({
      ok: true,
    });
  });

  it('property: a changed seed, secret or contribution is rejected', async () => {
    const { record, commitment } = fixture;
    const keys = [FAIR_META.secret, ...Array.from({ length: record.options.players }, (_, i) => `${FAIR_META.contribution}${i}`)];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('seed', ...keys), fc.string({ minLength: 0, maxLength: 50 }), async (what, value) => {
        const current = what === 'seed' ? record.options.seed : record.meta?.[what];
        fc.pre(value !== current);
        const changed = what === 'seed' ? { ...record, options: { ...record.options, seed: value } } : withMeta(record, what, value);
        const result = await verifyRecord(changed, commitment);
        expect(result.ok).toBe(false);
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it('property: any action changed (to any other action, legal or not) is rejected, also with a re-forged last digest when the seat’s digests are given', async () => {
    const { record, commitment, seen } = fixture;
    const n = record.actions.length;
    const actionArb = fc.oneof(
      fc.record({ type: fc.constant('pass' as const), player: fc.integer({ min: 0, max: 2 }) }),
      fc.record({ type: fc.constant('bid' as const), player: fc.integer({ min: 0, max: 2 }), amount: fc.integer({ min: 0, max: 30 }) }),
      fc.record({
        type: fc.constant('place' as const),
        player: fc.integer({ min: 0, max: 2 }),
        area: fc.constantFrom('self', 'middle', 'favor'),
      }),
      fc.integer({ min: 0, max: n - 1 }).map((i) => record.actions[i] as Action),
    ) as fc.Arbitrary<Action>;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: n - 1 }), actionArb, async (i, action) => {
        fc.pre(JSON.stringify(action) !== JSON.stringify(record.actions[i]));
        const actions = [...record.actions];
        actions[i] = action;
        const changed = { ...record, actions };
        expect((await verifyRecord(changed, commitment)).ok).toBe(false);
        // A forger who knows the secret (the record reveals it) recomputes the last digest: the
        // digests the seat was sent while it played still catch the change.
        let digest = commitment;
        const secret = record.meta?.[FAIR_META.secret] as string;
        for (const a of actions) digest = await logDigest(secret, digest, a);
        const forged = withMeta(changed, FAIR_META.log, digest);
        expect((await verifyRecord(forged, commitment, { seen })).ok).toBe(false);
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('an action left out or added at the end is rejected', async () => {
    const { record, commitment, seen } = fixture;
    expect((await verifyRecord({ ...record, actions: record.actions.slice(0, -1) }, commitment)).ok).toBe(false);
    const extra = { ...record, actions: [...record.actions, { type: 'pass', player: 0 }] };
    expect(await verifyRecord(extra, commitment, { seen })).toMatchObject({ ok: false });
  });

  it('the answer says whether the game reached its end: a record cut short verifies, but not as over', async () => {
    const { record, commitment } = fixture;
    expect(await verifyRecord(record, commitment)).toMatchObject({ ok: true, over: true });
    const cut = record.actions.slice(0, -1);
    let digest = commitment;
    const secret = record.meta?.[FAIR_META.secret] as string;
    for (const a of cut) digest = await logDigest(secret, digest, a as Action);
    const short = withMeta({ ...record, actions: cut }, FAIR_META.log, digest);
    expect(await verifyRecord(short, commitment)).toMatchObject({ ok: true, over: false, actions: cut.length });
  });

  it('malformed options are refused (format), naming the option, and never throw', async () => {
    const { record, commitment, seen, contribution } = fixture;
    const pairs = [...seen];
    const bad: [string, unknown][] = [
      ['options', null],
      ['options', 5],
      ['seen', { seen: 5 }],
      ['seen', { seen: {} }],
      ['seen', { seen: 'abc' }],
      ['seen', { seen: [null] }],
      ['seen', { seen: new Map(pairs.map(([k, v]) => [String(k), v])) }],
      ['seen', { seen: [{ seq: '1', digest: pairs[1]?.[1] }] }],
      ['seen', { seen: [{ seq: -1, digest: 'x' }] }],
      ['seen', { seen: [[1.5, 'x']] }],
      ['seen', { seen: [[1, 2]] }],
      ['seen', { seen: [[1, 'x', 'y']] }],
      ['seat', { contribution }],
      ['contribution', { seat: 0 }],
      ['seat', { seat: -1, contribution }],
      ['contribution', { seat: 0, contribution: 5 }],
      ['bots', { bots: 1 }],
      ['bots', { bots: ['1'] }],
      ['views', { views: 'abc' }],
      ['views', { views: new Map([['1', 'x']]) }],
      ['summary', { summary: 5 }],
      ['summary', { summary: { players: 3, variants: {}, firstPlayer: null } }],
      ['summary', { summary: { players: '3', variants: {}, firstPlayer: null, fairness: { commitment } } }],
      ['summary', { summary: { players: 3, variants: null, firstPlayer: null, fairness: { commitment } } }],
      ['summary', { summary: { players: 3, variants: {}, firstPlayer: '0', fairness: { commitment } } }],
    ];
    for (const [name, options] of bad) {
      const result = await verifyRecord(record, commitment, options as never);
      expect(result, JSON.stringify(options)).toMatchObject({ ok: false, problem: 'format' });
      expect(result.ok ? '' : result.message, JSON.stringify(options)).toContain(name);
    }
    // What a page stores (`Array.from(map)`: pairs) is read as the map it came from, and checked.
    expect(await verifyRecord(record, commitment, { seen: pairs })).toMatchObject({ ok: true });
    const wrong = pairs.map(([k, v], i) => [k, i === 1 ? 'f'.repeat(64) : v] as [number, string]);
    expect(await verifyRecord(record, commitment, { seen: wrong })).toMatchObject({ ok: false, problem: 'log' });
  });

  it("a summary seen before joining: its commitment, players, variants and first player must be the record's", async () => {
    const { record, commitment } = fixture;
    const summary = { players: 3, variants: {}, firstPlayer: null, fairness: { commitment, nextCommitment: 'n' } };
    expect(await verifyRecord(record, commitment, { summary })).toMatchObject({ ok: true });
    const { firstPlayer: _f, ...noFirst } = summary;
    expect(await verifyRecord(record, commitment, { summary: noFirst as never })).toMatchObject({ ok: true });
    expect(await verifyRecord(record, commitment, { summary: { ...summary, fairness: { commitment: 'f'.repeat(64) } } })).toMatchObject({
      ok: false,
      problem: 'commitment',
    });
    for (const change of [{ players: 4 }, { variants: { middle: 'one-per-opponent' } }, { firstPlayer: 0 }])
      expect(await verifyRecord(record, commitment, { summary: { ...summary, ...change } as never })).toMatchObject({
        ok: false,
        problem: 'options',
      });
    const named = { ...record, options: { ...record.options, firstPlayer: 1 } };
    expect(await verifyRecord(named, commitment, { summary })).toMatchObject({ ok: false, problem: 'options' });
  });

  it('a record of a match whose creator chose the seed is not a fair record', async () => {
    const { record, commitment } = fixture;
    const { meta: _meta, ...plain } = record;
    expect(await verifyRecord(plain, commitment)).toMatchObject({ ok: false, problem: 'format' });
  });
});
