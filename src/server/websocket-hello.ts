/**
 * A WebSocket connection's hello, for `websocket-messages.ts`: the session it opens, the
 * subscription, and the welcome in the protocol version the hello asked for.
 * @module
 */
import type { PlayerView } from '../index.js';
import type { ClientMessage } from '../protocol/client-messages.js';
import { viewForVersion } from '../protocol/compact.js';
import type { Clock, EventsAt } from '../protocol/server-messages.js';
import type { News, Subscription } from './host/types.js';
import type { MatchHost } from './host.js';
import type { Connection } from './websocket-connection.js';

/**
 * Opens the session and subscribes. A version 2 client is welcomed at once (before a fair deal
 * with `view: null`, then `started`) and pushed the news; a version 1 client is welcomed once
 * the deal is made, and pushed updates only.
 */
export async function hello(host: MatchHost, c: Connection, m: Extract<ClientMessage, { type: 'hello' }>): Promise<void> {
  const session = await host.open(m.match, m.token, await c.account);
  const v2 = m.v >= 2;
  const welcome = (sub: Subscription, seq: number, updates: readonly EventsAt[], view: PlayerView | null, clock: Partial<Clock>): void => {
    const t = sub.table;
    c.send({
      type: 'welcome',
      v: m.v,
      match: session.matchId,
      seat: session.viewer,
      seq,
      updates,
      view: view === null ? null : viewForVersion(view, m.v),
      ...clock,
      ...(v2
        ? {
            started: view !== null,
            seats: t.seats,
            awayMs: t.awayMs,
            turnTimeMs: t.turnTimeMs,
            chat: t.chat,
            rematch: t.rematch,
            fairness: t.fairness,
          }
        : {}),
    });
  };
  let sub: Subscription | null = null;
  let welcomed = false;
  let early: News[] | null = []; // news pushed before the welcome went out
  const news = (n: News): void => {
    if (early !== null) early.push(n);
    else if (v2) c.send(n.type === 'started' ? { ...n, view: viewForVersion(n.view, m.v) } : n);
    else if (n.type === 'started' && sub !== null && !welcomed) {
      welcomed = true;
      welcome(sub, n.seq, [], n.view, { deadline: n.deadline, remainingMs: n.remainingMs });
    }
  };
  c.version = m.v;
  let revoked = false;
  sub = await host.subscribe(session, m.after, {
    version: m.v,
    send: (u) => c.sendText(u.frame(c.version)),
    revoked: () => {
      // Frames the client sends before it reads the close are not this seat's any more.
      revoked = true;
      c.session = null;
      c.send({ type: 'revoked' });
      c.close(4001, 'seat reassigned');
    },
    news,
  });
  if (!revoked) c.session = session;
  c.stop = sub.stop;
  const sync = sub.sync;
  if (sync !== null) {
    welcomed = true;
    welcome(sub, sync.seq, sync.updates, sync.view, { deadline: sync.deadline, remainingMs: sync.remainingMs });
  } else if (v2) welcome(sub, 0, [], null, {});
  const pending = early;
  early = null;
  for (const n of pending) news(n);
  if (c.ws.readyState !== c.ws.OPEN) sub.stop();
}
