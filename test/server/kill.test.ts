/**
 * kill -9 of the host process mid-game, with the embedded store: after the restart every
 * acknowledged action is in the log, and the clients (which reconnect by themselves) resync and
 * play on, each seeing every seq exactly once. Real processes, real sockets on loopback; the host
 * under Node, and under Bun (its own `ws`, its own file system calls).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { connectMatch, createMatch, joinMatch } from '../../src/client/index.js';
import { type Action, replay, score } from '../../src/index.js';
import { autoPlayer, until } from '../helpers/play.js';
import { kill9 } from '../helpers/process.js';
import { HOST_RUNTIMES, type HostRuntime, startFixture } from './fixtures/runtimes.js';

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

/** Plays a match across `kills` kill -9 restarts of a host process started under `runtime` with `args(port)`. */
async function killAndResume(runtime: HostRuntime, args: (port: number) => string[], kills: number): Promise<void> {
  let { child, port } = await startFixture(runtime, args(0), children);
  const base = `http://127.0.0.1:${port}`;
  const wsUrl = `ws://127.0.0.1:${port}/ws`;
  const { match, creatorToken } = await createMatch(base, {
    visibility: 'public',
    players: 3,
    seed: 'kill-9',
    bots: [null, 'heuristic', null],
  });
  const a = await joinMatch(base, match.id, { name: 'Ada' });
  const c = await joinMatch(base, match.id, { name: 'Cy' });
  const acked = new Map<number, Action>();
  const opts = { url: wsUrl, match: match.id, WebSocket: WebSocket as never, minDelayMs: 50, maxDelayMs: 300 };
  const ca = connectMatch({ ...opts, token: a.token });
  const cc = connectMatch({ ...opts, token: c.token });
  // Pass when one may (short auctions), else the first legal action.
  const passFirst = (legal: readonly Action[]): Action => legal.find((x) => x.type === 'pass') ?? (legal[0] as Action);
  const pa = autoPlayer(ca, acked, passFirst);
  const pc = autoPlayer(cc, acked, passFirst);
  for (let k = 0; k < kills; k++) {
    const at = 15 + 25 * k;
    await until(() => ca.seq >= at || ca.view?.step === 'over');
    if (ca.view?.step === 'over') break;
    await kill9(child);
    const before = ca.seq;
    ({ child } = await startFixture(runtime, args(port), children));
    await until(() => ca.status === 'open' && cc.status === 'open' && ca.seq >= before);
  }
  await until(() => ca.view?.step === 'over' && cc.view?.step === 'over', 120_000);
  const res = await fetch(`${base}/api/matches/${match.id}/log`, { headers: { authorization: `Bearer ${creatorToken}` } });
  const log = (await res.json()) as { actions: { seq: number; action: Action }[] };
  const bySeq = new Map(log.actions.map((e) => [e.seq, e.action]));
  // Every acknowledged action is in the log, at its seq.
  expect(acked.size).toBeGreaterThan(10);
  for (const [seq, action] of acked) expect(bySeq.get(seq)).toEqual(action);
  const seqs = log.actions.map((e) => e.seq);
  expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  // Each client saw each seq once, none missed.
  expect(pa.seen).toEqual(seqs);
  expect(pc.seen).toEqual(seqs);
  const final = replay(
    { players: 3, seed: 'kill-9' },
    log.actions.map((e) => e.action),
  );
  expect(ca.view?.score).toEqual(score(final));
  expect(cc.view?.score).toEqual(score(final));
  ca.close();
  cc.close();
  await kill9(child);
}

describe.each(HOST_RUNTIMES)('kill -9 of the host mid-game, under $name', (runtime) => {
  const dir = mkdtempSync(join(tmpdir(), 'ftk-kill-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('embedded store: every acknowledged action survives two kills; the clients resync and finish', async () => {
    await killAndResume(runtime, (port) => ['file', dir, String(port)], 2);
  }, 240_000);
});
