/**
 * Seat recovery (issue #30 item 4), over the HTTP lobby on real sockets and every store: the
 * creator, and nobody else, hands a seat whose player has been away longer than the set time to
 * a bot and back to a person (a new token), and sets the turn time; each change is logged and
 * told to the table in the chat.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ClientError, createMatch, getMatch, joinMatch, reassignSeat, reissueSeat, setTurnTime } from '../../src/client/index.js';
import { MatchHost } from '../../src/server/host.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import { autoPlay, connect, forEachStore, type Served, serve, until } from '../helpers/friends.js';

const AWAY_MS = 400;

forEachStore('seat recovery', (makeStore) => {
  let s: Served;
  const logged: string[] = [];
  beforeAll(async () => {
    s = await serve(makeStore, { awayMs: AWAY_MS, log: (m) => logged.push(m) });
  });
  afterAll(async () => {
    await s.close();
  });

  it('a player who lost their token: refused while they are there or briefly away; then to a bot, and back to them with a new token', async () => {
    const { match, invite, creatorToken } = await createMatch(s.base, { players: 2, seed: 'recover', firstPlayer: 0 });
    const a = await joinMatch(s.base, match.id, { name: 'Ada', invite });
    const b = await joinMatch(s.base, match.id, { name: 'Bo', invite });
    const ca = connect(s.ws, match.id, a.token);
    const cb = connect(s.ws, match.id, b.token);
    await until(() => ca.connected?.[1] === true, 10_000, 'both connected');
    const refused = async (p: Promise<unknown>): Promise<string> =>
      (await p.then(
        () => 'accepted',
        (e: ClientError) => e.code,
      )) as string;
    // Bo is there: nobody may take his seat, and only the creator may try.
    expect(await refused(reassignSeat(s.base, match.id, creatorToken, 1, 'heuristic'))).toBe('SEAT_TAKEN');
    for (const token of [a.token, b.token, invite]) {
      expect(await refused(reassignSeat(s.base, match.id, token, 1, 'heuristic'))).toBe('FORBIDDEN');
      expect(await refused(reissueSeat(s.base, match.id, token, 1))).toBe('FORBIDDEN');
      expect(await refused(setTurnTime(s.base, match.id, token, 5000))).toBe('FORBIDDEN');
    }
    // Bo clears his storage: the connection drops and the token is gone. Not long enough yet:
    cb.close();
    await until(() => ca.connected?.[1] === false, 10_000, "Bo's drop");
    expect(await refused(reassignSeat(s.base, match.id, creatorToken, 1, 'heuristic'))).toBe('SEAT_TAKEN');
    await new Promise((r) => setTimeout(r, AWAY_MS + 100));
    const handed = await reassignSeat(s.base, match.id, creatorToken, 1, 'heuristic');
    expect(handed.seats[1]).toMatchObject({ kind: 'bot', bot: 'heuristic', connected: true });
    await until(() => ca.table.seats?.[1]?.kind === 'bot', 10_000, 'the seat pushed as a bot');
    await until(() => ca.table.chat.some((l) => l.notice?.what === 'bot'), 10_000, 'the notice in the chat');
    expect(ca.table.chat.find((l) => l.notice?.what === 'bot')).toMatchObject({
      from: 'host',
      notice: { what: 'bot', seat: 1, bot: 'heuristic' },
    });
    expect(logged.some((l) => l.includes(match.id) && l.includes('handed seat 2 (Bo) to a bot (heuristic)'))).toBe(true);
    // The bot plays for Bo while Ada plays.
    const stopA = autoPlay(ca);
    await until(() => (ca.seq ?? 0) >= 6, 20_000, 'a few moves with the bot');
    stopA();
    // Bo is back on another device: the creator gives seat 1 a new token; the old one is void.
    const fresh = await reissueSeat(s.base, match.id, creatorToken, 1, 'Bo');
    expect(fresh.seat).toBe(1);
    expect((await getMatch(s.base, match.id)).seats[1]).toMatchObject({ name: 'Bo', kind: 'person', bot: null });
    const old = await fetch(`${s.base}/api/matches/${match.id}/sync?after=0`, { headers: { authorization: `Bearer ${b.token}` } });
    expect(old.status).toBe(401);
    const cb2 = connect(s.ws, match.id, fresh.token);
    await until(() => cb2.view !== null && ca.connected?.[1] === true, 10_000, 'Bo back');
    expect(logged.some((l) => l.includes('gave seat 2 a new token'))).toBe(true);
    const stops = [autoPlay(ca), autoPlay(cb2)];
    const at = ca.seq;
    await until(() => ca.seq >= at + 4, 20_000, 'play going on with Bo back');
    for (const stop of stops) stop();
    ca.close();
    cb2.close();
  }, 60_000);

  it('the creator sets, changes and turns off the turn time of a running match; told in the chat', async () => {
    const { match, invite, creatorToken } = await createMatch(s.base, { players: 2, seed: 'timer', firstPlayer: 0 });
    await joinMatch(s.base, match.id, { name: 'Ada', invite });
    await joinMatch(s.base, match.id, { name: 'Bo', invite });
    expect((await setTurnTime(s.base, match.id, creatorToken, 30_000)).turnTimeMs).toBe(30_000);
    expect((await setTurnTime(s.base, match.id, creatorToken, null)).turnTimeMs).toBeNull();
    await expect(setTurnTime(s.base, match.id, creatorToken, 5)).rejects.toMatchObject({ code: 'BAD_OPTIONS' });
    const chat = await fetch(`${s.base}/api/matches/${match.id}/sync?after=0`).then((r) => r.status);
    expect(chat).toBe(403); // no spectators here: the chat and the game are the seats' only
    expect(logged.filter((l) => l.includes(match.id) && l.includes('turn time'))).toHaveLength(2);
  });

  it("the welcome says the host's away time and each seat how long its player is away; once that time is up by the client's own clock, the host takes the hand-over", async () => {
    const { match, invite, creatorToken } = await createMatch(s.base, { players: 4, bots: [null, null, 'random', null], seed: 'away' });
    const a = await joinMatch(s.base, match.id, { name: 'Ada', invite });
    const b = await joinMatch(s.base, match.id, { name: 'Bo', invite });
    const ca = connect(s.ws, match.id, a.token);
    const cb = connect(s.ws, match.id, b.token);
    // Presence is eventually consistent (leases written to the store, heard back): wait for both seats.
    await until(() => ca.connected?.[0] === true && ca.connected?.[1] === true, 10_000, 'both connected');
    expect(ca.table.awayMs).toBe(AWAY_MS);
    // Nobody is away: a connected person, a bot, an open seat.
    expect(ca.table.seats?.map((x) => x.awayForMs)).toEqual([null, null, null, null]);
    expect(ca.table.awaySince).toEqual([null, null, null, null]);
    cb.close();
    await until(() => ca.connected?.[1] === false, 10_000, "Bo's drop");
    const told = ca.table.seats?.[1]?.awayForMs;
    expect(typeof told === 'number' && told >= 0 && told < AWAY_MS * 25).toBe(true);
    const since = ca.table.awaySince[1];
    expect(typeof since).toBe('number');
    expect(ca.table.awaySince.filter((x) => x !== null)).toHaveLength(1);
    // A page opened later is told the time away so far, not a fresh start.
    await new Promise((r) => setTimeout(r, 150));
    const later = connect(s.ws, match.id, a.token);
    await until(() => later.status === 'open', 10_000, 'a second page of Ada');
    expect(later.table.seats?.[1]?.awayForMs).toBeGreaterThanOrEqual(150);
    later.close();
    // When the client's countdown ends, the host takes it (the client's estimate errs on the late side).
    const readyAt = (since as number) + (ca.table.awayMs as number);
    await new Promise((r) => setTimeout(r, Math.max(0, readyAt - Date.now())));
    expect((await reassignSeat(s.base, match.id, creatorToken, 1, 'heuristic')).seats[1]?.kind).toBe('bot');
    await until(() => ca.table.seats?.[1]?.kind === 'bot', 10_000, 'the seat pushed as a bot');
    expect(ca.table.awaySince[1]).toBeNull();
    ca.close();
  });

  it('a seat whose player left (or an open seat) is handed over at once; an unknown seat is NOT_FOUND', async () => {
    const { match, invite, creatorToken } = await createMatch(s.base, { players: 3, seed: 'left', firstPlayer: 0 });
    const a = await joinMatch(s.base, match.id, { name: 'Ada', invite });
    const ca = connect(s.ws, match.id, a.token);
    await until(() => ca.status === 'open', 10_000, 'Ada connected');
    await ca.leave();
    expect((await reassignSeat(s.base, match.id, creatorToken, 0, 'random')).seats[0]?.kind).toBe('bot');
    expect((await reassignSeat(s.base, match.id, creatorToken, 2, 'random')).seats[2]?.kind).toBe('bot');
    await expect(reassignSeat(s.base, match.id, creatorToken, 7, 'random')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

it('the away time is a whole number of milliseconds from 0, else a RangeError', () => {
  const store = new MemoryStore();
  for (const awayMs of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => new MatchHost({ store, awayMs })).toThrow(RangeError);
  expect(() => new MatchHost({ store, awayMs: 0 })).not.toThrow();
});
