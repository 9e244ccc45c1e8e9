/**
 * The transports' limits: message and body sizes, messages per second per connection,
 * requests per second, whole views (welcomes and syncs) per second, matches created and connections per address, how long a WebSocket has to say hello and how
 * often it is pinged. One place, with defaults a small public host can live with;
 * `startServer({ limits })` overrides any of them.
 * @module
 */

/** Limits of the WebSocket and HTTP transports. */
export interface Limits {
  /** Largest WebSocket message answered with a `TOO_LARGE` error; 4 times this closes the connection (1009). Default 16 KiB. */
  readonly maxMessageBytes: number;
  /** Largest HTTP request body. Default 16 KiB. */
  readonly maxBodyBytes: number;
  /** Messages per second per WebSocket connection (a token bucket). Default 20. */
  readonly messagesPerSecond: number;
  /** Messages a connection may send at once before the rate applies. Default 40. */
  readonly messageBurst: number;
  /**
   * Whole views a client address may be sent per second over the WebSocket, all its connections
   * together (a token bucket): each `hello` and each `sync` costs one, and past the budget a `sync`
   * gets `RATE_LIMITED` and a `hello` gets `RATE_LIMITED` and its connection closed (1008).
   * Default 2.
   */
  readonly viewsPerSecond: number;
  /** Whole views an address may be sent at once before {@link Limits.viewsPerSecond} applies. Default 60. */
  readonly viewBurst: number;
  /** Open WebSocket connections per client address. Default 32. */
  readonly connectionsPerAddress: number;
  /** HTTP requests per second per client address. Default 20. */
  readonly requestsPerSecond: number;
  /** HTTP requests an address may send at once before the rate applies. Default 60. */
  readonly requestBurst: number;
  /** Matches an address may create at once (`POST /api/matches`) before `matchesPerMinute` applies. Default 10. */
  readonly matchBurst: number;
  /** Matches per minute per client address past `matchBurst` (a token bucket; a fraction is allowed). Default 1. */
  readonly matchesPerMinute: number;
  /**
   * Open HTTP connections per client address (a WebSocket's included: it came as one); one over
   * this is closed at once, unanswered. Not counted with `trustProxy` (every connection then comes
   * from the proxy). Default 64.
   */
  readonly httpConnectionsPerAddress: number;
  /** Bytes a WebSocket may have waiting to be sent before the host drops it as too slow (it resyncs on reconnect). Default 4 MiB. */
  readonly maxBufferedBytes: number;
  /**
   * Milliseconds a WebSocket has to say a `hello` the host welcomes; then it is sent `NOT_READY`
   * and closed (1008), so that connections that never say who they are do not hold the address's
   * quota. Default 10,000; 0: no deadline.
   */
  readonly helloTimeoutMs: number;
  /**
   * Milliseconds between the pings the host sends each WebSocket; one that has not answered the
   * last ping by the next is dropped (a client whose network went away without a word). Browsers
   * and the `ws` package answer pings by themselves. Default 30,000; 0: no pings.
   */
  readonly pingIntervalMs: number;
}

/** The default {@link Limits}. */
export const DEFAULT_LIMITS: Limits = {
  maxMessageBytes: 16 * 1024,
  maxBodyBytes: 16 * 1024,
  messagesPerSecond: 20,
  messageBurst: 40,
  viewsPerSecond: 2,
  viewBurst: 60,
  connectionsPerAddress: 32,
  requestsPerSecond: 20,
  requestBurst: 60,
  matchBurst: 20,
  matchesPerMinute: 2,
  httpConnectionsPerAddress: 64,
  maxBufferedBytes: 4 * 1024 * 1024,
  helloTimeoutMs: 10_000,
  pingIntervalMs: 30_000,
};

/** The longest delay a timer takes (about 24.8 days); a longer one would fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Checks the limits that are timers' delays (`helloTimeoutMs`, `pingIntervalMs`).
 *
 * @throws `RangeError` for one that is not a whole number of milliseconds from 0 to 2,147,483,647.
 */
export function checkTimerLimits(limits: Limits): void {
  for (const name of ['helloTimeoutMs', 'pingIntervalMs'] as const) {
    const ms = limits[name];
    if (!Number.isInteger(ms) || ms < 0 || ms > MAX_TIMER_MS) {
      throw new RangeError(`limits.${name} is a whole number of milliseconds from 0 to ${MAX_TIMER_MS}, got ${String(ms)}`);
    }
  }
}

/**
 * Checks the whole views' budget (`viewsPerSecond`, `viewBurst`).
 *
 * @throws `RangeError` for a `viewsPerSecond` that is not a finite number above 0, or a `viewBurst`
 * that is not a whole number from 1.
 */
export function checkViewLimits(limits: Limits): void {
  const { viewsPerSecond, viewBurst } = limits;
  if (!Number.isFinite(viewsPerSecond) || viewsPerSecond <= 0) {
    throw new RangeError(`limits.viewsPerSecond is a finite number above 0, got ${String(viewsPerSecond)}`);
  }
  if (!Number.isInteger(viewBurst) || viewBurst < 1) {
    throw new RangeError(`limits.viewBurst is a whole number from 1, got ${String(viewBurst)}`);
  }
}

/**
 * Checks the HTTP limits that are counts or rates (`matchBurst`, `matchesPerMinute`,
 * `httpConnectionsPerAddress`).
 *
 * @throws `RangeError` for a count that is not a whole number from 1, or a rate that is not a finite number above 0.
 */
export function checkHttpLimits(limits: Limits): void {
  for (const name of ['matchBurst', 'httpConnectionsPerAddress'] as const) {
    const n = limits[name];
    if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`limits.${name} is a whole number from 1, got ${String(n)}`);
  }
  const rate = limits.matchesPerMinute;
  if (!(Number.isFinite(rate) && rate > 0)) throw new RangeError(`limits.matchesPerMinute is a number above 0, got ${String(rate)}`);
}

/** A token bucket: `take()` is `true` while the rate allows. */
export class RateLimiter {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** Takes one token; `false` when none is left. */
  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.perSecond);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Gives back a token taken for something that did not happen (never above the burst). */
  giveBack(): void {
    this.tokens = Math.min(this.burst, this.tokens + 1);
  }

  /** Whole seconds until a token is there (at least 1): what `Retry-After` says to a refused client. */
  secondsUntilToken(): number {
    const t = this.now();
    const tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.perSecond);
    return Math.max(1, Math.ceil((1 - tokens) / this.perSecond));
  }

  /** Whether the bucket is full (it can be forgotten). */
  full(): boolean {
    return this.tokens + ((this.now() - this.last) / 1000) * this.perSecond >= this.burst;
  }
}

/** Rate limiters per client address, forgetting addresses whose bucket has refilled. */
export class AddressLimiter {
  private readonly buckets = new Map<string, RateLimiter>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  /** Takes one token for `address`. */
  take(address: string): boolean {
    let b = this.buckets.get(address);
    if (b === undefined) {
      if (this.buckets.size > 10_000) for (const [a, x] of this.buckets) if (x.full()) this.buckets.delete(a);
      b = new RateLimiter(this.perSecond, this.burst);
      this.buckets.set(address, b);
    }
    return b.take();
  }

  /** Gives back the token last taken for `address` (see {@link RateLimiter.giveBack}). */
  giveBack(address: string): void {
    this.buckets.get(address)?.giveBack();
  }

  /** Whole seconds until `address` has a token again (at least 1). */
  secondsUntilToken(address: string): number {
    return this.buckets.get(address)?.secondsUntilToken() ?? 1;
  }
}

/** Open connections per client address. */
export class ConnectionCounter {
  private readonly counts = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Counts a new connection from `address`; `false` (nothing counted) when it already has the most. */
  open(address: string): boolean {
    const n = this.counts.get(address) ?? 0;
    if (n >= this.max) return false;
    this.counts.set(address, n + 1);
    return true;
  }

  /** Forgets one connection from `address`. */
  close(address: string): void {
    const n = (this.counts.get(address) ?? 1) - 1;
    if (n <= 0) this.counts.delete(address);
    else this.counts.set(address, n);
  }
}
