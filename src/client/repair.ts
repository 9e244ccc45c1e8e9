/**
 * Fetching the whole view again when a patch did not fit it: one `sync` at a time, asked again
 * later each time (50, 100, 200, 400 ms) while the answers leave the view behind, as an honest
 * host's answer can when it comes before an update whose patch did not fit. A malformed answer,
 * or {@link REPAIR_ROUNDS} lagging answers in a row and one more, are the host's fault: told, and
 * the connection made again.
 * @module
 */
import { ClientError } from './errors.js';

/** Sync answers in a row that may leave the view behind before the host is taken for broken (asked again after 50, 100, 200, 400 ms). */
export const REPAIR_ROUNDS = 4;

/** @internal What the repair needs of the connection. */
export interface RepairLink {
  /** Asks for everything since the last seq seen (`MatchClient.resync`). */
  resync(): Promise<void>;
  /** Whether the view is still behind the last seq seen. */
  behind(): boolean;
  /** Whether the connection is open (welcomed, not closed). */
  open(): boolean;
  /** The host's fault: tell it, and drop the connection (its welcome brings a whole view). */
  fail(e: ClientError): void;
}

/** @internal The repair loop of one connection. */
export class Repair {
  /** A `sync` for the whole view is under way. */
  private running = false;
  /** Sync answers in a row that left the view behind: each makes the wait before asking again longer. */
  private rounds = 0;

  constructor(private readonly link: RepairLink) {}

  /** A welcome brought a whole view: the count of lagging answers starts over. */
  welcomed(): void {
    this.rounds = 0;
  }

  /** Fetches the whole view again, unless a fetch is under way or the connection is not open. */
  start(): void {
    if (this.running || !this.link.open()) return;
    this.running = true;
    let again = true;
    this.link
      .resync()
      .catch((e: unknown) => {
        if (e instanceof ClientError && e.code !== 'BAD_MESSAGE') return; // a drop: the reconnect's welcome brings the view
        again = false;
        this.link.fail(e instanceof ClientError ? e : new ClientError('BAD_MESSAGE', String(e)));
      })
      .finally(() => {
        this.running = false;
        if (!again || !this.link.open()) return;
        if (!this.link.behind()) {
          this.rounds = 0;
          return;
        }
        if (++this.rounds <= REPAIR_ROUNDS) {
          setTimeout(() => this.start(), 50 * 2 ** (this.rounds - 1));
          return;
        }
        this.link.fail(new ClientError('BAD_MESSAGE', `the view is still behind after ${REPAIR_ROUNDS + 1} sync answers in a row`));
      });
  }
}
