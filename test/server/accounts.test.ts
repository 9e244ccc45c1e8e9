/**
 * Accounts (issue #30 item 5), on real sockets and every store: an app's `authenticate` hook
 * names the account behind a request (here a signed cookie, as in docs/server.md), `canCreate`
 * and `canJoin` decide who may create and join, a seat joined by an account opens from another
 * device without its token (HTTP and WebSocket), and the creator's account makes the creator's
 * calls.
 */
import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { connectMatch, type MatchClient } from '../../src/client/index.js';
import { forEachStore, type Served, serve, until } from '../helpers/friends.js';

const KEY = 'test-key';
const sign = (id: string): string => `session=${encodeURIComponent(`${id}.${createHmac('sha256', KEY).update(id).digest('base64url')}`)}`;

/** The app's check: a cookie `session=<id>.<HMAC>`; `boom` makes the hook throw. */
function authenticate(req: IncomingMessage): { id: string; name?: string } | null {
  const value = /(?:^|;\s*)session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  if (value === undefined) return null;
  const [id = '', sig = ''] = decodeURIComponent(value).split('.');
  if (id === 'boom') throw new Error('the session store is down');
  return sig === createHmac('sha256', KEY).update(id).digest('base64url') ? { id, name: `User ${id}` } : null;
}

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

async function call(base: string, method: string, path: string, cookie: string | null, body?: unknown, token?: string): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (cookie !== null) headers.cookie = cookie;
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}/api${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A client whose WebSocket sends `cookie` with its upgrade request (another device of the same account). */
function connectAs(ws: string, match: string, cookie: string): MatchClient {
  class WithCookie extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers: { cookie } });
    }
  }
  return connectMatch({ url: ws, match, token: null, WebSocket: WithCookie as never, minDelayMs: 20, maxDelayMs: 200 });
}

forEachStore('accounts', (makeStore) => {
  let s: Served;
  beforeAll(async () => {
    s = await serve(makeStore, {
      authenticate,
      canCreate: (who) => {
        if (who?.id === 'veto') throw new Error('the rights service is down');
        return who !== null;
      },
      canJoin: (who, _match, req) => {
        if (who?.id === 'veto') throw new Error('the rights service is down');
        return who !== null || req.headers['x-guest'] === 'yes';
      },
    });
  });
  afterAll(async () => {
    await s.close();
  });

  it('canCreate: nobody without an account; an account may; a hook that throws is 401', async () => {
    expect(await call(s.base, 'POST', '/matches', null, { players: 2 })).toMatchObject({
      status: 403,
      body: { error: { code: 'FORBIDDEN' } },
    });
    expect((await call(s.base, 'POST', '/matches', 'session=ada.forged', { players: 2 })).status).toBe(403);
    expect(await call(s.base, 'POST', '/matches', sign('boom'), { players: 2 })).toMatchObject({
      status: 401,
      body: { error: { code: 'UNAUTHORIZED' } },
    });
    expect((await call(s.base, 'POST', '/matches', sign('ada'), { players: 2 })).status).toBe(201);
  });

  it('a canCreate or canJoin hook that throws at once refuses as one whose promise rejects: 403 FORBIDDEN, nothing created or taken', async () => {
    expect(await call(s.base, 'POST', '/matches', sign('veto'), { players: 2 })).toMatchObject({
      status: 403,
      body: { error: { code: 'FORBIDDEN', message: 'this account may not create a match' } },
    });
    const made = await call(s.base, 'POST', '/matches', sign('ada'), { players: 2 });
    const id = (made.body.match as { id: string }).id;
    const invite = made.body.invite as string;
    expect(await call(s.base, 'POST', `/matches/${id}/join`, sign('veto'), { name: 'Veto', invite })).toMatchObject({
      status: 403,
      body: { error: { code: 'FORBIDDEN', message: 'this account may not take a seat' } },
    });
    const seats = ((await call(s.base, 'GET', `/matches/${id}`, null)).body.match as { seats: { name: string | null }[] }).seats;
    expect(seats.map((x) => x.name)).toEqual([null, null]);
  });

  it('a seat bound to an account opens from another device without its token, over HTTP and WebSocket; nobody else’s account opens it', async () => {
    const created = await call(s.base, 'POST', '/matches', sign('ada'), { players: 2, seed: 'accounts', firstPlayer: 0 });
    const { match, invite } = created.body as { match: { id: string }; invite: string };
    // canJoin: no account (and no guest header) is refused.
    expect((await call(s.base, 'POST', `/matches/${match.id}/join`, null, { name: 'X', invite })).status).toBe(403);
    // The name comes from the account when the join names none.
    const joined = await call(s.base, 'POST', `/matches/${match.id}/join`, sign('ada'), { invite });
    expect(joined.status).toBe(200);
    expect(joined.body.seat).toBe(0);
    // One seat per account.
    expect(await call(s.base, 'POST', `/matches/${match.id}/join`, sign('ada'), { invite })).toMatchObject({
      status: 409,
      body: { error: { code: 'SEAT_TAKEN' } },
    });
    const guest = await fetch(`${s.base}/api/matches/${match.id}/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-guest': 'yes' },
      body: JSON.stringify({ name: 'Guest', invite }),
    });
    expect(guest.status).toBe(200);
    const guestToken = ((await guest.json()) as { token: string }).token;
    expect((await call(s.base, 'GET', `/matches/${match.id}`, null)).body).toMatchObject({
      match: { seats: [{ name: 'User ada' }, { name: 'Guest' }] },
    });

    // Another device: the cookie only, no token.
    const sync = await call(s.base, 'GET', `/matches/${match.id}/sync?after=0`, sign('ada'));
    expect(sync.status).toBe(200);
    expect((sync.body.view as { viewer: unknown }).viewer).toBe(0);
    const device = connectAs(s.ws, match.id, sign('ada'));
    await until(() => device.view !== null, 10_000, 'the account’s seat over WebSocket');
    expect(device.seat).toBe(0);
    const legal = device.view?.legal[0];
    expect(legal).toBeDefined();
    await device.send(legal as never);
    expect(device.seq).toBe(1);
    // Another account has no seat here: it watches as a spectator only if the match allows (it does not).
    expect((await call(s.base, 'GET', `/matches/${match.id}/sync?after=0`, sign('bo'))).body).toMatchObject({
      error: { code: 'FORBIDDEN' },
    });
    // The guest's token still works, and is not the account's.
    expect((await call(s.base, 'GET', `/matches/${match.id}/sync?after=0`, null, undefined, guestToken)).body).toMatchObject({
      view: { viewer: 1 },
    });
    device.close();
  });

  it('the creator’s account makes the creator’s calls without the creator token; another account may not', async () => {
    const created = await call(s.base, 'POST', '/matches', sign('cy'), { players: 2, seed: 'creator' });
    const { match } = created.body as { match: { id: string } };
    expect(await call(s.base, 'POST', `/matches/${match.id}/clock`, sign('dee'), { turnTimeMs: 5000 })).toMatchObject({
      status: 403,
      body: { error: { code: 'FORBIDDEN' } },
    });
    expect(await call(s.base, 'POST', `/matches/${match.id}/clock`, sign('cy'), { turnTimeMs: 5000 })).toMatchObject({
      status: 200,
      body: { match: { turnTimeMs: 5000 } },
    });
    expect(await call(s.base, 'POST', `/matches/${match.id}/seats/1`, sign('cy'), { bot: 'random' })).toMatchObject({
      status: 200,
      body: { match: { seats: [{ kind: 'open' }, { kind: 'bot' }] } },
    });
  });
});
