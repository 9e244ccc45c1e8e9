/**
 * Health and metrics over HTTP: `/health` (liveness: the process answers), `/health/ready`
 * (readiness: the store answers a read in time, and the host is not stopping; the embedded store
 * refuses reads once its journal failed a write, and says so) and, when given metrics, `/metrics` (the Prometheus text format). JSON answers are
 * `no-store`; `HEAD` is answered wherever `GET` is. Why readiness says no, with the error behind
 * it, goes to the log once while it lasts.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HostMetrics } from './metrics.js';
import { STORE_CLOSED } from './store/closed.js';
import { JOURNAL_FAILED } from './store/journal-failed.js';
import type { Store } from './store/store.js';
import { requestPath } from './target.js';
import { passwordsHidden } from './without-password.js';

/** Options of {@link healthHandler}. */
export interface HealthOptions {
  /** The store whose reads readiness checks (pass the host's: the instrumented one when there are metrics). */
  readonly store: Store;
  /** Serve `/metrics` from these. */
  readonly metrics?: HostMetrics;
  /** Serve `/metrics` when there are `metrics` (default `true`). */
  readonly exposeMetrics?: boolean;
  /** Milliseconds the store's read may take before readiness says no (default 2,000). */
  readonly timeoutMs?: number;
  /** Whether the host is shutting down: readiness then says no, so a balancer stops sending it clients. */
  readonly stopping?: () => boolean;
  /**
   * Where to tell why readiness says no, with the text of the error behind it (which the public
   * answer never carries; a password in a connection string hidden), and that it says yes again:
   * once while the reason and the error stay the same, not once a probe. Not a host that is stopping.
   */
  readonly log?: (message: string) => void;
}

/** What `/health/ready` answers. */
export interface Readiness {
  readonly status: 'ready' | 'unavailable' | 'stopping';
  /**
   * Why not, in a few words: the store did not answer in time, is closed, refuses calls since its
   * journal failed a write, or failed the read. Never an error's text (it could hold a connection
   * string, a user name or a path, and the answer is public).
   */
  readonly reason?: string;
}

/** A match id no match has: the readiness probe reads it. */
const PROBE_ID = 'ftk-readiness-probe';

/**
 * Why the probe's read failed, in fixed words: a store refuses reads after `close()`, and the
 * embedded store after its journal failed a write, so a failed read is not always a read that
 * failed.
 */
function failure(e: unknown): string {
  const message = e instanceof Error ? e.message : '';
  if (message === STORE_CLOSED) return 'the store is closed';
  if (message.startsWith(JOURNAL_FAILED)) return `${JOURNAL_FAILED}: restart the process`;
  return 'the store failed a read';
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = `${JSON.stringify(body)}\n`;
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * A handler for `/health`, `/health/ready` and (with `metrics`) `/metrics`; returns `false` for
 * other paths. Concurrent readiness checks share one store read.
 *
 * @example
 * ```ts
 * const metrics = new HostMetrics();
 * const host = new MatchHost({ store, metrics });
 * const health = healthHandler({ store, metrics, log: (line) => console.error(line) });
 * createServer((req, res) => {
 *   if (!health(req, res)) res.writeHead(404).end();
 * }).listen(9464, '127.0.0.1');
 * ```
 */
export function healthHandler(options: HealthOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const timeoutMs = options.timeoutMs ?? 2000;
  const exposed = options.metrics !== undefined && options.exposeMetrics !== false;
  let inFlight: Promise<Readiness> | null = null;

  // The last line told (null: none, or that readiness says yes again), so that a probe every
  // second tells a lasting failure once.
  let told: string | null = null;
  const tell = (line: string | null): void => {
    if (line === told) return;
    if (line !== null || told !== null) options.log?.(line ?? 'ready again: the store answers reads');
    told = line;
  };
  const unavailable = (reason: string, e?: unknown): Readiness => {
    // A closed store's error says no more than its reason.
    tell(`not ready: ${reason}${e === undefined || reason === STORE_CLOSED ? '' : `: ${passwordsHidden(String(e))}`}`);
    return { status: 'unavailable', reason };
  };

  const check = async (): Promise<Readiness> => {
    if (options.stopping?.()) return { status: 'stopping' };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
      timer.unref?.();
    });
    try {
      const read = await Promise.race([options.store.getMatch(PROBE_ID).then(() => 'ok' as const), timeout]);
      if (read === 'timeout') return unavailable(`the store did not answer within ${timeoutMs} ms`);
    } catch (e) {
      return unavailable(failure(e), e);
    } finally {
      clearTimeout(timer);
    }
    if (options.stopping?.()) return { status: 'stopping' };
    tell(null);
    return { status: 'ready' };
  };

  const ready = (): Promise<Readiness> => {
    if (inFlight === null) {
      inFlight = check().finally(() => {
        inFlight = null;
      });
    }
    return inFlight;
  };

  return (req, res) => {
    const path = requestPath(req);
    if (path !== '/health' && path !== '/health/ready' && !(path === '/metrics' && exposed)) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      res.end('method not allowed\n');
      return true;
    }
    if (path === '/health') {
      json(res, 200, { status: 'ok' });
      return true;
    }
    if (path === '/metrics') {
      const text = (options.metrics as HostMetrics).render();
      res.writeHead(200, {
        'content-type': HostMetrics.CONTENT_TYPE,
        'cache-control': 'no-store',
        'content-length': Buffer.byteLength(text),
      });
      res.end(text);
      return true;
    }
    void ready().then(
      (r) => {
        if (!res.headersSent && !res.destroyed) json(res, r.status === 'ready' ? 200 : 503, r);
      },
      () => {
        if (!res.headersSent && !res.destroyed) json(res, 503, { status: 'unavailable', reason: 'the check failed' });
      },
    );
    return true;
  };
}
