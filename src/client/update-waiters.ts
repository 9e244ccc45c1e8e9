/**
 * The `send`s a client's host has acknowledged, each waiting for its update to reach the view:
 * resolved when it does, rejected with `TIMEOUT` when it does not come in time, and with `CLOSED`
 * when the client is closed first.
 * @module
 */
import { ClientError } from './errors.js';

interface Waiter {
  readonly seq: number;
  readonly resolve: () => void;
  readonly reject: (e: ClientError) => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

/** @internal Acknowledged `send`s waiting for their updates. */
export class UpdateWaiters {
  private waiters: Waiter[] = [];

  /** Resolves once {@link UpdateWaiters.release} is told the view holds `seq`; rejects with `TIMEOUT` after `timeoutMs`. */
  wait(seq: number, timeoutMs: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      // The host said it holds the action; its update should follow at once.
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.timer !== timer);
        reject(new ClientError('TIMEOUT', `the host acknowledged update ${seq} but did not send it in time`));
      }, timeoutMs);
      this.waiters.push({ seq, resolve, reject, timer });
    });
  }

  /**
   * Resolves the waiters whose update the view now holds (`at`, its seq); once the client is
   * `closed`, rejects the others with `CLOSED` (the host holds their actions, but this client
   * will not show them).
   */
  release(at: number, closed: boolean): void {
    if (this.waiters.length === 0) return;
    const settled = this.waiters.filter((w) => w.seq <= at || closed);
    this.waiters = this.waiters.filter((w) => w.seq > at && !closed);
    for (const w of settled) {
      clearTimeout(w.timer);
      if (w.seq <= at) w.resolve();
      else w.reject(new ClientError('CLOSED', `the client was closed before update ${w.seq} (acknowledged by the host) arrived`));
    }
  }
}
