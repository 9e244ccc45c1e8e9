/**
 * The HTTP lobby: create, list, look at and join matches, and (for clients without
 * WebSockets) sync, act and leave. JSON in and out; errors as `{ "error": { code, message } }`
 * with a status per code. Bodies are limited and read defensively: an aborted or oversized
 * request is answered (or dropped) without ever throwing out of the handler.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HostError, type HostErrorCode } from '../protocol/errors.js';
import { type AccountHooks, identify, mustAllow } from './accounts.js';
import { clientAddress } from './address.js';
import type { MatchHost } from './host.js';
import { tableRoute } from './http-table.js';
import { AddressLimiter, checkHttpLimits, DEFAULT_LIMITS, type Limits } from './limits.js';
import { requestTarget } from './target.js';

/** Options of {@link lobbyHandler}. */
export interface LobbyOptions extends AccountHooks {
  /** The URL prefix of the lobby (default `/api`). */
  readonly prefix?: string;
  readonly limits?: Partial<Limits>;
  /** Take the client address from `X-Forwarded-For` (only behind a reverse proxy you run). */
  readonly trustProxy?: boolean;
  /** Where to report faults (default: nowhere). */
  readonly log?: (message: string) => void;
}

/** How many open matches `GET /api/matches` lists without a `limit`. */
const DEFAULT_LISTED = 50;
/** The most open matches one `GET /api/matches` lists (`?limit=` above it lists this many). */
const MAX_LISTED = 200;

/** The HTTP status of each {@link HostErrorCode}. */
export const STATUS: Readonly<Record<HostErrorCode, number>> = {
  BAD_MESSAGE: 400,
  BAD_VERSION: 400,
  BAD_OPTIONS: 400,
  BAD_NAME: 400,
  NOT_FOUND: 404,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  SEAT_TAKEN: 409,
  MATCH_FULL: 409,
  STALE: 409,
  CONFLICT: 409,
  NOT_STARTED: 409,
  NOT_OVER: 409,
  ILLEGAL: 422,
  NOT_READY: 400,
  TOO_LARGE: 413,
  RATE_LIMITED: 429,
  TOO_MANY_CONNECTIONS: 429,
  INTERNAL: 500,
};

function readBody(req: IncomingMessage, max: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > max) {
      reject(new HostError('TOO_LARGE', `a request body is at most ${max} bytes`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (f: () => void): void => {
      if (!done) {
        done = true;
        f();
      }
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) finish(() => reject(new HostError('TOO_LARGE', `a request body is at most ${max} bytes`)));
      else chunks.push(chunk);
    });
    req.on('error', () => finish(() => reject(new HostError('BAD_MESSAGE', 'the request was aborted'))));
    req.on('aborted', () => finish(() => reject(new HostError('BAD_MESSAGE', 'the request was aborted'))));
    req.on('end', () =>
      finish(() => {
        if (size === 0) {
          resolve({});
          return;
        }
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch {
          reject(new HostError('BAD_MESSAGE', 'the request body is not JSON'));
        }
      }),
    );
  });
}

/**
 * The token of an `Authorization: Bearer <token>` header, as sent (malformed or not: the host
 * refuses one that is not a token with `UNAUTHORIZED`, as in a WebSocket `hello`, unless the
 * app's `authenticate` named an account), or `null` without one.
 */
function bearer(req: IncomingMessage): string | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer +(\S.*)$/.exec(h.trim());
  return m ? (m[1] as string) : null;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string | number> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

function field(body: unknown, key: string): unknown {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && Object.hasOwn(body, key)
    ? (body as Record<string, unknown>)[key]
    : undefined;
}

/**
 * The lobby's request handler: returns `false` for a URL outside its prefix (to let another
 * handler serve it), else answers and returns `true`.
 *
 * Routes (JSON bodies; `Authorization: Bearer <token>` where a token is needed; `HEAD` wherever
 * `GET` is, with the same status and headers and no body):
 * - `GET  /api/matches?limit=N` — public matches with an open seat, newest first: `{ matches, more }`, at most `N`
 *   (default 50; an `N` above 200 is taken as 200); `more` is `true` when there are more (ask again with a larger `N`, up to
 *   200: only the newest 200 open matches can be listed).
 * - `POST /api/matches` `{ players, seed?, firstPlayer?, variants?, bots?, spectators?, turnTimeMs?, visibility?, chat? }` — 201 `{ match, creatorToken, invite }`.
 * - `GET  /api/matches/:id` — `{ match }`.
 * - `POST /api/matches/:id/join` `{ name, seat?, invite?, contribution? }` — `{ seat, token }`.
 * - `POST /api/matches/:id/seats/:seat` `{ bot }` with the creator token — reopen (`bot: null`) or hand to a bot.
 * - `POST /api/matches/:id/seats/:seat/token` `{ name? }` with the creator token — a new token for the seat: `{ seat, token }`.
 * - `POST /api/matches/:id/clock` `{ turnTimeMs }` with the creator token — set the turn time: `{ match }`.
 * - `POST /api/matches/:id/rematch` `{ contribution? }` with a seat token — agree to a rematch: `{ rematch }`.
 * - `GET  /api/matches/:id/chat?after=N`, `POST /api/matches/:id/chat` `{ text }` — the chat: `{ chat, more }` (the next 200 lines after `N` at most; `more` when more follow), `{ line }`.
 * - `GET  /api/matches/:id/sync?after=N` with a seat token (or none to spectate) — `{ seq, updates, view }`.
 * - `POST /api/matches/:id/actions` `{ action, seq }` with a seat token — `{ seq }`.
 * - `POST /api/matches/:id/leave` with a seat token.
 * - `GET  /api/matches/:id/record` — the `GameRecord`, once the game is over (with a seat token, or none under the `public` policy); any time with the creator token.
 * - `GET  /api/matches/:id/log` with the creator token — `{ match, actions }`: the summary and every log entry (every hidden card: keep it private).
 *
 * @example
 * ```ts
 * const host = new MatchHost({ store: new MemoryStore() });
 * const lobby = lobbyHandler(host, { prefix: '/api' });
 * createServer((req, res) => {
 *   if (!lobby(req, res)) res.writeHead(404).end();
 * }).listen(8080, '127.0.0.1');
 * ```
 */
export function lobbyHandler(host: MatchHost, options: LobbyOptions = {}): (req: IncomingMessage, res: ServerResponse) => boolean {
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  checkHttpLimits(limits);
  const prefix = options.prefix ?? '/api';
  const log = options.log ?? (() => undefined);
  const limiter = new AddressLimiter(limits.requestsPerSecond, limits.requestBurst);
  const creations = new AddressLimiter(limits.matchesPerMinute / 60, limits.matchBurst);
  const addressOf = (req: IncomingMessage): string => clientAddress(req, options.trustProxy ?? false);

  /** Creates a match if the address has a creation left; one the host refuses is given back. */
  const create = async (req: IncomingMessage, res: ServerResponse, body: unknown, account: string | null): Promise<void> => {
    const address = addressOf(req);
    if (!creations.take(address)) {
      const wait = creations.secondsUntilToken(address);
      const message = `at most ${limits.matchBurst} matches at once, then ${limits.matchesPerMinute} a minute, per address: try again in ${wait} s`;
      send(res, 429, { error: { code: 'RATE_LIMITED', message } }, { 'retry-after': wait });
      return;
    }
    let created: Awaited<ReturnType<MatchHost['createMatch']>>;
    try {
      created = await host.createMatch(body, account);
    } catch (e) {
      creations.giveBack(address);
      throw e;
    }
    send(res, 201, created);
  };

  const route = async (req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> => {
    // HEAD is GET without the body (Node's response leaves the body out and keeps content-length).
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
    const parts = path.split('/').filter((p) => p.length > 0);
    if (parts[0] !== 'matches') throw new HostError('NOT_FOUND', 'no such route');
    const identity = await identify(options, req);
    const account = identity?.id ?? null;
    if (parts.length === 1) {
      if (method === 'GET') {
        const limitText = query.get('limit');
        if (limitText !== null && !/^[1-9]\d{0,8}$/.test(limitText))
          throw new HostError('BAD_MESSAGE', 'limit must be a whole number from 1 (the most listed is 200)');
        send(res, 200, await host.listOpenPage(Math.min(Number(limitText ?? DEFAULT_LISTED), MAX_LISTED)));
        return;
      }
      if (method === 'POST') {
        const body = await readBody(req, limits.maxBodyBytes);
        await mustAllow(() => options.canCreate?.(identity, body, req), 'create a match');
        await create(req, res, body, account);
        return;
      }
    }
    const id = parts[1];
    if (parts.length === 2 && method === 'GET') {
      send(res, 200, { match: await host.getMatch(id) });
      return;
    }
    const what = parts[2];
    if (parts.length === 3 && method === 'POST' && what === 'join') {
      const body = await readBody(req, limits.maxBodyBytes);
      await mustAllow(() => options.canJoin?.(identity, String(id), req), 'take a seat');
      const request: Record<string, unknown> = { name: field(body, 'name') ?? identity?.name };
      for (const key of ['seat', 'invite', 'contribution']) if (field(body, key) !== undefined) request[key] = field(body, key);
      send(res, 200, await host.join(id, request as { name: unknown }, account));
      return;
    }
    if (parts.length === 4 && method === 'POST' && what === 'seats') {
      const body = await readBody(req, limits.maxBodyBytes);
      const seat = /^\d{1,2}$/.test(parts[3] ?? '') ? Number(parts[3]) : -1;
      const bot = field(body, 'bot');
      send(res, 200, { match: await host.reassign(id, bearer(req), seat, bot === undefined ? null : bot, account) });
      return;
    }
    const table = await tableRoute(host, {
      req,
      method,
      rest: parts.slice(2),
      id,
      query,
      token: bearer(req),
      account,
      body: () => readBody(req, limits.maxBodyBytes),
      field,
    });
    if (table !== null) {
      send(res, table.status, table.body);
      return;
    }
    if (parts.length === 3 && method === 'GET' && what === 'sync') {
      const session = await host.open(id, bearer(req), account);
      const afterText = query.get('after') ?? '0';
      const after = /^\d{1,9}$/.test(afterText) ? Number(afterText) : -1;
      send(res, 200, await host.sync(session, after));
      return;
    }
    if (parts.length === 3 && method === 'POST' && what === 'actions') {
      const token = bearer(req);
      if (token === null && account === null) throw new HostError('UNAUTHORIZED', 'send the seat token as "Authorization: Bearer <token>"');
      const body = await readBody(req, limits.maxBodyBytes);
      const session = await host.open(id, token, account);
      send(res, 200, await host.submit(session, field(body, 'action'), field(body, 'seq')));
      return;
    }
    if (parts.length === 3 && method === 'POST' && what === 'leave') {
      const token = bearer(req);
      if (token === null && account === null) throw new HostError('UNAUTHORIZED', 'send the seat token as "Authorization: Bearer <token>"');
      await host.leave(await host.open(id, token, account));
      send(res, 200, { left: true });
      return;
    }
    if (parts.length === 3 && method === 'GET' && what === 'record') {
      send(res, 200, await host.record(id, bearer(req), account));
      return;
    }
    if (parts.length === 3 && method === 'GET' && what === 'log') {
      const m = await host.getMatch(id);
      const entries = await host.actions(id, bearer(req), account);
      send(res, 200, { match: m, actions: entries });
      return;
    }
    throw new HostError('NOT_FOUND', 'no such route');
  };

  return (req, res) => {
    const url = requestTarget(req);
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    if (path !== prefix && !path.startsWith(`${prefix}/`)) return false;
    const query = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
    const address = addressOf(req);
    if (!limiter.take(address)) {
      send(
        res,
        429,
        { error: { code: 'RATE_LIMITED', message: `at most ${limits.requestsPerSecond} requests per second` } },
        { 'retry-after': limiter.secondsUntilToken(address) },
      );
      req.resume();
      return true;
    }
    route(req, res, path.slice(prefix.length), query).catch((e: unknown) => {
      if (e instanceof HostError) {
        const error =
          e.rulesCode === undefined ? { code: e.code, message: e.message } : { code: e.code, message: e.message, rulesCode: e.rulesCode };
        if (e.code === 'TOO_LARGE') {
          // The rest of the body is never read: the answer says the connection closes, and it does once the answer is out.
          res.once('finish', () => req.socket.destroy());
          send(res, STATUS[e.code], { error }, { connection: 'close' });
        } else send(res, STATUS[e.code], { error });
      } else {
        log(`lobby ${req.method} ${path} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
        send(res, 500, { error: { code: 'INTERNAL', message: 'the host failed to handle this request' } });
      }
    });
    return true;
  };
}
