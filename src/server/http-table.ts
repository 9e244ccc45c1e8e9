/**
 * The HTTP lobby's routes for games between friends (the rest are in `http.ts`): the creator's
 * seat recovery and clock, the rematch, and the chat, each on one match.
 * @module
 */
import type { IncomingMessage } from 'node:http';
import { HostError } from '../protocol/errors.js';
import type { MatchHost } from './host.js';

/** One lobby request, read by `http.ts`: what the routes here need of it. */
export interface TableRequest {
  readonly req: IncomingMessage;
  readonly method: string;
  /** The path's parts after `/matches/:id/`. */
  readonly rest: readonly string[];
  readonly id: string | undefined;
  readonly query: URLSearchParams;
  /** The bearer token, if any. */
  readonly token: string | null;
  /** The account the app's `authenticate` hook named, if any. */
  readonly account: string | null;
  /** Reads the JSON body once. */
  readonly body: () => Promise<unknown>;
  /** A field of the body read by `body()`. */
  readonly field: (body: unknown, key: string) => unknown;
}

/** Answers a request on one of these routes: the status and the body, or `null` for a route that is not one of them. */
export async function tableRoute(host: MatchHost, r: TableRequest): Promise<{ status: number; body: unknown } | null> {
  const { method, rest, id } = r;
  const what = rest[0];
  if (rest.length === 3 && method === 'POST' && what === 'seats' && rest[2] === 'token') {
    const body = await r.body();
    const seat = /^\d{1,2}$/.test(rest[1] ?? '') ? Number(rest[1]) : -1;
    return { status: 200, body: await host.reissue(id, r.token, seat, r.field(body, 'name') ?? null, r.account) };
  }
  if (rest.length === 1 && method === 'POST' && what === 'clock') {
    const body = await r.body();
    const turnTimeMs = r.field(body, 'turnTimeMs');
    return { status: 200, body: { match: await host.setTurnTime(id, r.token, turnTimeMs === undefined ? null : turnTimeMs, r.account) } };
  }
  if (rest.length === 1 && method === 'POST' && what === 'rematch') {
    const body = await r.body();
    const session = await seatSession(host, r);
    return { status: 200, body: { rematch: await host.rematch(session, r.field(body, 'contribution') ?? null) } };
  }
  if (rest.length === 1 && what === 'chat' && method === 'GET') {
    const session = await host.open(id, r.token, r.account);
    const afterText = r.query.get('after') ?? '0';
    const after = /^\d{1,9}$/.test(afterText) ? Number(afterText) : 0;
    return { status: 200, body: await host.readChat(session, after) };
  }
  if (rest.length === 1 && what === 'chat' && method === 'POST') {
    const body = await r.body();
    const session = await host.open(id, r.token, r.account);
    return { status: 200, body: { line: await host.say(session, r.field(body, 'text')) } };
  }
  return null;
}

/** The session of the seat the request's token (or account) holds. @throws {@link HostError} `UNAUTHORIZED` without either. */
async function seatSession(host: MatchHost, r: TableRequest): Promise<Awaited<ReturnType<MatchHost['open']>>> {
  if (r.token === null && r.account === null) throw new HostError('UNAUTHORIZED', 'send the seat token as "Authorization: Bearer <token>"');
  return host.open(r.id, r.token, r.account);
}
