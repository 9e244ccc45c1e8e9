/**
 * Deadlines: the moves the host makes itself (a bot's move, a timed-out seat's move) are
 * deadlines in the store, taken with `claimDue`, so each is played once whatever the number of
 * hosts. A poll every `pollMs`, a wake-up at each deadline this host sets, and a sweep that sets
 * again a deadline lost with a host that died between an append and setting the next one (or
 * whose write failed), leaving alone one another host has claimed until its lease runs out.
 * @module
 */
import { step, view } from '../../index.js';
import type { Deadline, LogEntry, MatchRecord, SetDeadlineOptions, Store } from '../store/store.js';
import { deadlineFor, hostTurn } from '../turns.js';
import { BotThread } from './bot-thread.js';
import type { LiveMatch } from './live-match.js';
import type { LiveMatches } from './live-matches.js';

/** How overdue a deadline must be before the sweep sets it again, and how often the sweep runs (ms). */
const SWEEP_MS = 5000;

/** How many deadlines one claim takes at most. */
const CLAIM_LIMIT = 64;

/** Sets, claims and plays the deadlines of one host's matches. */
export class Deadlines {
  private poller: ReturnType<typeof setInterval> | null = null;
  private wake: ReturnType<typeof setTimeout> | null = null;
  private wakeAt = Number.POSITIVE_INFINITY;
  private polling = false;
  private pollAgain = false;
  private nextSweep = 0;
  /** Matches whose deadline this host cleared last. */
  private readonly cleared = new Set<string>();
  private closed = false;
  /** Where bots choose their moves: searching bots on a thread of their own, off every match's path. */
  private readonly bots: BotThread;

  constructor(
    private readonly store: Store,
    private readonly matches: LiveMatches,
    private readonly now: () => number,
    private readonly pollMs: number,
    private readonly log: (message: string) => void,
  ) {
    this.bots = new BotThread(log);
  }

  /** Starts playing deadlines: a poll every `pollMs`, and a wake-up at each deadline this host sets. */
  start(): void {
    if (this.poller !== null || this.closed) return;
    this.poller = setInterval(() => this.poll(), this.pollMs);
    this.poller.unref?.();
    this.poll();
  }

  /** Stops the poll and the wake-up for good. */
  close(): void {
    this.closed = true;
    if (this.poller !== null) clearInterval(this.poller);
    if (this.wake !== null) clearTimeout(this.wake);
    this.poller = null;
    this.wake = null;
    void this.bots.close();
  }

  /**
   * Sets (or clears) a match's deadline. A clear right after this host's own clear is skipped (most
   * actions leave no deadline: a person is to move and there is no turn time limit), which saves a
   * store write per action; a deadline left behind by another host is harmless (acted on only
   * while the log is at its seq - 1, else set right again). With `ifMissing`, a deadline stored
   * for the same seq is kept; nothing is written once the match's version is no longer the
   * `expected` one, and a clear removes only what its `expected` position lets it (see
   * `Store.setDeadline`), so the store may send it again after a broken connection.
   */
  async set(matchId: string, d: Deadline | null, options: SetDeadlineOptions): Promise<void> {
    if (d === null && this.cleared.has(matchId)) return;
    await this.store.setDeadline(matchId, d, options);
    if (d === null) this.cleared.add(matchId);
    else {
      this.cleared.delete(matchId);
      this.wakeUpAt(d.at);
    }
  }

  /**
   * Sets the deadline `d` that follows entry `seq`, already in the log, decided from `record`:
   * not written if another host changed the record meanwhile (that change set its own deadline,
   * and this host sets the deadline again once it takes the new record in). A failure (the store
   * stays away) is logged, and counted by the store's metrics, but not thrown: the entry stands,
   * and the sweep sets the deadline again.
   */
  async follow(record: MatchRecord, seq: number, d: Deadline | null): Promise<void> {
    try {
      await this.set(record.id, d, { expected: { version: record.version, seq } });
    } catch (e) {
      this.log(`setting the deadline after ${record.id} at ${seq} failed (left to the sweep): ${String(e)}`);
    }
  }

  /** Forgets what this host remembers of a match (it expired, or this host unloaded it). */
  forget(matchId: string): void {
    this.cleared.delete(matchId);
  }

  /**
   * Sets the deadline the match's current position calls for (idempotent). After a change (a seat,
   * the turn time) it replaces the one stored; `'ifMissing'` (a host loading the match, the sweep,
   * a stale claim) keeps one stored for the same seq, which may be another host's claim: that
   * host is still choosing the move, and the store hands the deadline out again only once its
   * lease runs out. `'fill'` (a host taking in a record another host changed, which may have
   * refused a deadline this host decided from its older record) does the same, but never clears:
   * what the change itself called for was set or cleared by the host that made it. A clear is
   * decided at the match's version and seq (`expected`).
   */
  async ensure(live: LiveMatch, how: 'replace' | 'ifMissing' | 'fill' = 'replace'): Promise<void> {
    const { d, expected } = await live.serial(async () => {
      await this.matches.catchUp(live);
      const expected = { version: live.record.version, seq: live.seq };
      return { d: deadlineFor(live.record, live.state, live.seq, live.lastAt), expected };
    });
    if (d === null && how === 'fill') return;
    await this.set(live.record.id, d, how === 'replace' ? { expected } : { ifMissing: true, expected });
  }

  private wakeUpAt(at: number): void {
    if (this.closed || this.poller === null || at >= this.wakeAt) return;
    if (this.wake !== null) clearTimeout(this.wake);
    this.wakeAt = at;
    this.wake = setTimeout(
      () => {
        this.wake = null;
        this.wakeAt = Number.POSITIVE_INFINITY;
        this.poll();
      },
      Math.max(0, at - this.now()),
    );
    this.wake.unref?.();
  }

  /**
   * Every few seconds: a loaded match whose bot move or timer is long overdue may have lost its
   * deadline (its host died between an append and setting the next deadline, or that write
   * failed): set it again, unless one is stored for that seq (a host may be playing it, a lease ahead).
   */
  private sweep(): void {
    const now = this.now();
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_MS;
    this.matches.eachLoaded(
      (live) => {
        const d = deadlineFor(live.record, live.state, live.seq, live.lastAt);
        return d !== null && d.at + SWEEP_MS < now ? this.ensure(live, 'ifMissing') : undefined;
      },
      (e) => this.log(`sweeping deadlines failed: ${String(e)}`),
    );
  }

  /** Claims due deadlines and starts playing them; runs again at once if the batch was full. */
  private poll(): void {
    if (this.closed) return;
    this.sweep();
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    this.polling = true;
    void (async () => {
      try {
        for (;;) {
          this.pollAgain = false;
          const due = await this.store.claimDue(this.now(), CLAIM_LIMIT);
          // A claimed deadline stays in the store (a lease ahead) until it is replaced or cleared,
          // whatever this host cleared before: its next clear must be written, not skipped.
          for (const d of due) this.cleared.delete(d.matchId);
          // Not awaited: a bot that thinks long holds up its own match only, never the next claim.
          for (const d of due) this.fire(d).catch((e: unknown) => this.log(`deadline of ${d.matchId} at ${d.seq} failed: ${String(e)}`));
          if (this.closed || (due.length < CLAIM_LIMIT && !this.pollAgain)) break;
        }
      } catch (e) {
        this.log(`claiming deadlines failed: ${String(e)}`);
      } finally {
        this.polling = false;
      }
    })();
  }

  /**
   * Plays a claimed deadline's move, if it is still due; else sets the deadline the match needs
   * now. When the match moved on meanwhile (another host, or a person, played seq `d.seq`), one
   * stored for its current seq is kept: it may be another host's claim on the next move.
   */
  private async fire(d: Deadline): Promise<void> {
    const live = await this.matches.load(d.matchId);
    if (live === null || this.closed) return;
    // Who plays the seat comes from the live record, kept fresh by the store's watch (no read per move).
    const now = this.now();
    const plan = await live.serial(async () => {
      await this.matches.catchUp(live);
      if (live.seq !== d.seq - 1) return 'moved on' as const;
      const turn = hostTurn(live.record, live.state, live.seq, live.lastAt, now);
      if (turn === null) return null;
      // Only this match waits while its bot thinks (a searching bot thinks on its own thread).
      const action = await this.bots.choose(turn.bot, view(live.state, turn.player), turn.seed);
      const r = step(live.state, action);
      live.computed.set(d.seq, { action, state: r.state, events: r.events });
      return { action, by: turn.by, state: r.state, record: live.record };
    });
    // Closed while the bot chose: nothing is written after close(); the claimed deadline stays
    // (a lease ahead) for the next host to play.
    if (this.closed) return;
    // Not due at the claimed seq (a person now holds a bot's seat, the turn time changed): this
    // host's own claim is put back where the position wants it. Moved on: only a deadline stored
    // for an earlier seq (this claim, the mover's write having failed) is replaced.
    if (plan === null || plan === 'moved on') {
      await this.ensure(live, plan === null ? 'replace' : 'ifMissing');
      return;
    }
    const entry: LogEntry = { seq: d.seq, action: plan.action, by: plan.by, at: now };
    if (await this.matches.commit(live, entry)) await this.follow(plan.record, d.seq, deadlineFor(plan.record, plan.state, d.seq, now));
  }
}
