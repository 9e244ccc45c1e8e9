/**
 * One HTTP server with everything on it: the lobby under `/api`, the WebSocket protocol at
 * `/ws`, and the site (the lobby and table at `/`, the built ES modules under `/lib/`), or a
 * folder of static files instead. `for-the-king serve` calls this; so can your own program.
 * @module
 */
import { createServer, type Server } from 'node:http';
import type { AccountHooks } from './accounts.js';
import { applyCors, originAllowed, parseOrigins } from './cors.js';
import { MatchHost } from './host.js';
import { lobbyHandler } from './http.js';
import type { Limits } from './limits.js';
import { builtModules, siteHandler } from './site.js';
import { staticHandler } from './static.js';
import type { Store } from './store/store.js';
import { attachWebSocket } from './websocket.js';

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
  /** A folder of static files to serve at `/` instead of the built-in site. */
  readonly staticDir?: string;
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
  /** Where to report faults, and what a creator did to a seat or the clock (default: nowhere). */
  readonly log?: (message: string) => void;
  /** How long a player must have been away before the creator may hand their seat over, in ms (default 60,000). */
  readonly awayMs?: number;
}

/** A running server. */
export interface RunningServer {
  /** `http://<hostname>:<port>` (no trailing slash). */
  readonly url: string;
  readonly port: number;
  readonly host: MatchHost;
  readonly server: Server;
  /** Open WebSocket connections. */
  readonly connections: () => number;
  /** Stops accepting, closes every connection and the host's timers (not the store). */
  readonly close: () => Promise<void>;
}

/**
 * Starts the match host on HTTP and WebSocket.
 *
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
  const log = options.log ?? (() => undefined);
  const host = new MatchHost({
    store: options.store,
    log,
    ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
    ...(options.awayMs === undefined ? {} : { awayMs: options.awayMs }),
  });
  const common = { log, trustProxy: options.trustProxy ?? false, ...(options.limits === undefined ? {} : { limits: options.limits }) };
  const origins = parseOrigins(options.cors ?? []);
  const hooks: AccountHooks = {
    ...(options.authenticate === undefined ? {} : { authenticate: options.authenticate }),
    ...(options.canCreate === undefined ? {} : { canCreate: options.canCreate }),
    ...(options.canJoin === undefined ? {} : { canJoin: options.canJoin }),
  };
  const lobby = lobbyHandler(host, { ...common, ...hooks });
  const files = options.staticDir === undefined ? null : staticHandler(options.staticDir);
  const site = files === null && options.site !== false ? siteHandler(options.libDir ?? builtModules()) : null;
  const server = createServer((req, res) => {
    try {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if ((path === '/api' || path.startsWith('/api/')) && applyCors(req, res, origins)) return;
      if (lobby(req, res)) return;
      if (files !== null) files(req, res);
      else if (site?.(req, res)) return;
      else {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('not found\n');
      }
    } catch (e) {
      log(`request failed: ${String(e)}`);
      if (!res.headersSent) res.writeHead(500).end();
    }
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
    else socket.destroy();
  });
  const ws = attachWebSocket(server, host, {
    ...common,
    allowOrigin: (req) => originAllowed(req, origins),
    ...(options.authenticate === undefined ? {} : { authenticate: options.authenticate }),
  });
  const hostname = options.hostname ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, hostname, () => {
      server.off('error', reject);
      resolve();
    });
  });
  host.start();
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 8080);
  const shown = hostname.includes(':') ? `[${hostname}]` : hostname;
  return {
    url: `http://${shown}:${port}`,
    port,
    host,
    server,
    connections: ws.connections,
    close: async () => {
      host.close();
      await ws.close();
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
    },
  };
}
