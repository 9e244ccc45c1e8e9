/**
 * Host processes (`for-the-king serve --postgres`) on one PostgreSQL (the throwaway cluster), with
 * real sockets on loopback and `kill -9`:
 * - two hosts, the four seats of a match half on each; one host is killed mid-game; its clients
 *   move to the other (their list of URLs) and finish; nothing acknowledged is lost or doubled;
 * - the same move sent by many clients through both hosts at once is applied once;
 * - the only host is killed mid-game and started again: every acknowledged action is there and
 *   the clients resync and finish.
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { ClientError } from '../../src/client/errors.js';
import { connectMatch, createMatch, joinMatch, type MatchClient } from '../../src/client/index.js';
import { type Action, type GameOptions, replay, score } from '../../src/index.js';
import { describePg, freshDatabase } from '../helpers/pg.js';
import { autoPlayer, until } from '../helpers/play.js';
import { kill9, spawnListening } from '../helpers/process.js';

const MAIN = join(import.meta.dirname, '..', '..', 'src', 'cli', 'main.ts');

interface HostProcess {
  readonly child: ChildProcess;
  readonly port: number;
  readonly http: string;
  readonly ws: string;
}

const children: ChildProcess[] = [];
const clients: MatchClient[] = [];

/** Starts `for-the-king serve --postgres url`; resolves once it listens. */
async function startHost(url: string, port = 0): Promise<HostProcess> {
  const serve = ['--import', 'tsx', MAIN, 'serve', '--postgres', url, '--port', String(port)];
  const { child, port: p } = await spawnListening(serve, /listening on http:\/\/127\.0\.0\.1:(\d+)/, { track: children });
  return { child, port: p, http: `http://127.0.0.1:${p}`, ws: `ws://127.0.0.1:${p}/ws` };
}

function connect(url: string | string[], match: string, token: string): MatchClient {
  const c = connectMatch({ url, match, token, WebSocket: WebSocket as never, minDelayMs: 50, maxDelayMs: 400 });
  clients.push(c);
  return c;
}

interface Logged {
  readonly seq: number;
  readonly action: Action;
  readonly by: 'seat' | 'bot' | 'timer';
}

async function storedLog(host: HostProcess, match: string, creatorToken: string): Promise<Logged[]> {
  const res = await fetch(`${host.http}/api/matches/${match}/log`, { headers: { authorization: `Bearer ${creatorToken}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { actions: Logged[] }).actions;
}

/** Every acknowledged action is in the log at its seq; the log is 1..n; each client saw each seq once; the score is the log's. */
function checkEnd(
  log: readonly Logged[],
  acked: ReadonlyMap<number, Action>,
  players: readonly { client: MatchClient; seen: number[] }[],
  options: GameOptions,
): void {
  const seqs = log.map((e) => e.seq);
  expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  for (const [seq, action] of acked) expect(log[seq - 1]?.action).toEqual(action);
  // Only an action whose acknowledgement died with its host may be in the log unacknowledged.
  expect(log.filter((e) => e.by === 'seat').length - acked.size).toBeLessThanOrEqual(players.length);
  const final = score(
    replay(
      options,
      log.map((e) => e.action),
    ),
  );
  for (const p of players) {
    expect(p.seen).toEqual(seqs);
    expect(p.client.view?.score).toEqual(final);
  }
}

describePg('host processes on one PostgreSQL', (adminUrl) => {
  let db: { url: string; drop: () => Promise<void> };
  beforeAll(async () => {
    db = await freshDatabase(adminUrl, 'processes');
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await Promise.all(children.map(kill9));
    await db?.drop();
  });

  it('two hosts, seats half on each; kill -9 of one mid-game: its clients move to the other and finish, nothing lost or doubled', async () => {
    const [a, b] = await Promise.all([startHost(db.url), startHost(db.url)]);
    const options = { players: 4 as const, seed: 'two-processes' };
    const { match, creatorToken } = await createMatch(a.http, { ...options, visibility: 'public' });
    const acked = new Map<number, Action>();
    const players: { client: MatchClient; seen: number[] }[] = [];
    for (let i = 0; i < 4; i++) {
      const { token } = await joinMatch(i % 2 === 0 ? a.http : b.http, match.id, { name: `P${i}` });
      const client = connect(i % 2 === 0 ? [a.ws, b.ws] : [b.ws, a.ws], match.id, token);
      players.push({ client, ...autoPlayer(client, acked) });
    }
    await until(() => players.every((p) => p.client.seq >= 20), 60_000, 'twenty moves').catch((e) => {
      throw new Error(`${e}: ${JSON.stringify(players.map((p) => [p.client.status, p.client.seq, p.client.view?.legal.length]))}`);
    });
    expect(players.map((p) => p.client.url)).toEqual([a.ws, b.ws, a.ws, b.ws]);
    await kill9(a.child);
    await until(() => players.every((p) => p.client.view?.step === 'over'), 120_000, 'the end of the match');
    expect(players.map((p) => p.client.url)).toEqual([b.ws, b.ws, b.ws, b.ws]);
    checkEnd(await storedLog(b, match.id, creatorToken), acked, players, options);
    await kill9(b.child);
  }, 240_000);

  it('the same move sent by many clients through both hosts at once is applied exactly once', async () => {
    const [a, b] = await Promise.all([startHost(db.url), startHost(db.url)]);
    const { match, creatorToken } = await createMatch(a.http, { visibility: 'public', players: 2, seed: 'race', firstPlayer: 0 });
    const { token } = await joinMatch(a.http, match.id, { name: 'Ada' });
    await joinMatch(b.http, match.id, { name: 'Bo' });
    const racers = Array.from({ length: 12 }, (_, i) => connect(i % 2 === 0 ? a.ws : b.ws, match.id, token));
    await until(() => racers.every((c) => c.status === 'open' && c.view !== null), 30_000, 'every racer connected');
    const action = racers[0]?.view?.legal[0] as Action;
    const results = await Promise.allSettled(racers.map((c) => c.send(action)));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toEqual([{ status: 'fulfilled', value: 1 }]);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as ClientError).code).toBe('STALE');
    const log = await storedLog(b, match.id, creatorToken);
    expect(log.map((e) => e.action)).toEqual([action]);
    await until(() => racers.every((c) => c.seq === 1), 30_000, 'every racer at seq 1');
    for (const c of racers) c.close();
    await Promise.all([kill9(a.child), kill9(b.child)]);
  }, 120_000);

  it('kill -9 of the only host; started again on the same port: every acknowledged action is there, the clients resync and finish', async () => {
    let host = await startHost(db.url);
    const port = host.port;
    const options = { players: 3 as const, seed: 'restart', bots: [null, 'heuristic', null] };
    const { match, creatorToken } = await createMatch(host.http, { ...options, visibility: 'public' });
    const acked = new Map<number, Action>();
    const players: { client: MatchClient; seen: number[] }[] = [];
    for (const name of ['Ada', 'Cy']) {
      const { token } = await joinMatch(host.http, match.id, { name });
      const client = connect(host.ws, match.id, token);
      players.push({ client, ...autoPlayer(client, acked) });
    }
    for (const at of [15, 40]) {
      await until(() => players.every((p) => p.client.seq >= at) || players[0]?.client.view?.step === 'over', 60_000, `seq ${at}`);
      if (players[0]?.client.view?.step === 'over') break;
      const before = Math.max(...players.map((p) => p.client.seq));
      await kill9(host.child);
      host = await startHost(db.url, port);
      await until(() => players.every((p) => p.client.status === 'open' && p.client.seq >= before), 60_000, 'the clients back');
    }
    await until(() => players.every((p) => p.client.view?.step === 'over'), 120_000, 'the end of the match');
    const log = await storedLog(host, match.id, creatorToken);
    expect(acked.size).toBeGreaterThan(10);
    checkEnd(log, acked, players, { players: 3, seed: 'restart' });
    expect(log.length).toBeGreaterThan(acked.size); // the bot's moves are in the log too
    await kill9(host.child);
  }, 240_000);
});
