/**
 * Provably fair deals against a cheating host: a real host on loopback whose store or views are
 * tampered with in the test, played with real clients and verified as docs/server.md says. Each
 * cheat verified before the fix (a bot seat's contribution ground after the people's, the first
 * player named after the deal is known, a seat shown another card than the deal holds).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMatch, fetchRecord, getMatch, joinMatch, type MatchClient, reassignSeat, verifyRecord } from '../../src/client/index.js';
import { CARDS, createGame, type GameOptions, type PlayerView, replay, view } from '../../src/index.js';
import { canonicalJson, fairSeed } from '../../src/protocol/fairness.js';
import { ViewParts } from '../../src/server/host/view-parts.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import type { FairnessRecord, MatchPatch } from '../../src/server/store/store.js';
import { autoPlay, connect, type Served, serve, until } from '../helpers/friends.js';

/** A view as the fair-view digest reads it: canonical JSON, `legal` left out. */
function text(v: PlayerView): string {
  const { legal: _legal, ...rest } = v;
  return canonicalJson(rest);
}

/** How a store's deal patch is changed by a cheat (its fairness and options are the deal's). */
type Cheat = (patch: MatchPatch & { readonly options: GameOptions; readonly fairness: FairnessRecord }) => Promise<MatchPatch>;

/** A memory store whose deal patch (the one that sets `startedAt` with the seed) goes through `cheat`. */
function cheatingStore(cheat: () => Cheat | null): MemoryStore {
  const store = new MemoryStore();
  const update = store.updateMatch.bind(store);
  store.updateMatch = async (id, expected, patch) => {
    const c = cheat();
    if (c !== null && typeof patch.startedAt === 'number' && patch.options !== undefined && patch.fairness) {
      patch = await c(patch as Parameters<Cheat>[0]);
    }
    return update(id, expected, patch);
  };
  return store;
}

/** The cheat of a host that gives bot seat `seat` a contribution of its own once it has the people's (and deals from it). */
function grindBot(seat: number): Cheat {
  return async (patch) => {
    const contributions = [...patch.fairness.contributions];
    contributions[seat] = 'ground-after-the-people';
    const seed = await fairSeed(patch.fairness.secret, contributions);
    return { ...patch, options: { ...patch.options, seed }, fairness: { ...patch.fairness, contributions } };
  };
}

/** Plays `clients` to the end. */
async function playOut(clients: readonly MatchClient[]): Promise<void> {
  const stops = clients.map((cl) => autoPlay(cl));
  await until(() => clients.every((cl) => cl.view?.step === 'over'), 60_000, 'the end');
  for (const stop of stops) stop();
}

describe('fair deals against a cheating host', () => {
  let s: Served;
  let cheat: Cheat | null = null;
  const clients: MatchClient[] = [];
  beforeAll(async () => {
    s = await serve(async () => cheatingStore(() => cheat));
  });
  afterEach(() => {
    cheat = null;
    for (const cl of clients.splice(0)) cl.close();
  });
  afterAll(async () => {
    await s.close();
  });

  /** A 3-seat fair match (seat 1 a bot) played to the end by two people; what each kept. */
  async function play(versions: readonly number[] = [3, 3]) {
    const { match, invite } = await createMatch(s.base, { players: 3, bots: [null, 'heuristic', null] });
    const summary = await getMatch(s.base, match.id); // kept before joining
    const commitment = summary.fairness?.commitment as string;
    const joins: Awaited<ReturnType<typeof joinMatch>>[] = [];
    const texts = [new Map<number, string>(), new Map<number, string>()];
    const cls: MatchClient[] = [];
    // Ada connects before Cy takes the last seat (she sees the deal); Cy after it.
    for (const [i, name] of ['Ada', 'Cy'].entries()) {
      const j = await joinMatch(s.base, match.id, { name, invite });
      const cl = connect(s.ws, match.id, j.token);
      cl.version = versions[i] ?? 3;
      cl.on('view', (v, seq) => (texts[i] as Map<number, string>).set(seq, text(v)));
      clients.push(cl);
      joins.push(j);
      cls.push(cl);
      await until(() => cl.status === 'open', 10_000, 'the welcome');
    }
    await playOut(cls);
    const record = await fetchRecord(s.base, match.id, joins[0]?.token as string);
    const verify = async (i: number) => {
      const j = joins[i] as (typeof joins)[number];
      const f = (cls[i] as MatchClient).table.fairness;
      await f?.settled?.();
      return verifyRecord(record, commitment, {
        seen: f?.digests,
        views: f?.views,
        bots: f?.bots ?? undefined,
        summary,
        seat: j.seat,
        contribution: j.contribution,
      });
    };
    return { record, summary, commitment, joins, clients: cls, texts, verify };
  }

  it("the client's view at each seq is the engine's view of the replayed record (protocol versions 2 and 3)", async () => {
    const { record, joins, texts, verify, clients: cls } = await play([2, 3]);
    expect(cls.map((c) => c.version)).toEqual([2, 3]);
    for (const [i, j] of joins.entries()) {
      const want = new Map<number, string>([[0, text(view(createGame(record.options), j.seat))]]);
      replay(record.options, record.actions, (k, _a, state) => want.set(k + 1, text(view(state, j.seat))));
      const got = texts[i] as Map<number, string>;
      expect(got.size).toBeGreaterThan(record.actions.length / 2);
      for (const [seq, t] of got) expect(t, `seat ${j.seat} at seq ${seq}`).toBe(want.get(seq));
      expect(await verify(i)).toMatchObject({ ok: true, over: true, actions: record.actions.length });
    }
  }, 90_000);

  it("a bot seat's contribution ground by the host after the people's is rejected (contribution)", async () => {
    cheat = grindBot(1);
    const { clients: cls, verify } = await play();
    // Ada saw the deal; Cy took the last seat, and saw it only if no bot moved before his welcome.
    expect(cls[0]?.table.fairness?.bots).toEqual([1]);
    expect(await verify(0)).toMatchObject({ ok: false, problem: 'contribution' });
    // Cy without the seats of the deal falls back on the summary's, which show the bot.
    expect(await verify(1)).toMatchObject({ ok: false, problem: 'contribution' });
  }, 90_000);

  it("a client whose connection dropped at the deal still knows which seats were bots (the seats it saw before), and the summary's seats stand in for a client that saw none", async () => {
    cheat = grindBot(1);
    const { match, invite } = await createMatch(s.base, { players: 3, bots: [null, 'heuristic', null] });
    const summary = await getMatch(s.base, match.id);
    const commitment = summary.fairness?.commitment as string;
    const ada = await joinMatch(s.base, match.id, { name: 'Ada', invite });
    const a = connect(s.ws, match.id, ada.token);
    clients.push(a);
    await until(() => a.status === 'open' && a.table.fairness !== null, 10_000, "Ada's welcome");
    // Ada's connection drops; Cy takes the last seat (the deal) while she is away.
    (a as unknown as { socket: { close(): void } | null }).socket?.close();
    const cy = await joinMatch(s.base, match.id, { name: 'Cy', invite });
    const c = connect(s.ws, match.id, cy.token);
    clients.push(c);
    await until(() => a.status === 'open' && c.status === 'open' && a.view !== null, 10_000, 'both at the table');
    await playOut([a, c]);
    expect(a.table.fairness?.bots).toEqual([1]);
    const record = await fetchRecord(s.base, match.id, ada.token);
    const f = a.table.fairness;
    await f?.settled();
    const options = { seen: f?.digests, views: f?.views, bots: f?.bots ?? undefined, seat: ada.seat, contribution: ada.contribution };
    expect(await verifyRecord(record, commitment, options)).toMatchObject({ ok: false, problem: 'contribution' });
    // Without the seats of the deal, the summary's.
    expect(await verifyRecord(record, commitment, { ...options, bots: undefined, summary })).toMatchObject({
      ok: false,
      problem: 'contribution',
    });
    // Neither: nothing to check the bot against (as documented).
    expect(await verifyRecord(record, commitment, { ...options, bots: undefined })).toMatchObject({ ok: true });
  }, 90_000);

  it('a bot that completes the table is seen as a bot at the deal: the seats are pushed before the cards (contribution)', async () => {
    cheat = grindBot(2);
    const { match, invite, creatorToken } = await createMatch(s.base, { players: 3, bots: [null, null, null] });
    const commitment = match.fairness?.commitment as string;
    const joins = [await joinMatch(s.base, match.id, { name: 'Ada', invite }), await joinMatch(s.base, match.id, { name: 'Cy', invite })];
    const cls = joins.map((j) => connect(s.ws, match.id, j.token));
    clients.push(...cls);
    await until(() => cls.every((cl) => cl.status === 'open' && cl.table.fairness !== null), 10_000, 'the welcomes');
    await reassignSeat(s.base, match.id, creatorToken, 2, 'heuristic');
    await playOut(cls);
    const record = await fetchRecord(s.base, match.id, joins[0]?.token as string);
    for (const [i, cl] of cls.entries()) {
      expect(cl.table.fairness?.bots).toEqual([2]);
      const j = joins[i] as (typeof joins)[number];
      const bots = cl.table.fairness?.bots ?? undefined;
      expect(await verifyRecord(record, commitment, { bots, seat: j.seat, contribution: j.contribution })).toMatchObject({
        ok: false,
        problem: 'contribution',
      });
    }
  }, 90_000);

  it('a first player named by the host once it knows the deal is rejected (options)', async () => {
    cheat = async (patch) => {
      const first = createGame(patch.options).firstPlayer;
      return { ...patch, options: { ...patch.options, firstPlayer: (first + 1) % 3 } };
    };
    const { summary, verify, record } = await play();
    expect(summary.firstPlayer).toBeNull();
    expect(record.options.firstPlayer).toBeTypeOf('number');
    for (const i of [0, 1]) expect(await verify(i)).toMatchObject({ ok: false, problem: 'options' });
  }, 90_000);

  it('a seat shown another drawn card than the deal holds is rejected (views)', async () => {
    const honest = ViewParts.prototype.view;
    let lied = 0;
    ViewParts.prototype.view = function (this: ViewParts, state, viewer) {
      const v = honest.call(this, state, viewer);
      const shown = v.drawn;
      if (viewer !== 0 || shown === null) return v;
      lied++;
      const other = CARDS.find((c) => c.kind === shown.kind && c.id !== shown.id) ?? shown;
      return Object.freeze({ ...v, drawn: other });
    };
    try {
      const { verify } = await play();
      expect(lied).toBeGreaterThan(0);
      expect(await verify(0)).toMatchObject({ ok: false, problem: 'views' });
      expect(await verify(1)).toMatchObject({ ok: true, over: true });
    } finally {
      ViewParts.prototype.view = honest;
    }
  }, 90_000);
});
