/**
 * The waits between connections: from `minDelayMs`, doubling each time up to `maxDelayMs`, each
 * with jitter (half to all of it) so that many clients dropped at once do not come back at once.
 * A welcome starts the waits over; a connection the client dropped itself (a host that sent what
 * it should not) makes them longer for good, so that a broken host is not asked again and again.
 * @module
 */

/** @internal The reconnection timer and its waits. */
export class Backoff {
  private attempts = 0;
  /** Connections the client dropped itself. */
  private drops = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly minMs: number,
    private readonly maxMs: number,
  ) {}

  /** A welcome: the next wait is the shortest one the drops allow. */
  welcomed(): void {
    this.attempts = 0;
  }

  /** The client dropped a connection itself: the waits start this much further along, for good. */
  dropped(): void {
    this.attempts = Math.max(this.attempts, this.drops++);
  }

  /** Calls `open` after the next wait. */
  schedule(open: () => void): void {
    this.cancel();
    const delay = Math.min(this.maxMs, this.minMs * 2 ** Math.min(this.attempts, 16)) * (0.5 + Math.random() * 0.5);
    this.attempts++;
    this.timer = setTimeout(() => {
      this.timer = null;
      open();
    }, delay);
  }

  /** No connection is made after the wait under way. */
  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
