/**
 * What the host tests share: waiting for a condition, playing a client automatically, watching a
 * seat through the host core, and `kill -9`.
 */
import { expect } from 'vitest';
import type { MatchClient } from '../../src/client/index.js';
import type { Action } from '../../src/index.js';
import { HostError } from '../../src/protocol/errors.js';
import type { MatchHost, Session, Update } from '../../src/server/index.js';

/** Resolves once `cond()` holds (polling every few milliseconds); rejects after `ms`, naming `what`. */
export async function until(cond: () => boolean, ms = 60_000, what = 'a condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 3));
  }
}

/**
 * Plays a legal action whenever the client may (`pick` chooses; default: varies with the seq)
 * and records each seq's events and what the host acknowledged (each seq acknowledged once).
 * After a refusal it waits for a new view or `retryMs`, as a person would, so it never floods.
 */
export function autoPlayer(
  client: MatchClient,
  acked: Map<number, Action>,
  pick: (legal: readonly Action[], seq: number) => Action = (legal, seq) => legal[(seq * 5) % legal.length] as Action,
  retryMs = 100,
): { seen: number[] } {
  const seen: number[] = [];
  let busy = false;
  const tryMove = (): void => {
    const v = client.view;
    if (busy || v === null || v.legal.length === 0 || client.status !== 'open') return;
    busy = true;
    const action = pick(v.legal, client.seq);
    client
      .send(action)
      .then((seq) => {
        if (acked.has(seq)) throw new Error(`seq ${seq} acknowledged twice`);
        acked.set(seq, action);
        busy = false;
        setTimeout(tryMove, 1); // the update may have come before the acknowledgement
      })
      .catch(() => {
        setTimeout(() => {
          busy = false;
          tryMove();
        }, retryMs);
      });
  };
  client.on('events', (u) => seen.push(u.seq));
  client.on('view', () => setTimeout(tryMove, 1));
  client.on('status', (s) => {
    if (s === 'open') setTimeout(tryMove, 1);
  });
  return { seen };
}

/** A seat watched through the host core: its session, every update pushed, its seq and view now. */
export interface WatchedSeat {
  readonly host: MatchHost;
  readonly session: Session;
  readonly token: string;
  readonly updates: Update[];
  seq: number;
  view: Update['view'];
}

/** Joins a seat through `host` (seat `seatNo`, else the first open one), opens it and subscribes from the start. */
export async function watchSeat(host: MatchHost, matchId: string, name: string, seatNo?: number): Promise<WatchedSeat> {
  const { token } = await host.join(matchId, seatNo === undefined ? { name } : { name, seat: seatNo });
  const session = await host.open(matchId, token);
  const p: WatchedSeat = { host, session, token, updates: [], seq: 0, view: null as unknown as Update['view'] };
  const { sync } = await host.subscribe(session, 0, {
    send: (u) => {
      p.updates.push(u);
      p.seq = u.seq;
      p.view = u.view;
    },
    revoked: () => undefined,
  });
  if (sync === null) throw new Error('the match has not started: give it a seed, or take every seat first');
  p.seq = sync.seq;
  p.view = sync.view;
  return p;
}

/** The {@link HostError} that `p` rejects with; fails when it resolves or rejects with anything else. */
export async function refusal(p: Promise<unknown>): Promise<HostError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof HostError) return e;
    throw e;
  }
  throw new Error('expected a HostError');
}

/**
 * Plays the session's seat (its first legal action each time) until it has nothing to play, a
 * bot being to move; expects each action acknowledged with the next seq. Resolves with the seq of
 * its last action (0 if none).
 */
export async function playUntilOthersMove(host: MatchHost, session: Session): Promise<number> {
  let played = 0;
  for (;;) {
    const { view, seq } = await host.sync(session, 0);
    if (view.legal.length === 0) return played;
    expect(await host.submit(session, view.legal[0] as Action, seq)).toEqual({ seq: seq + 1 });
    played = seq + 1;
  }
}
