/**
 * One HTTP server with everything on it: the lobby under `/api`, the WebSocket protocol at
 * `/ws`, and optionally static files (the demo page). `for-the-king serve` calls this; so can
 * your own program.
 * @module
 */
import { createServer, type Server } from 'node:http';
import { MatchHost } from './host.js';
import { lobbyHandler } from './http.js';
import type { Limits } from './limits.js';
import { notFound, staticHandler } from './static.js';
import type { Store } from './store/store.js';
import { attachWebSocket } from './websocket.js';

/** Options of {@link startServer}. */
export interface ServerOptions {
  /** Where matches live. `startServer` does not close it. */
  readonly store: Store;
  /** TCP port (default 8080; 0 picks a free one). */
  readonly port?: number;
  /** Address to listen on (default `127.0.0.1`; put a reverse proxy in front for the world). */
  readonly hostname?: string;
  /**
   * A folder of static files to serve at `/` (the demo page), or none. Dotfiles and dot-folders
   * are never served; files carry `ETag` and `Last-Modified` and are revalidated (304).
   */
  readonly staticDir?: string;
  /** Seconds browsers may keep `staticDir`'s files other than HTML without revalidating (default 0: always revalidate). */
  readonly staticMaxAge?: number;
  readonly limits?: Partial<Limits>;
  /** Take client addresses from `X-Forwarded-For` (only behind a reverse proxy you run). */
  readonly trustProxy?: boolean;
  /** How often to look for deadlines set by other hosts, in milliseconds (default 250). */
  readonly pollMs?: number;
  /** Where to report faults (default: nowhere). */
  readonly log?: (message: string) => void;
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
 * @throws {@link PeerDependencyError} when the `ws` package is not installed (the rest of
 * `for-the-king-and-me/server` works without it).
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
  const host = new MatchHost({ store: options.store, log, ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }) });
  const common = { log, trustProxy: options.trustProxy ?? false, ...(options.limits === undefined ? {} : { limits: options.limits }) };
  const lobby = lobbyHandler(host, common);
  const files = options.staticDir === undefined ? null : staticHandler(options.staticDir, { maxAge: options.staticMaxAge ?? 0 });
  const server = createServer((req, res) => {
    try {
      if (lobby(req, res)) return;
      if (files !== null) files(req, res);
      else notFound(res);
    } catch (e) {
      log(`request failed: ${String(e)}`);
      if (!res.headersSent) res.writeHead(500).end();
    }
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
    else socket.destroy();
  });
  let ws: Awaited<ReturnType<typeof attachWebSocket>>;
  try {
    ws = await attachWebSocket(server, host, common);
  } catch (e) {
    host.close();
    throw e;
  }
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
