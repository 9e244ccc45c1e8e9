/**
 * One HTTP server with everything on it: the lobby under `/api`, the WebSocket protocol at
 * `/ws`, and the site (the lobby and table at `/`, the built ES modules under `/lib/`), or a
 * folder of static files instead. `for-the-king serve` calls this; so can your own program.
 * @module
 */
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { AccountHooks } from './accounts.js';
import { addressKey } from './address.js';
import { answerClientError } from './client-error.js';
import { applyCors, originAllowed, parseOrigins } from './cors.js';
import { healthHandler } from './health.js';
import type { ExpiryOptions } from './host/types.js';
import { MatchHost } from './host.js';
import { lobbyHandler } from './http.js';
import { ConnectionCounter, checkHttpLimits, DEFAULT_LIMITS, type Limits } from './limits.js';
import { HostMetrics } from './metrics.js';
import { builtModules, siteHandler } from './site.js';
import { notFound, staticHandler } from './static.js';
import { STORE_CLOSED } from './store/closed.js';
import type { Store } from './store/store.js';
import { requestPath } from './target.js';
import { attachWebSocket, watchUpgrades } from './websocket.js';

/**
 * Options of {@link startServer}. The account hooks (`authenticate`, `canCreate`, `canJoin`) tie
 * seats to an app's own accounts: see docs/server.md, "Accounts".
 */
export interface ServerOptions extends AccountHooks {
  /** Where matches live. `startServer` does not close it. */
  readonly store: Store;
  /** TCP port (default 8080; 0 picks a free one). */
  readonly port?: number;
  /** Address to listen on (default `127.0.0.1`; put a reverse proxy in front for the world). */
  readonly hostname?: string;
  /**
   * A folder of static files to serve at `/` instead of the built-in site. Dotfiles and
   * dot-folders are never served; files carry `ETag` and `Last-Modified` and are revalidated (304).
   */
  readonly staticDir?: string;
  /** Seconds browsers may keep `staticDir`'s files other than HTML without revalidating (default 0: always revalidate). */
  readonly staticMaxAge?: number;
  /**
   * Serve the built-in site when there is no `staticDir`: the lobby and table at `/`, the
   * package's built ES modules under `/lib/` (default `true`).
   */
  readonly site?: boolean;
  /** Where the built ES modules for `/lib/` are (default: the package's `dist/`). */
  readonly libDir?: string;
  /**
   * Other origins whose pages may use this host (`['http://localhost:5173']`, or `['*']` for
   * any): the lobby answers their CORS preflights and requests, and their WebSocket upgrades
   * are accepted. The host's own pages are always allowed; other browsers' origins are refused.
   */
  readonly cors?: readonly string[];
  readonly limits?: Partial<Limits>;
  /** Take client addresses from `X-Forwarded-For` (only behind a reverse proxy you run). */
  readonly trustProxy?: boolean;
  /** How often to look for deadlines set by other hosts, in milliseconds (default 250). */
  readonly pollMs?: number;
  /**
   * When finished and abandoned matches leave the store, and whether their records are kept
   * (default: matches never expire). See {@link ExpiryOptions}.
   *
   * @example
   * ```ts
   * // Finished matches go a week after their last move, matches nobody plays after a day; their
   * // records stay readable at /api/matches/:id/record.
   * await startServer({ store, expiry: { finishedAfterMs: 7 * 86_400_000, abandonedAfterMs: 86_400_000 } });
   * ```
   */
  readonly expiry?: ExpiryOptions;
  /** Where to report faults, why readiness says no, and what a creator did to a seat or the clock (default: nowhere). */
  readonly log?: (message: string) => void;
  /**
   * Also listen on this port for `/metrics` (Prometheus text format), `/health` and
   * `/health/ready` (default: no such listener; `/health` and `/health/ready` are on the main
   * port anyway). A separate listener keeps the figures off the public site that a reverse proxy
   * forwards every path of, and needs no secret in a scrape configuration.
   */
  readonly metricsPort?: number;
  /** Address of the metrics listener (default `127.0.0.1`: scrape from the same machine, or name a private address). */
  readonly metricsHostname?: string;
  /** How long a player must have been away before the creator may hand their seat over, in ms (default 60,000). */
  readonly awayMs?: number;
  /** Milliseconds without a call before an idle match nobody watches is let go from memory (default 60,000; see `HostOptions.unloadAfterMs`). */
  readonly unloadAfterMs?: number;
  /** The most matches with a bot to move at once (default 50; see `HostOptions.maxBotMatches`). */
  readonly maxBotMatches?: number;
}

/** A running server. */
export interface RunningServer {
  /** `http://<hostname>:<port>` (no trailing slash). */
  readonly url: string;
  readonly port: number;
  readonly host: MatchHost;
  readonly server: Server;
  /** `http://<metricsHostname>:<port>` of the metrics listener, or `null` without one. */
  readonly metricsUrl: string | null;
  /** The host's metrics (what `/metrics` renders). */
  readonly metrics: HostMetrics;
  /** Open WebSocket connections. */
  readonly connections: () => number;
  /**
   * Stops accepting, closes every connection and the host's timers (not the store). Readiness
   * answers 503 from the start of the close. WebSocket clients get 2 s to answer the close; a
   * socket still open 2 s after that (one another `'upgrade'` listener of `server` holds) is
   * destroyed.
   */
  readonly close: () => Promise<void>;
}

/**
 * Starts the match host on HTTP and WebSocket.
 *
 * The server gives a request's headers 10 s and the whole request 30 s (bodies are 16 KiB at
 * most; raise the result's `server.requestTimeout` for a much larger `limits.maxBodyBytes` on
 * slow links), and closes a connection over `limits.httpConnectionsPerAddress` at once.
 *
 * @throws {@link PeerDependencyError} when the `ws` package is not installed (the rest of
 * `for-the-king-and-me/server` works without it); `RangeError` for an expiry setting or a limit out of range.
 * @example
 * ```ts
 * import { FileStore, startServer } from 'for-the-king-and-me/server';
 *
 * const store = await FileStore.open('./ftk-data');
 * const server = await startServer({ store, port: 8080 });
 * console.log(`lobby at ${server.url}/api/matches, WebSocket at ${server.url.replace('http', 'ws')}/ws`);
 * ```
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  let stopping = false;
  const given = options.log ?? (() => undefined);
  // Once stopping, a call under way that meets the closed store is no fault (nothing acknowledged
  // depends on it): not logged, so that an ordinary stop writes no fault lines.
  const log = (line: string): void => {
    if (!(stopping && line.includes(STORE_CLOSED))) given(line);
  };
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  checkHttpLimits(limits);
  const metrics = new HostMetrics();
  const host = new MatchHost({
    store: options.store,
    log,
    metrics,
    ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
    ...(options.expiry === undefined ? {} : { expiry: options.expiry }),
    ...(options.awayMs === undefined ? {} : { awayMs: options.awayMs }),
    ...(options.unloadAfterMs === undefined ? {} : { unloadAfterMs: options.unloadAfterMs }),
    ...(options.maxBotMatches === undefined ? {} : { maxBotMatches: options.maxBotMatches }),
  });
  // One handler on both listeners, so that readiness tells the log a failure once; `/metrics` is
  // the metrics listener's alone.
  const healthOps = healthHandler({ store: metrics.instrument(options.store), metrics, stopping: () => stopping, log });
  const healthMain: typeof healthOps = (req, res) => requestPath(req) !== '/metrics' && healthOps(req, res);
  const common = { log, trustProxy: options.trustProxy ?? false, ...(options.limits === undefined ? {} : { limits: options.limits }) };
  const origins = parseOrigins(options.cors ?? []);
  const hooks: AccountHooks = {
    ...(options.authenticate === undefined ? {} : { authenticate: options.authenticate }),
    ...(options.canCreate === undefined ? {} : { canCreate: options.canCreate }),
    ...(options.canJoin === undefined ? {} : { canJoin: options.canJoin }),
  };
  const lobby = lobbyHandler(host, { ...common, ...hooks });
  const files = options.staticDir === undefined ? null : staticHandler(options.staticDir, { maxAge: options.staticMaxAge ?? 0 });
  const site = files === null && options.site !== false ? siteHandler(options.libDir ?? builtModules()) : null;
  const server = createServer({ connectionsCheckingInterval: TIMEOUT_CHECK_MS }, (req, res) => {
    try {
      const path = requestPath(req);
      if ((path === '/api' || path.startsWith('/api/')) && applyCors(req, res, origins)) return;
      if (lobby(req, res)) return;
      if (healthMain(req, res)) return;
      if (files !== null) files(req, res);
      else if (site?.(req, res)) return;
      else notFound(res);
    } catch (e) {
      log(`request failed: ${String(e)}`);
      if (!res.headersSent) res.writeHead(500).end();
    }
  });
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.on('clientError', answerClientError);
  // Every socket, until it closes: what close() destroys if it still holds any once the grace is
  // over (one another 'upgrade' listener keeps, say), so that a close always ends. Each counts
  // against its address's HTTP quota until it closes or is upgraded (a WebSocket then counts in
  // `connectionsPerAddress` alone); behind a trusted proxy every connection comes from the proxy,
  // and none is counted.
  const sockets = new Set<Socket>();
  const perAddress = options.trustProxy === true ? null : new ConnectionCounter(limits.httpConnectionsPerAddress);
  /** The sockets counted in `perAddress`, with their address (given back once: at the upgrade or the close). */
  const counted = new Map<Socket, string>();
  const uncount = (socket: Socket): void => {
    const address = counted.get(socket);
    if (address === undefined) return;
    counted.delete(socket);
    perAddress?.close(address);
  };
  server.on('connection', (socket: Socket) => {
    if (sockets.has(socket)) return; // an upgrade request served as a plain one comes again
    if (perAddress !== null) {
      const address = addressKey(socket.remoteAddress ?? 'unknown');
      if (!perAddress.open(address)) {
        socket.destroy();
        return;
      }
      counted.set(socket, address);
    }
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      uncount(socket);
    });
  });
  watchUpgrades(server, (socket) => uncount(socket as Socket));
  const opsServer =
    options.metricsPort === undefined
      ? null
      : createServer((req, res) => {
          if (!healthOps(req, res)) notFound(res);
        });
  let ws: Awaited<ReturnType<typeof attachWebSocket>> | null = null;
  const hostname = options.hostname ?? '127.0.0.1';
  const metricsHostname = options.metricsHostname ?? '127.0.0.1';
  try {
    ws = await attachWebSocket(server, host, {
      ...common,
      allowOrigin: (req) => originAllowed(req, origins),
      ...(options.authenticate === undefined ? {} : { authenticate: options.authenticate }),
    });
    await listen(server, options.port ?? 8080, hostname);
    if (opsServer !== null) await listen(opsServer, options.metricsPort ?? 0, metricsHostname);
  } catch (e) {
    host.close();
    metrics.close();
    await ws?.close();
    for (const s of [server, opsServer]) if (s?.listening) await new Promise((done) => s.close(done));
    throw e;
  }
  const transport = ws;
  metrics.addSockets(transport.connections);
  host.start();
  return {
    url: urlOf(server, hostname),
    port: portOf(server),
    metricsUrl: opsServer === null ? null : urlOf(opsServer, metricsHostname),
    host,
    server,
    metrics,
    connections: transport.connections,
    close: async () => {
      stopping = true;
      host.close();
      await transport.close();
      const closed = Promise.all(
        [server, opsServer].map(
          (s) =>
            s !== null &&
            new Promise<void>((done) => {
              s.close(() => done());
              s.closeAllConnections();
            }),
        ),
      );
      const cutOff = setTimeout(() => {
        for (const socket of sockets) socket.destroy();
      }, CLOSE_GRACE_MS);
      await closed;
      clearTimeout(cutOff);
      metrics.close();
    },
  };
}

/** Milliseconds a client has to send a request's headers (Node's default is 60,000). */
const HEADERS_TIMEOUT_MS = 10_000;
/** Milliseconds a client has to send a whole request, body included (Node's default is 300,000): ample for 16 KiB. */
const REQUEST_TIMEOUT_MS = 30_000;
/** How often the server looks for requests past those timeouts (Node's default is 30,000). */
const TIMEOUT_CHECK_MS = 2000;

/** Milliseconds a closing server waits for sockets its HTTP server does not close itself, before destroying them. */
const CLOSE_GRACE_MS = 2000;

function listen(server: Server, port: number, hostname: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function portOf(server: Server): number {
  const address = server.address();
  return typeof address === 'object' && address !== null ? address.port : 0;
}

/** `http://<hostname>:<port>` of a listening server. */
function urlOf(server: Server, hostname: string): string {
  return `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${portOf(server)}`;
}
