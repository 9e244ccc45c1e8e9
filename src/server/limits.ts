/**
 * The transports' limits: message and body sizes, messages per second per connection,
 * requests per second and connections per address. One place, with defaults a small public
 * host can live with; `startServer({ limits })` overrides any of them.
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
};

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
