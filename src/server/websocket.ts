/**
 * The WebSocket transport: frames to host calls and back (the protocol is `../protocol/`'s; each
 * connection speaks the version its hello asked for, and is sent each update's shared frame), with the
 * limits of `limits.ts`. A bad frame gets a typed `error` reply; nothing a client sends can
 * throw out of here, stop the process or touch another match. A connection that does not say a
 * welcomed hello in time is closed, and one that stops answering pings is dropped: neither holds
 * its address's quota for good. A connection the host closes frees its place in the quota at once,
 * and is cut off if it does not answer the close in time. Whole views (welcomes and syncs) are
 * counted per address; a connection that keeps sending past its rate is closed.
 * @module
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RawData, WebSocket } from 'ws';
import type { PlayerView } from '../index.js';
import type { ClientMessage } from '../protocol/client-messages.js';
import { viewForVersion } from '../protocol/compact.js';
import { HostError } from '../protocol/errors.js';
import { messageIdOf, parseClientMessage } from '../protocol/parse.js';
import type { Clock, EventsAt, ServerMessage } from '../protocol/server-messages.js';
import { type AccountHooks, identify } from './accounts.js';
import { clientAddress } from './address.js';
import type { News, Session, Subscription } from './host/types.js';
import type { MatchHost } from './host.js';
import {
  AddressLimiter,
  ConnectionCounter,
  checkTimerLimits,
  checkViewLimits,
  DEFAULT_LIMITS,
  type Limits,
  RateLimiter,
} from './limits.js';
import { loadPeer } from './peer.js';
import { requestPath } from './target.js';
import { refuseUpgrade, serveAsPlainRequest } from './upgrade.js';

/**
 * Milliseconds a client has to answer the host's close frame before it is cut off (`ws` itself
 * would wait 30 s, holding the socket, and the server's close with it).
 */
const CLOSE_GRACE_MS = 2000;

/** Messages refused for rate within {@link REFUSALS_WINDOW_MS} after which a connection is closed (1008). */
const MAX_REFUSALS = 100;

/** The window in which {@link MAX_REFUSALS} refusals close a connection. */
const REFUSALS_WINDOW_MS = 10_000;

/** Closes `ws` from the host's side, and cuts it off if the client has not answered the close within {@link CLOSE_GRACE_MS}. */
function closeSoon(ws: WebSocket, code: number, reason: string): void {
  if (ws.readyState !== ws.OPEN) return; // closing already
  ws.close(code, reason);
  const cutOff = setTimeout(() => ws.terminate(), CLOSE_GRACE_MS);
  cutOff.unref();
  ws.once('close', () => clearTimeout(cutOff));
}

/** Marks a transport's `'upgrade'` listener, with which requests it takes. */
const TAKES = Symbol('takes');
type UpgradeListener = ((req: IncomingMessage, socket: Duplex, head: Buffer) => void) & {
  readonly [TAKES]?: (req: IncomingMessage) => boolean;
};

/**
 * @internal Calls `see` with each upgrade request's socket, first, taking none of them: the
 * transports still answer or hand on each request as if this listener were not there.
 */
export function watchUpgrades(server: Server, see: (socket: Duplex) => void): void {
  const watch: UpgradeListener = Object.assign((_req: IncomingMessage, socket: Duplex): void => see(socket), {
    [TAKES]: () => false,
  });
  server.prependListener('upgrade', watch);
}

/** Options of {@link attachWebSocket}. */
export interface WebSocketOptions extends Pick<AccountHooks, 'authenticate'> {
  /**
   * The URL path that upgrades to a WebSocket (default `/ws`). Upgrade requests for another path
   * or protocol (`Upgrade: h2c`) are left to the server's other `'upgrade'` listeners, if it has
   * any (they must then answer them, or the socket stays open); without any, they are served as
   * the ordinary requests they also are, by the server's request handler, as Node does with no
   * `'upgrade'` listener (under Bun, which cannot, refused: 404 for a WebSocket, 400 otherwise).
   */
  readonly path?: string;
  readonly limits?: Partial<Limits>;
  /** Take the client address from `X-Forwarded-For` (only behind a reverse proxy you run). */
  readonly trustProxy?: boolean;
  /** Where to report faults (default: nowhere). */
  readonly log?: (message: string) => void;
  /**
   * Whether an upgrade request may connect, by its headers (`startServer` checks the browser's
   * `Origin` here: cross-site WebSocket hijacking); refused upgrades get 403. Default: all.
   */
  readonly allowOrigin?: (req: IncomingMessage) => boolean;
}

/** What {@link attachWebSocket} returns. */
export interface WebSocketTransport {
  /** Open connections. */
  readonly connections: () => number;
  /**
   * Closes every connection (code 1001, going away; a client that does not answer within 2 s is
   * cut off) and stops accepting new ones.
   */
  readonly close: () => Promise<void>;
}

/** One client connection's state. */
class Connection {
  session: Session | null = null;
  stop: (() => void) | null = null;
  saidHello = false;
  /** Closes the connection if no hello is welcomed in time; `null` once one is. */
  helloTimer: ReturnType<typeof setTimeout> | null = null;
  /** Pinged, and no pong since. */
  awaitingPong = false;
  /** The account the app's `authenticate` hook named for the upgrade request (checked at hello). */
  account: Promise<string | null> = Promise.resolve(null);
  /** The protocol version the hello asked for. */
  version = 1;
  private corked = false;
  private chain: Promise<void> = Promise.resolve();
  /** Whether its place in the address's quota is given back. */
  private freed = false;
  /** Messages refused for rate since {@link Connection.refusedSince}. */
  private refusals = 0;
  private refusedSince = 0;

  constructor(
    readonly ws: WebSocket,
    readonly address: string,
    readonly limiter: RateLimiter,
    private readonly maxBuffered: number,
    private readonly release: () => void,
  ) {}

  /** Gives its place in the address's quota back, once. */
  free(): void {
    if (this.freed) return;
    this.freed = true;
    this.release();
  }

  /**
   * Closes the connection from the host's side: its place in the quota is free at once, and a
   * client that does not answer the close is cut off (frames it still sends are not read).
   */
  close(code: number, reason: string): void {
    this.free();
    closeSoon(this.ws, code, reason);
  }

  /** Counts a message refused for rate: `true` when there have been too many within the window. */
  refused(now: number): boolean {
    if (now - this.refusedSince > REFUSALS_WINDOW_MS) {
      this.refusedSince = now;
      this.refusals = 0;
    }
    return ++this.refusals >= MAX_REFUSALS;
  }

  send(message: ServerMessage): void {
    this.sendText(JSON.stringify(message));
  }

  /**
   * Sends a message already serialized (an update's frame, shared by every connection of its
   * viewer). What one turn of the event loop sends a connection goes out in one write (the socket
   * is corked until the next turn): an update and the acknowledgement of the same action cost
   * one system call, not two.
   */
  sendText(text: string): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > this.maxBuffered) {
      // Too slow to keep up: drop it; it resyncs from its last seq when it reconnects.
      this.close(1013, 'too slow');
      return;
    }
    if (!this.corked) {
      const socket = (this.ws as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
      if (socket !== undefined) {
        this.corked = true;
        socket.cork();
        setImmediate(() => {
          this.corked = false;
          socket.uncork();
        });
      }
    }
    this.ws.send(text);
  }

  /** Runs message handlers one after another, so replies keep the order of requests. */
  inOrder(fn: () => Promise<void>): void {
    this.chain = this.chain.then(fn, fn);
  }
}

function textOf(data: RawData): string {
  return Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
}

/** The `id` of a request's text, to echo in an error reply; `null` when none can be read. */
function idOfText(text: string): number | null {
  try {
    return messageIdOf(JSON.parse(text));
  } catch {
    return null; // not JSON: no id to echo
  }
}

function errorReply(id: number | null, e: unknown): ServerMessage {
  if (e instanceof HostError) {
    return e.rulesCode === undefined
      ? { type: 'error', id, code: e.code, message: e.message }
      : { type: 'error', id, code: e.code, message: e.message, rulesCode: e.rulesCode };
  }
  return { type: 'error', id, code: 'INTERNAL', message: 'the host failed to handle this message' };
}

/**
 * Serves the match host's WebSocket protocol on `server`'s upgrade requests at `path` (what
 * becomes of the others: see {@link WebSocketOptions.path}). Loads the `ws` package (an optional
 * peer dependency) first.
 *
 * @throws {@link PeerDependencyError} when `ws` is not installed; `RangeError` for a
 * `helloTimeoutMs` or `pingIntervalMs` that is not a whole number of milliseconds from 0 to 2,147,483,647,
 * a `viewsPerSecond` that is not a finite number above 0 or a `viewBurst` that is not a whole number from 1.
 * @example
 * ```ts
 * const server = createServer();
 * const ws = await attachWebSocket(server, host, { path: '/ws' });
 * server.listen(8080, '127.0.0.1');
 * ```
 */
export async function attachWebSocket(server: Server, host: MatchHost, options: WebSocketOptions = {}): Promise<WebSocketTransport> {
  const { WebSocketServer } = await loadPeer('ws', 'the WebSocket transport', () => import('ws'));
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  checkTimerLimits(limits);
  checkViewLimits(limits);
  const path = options.path ?? '/ws';
  const log = options.log ?? (() => undefined);
  const counter = new ConnectionCounter(limits.connectionsPerAddress);
  const views = new AddressLimiter(limits.viewsPerSecond, limits.viewBurst);
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes * 4 });
  const open = new Set<Connection>();

  const takes = (req: IncomingMessage): boolean => requestPath(req) === path && (req.headers.upgrade ?? '').toLowerCase() === 'websocket';
  const onUpgrade: UpgradeListener = Object.assign(
    (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
      if (!takes(req)) {
        // Node gives the socket to the 'upgrade' listeners alone: one nobody answers stays open for
        // good. Another handler's, when the server has one (or another transport's); else it is
        // served as an ordinary request, once (by the last transport listening).
        const listeners = server.listeners('upgrade') as UpgradeListener[];
        if (listeners.some((l) => l[TAKES] === undefined || l[TAKES](req)) || listeners.at(-1) !== onUpgrade) return;
        serveAsPlainRequest(server, req, socket, head);
        return;
      }
      socket.on('error', () => undefined);
      if (options.allowOrigin !== undefined && !options.allowOrigin(req)) {
        refuseUpgrade(socket, 403, 'origin not allowed');
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => accept(ws, clientAddress(req, options.trustProxy ?? false), req));
    },
    { [TAKES]: takes },
  );
  server.on('upgrade', onUpgrade);

  const accept = (ws: WebSocket, address: string, req: IncomingMessage): void => {
    ws.on('error', () => undefined);
    if (!counter.open(address)) {
      ws.send(
        JSON.stringify(
          errorReply(null, new HostError('TOO_MANY_CONNECTIONS', `at most ${limits.connectionsPerAddress} connections per address`)),
        ),
      );
      closeSoon(ws, 1008, 'too many connections');
      return;
    }
    const c = new Connection(ws, address, new RateLimiter(limits.messagesPerSecond, limits.messageBurst), limits.maxBufferedBytes, () =>
      counter.close(address),
    );
    if (limits.helloTimeoutMs > 0) {
      const expire = (): void => {
        // A hello still being answered (a busy host, a slow store) gets another period.
        if (c.saidHello) {
          c.helloTimer = setTimeout(expire, limits.helloTimeoutMs);
          return;
        }
        c.send(errorReply(null, new HostError('NOT_READY', `no hello welcomed within ${limits.helloTimeoutMs} ms`)));
        c.close(1008, 'no hello in time');
      };
      c.helloTimer = setTimeout(expire, limits.helloTimeoutMs);
    }
    ws.on('pong', () => {
      c.awaitingPong = false;
    });
    if (options.authenticate !== undefined) {
      c.account = identify(options, req).then((who) => who?.id ?? null);
      c.account.catch(() => undefined); // refused at hello
    }
    open.add(c);
    ws.on('close', () => {
      open.delete(c);
      c.free();
      if (c.helloTimer !== null) clearTimeout(c.helloTimer);
      c.stop?.();
      c.stop = null;
    });
    ws.on('message', (data: RawData, isBinary: boolean) => {
      try {
        onMessage(c, data, isBinary);
      } catch (e) {
        log(`websocket message handler failed: ${String(e)}`);
      }
    });
  };

  const onMessage = (c: Connection, data: RawData, isBinary: boolean): void => {
    // Frames that come after the host closed the connection are not read.
    if (c.ws.readyState !== c.ws.OPEN) return;
    const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength;
    if (!c.limiter.take()) {
      // Refused with the request's id (when it has one within the size limit), so the client's
      // request fails at once instead of waiting for an answer that never comes.
      const id = isBinary || size > limits.maxMessageBytes ? null : idOfText(textOf(data));
      c.send(errorReply(id, new HostError('RATE_LIMITED', `at most ${limits.messagesPerSecond} messages per second`)));
      // One that keeps going past the rate costs the host a parse and an answer each time: closed.
      if (c.refused(Date.now())) c.close(1008, 'too many messages');
      return;
    }
    if (size > limits.maxMessageBytes) {
      c.send(errorReply(null, new HostError('TOO_LARGE', `a message is at most ${limits.maxMessageBytes} bytes`)));
      return;
    }
    if (isBinary) {
      c.send(errorReply(null, new HostError('BAD_MESSAGE', 'messages are JSON text frames')));
      return;
    }
    const text = textOf(data);
    let message: ClientMessage;
    try {
      message = parseClientMessage(text);
    } catch (e) {
      c.send(errorReply(idOfText(text), e));
      return;
    }
    c.inOrder(() => handle(c, message));
  };

  /**
   * Opens the session and subscribes. A version 2 client is welcomed at once (before a fair deal
   * with `view: null`, then `started`) and pushed the news; a version 1 client is welcomed once
   * the deal is made, and pushed updates only.
   */
  const hello = async (c: Connection, m: Extract<ClientMessage, { type: 'hello' }>): Promise<void> => {
    const session = await host.open(m.match, m.token, await c.account);
    const v2 = m.v >= 2;
    const welcome = (
      sub: Subscription,
      seq: number,
      updates: readonly EventsAt[],
      view: PlayerView | null,
      clock: Partial<Clock>,
    ): void => {
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
  };

  /** The refusal of a welcome or a sync over the address's budget of whole views. */
  const viewsSpent = (): HostError =>
    new HostError(
      'RATE_LIMITED',
      `at most ${limits.viewBurst} whole views (welcomes and syncs) at once per address, then ${limits.viewsPerSecond} per second`,
    );

  const handle = async (c: Connection, m: ClientMessage): Promise<void> => {
    const id = m.type === 'hello' ? null : m.id;
    try {
      if (m.type === 'hello') {
        if (c.saidHello) throw new HostError('BAD_MESSAGE', 'hello comes once per connection');
        if (!views.take(c.address)) {
          c.send(errorReply(null, viewsSpent()));
          c.close(1008, 'too many hellos');
          return;
        }
        c.saidHello = true;
        try {
          await hello(c, m);
        } catch (e) {
          c.saidHello = false;
          throw e;
        }
        if (c.helloTimer !== null) clearTimeout(c.helloTimer);
        c.helloTimer = null;
        return;
      }
      if (m.type === 'ping') {
        c.send({ type: 'pong', id: m.id });
        return;
      }
      const session = c.session;
      if (session === null) throw new HostError('NOT_READY', 'say hello first');
      if (m.type === 'act') {
        const { seq } = await host.submit(session, m.action, m.seq);
        c.send({ type: 'ack', id: m.id, seq });
      } else if (m.type === 'say') {
        await host.say(session, m.text);
        c.send({ type: 'ok', id: m.id });
      } else if (m.type === 'rematch') {
        await host.rematch(session, m.contribution);
        c.send({ type: 'ok', id: m.id });
      } else if (m.type === 'sync') {
        if (!views.take(c.address)) throw viewsSpent();
        const r = await host.sync(session, m.after);
        c.send({ type: 'synced', id: m.id, seq: r.seq, updates: r.updates, view: viewForVersion(r.view, c.version) });
      } else {
        await host.leave(session);
        c.send({ type: 'left', id: m.id });
        c.close(1000, 'left');
      }
    } catch (e) {
      if (!(e instanceof HostError)) log(`websocket ${m.type} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      c.send(errorReply(id, e));
    }
  };

  // A connection that has not answered the last ping by the next one is gone (its network went
  // away without a word): dropped, so that it does not hold its address's quota.
  const pings =
    limits.pingIntervalMs === 0
      ? null
      : setInterval(() => {
          for (const c of open) {
            if (c.ws.readyState !== c.ws.OPEN) continue;
            if (c.awaitingPong) {
              c.ws.terminate();
              continue;
            }
            c.awaitingPong = true;
            c.ws.ping();
          }
        }, limits.pingIntervalMs);
  pings?.unref();

  return {
    connections: () => open.size,
    close: async () => {
      server.off('upgrade', onUpgrade);
      if (pings !== null) clearInterval(pings);
      for (const c of open) c.ws.close(1001, 'host shutting down');
      const cutOff = setTimeout(() => {
        for (const c of open) c.ws.terminate();
      }, CLOSE_GRACE_MS);
      await new Promise<void>((done) => wss.close(() => done()));
      clearTimeout(cutOff);
    },
  };
}
