/**
 * The one timer that tells whether a connection still carries anything: while connecting, the
 * welcome's deadline; while open, the next `ping` (whose own deadline is its request's). A network
 * that froze without closing the socket (a phone in a tunnel) would otherwise keep a connection
 * "open", and its close held back, for minutes.
 * @module
 */

/** @internal A deadline, or a tick repeated, until stopped. */
export class Beat {
  private timer: ReturnType<typeof setTimeout> | null = null;

  /** Calls `due` once, after `ms` (unless stopped or set again first). */
  once(ms: number, due: () => void): void {
    this.stop();
    this.timer = setTimeout(() => {
      this.timer = null;
      due();
    }, ms);
  }

  /** Calls `tick` every `ms` until stopped or set again (never for `ms` ≤ 0). */
  every(ms: number, tick: () => void): void {
    this.stop();
    if (ms <= 0) return;
    this.timer = setTimeout(() => {
      this.every(ms, tick);
      tick();
    }, ms);
  }

  /** Stops the timer. */
  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
