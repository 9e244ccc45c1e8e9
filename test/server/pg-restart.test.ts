/**
 * PostgreSQL restarted under two host processes (`pg_ctl restart -m immediate`: a crash and a
 * recovery) in the middle of three matches, twice: the hosts reconnect (their pools and their
 * LISTEN connections), the clients see errors or delays, and at the end every acknowledged action
 * is in the log at its seq, none is there twice, every client saw every seq once, and every log
 * replays to the score its clients saw. One host runs under Node, the other under Bun (its own
 * `ws` and sockets, the same `pg`): two runtimes on one database. A cluster of its own
 * (test/helpers/postgres.sh start), so that the restarts disturb no other test; it runs wherever
 * the PostgreSQL tests run (CI).
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { connectMatch, createMatch, joinMatch, type MatchClient } from '../../src/client/index.js';
import { type Action, replay, score } from '../../src/index.js';
import { describePg } from '../helpers/pg.js';
import { autoPlayer, until } from '../helpers/play.js';
import { kill9, spawnListening } from '../helpers/process.js';
import { HOST_RUNTIMES } from './fixtures/runtimes.js';

const MAIN = join(import.meta.dirname, '..', '..', 'src', 'cli', 'main.ts');
const CLUSTER = join(import.meta.dirname, '..', 'helpers', 'postgres.sh');

const children: ChildProcess[] = [];
const clients: MatchClient[] = [];

describePg('PostgreSQL restarted under two hosts', () => {
  let url = '';
  let dir = '';
  beforeAll(() => {
    const started = spawnSync('bash', [CLUSTER, 'start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const m = /FTK_PG_URL=(\S+) FTK_PG_DIR=(\S+)/.exec(started.stdout ?? '');
    if (started.status !== 0 || m === null) throw new Error(`could not start a cluster: ${started.stderr}`);
    url = m[1] as string;
    dir = m[2] as string;
  }, 120_000);
  afterAll(async () => {
    for (const c of clients) c.close();
    await Promise.all(children.map(kill9));
    if (dir !== '') spawnSync('bash', [CLUSTER, 'stop', dir], { stdio: 'ignore' });
  }, 60_000);

  it('pg_ctl restart -m immediate, twice, mid-game: nothing acknowledged is lost, nothing applied twice, every client finishes', async () => {
    const hosts = await Promise.all(
      HOST_RUNTIMES.map(async (runtime) => {
        const args = [...runtime.prefix, MAIN, 'serve', '--postgres', url, '--port', '0'];
        const { child, port } = await spawnListening(args, /listening on http:\/\/127\.0\.0\.1:(\d+)/, {
          track: children,
          command: runtime.command,
        });
        return { child, http: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}/ws` };
      }),
    );
    const [a, b] = hosts as [(typeof hosts)[0], (typeof hosts)[0]];
    const games: {
      id: string;
      creatorToken: string;
      seed: string;
      acked: Map<number, Action>;
      players: { client: MatchClient; seen: number[] }[];
    }[] = [];
    for (let g = 0; g < 3; g++) {
      const seed = `restart-${g}`;
      const { match, creatorToken } = await createMatch(a.http, { visibility: 'public', players: 4, seed });
      const acked = new Map<number, Action>();
      const players: { client: MatchClient; seen: number[] }[] = [];
      for (let i = 0; i < 4; i++) {
        const { token } = await joinMatch(i % 2 === 0 ? a.http : b.http, match.id, { name: `P${i}` });
        const client = connectMatch({
          url: i % 2 === 0 ? [a.ws, b.ws] : [b.ws, a.ws],
          match: match.id,
          token,
          WebSocket: WebSocket as never,
          minDelayMs: 50,
          maxDelayMs: 500,
          timeoutMs: 60_000,
        });
        clients.push(client);
        players.push({ client, ...autoPlayer(client, acked) });
      }
      games.push({ id: match.id, creatorToken, seed, acked, players });
    }
    const all = games.flatMap((g) => g.players);
    for (const at of [15, 45]) {
      await until(() => all.every((p) => p.client.seq >= at || p.client.view?.step === 'over'), 120_000, `every client at seq ${at}`);
      const r = spawnSync('bash', [CLUSTER, 'restart', dir], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
    }
    await until(() => all.every((p) => p.client.view?.step === 'over'), 180_000, 'the end of every match');
    // Both hosts lived through the restarts (a lost connection is no reason to die).
    expect([a.child.exitCode, b.child.exitCode]).toEqual([null, null]);

    for (const g of games) {
      const res = await fetch(`${b.http}/api/matches/${g.id}/log`, { headers: { authorization: `Bearer ${g.creatorToken}` } });
      expect(res.status).toBe(200);
      const log = ((await res.json()) as { actions: { seq: number; action: Action }[] }).actions;
      const seqs = log.map((e) => e.seq);
      expect(seqs).toEqual(seqs.map((_, i) => i + 1)); // no gap, none twice
      expect(g.acked.size).toBeGreaterThan(10);
      for (const [seq, action] of g.acked) expect(log[seq - 1]?.action).toEqual(action);
      const final = score(
        replay(
          { players: 4, seed: g.seed },
          log.map((e) => e.action),
        ),
      );
      for (const p of g.players) {
        expect(p.seen).toEqual(seqs);
        expect(p.client.view?.score).toEqual(final);
      }
    }
  }, 420_000);
});
