/**
 * The transports' limits: message and body sizes, messages per second per connection,
 * requests per second and connections per address, how long a WebSocket has to say hello and how
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
  /** Open WebSocket connections per client address. Default 32. */
  readonly connectionsPerAddress: number;
  /** HTTP requests per second per client address. Default 20. */
  readonly requestsPerSecond: number;
  /** HTTP requests an address may send at once before the rate applies. Default 60. */
  readonly requestBurst: number;
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
  connectionsPerAddress: 32,
  requestsPerSecond: 20,
  requestBurst: 60,
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
