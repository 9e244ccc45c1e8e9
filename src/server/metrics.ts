/**
 * The host's metrics in the Prometheus text exposition format (version 0.0.4): counters and a
 * histogram the host and its store feed as they work, gauges read when scraped. No dependency;
 * `startServer` serves them at `/metrics` on its metrics listener. docs/server.md lists each.
 * @module
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Store } from './store/store.js';

/** Upper bounds (seconds) of the buckets of {@link HostMetrics}' ack-latency histogram. */
export const ACK_BUCKETS: readonly number[] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The host's matches in memory, by state: a seat open, being played, over. */
export interface MatchCensus {
  readonly open: number;
  readonly live: number;
  readonly finished: number;
}

/** A label value, escaped as the exposition format wants. */
function label(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** A sample value: integers as they are, others with enough digits, infinities as `+Inf`. */
function num(x: number): string {
  if (x === Number.POSITIVE_INFINITY) return '+Inf';
  return Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(9)));
}

class Counter {
  readonly values = new Map<string, number>();
  add(key: string, by = 1): void {
    this.values.set(key, (this.values.get(key) ?? 0) + by);
  }
  get(key: string): number {
    return this.values.get(key) ?? 0;
  }
}

/**
 * What the host counts and measures for `/metrics`: actions appended, actions refused, the
 * latency from a submitted action to its durable acknowledgement, store errors, expired matches,
 * and, read at each scrape, the matches in memory, the open WebSockets and the process's own
 * figures (memory, CPU, event-loop delay). `startServer` makes one and serves it; with a
 * `MatchHost` of your own, pass one in `HostOptions.metrics` and serve {@link HostMetrics.render}.
 *
 * @example
 * ```ts
 * const metrics = new HostMetrics();
 * const host = new MatchHost({ store, metrics });
 * createServer(async (req, res) => {
 *   if (req.url === '/metrics') res.writeHead(200, { 'content-type': HostMetrics.CONTENT_TYPE }).end(metrics.render());
 * }).listen(9464, '127.0.0.1');
 * ```
 */
export class HostMetrics {
  /** The `Content-Type` of {@link HostMetrics.render}'s text. */
  static readonly CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

  private readonly actions = new Counter();
  private readonly rejections = new Counter();
  private readonly storeErrors = new Counter();
  private readonly expired = new Counter();
  private readonly ackCounts = new Array<number>(ACK_BUCKETS.length + 1).fill(0);
  private ackSum = 0;
  private ackCount = 0;
  private readonly gauges: { census: (() => MatchCensus)[]; sockets: (() => number)[] } = { census: [], sockets: [] };
  private readonly processStart = Math.floor(Date.now() / 1000 - process.uptime());
  private readonly loop = monitorEventLoopDelay({ resolution: 20 });
  private loopWindow: { p50: number; p99: number; max: number } = { p50: 0, p99: 0, max: 0 };
  private loopTimer: ReturnType<typeof setInterval> | null = null;

  constructor() {
    this.loop.enable();
    // The delay over the last minute: the histogram is read and reset once a minute, not at each
    // scrape, so that several scrapers see the same figures.
    this.loopTimer = setInterval(() => this.rollLoop(), 60_000);
    this.loopTimer.unref?.();
  }

  private rollLoop(): void {
    const ns = 1e-9;
    this.loopWindow = { p50: this.loop.percentile(50) * ns, p99: this.loop.percentile(99) * ns, max: this.loop.max * ns };
    this.loop.reset();
  }

  /** Stops the event-loop monitor. */
  close(): void {
    this.loop.disable();
    if (this.loopTimer !== null) clearInterval(this.loopTimer);
    this.loopTimer = null;
  }

  /** An action appended by this host, by who made it. */
  countAction(by: string): void {
    this.actions.add(by);
  }

  /** A submitted action refused, by its error code (`STALE`, `ILLEGAL`, …). */
  countRejection(code: string): void {
    this.rejections.add(code);
  }

  /** Seconds from a submitted action's arrival to its durable acknowledgement. */
  observeAck(seconds: number): void {
    let i = ACK_BUCKETS.findIndex((b) => seconds <= b);
    if (i < 0) i = ACK_BUCKETS.length;
    (this.ackCounts as number[])[i] = (this.ackCounts[i] ?? 0) + 1;
    this.ackSum += seconds;
    this.ackCount += 1;
  }

  /** Matches expired, by kind (`finished`, `abandoned`). */
  countExpired(kind: string, n = 1): void {
    this.expired.add(kind, n);
  }

  /** Adds a source of the matches-in-memory gauge (each host adds its own; the figures add up). */
  addCensus(census: () => MatchCensus): () => void {
    this.gauges.census.push(census);
    return () => {
      this.gauges.census = this.gauges.census.filter((c) => c !== census);
    };
  }

  /** Adds a source of the open-WebSockets gauge. */
  addSockets(count: () => number): () => void {
    this.gauges.sockets.push(count);
    return () => {
      this.gauges.sockets = this.gauges.sockets.filter((c) => c !== count);
    };
  }

  /**
   * `store` with every call counted: a call that throws or rejects counts in
   * `ftk_store_errors_total`, an append that succeeds in `ftk_actions_total`.
   */
  instrument<S extends Store>(store: S): S {
    const failed = (op: string): void => {
      this.storeErrors.add(op);
    };
    return new Proxy(store, {
      get: (target, key, receiver) => {
        const value: unknown = Reflect.get(target, key, receiver);
        if (typeof value !== 'function' || typeof key !== 'string' || key === 'watch' || key === 'close') {
          return typeof value === 'function' ? value.bind(target) : value;
        }
        const fn = value as (...args: unknown[]) => unknown;
        return (...args: unknown[]): unknown => {
          let result: unknown;
          try {
            result = fn.apply(target, args);
          } catch (e) {
            failed(key);
            throw e;
          }
          if (!(result instanceof Promise)) return result;
          return result.then(
            (r: unknown) => {
              if (key === 'append' && r === true) this.countAction(String((args[1] as { by?: unknown } | undefined)?.by ?? 'seat'));
              return r;
            },
            (e: unknown) => {
              failed(key);
              throw e;
            },
          );
        };
      },
    });
  }

  /** Every metric, in the Prometheus text exposition format. */
  render(): string {
    const out: string[] = [];
    const head = (name: string, type: string, help: string): void => {
      out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    };
    const byLabel = (name: string, key: string, c: Counter, keys: readonly string[]): void => {
      const all = new Set([...keys, ...c.values.keys()]);
      for (const k of all) out.push(`${name}{${key}="${label(k)}"} ${num(c.get(k))}`);
    };

    let census = { open: 0, live: 0, finished: 0 };
    for (const c of this.gauges.census) {
      const n = c();
      census = { open: census.open + n.open, live: census.live + n.live, finished: census.finished + n.finished };
    }
    head(
      'ftk_matches',
      'gauge',
      'Matches this host holds in memory, by state: open (a seat is free), live (being played), finished (the game is over).',
    );
    for (const state of ['open', 'live', 'finished'] as const) out.push(`ftk_matches{state="${state}"} ${census[state]}`);

    head('ftk_websocket_connections', 'gauge', 'Open WebSocket connections.');
    out.push(`ftk_websocket_connections ${this.gauges.sockets.reduce((n, s) => n + s(), 0)}`);

    head('ftk_actions_total', 'counter', 'Actions this host appended to a match log, by who made them: seat, bot, timer.');
    byLabel('ftk_actions_total', 'by', this.actions, ['seat', 'bot', 'timer']);

    head('ftk_action_rejections_total', 'counter', 'Submitted actions refused, by error code (STALE, ILLEGAL, FORBIDDEN, ...).');
    byLabel('ftk_action_rejections_total', 'code', this.rejections, ['STALE', 'ILLEGAL']);

    head(
      'ftk_action_ack_seconds',
      'histogram',
      "Seconds from a seat's submitted action to its acknowledgement, once the store holds it durably.",
    );
    let cumulative = 0;
    ACK_BUCKETS.forEach((b, i) => {
      cumulative += this.ackCounts[i] ?? 0;
      out.push(`ftk_action_ack_seconds_bucket{le="${num(b)}"} ${cumulative}`);
    });
    out.push(`ftk_action_ack_seconds_bucket{le="+Inf"} ${this.ackCount}`);
    out.push(`ftk_action_ack_seconds_sum ${num(this.ackSum)}`, `ftk_action_ack_seconds_count ${this.ackCount}`);

    head('ftk_store_errors_total', 'counter', 'Store calls that failed, by operation.');
    byLabel('ftk_store_errors_total', 'operation', this.storeErrors, ['append']);

    head('ftk_matches_expired_total', 'counter', 'Matches this host expired, by kind: finished, abandoned.');
    byLabel('ftk_matches_expired_total', 'kind', this.expired, ['finished', 'abandoned']);

    const mem = process.memoryUsage();
    const cpu = process.cpuUsage();
    head('process_start_time_seconds', 'gauge', 'Start time of the process since the Unix epoch, in seconds.');
    out.push(`process_start_time_seconds ${this.processStart}`);
    head('process_cpu_seconds_total', 'counter', 'User and system CPU time spent, in seconds.');
    out.push(`process_cpu_seconds_total ${num((cpu.user + cpu.system) / 1e6)}`);
    head('process_resident_memory_bytes', 'gauge', 'Resident memory size, in bytes.');
    out.push(`process_resident_memory_bytes ${mem.rss}`);
    head('nodejs_heap_used_bytes', 'gauge', 'V8 heap in use, in bytes.');
    out.push(`nodejs_heap_used_bytes ${mem.heapUsed}`);
    head('nodejs_eventloop_delay_seconds', 'gauge', 'Event-loop delay over the last full minute: p50, p99 and max.');
    out.push(
      `nodejs_eventloop_delay_seconds{quantile="0.5"} ${num(this.loopWindow.p50)}`,
      `nodejs_eventloop_delay_seconds{quantile="0.99"} ${num(this.loopWindow.p99)}`,
      `nodejs_eventloop_delay_seconds{quantile="1"} ${num(this.loopWindow.max)}`,
    );
    return `${out.join('\n')}\n`;
  }
}
