/**
 * The WebSocket transport: frames to host calls and back (the protocol is `../protocol/`'s; each
 * connection speaks the version its hello asked for, and is sent each update's shared frame), with the
 * limits of `limits.ts`. A bad frame gets a typed `error` reply; nothing a client sends can
 * throw out of here, stop the process or touch another match. A connection that does not say a
 * welcomed hello in time is closed, and one that stops answering pings is dropped: neither holds
 * its address's quota for good. A connection the host closes frees its place in the quota at once,
 * and is cut off if it does not answer the close in time. Whole views (welcomes and syncs) are
 * counted per address; a connection that keeps sending past its rate is closed. Here: the upgrade
 * requests taken, each connection's accept, pings and the transport's close; a connection's
 * state is `websocket-connection.ts`'s, its messages `websocket-messages.ts`'s (its hello
 * `websocket-hello.ts`'s).
 * @module
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RawData, WebSocket } from 'ws';
import { HostError } from '../protocol/errors.js';
import { type AccountHooks, identify } from './accounts.js';
import { clientAddress } from './address.js';
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
import { CLOSE_GRACE_MS, Connection, closeSoon } from './websocket-connection.js';
import { errorReply, messageHandler } from './websocket-messages.js';

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

  const onMessage = messageHandler({ host, limits, views, log });

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
