/**
 * Expiry: finished and abandoned matches leave the store after a set time, so that the store,
 * the embedded store's start-up and the host's memory stay bounded. A sweep every `sweepMs`
 * walks the store's idle matches (`Store.idleMatches`: no action and no deadline since a time),
 * tells finished from abandoned by replaying each once (a match seen over, or not, at a log
 * length and seat version is not replayed again at those: one that cannot expire yet costs later
 * sweeps no replay), keeps its `GameRecord` when asked to, and deletes it with `Store.expireMatch`,
 * a compare-and-set on its seat version and log length, so that a match that moved meanwhile
 * stays, and several hosts sweeping one database expire each match once.
 * After a whole walk, a match this host holds in memory that has stood still as long and is no
 * longer in the store (another host expired it) is forgotten too.
 * @module
 */
import { type GameState, isGameOver, replay } from '../../index.js';
import type { HostMetrics } from '../metrics.js';
import type { ActivityCursor, ExpiryKind, KeptRecord, LogEntry, MatchActivity, MatchRecord, Store } from '../store/store.js';
import type { Deadlines } from './deadlines.js';
import type { LiveMatches } from './live-matches.js';
import { recordOf } from './records.js';
import type { ExpiryOptions, ExpiryReport } from './types.js';

/** The longest time a setting may name: ten years. */
const MAX_MS = 10 * 365 * 24 * 3600 * 1000;

/** How many idle matches a page of the sweep reads, and how many of them it works on at once. */
const PAGE = 200;
const AT_ONCE = 8;

function duration(x: unknown, name: string, min: number): number | null {
  if (x === undefined || x === null) return null;
  if (typeof x !== 'number' || !Number.isInteger(x) || x < min || x > MAX_MS) {
    throw new RangeError(`${name} must be null or a whole number of milliseconds from ${min} to ${MAX_MS}, got ${String(x)}`);
  }
  return x;
}

/** Expiry settings read and checked. */
export interface ExpirySettings {
  readonly finishedAfterMs: number | null;
  readonly abandonedAfterMs: number | null;
  readonly keepRecords: boolean;
  readonly sweepMs: number;
}

/** Reads {@link ExpiryOptions}. @throws `RangeError` naming the bad setting. */
export function expirySettings(options: ExpiryOptions = {}): ExpirySettings {
  const keep = options.keepRecords ?? true;
  if (typeof keep !== 'boolean') throw new RangeError(`keepRecords must be true or false, got ${String(keep)}`);
  return {
    finishedAfterMs: duration(options.finishedAfterMs, 'finishedAfterMs', 1000),
    abandonedAfterMs: duration(options.abandonedAfterMs, 'abandonedAfterMs', 1000),
    keepRecords: keep,
    sweepMs: duration(options.sweepMs ?? 60_000, 'sweepMs', 100) as number,
  };
}

/** The parts expiry works with. */
export interface ExpiryParts {
  readonly store: Store;
  readonly matches: LiveMatches;
  readonly deadlines: Deadlines;
  readonly now: () => number;
  readonly metrics: HostMetrics | null;
  readonly log: (message: string) => void;
}

/** Sweeps one host's store for matches to expire. */
export class Expiry {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<ExpiryReport> | null = null;
  private closed = false;
  /** Matches examined that stay: the log length and seat version they were examined at, and whether the game was over then. */
  private readonly known = new Map<string, { readonly seq: number; readonly version: number; readonly over: boolean }>();

  constructor(
    private readonly parts: ExpiryParts,
    private readonly settings: ExpirySettings,
  ) {}

  /** Whether any match can expire. */
  get enabled(): boolean {
    return this.settings.finishedAfterMs !== null || this.settings.abandonedAfterMs !== null;
  }

  /** Sweeps now and every `sweepMs` (nothing when no match can expire). */
  start(): void {
    if (this.timer !== null || this.closed || !this.enabled) return;
    const run = (): void => {
      this.sweep().catch((e: unknown) => this.parts.log(`expiring matches failed: ${String(e)}`));
    };
    this.timer = setInterval(run, this.settings.sweepMs);
    this.timer.unref?.();
    run();
  }

  /** Stops sweeping; a sweep under way stops after its current page. */
  close(): void {
    this.closed = true;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** One sweep (a sweep under way is joined, not doubled). */
  sweep(): Promise<ExpiryReport> {
    if (this.running === null) {
      this.running = this.walk().finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  private async walk(): Promise<ExpiryReport> {
    const report = { finished: 0, abandoned: 0, examined: 0 };
    const { finishedAfterMs: fin, abandonedAfterMs: ab } = this.settings;
    if (fin === null && ab === null) return report;
    const now = this.parts.now();
    const before = now - Math.min(fin ?? Number.POSITIVE_INFINITY, ab ?? Number.POSITIVE_INFINITY);
    let after: ActivityCursor | null = null;
    const seen = new Set<string>();
    let whole = false;
    while (!this.closed) {
      const page = await this.parts.store.idleMatches(before, after, PAGE);
      for (const a of page) seen.add(a.id);
      for (let i = 0; i < page.length && !this.closed; i += AT_ONCE) {
        const kinds = await Promise.all(
          page.slice(i, i + AT_ONCE).map((a) =>
            this.examine(a, now).catch((e: unknown) => {
              this.parts.log(`expiring match ${a.id} failed: ${String(e)}`);
              return null;
            }),
          ),
        );
        for (const k of kinds) if (k !== null) report[k]++;
      }
      report.examined += page.length;
      const last = page[page.length - 1];
      if (page.length < PAGE || last === undefined) {
        whole = true;
        break;
      }
      after = { createdAt: last.createdAt, id: last.id };
      await new Promise((r) => setImmediate(r)); // let the host's own work in between pages
    }
    if (whole && !this.closed) await this.forgetGone(before, seen);
    return report;
  }

  /**
   * After a whole walk: forgets what this host holds of matches that stood still since `before`
   * but were not among the idle ones (`seen`): another host expired them, or they moved on.
   */
  private async forgetGone(before: number, seen: ReadonlySet<string>): Promise<void> {
    for (const id of this.known.keys()) if (!seen.has(id)) this.known.delete(id);
    for (const live of this.parts.matches.stillSince(before)) {
      if (this.closed) return;
      if (!seen.has(live.record.id)) await this.forgetIfGone(live.record.id);
    }
  }

  /** Expires the match if its time has come; returns how it expired, or `null`. */
  private async examine(a: MatchActivity, now: number): Promise<ExpiryKind | null> {
    const { finishedAfterMs: fin, abandonedAfterMs: ab, keepRecords } = this.settings;
    const still = now - a.lastAt;
    const mayFinish = fin !== null && still >= fin;
    const mayAbandon = ab !== null && still >= ab;
    if (!mayFinish && !mayAbandon) return null;
    let read: { m: MatchRecord; log: LogEntry[] } | null = null;
    let over: boolean;
    const live = this.parts.matches.peek(a.id);
    const known = this.known.get(a.id);
    if (known !== undefined && known.seq === a.seq && known.version === a.version) over = known.over;
    else if (live !== undefined && live.seq === a.seq) over = isGameOver(live.state);
    else {
      read = await this.read(a);
      if (read === null) {
        await this.forgetIfGone(a.id);
        return null;
      }
      over = isGameOver(stateOf(read.m, read.log));
    }
    const kind: ExpiryKind | null = over ? (mayFinish ? 'finished' : null) : mayAbandon ? 'abandoned' : null;
    if (kind === null) {
      this.known.set(a.id, { seq: a.seq, version: a.version, over });
      return null;
    }
    let keep: KeptRecord | null = null;
    if (keepRecords) {
      read ??= await this.read(a);
      if (read === null) return null;
      keep = {
        matchId: a.id,
        kind,
        expiredAt: now,
        spectators: read.m.spectators,
        seatHashes: read.m.seats.map((s) => s.tokenHash),
        creatorHash: read.m.creatorHash,
        record: recordOf(read.m, read.log),
      };
    }
    if (!(await this.parts.store.expireMatch(a.id, { version: a.version, seq: a.seq }, keep))) {
      await this.forgetIfGone(a.id); // it moved, or another host expired it first
      return null;
    }
    this.forget(a.id);
    this.parts.metrics?.countExpired(kind);
    return kind;
  }

  private forget(id: string): void {
    this.parts.matches.forget(id);
    this.parts.deadlines.forget(id);
    this.known.delete(id);
  }

  /** Forgets what this host holds of the match if the store no longer has it. */
  private async forgetIfGone(id: string): Promise<void> {
    if ((await this.parts.store.getMatch(id)) === null) this.forget(id);
  }

  /** The match and its log, if they are still as `a` says. */
  private async read(a: MatchActivity): Promise<{ m: MatchRecord; log: LogEntry[] } | null> {
    const [m, log] = await Promise.all([this.parts.store.getMatch(a.id), this.parts.store.readLog(a.id, 0)]);
    if (m === null || m.version !== a.version || log.length !== a.seq) return null; // it moved: not idle
    return { m, log };
  }
}

function stateOf(m: MatchRecord, log: readonly LogEntry[]): GameState {
  return replay(
    m.options,
    log.map((e) => e.action),
  );
}
