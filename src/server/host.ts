/**
 * The match host's core: matches, seats, actions, syncs and pushes, on top of a {@link Store}.
 * No sockets, no files: the transports call it, and it calls back with what to send.
 *
 * The host learns of every new log entry through `store.watch` (its own appends included),
 * reads it with `readLog` and pushes it to its subscribers, so several hosts on one database
 * behave like one. Bot moves and turn timers are deadlines in the store, taken with `claimDue`,
 * so each is played once whatever the number of hosts.
 * @module
 */
import {
  type Action,
  createGameWithEvents,
  eventsFor,
  type GameEvent,
  type GameRecord,
  type GameState,
  makeRecord,
  type PlayerView,
  parseAction,
  RulesError,
  step,
  type Variants,
  type Viewer,
  view,
} from '../index.js';
import { HostError } from './errors.js';
import { botSeat, claimSeat, isOpen, markLeft, OPEN_SEAT, parseName, reassignSeat, seatOfHash } from './seats.js';
import { hostBotProblem, parseMatchSettings } from './settings.js';
import type { Deadline, LogEntry, MatchRecord, SeatRecord, SpectatorPolicy, Store } from './store/store.js';
import { hashToken, isTokenText, newMatchId, newToken } from './tokens.js';
import { deadlineFor, hostMove } from './turns.js';

/** Options of {@link MatchHost}. */
export interface HostOptions {
  /** Where matches live. The host does not close it. */
  readonly store: Store;
  /** The clock, in milliseconds since the epoch (default `Date.now`). */
  readonly now?: () => number;
  /** How often to look for deadlines set by other hosts, in milliseconds (default 250). */
  readonly pollMs?: number;
  /** Where to report faults that no caller can be told of (default: nowhere). */
  readonly log?: (message: string) => void;
}

/** An authenticated viewer of one match: a seat (by token) or a spectator. */
export interface Session {
  readonly matchId: string;
  /** The seat, or `'spectator'`. */
  readonly viewer: Viewer;
  /** The hash of the token the session was opened with; `null` for a spectator. */
  readonly tokenHash: string | null;
}

/** One applied action as a viewer may see it: its seq and its events, filtered with `eventsFor`. */
export interface UpdateEvents {
  readonly seq: number;
  readonly events: readonly GameEvent[];
}

/** What a subscriber is sent for each new action: its events and the view after it. */
export interface Update extends UpdateEvents {
  readonly view: PlayerView;
}

/** The answer to a sync: every update after the given seq (events only), then the current view. */
export interface SyncResult {
  /** The match's seq now: the number of actions applied. */
  readonly seq: number;
  readonly updates: readonly UpdateEvents[];
  readonly view: PlayerView;
}

/** A seat as anybody may see it (never a token or its hash). */
export interface SeatSummary {
  readonly name: string | null;
  readonly bot: string | null;
  /** Nobody holds it: a person may join it. */
  readonly open: boolean;
  /** Its player left; they may come back with their token. */
  readonly left: boolean;
}

/** A match as the lobby shows it (never the seed). */
export interface MatchSummary {
  readonly id: string;
  readonly createdAt: number;
  readonly players: number;
  readonly variants: Partial<Variants>;
  readonly spectators: SpectatorPolicy;
  readonly turnTimeMs: number | null;
  readonly seats: readonly SeatSummary[];
}

/** What {@link MatchHost.subscribe} returns. */
export interface Subscription {
  /** The sync the pushes follow on from. */
  readonly sync: SyncResult;
  /** Stops the pushes. */
  readonly stop: () => void;
}

/** Receives pushes for one session. */
export interface Subscriber {
  /** Called with each new update, in seq order, each seq once. */
  readonly send: (update: Update) => void;
  /** Called once when the session's seat was reopened or handed to a bot: its token no longer works. */
  readonly revoked: () => void;
}

interface Computed {
  readonly action: Action;
  readonly state: GameState;
  readonly events: readonly GameEvent[];
}

interface Watcher {
  readonly session: Session;
  readonly subscriber: Subscriber;
  lastSent: number;
}

/** A match this host has loaded: its record and its state rebuilt from the log. */
class LiveMatch {
  record: MatchRecord;
  state: GameState;
  seq = 0;
  lastAt: number;
  /** Unfiltered events of each seq (index 0: the opening). */
  readonly events: (readonly GameEvent[])[];
  readonly watchers = new Set<Watcher>();
  /** Actions this host validated and is appending, by seq: reused when the log brings them back. */
  readonly computed = new Map<number, Computed>();
  private queue: Promise<unknown> = Promise.resolve();
  catchUpQueued = false;
  /** The highest seq the store's watch reported. */
  heardSeq = 0;

  constructor(record: MatchRecord) {
    this.record = record;
    const start = createGameWithEvents(record.options);
    this.state = start.state;
    this.events = [start.events];
    this.lastAt = record.createdAt;
  }

  /** Runs `fn` after everything queued before it on this match. */
  serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

function summarize(m: MatchRecord): MatchSummary {
  return {
    id: m.id,
    createdAt: m.createdAt,
    players: m.options.players,
    variants: { ...(m.options.variants ?? {}) },
    spectators: m.spectators,
    turnTimeMs: m.turnTimeMs,
    seats: m.seats.map((s) => ({ name: s.name, bot: s.bot, open: isOpen(s), left: s.left })),
  };
}

function sameAction(a: Action, b: Action): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Reads a seq from untrusted input: an integer from 0 to 10^9. */
function parseSeq(x: unknown, what: string): number {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < 0 || x > 1e9)
    throw new HostError('BAD_MESSAGE', `${what} must be an integer sequence number`);
  return x;
}

/** How overdue a deadline must be before the sweep sets it again, and how often the sweep runs (ms). */
const SWEEP_MS = 5000;

/** How many times a seat change is retried when another writer changed the seats first. */
const SEAT_RETRIES = 8;

/**
 * The match host: create and list matches, claim and leave seats, open sessions, sync, submit
 * actions and push updates. Call {@link MatchHost.start} to have it play bot moves and turn
 * timers, {@link MatchHost.close} to stop.
 *
 * @example
 * ```ts
 * const host = new MatchHost({ store: new MemoryStore() });
 * host.start();
 * const { match } = await host.createMatch({ players: 3, bots: [null, null, 'heuristic'] });
 * const { token } = await host.join(match.id, { name: 'Ada' });
 * const session = await host.open(match.id, token);
 * const { view, seq } = await host.sync(session, 0);
 * if (view.legal.length > 0) await host.submit(session, view.legal[0], seq);
 * ```
 */
export class MatchHost {
  private readonly store: Store;
  private readonly now: () => number;
  private readonly pollMs: number;
  private readonly log: (message: string) => void;
  private readonly live = new Map<string, Promise<LiveMatch | null>>();
  private unwatch: (() => void) | null = null;
  private poller: ReturnType<typeof setInterval> | null = null;
  private wake: ReturnType<typeof setTimeout> | null = null;
  private wakeAt = Number.POSITIVE_INFINITY;
  private polling = false;
  private nextSweep = 0;
  /** Matches whose deadline this host cleared last. */
  private readonly cleared = new Set<string>();
  private pollAgain = false;
  private closed = false;

  constructor(options: HostOptions) {
    this.store = options.store;
    this.now = options.now ?? Date.now;
    this.pollMs = options.pollMs ?? 250;
    this.log = options.log ?? (() => undefined);
    this.unwatch = this.store.watch((matchId, seq) => this.heard(matchId, seq));
  }

  /** Starts playing deadlines (bot moves, turn timers): a poll every `pollMs`, and a wake-up at each deadline this host sets. */
  start(): void {
    if (this.poller !== null || this.closed) return;
    this.poller = setInterval(() => this.poll(), this.pollMs);
    this.poller.unref?.();
    this.poll();
  }

  /** Stops timers and the store watch; pushes stop. The store stays open. */
  close(): void {
    this.closed = true;
    if (this.poller !== null) clearInterval(this.poller);
    if (this.wake !== null) clearTimeout(this.wake);
    this.poller = null;
    this.wake = null;
    this.unwatch?.();
    this.unwatch = null;
    this.live.clear();
  }

  // ---- Lobby ---------------------------------------------------------------------------------

  /**
   * Creates a match from untrusted settings (see `parseMatchSettings`). Returns its summary and
   * the creator's token, which reopens seats or hands them to bots; it holds no seat.
   */
  async createMatch(input: unknown): Promise<{ match: MatchSummary; creatorToken: string }> {
    const settings = parseMatchSettings(input);
    const creatorToken = newToken();
    const record: MatchRecord = {
      id: newMatchId(),
      createdAt: this.now(),
      options: settings.options,
      spectators: settings.spectators,
      turnTimeMs: settings.turnTimeMs,
      creatorHash: await hashToken(creatorToken),
      seats: settings.bots.map((b) => (b === null ? OPEN_SEAT : botSeat(b))),
      version: 0,
    };
    await this.store.createMatch(record);
    const live = await this.load(record.id);
    if (live !== null) await this.ensureDeadline(live);
    return { match: summarize(record), creatorToken };
  }

  /** Matches with at least one open seat, newest first (at most `limit`, default 50). */
  async listOpen(limit = 50): Promise<MatchSummary[]> {
    const all = await this.store.listMatches(Math.min(Math.max(0, limit), 500) * 4);
    return all
      .filter((m) => m.seats.some(isOpen))
      .slice(0, limit)
      .map(summarize);
  }

  /** One match's summary. @throws {@link HostError} `NOT_FOUND`. */
  async getMatch(matchId: unknown): Promise<MatchSummary> {
    return summarize(await this.stored(matchId));
  }

  /**
   * Claims a seat: `seat` if given, else the first open one. Returns the seat and its token
   * (256 random bits; the store keeps only its SHA-256). Keep the token: it is the only way
   * back to the seat.
   */
  async join(matchId: unknown, request: { name: unknown; seat?: unknown }): Promise<{ seat: number; token: string }> {
    const name = parseName(request.name);
    const seatIn = request.seat;
    if (seatIn !== undefined && seatIn !== null && (typeof seatIn !== 'number' || !Number.isInteger(seatIn))) {
      throw new HostError('BAD_MESSAGE', 'seat must be a seat number');
    }
    const token = newToken();
    const hash = await hashToken(token);
    const seat = await this.changeSeats(matchId, (m) => {
      const r = claimSeat(m.seats, typeof seatIn === 'number' ? seatIn : null, name, hash);
      return { seats: r.seats, result: r.seat };
    });
    return { seat, token };
  }

  /**
   * The creator reopens a seat (`bot: null`) or hands it to a bot (`'heuristic'`, …). Only for a
   * seat that is open, played by a bot, or whose player left; the old token stops working.
   */
  async reassign(matchId: unknown, creatorToken: unknown, seat: unknown, bot: unknown): Promise<MatchSummary> {
    const m = await this.stored(matchId);
    if (!isTokenText(creatorToken) || (await hashToken(creatorToken)) !== m.creatorHash) {
      throw new HostError('FORBIDDEN', "only the match's creator (with the creator token) may reopen a seat or hand it to a bot");
    }
    if (typeof seat !== 'number' || !Number.isInteger(seat)) throw new HostError('BAD_MESSAGE', 'seat must be a seat number');
    if (bot !== null) {
      const problem = hostBotProblem(bot);
      if (problem !== null) throw new HostError('BAD_OPTIONS', problem);
    }
    await this.changeSeats(m.id, (cur) => ({ seats: reassignSeat(cur.seats, seat, bot as string | null), result: null }));
    const live = await this.load(m.id);
    if (live !== null) await this.ensureDeadline(live);
    return this.getMatch(m.id);
  }

  // ---- Sessions ------------------------------------------------------------------------------

  /**
   * Authenticates a viewer of a match: a seat's token, or `null` to watch as a spectator (only
   * under the `public` policy). A seat whose player left is taken back by its token.
   *
   * @throws {@link HostError} `NOT_FOUND`, `UNAUTHORIZED` (a token that holds no seat here),
   * `FORBIDDEN` (spectating a match whose policy is `none`).
   */
  async open(matchId: unknown, token: unknown): Promise<Session> {
    const m = await this.stored(matchId);
    if (token === null || token === undefined) {
      if (m.spectators !== 'public') throw new HostError('FORBIDDEN', 'this match has no spectators');
      return { matchId: m.id, viewer: 'spectator', tokenHash: null };
    }
    if (!isTokenText(token)) throw new HostError('UNAUTHORIZED', 'a token is base64url text');
    const hash = await hashToken(token);
    const seat = seatOfHash(m.seats, hash);
    if (seat < 0) throw new HostError('UNAUTHORIZED', 'this token holds no seat of this match');
    if (m.seats[seat]?.left) await this.changeSeats(m.id, (cur) => ({ seats: this.returning(cur, seat, hash), result: null }));
    return { matchId: m.id, viewer: seat, tokenHash: hash };
  }

  /** The person at the session's seat leaves; they may come back with their token until the creator reopens the seat. */
  async leave(session: Session): Promise<void> {
    if (session.viewer === 'spectator' || session.tokenHash === null) return;
    const seat = session.viewer;
    const hash = session.tokenHash;
    await this.changeSeats(session.matchId, (cur) => {
      if (cur.seats[seat]?.tokenHash !== hash) throw new HostError('UNAUTHORIZED', 'this token no longer holds the seat');
      return { seats: markLeft(cur.seats, seat, true), result: null };
    });
  }

  /**
   * Every update after `after` (events filtered for the session's viewer) and the current view.
   *
   * @throws {@link HostError} `BAD_MESSAGE` for an `after` beyond the match's seq; `UNAUTHORIZED`
   * when the seat was reopened since the session was opened.
   */
  async sync(session: Session, after: unknown): Promise<SyncResult> {
    const from = parseSeq(after, 'after');
    const live = await this.mustLoad(session.matchId);
    await this.authorizeLive(live, session);
    return live.serial(async () => {
      await this.catchUp(live);
      return this.syncResult(live, session.viewer, from);
    });
  }

  /**
   * Like {@link MatchHost.sync}, then pushes every later update to `subscriber`, each once and in
   * order. Returns the sync and a function that stops the pushes.
   */
  async subscribe(session: Session, after: unknown, subscriber: Subscriber): Promise<Subscription> {
    const from = parseSeq(after, 'after');
    const live = await this.mustLoad(session.matchId);
    await this.authorizeLive(live, session);
    const watcher: Watcher = { session, subscriber, lastSent: 0 };
    const sync = await live.serial(async () => {
      await this.catchUp(live);
      const r = this.syncResult(live, session.viewer, from);
      watcher.lastSent = r.seq;
      live.watchers.add(watcher);
      return r;
    });
    return { sync, stop: () => live.watchers.delete(watcher) };
  }

  /**
   * Submits the session's action, based on the update `seq` the client saw last. Resolves with
   * the action's seq once the store holds it durably; the update itself reaches subscribers
   * through the store's watch, like any other.
   *
   * @throws {@link HostError} `STALE` when the match has moved past `seq` (nothing applied: sync
   * and decide again); `FORBIDDEN` for an action of another seat or from a spectator; `ILLEGAL`
   * when the rules refuse it (`rulesCode` says why); `BAD_MESSAGE` for something that is not an action.
   */
  async submit(session: Session, actionIn: unknown, seqIn: unknown): Promise<{ seq: number }> {
    const seq = parseSeq(seqIn, 'seq');
    let action: Action;
    try {
      action = parseAction(actionIn);
    } catch (e) {
      if (e instanceof RulesError) throw new HostError('ILLEGAL', e.message, e.code);
      throw e;
    }
    if (session.viewer === 'spectator') throw new HostError('FORBIDDEN', 'a spectator cannot act');
    if (action.player !== session.viewer)
      throw new HostError('FORBIDDEN', `this token holds seat ${session.viewer}, not seat ${action.player}`);
    const live = await this.mustLoad(session.matchId);
    const fresh = await this.store.getMatch(session.matchId);
    if (fresh === null) throw new HostError('NOT_FOUND', 'no match with that id');
    this.authorize(fresh, session);
    this.refreshRecord(live, fresh);
    const computed = await live.serial(async () => {
      if (seq < live.seq) throw new HostError('STALE', `the match is at update ${live.seq}, not ${seq}: sync and try again`);
      if (seq > live.seq) await this.catchUp(live);
      if (seq !== live.seq) {
        throw new HostError(
          seq < live.seq ? 'STALE' : 'BAD_MESSAGE',
          `the match is at update ${live.seq}, not ${seq}${seq < live.seq ? ': sync and try again' : ''}`,
        );
      }
      let r: { state: GameState; events: readonly GameEvent[] };
      try {
        r = step(live.state, action);
      } catch (e) {
        if (e instanceof RulesError) throw new HostError('ILLEGAL', e.message, e.code);
        throw e;
      }
      const c: Computed = { action, state: r.state, events: r.events };
      live.computed.set(seq + 1, c);
      return c;
    });
    const at = this.now();
    const entry: LogEntry = { seq: seq + 1, action, by: 'seat', at };
    const ok = await this.store.append(session.matchId, entry);
    if (!ok) {
      live.computed.delete(seq + 1);
      await live.serial(() => this.catchUp(live, this.store.getMatch(live.record.id))); // what won, for every watcher here
      throw new HostError('STALE', `another action was applied at update ${seq + 1} first: sync and try again`);
    }
    // The store holds it: push it now, before the acknowledgement and without reading it back
    // (the watch's report of it then finds the match up to date).
    await live.serial(async () => this.applyEntry(live, entry));
    await this.setDeadline(fresh.id, deadlineFor(fresh, computed.state, seq + 1, at));
    return { seq: seq + 1 };
  }

  /**
   * The match's actions so far, for an export or an audit (`replay(options, actions)` rebuilds
   * it). Only for the creator: the log holds every hidden card.
   */
  async actions(matchId: unknown, creatorToken: unknown): Promise<readonly LogEntry[]> {
    const m = await this.stored(matchId);
    if (!isTokenText(creatorToken) || (await hashToken(creatorToken)) !== m.creatorHash) {
      throw new HostError('FORBIDDEN', "only the match's creator may read its log");
    }
    return this.store.readLog(m.id, 0);
  }

  /**
   * The match as a `GameRecord` (options with the seed, every action, the seats' names): for
   * the creator at any time; for a seat's token, or a spectator under the `public` policy, once
   * the game is over (the seed gives away the order of every card, so not before).
   *
   * @throws {@link HostError} `FORBIDDEN` before the end without the creator token.
   */
  async record(matchId: unknown, token: unknown): Promise<GameRecord> {
    const m = await this.stored(matchId);
    const creator = isTokenText(token) && (await hashToken(token)) === m.creatorHash;
    const log = await this.store.readLog(m.id, 0);
    if (!creator) {
      await this.open(m.id, token ?? null);
      const live = await this.mustLoad(m.id);
      const over = await live.serial(async () => {
        await this.catchUp(live);
        return live.state.step === 'over';
      });
      if (!over) throw new HostError('FORBIDDEN', "a match's record is given out once the game is over (before that, only to its creator)");
    }
    const names = m.seats.map((s, i) => (s.name ?? `Seat ${i}`).slice(0, 100));
    return makeRecord(
      m.options,
      log.map((e) => e.action),
      { names, meta: { program: 'for-the-king-and-me server', match: m.id, createdAt: new Date(m.createdAt).toISOString() } },
    );
  }

  // ---- Inside --------------------------------------------------------------------------------

  private async stored(matchId: unknown): Promise<MatchRecord> {
    if (!isTokenText(matchId)) throw new HostError('NOT_FOUND', 'no match with that id');
    const m = await this.store.getMatch(matchId);
    if (m === null) throw new HostError('NOT_FOUND', 'no match with that id');
    return m;
  }

  private returning(m: MatchRecord, seat: number, hash: string): SeatRecord[] {
    if (m.seats[seat]?.tokenHash !== hash) throw new HostError('UNAUTHORIZED', 'this token no longer holds the seat');
    return markLeft(m.seats, seat, false);
  }

  /** Compare-and-set on the seats, retried when another writer got there first. */
  private async changeSeats<T>(matchId: unknown, change: (m: MatchRecord) => { seats: SeatRecord[]; result: T }): Promise<T> {
    for (let i = 0; i < SEAT_RETRIES; i++) {
      const m = await this.stored(matchId);
      const { seats, result } = change(m);
      if (await this.store.updateSeats(m.id, m.version, seats)) {
        const cached = this.live.get(m.id);
        if (cached !== undefined) {
          const live = await cached;
          if (live !== null) this.refreshRecord(live, { ...m, seats, version: m.version + 1 });
        }
        return result;
      }
    }
    throw new HostError('CONFLICT', 'the seats changed too often under this request; try again');
  }

  /** Takes a newer record and tells watchers whose seat changed hands that their token is void. */
  private refreshRecord(live: LiveMatch, record: MatchRecord): void {
    if (record.version < live.record.version) return;
    live.record = record;
    for (const w of [...live.watchers]) {
      if (!this.allowed(record, w.session)) {
        live.watchers.delete(w);
        try {
          w.subscriber.revoked();
        } catch (e) {
          this.log(`a subscriber's revoked() threw: ${String(e)}`);
        }
      }
    }
  }

  private allowed(m: MatchRecord, s: Session): boolean {
    if (s.viewer === 'spectator') return m.spectators === 'public';
    return m.seats[s.viewer]?.tokenHash === s.tokenHash;
  }

  /**
   * Authorizes against the cached record, and when it refuses, against the store's: another host
   * may have changed the seats (a join, a return) since this one loaded the match.
   */
  private async authorizeLive(live: LiveMatch, s: Session): Promise<void> {
    if (!this.allowed(live.record, s)) {
      const fresh = await this.store.getMatch(live.record.id);
      if (fresh !== null) this.refreshRecord(live, fresh);
    }
    this.authorize(live.record, s);
  }

  private authorize(m: MatchRecord, s: Session): void {
    if (m.id !== s.matchId) throw new HostError('UNAUTHORIZED', 'the session belongs to another match');
    if (!this.allowed(m, s)) {
      throw s.viewer === 'spectator'
        ? new HostError('FORBIDDEN', 'this match has no spectators')
        : new HostError('UNAUTHORIZED', 'this token no longer holds the seat');
    }
  }

  private syncResult(live: LiveMatch, viewer: Viewer, from: number): SyncResult {
    if (from > live.seq) throw new HostError('BAD_MESSAGE', `after is ${from}, but the match is at update ${live.seq}`);
    const updates: UpdateEvents[] = [];
    for (let s = from + 1; s <= live.seq; s++) updates.push({ seq: s, events: eventsFor(live.events[s] ?? [], viewer) });
    return { seq: live.seq, updates, view: view(live.state, viewer) };
  }

  /** The match, loaded and rebuilt from its log once per host. */
  private load(matchId: string): Promise<LiveMatch | null> {
    let p = this.live.get(matchId);
    if (p === undefined) {
      p = (async () => {
        const m = await this.store.getMatch(matchId);
        if (m === null) return null;
        const live = new LiveMatch(m);
        await live.serial(() => this.catchUp(live));
        // The host that appended the last action may have died before setting the next deadline.
        this.ensureDeadline(live).catch((e: unknown) => this.log(`setting the deadline of ${matchId} failed: ${String(e)}`));
        return live;
      })();
      this.live.set(matchId, p);
      p.then(
        (live) => {
          if (live === null) this.live.delete(matchId);
        },
        () => this.live.delete(matchId),
      );
    }
    return p;
  }

  private async mustLoad(matchId: string): Promise<LiveMatch> {
    const live = await this.load(matchId);
    if (live === null) throw new HostError('NOT_FOUND', 'no match with that id');
    return live;
  }

  /** The store says `matchId` has an entry `seq`: bring the match up to date and push. */
  private heard(matchId: string, seq: number): void {
    const cached = this.live.get(matchId);
    if (cached === undefined) return;
    cached
      .then((live) => {
        if (live === null) return;
        if (seq > live.heardSeq) live.heardSeq = seq;
        if (seq <= live.seq || live.catchUpQueued) return;
        live.catchUpQueued = true;
        return live.serial(async () => {
          live.catchUpQueued = false;
          // Entries this host is appending itself are applied by the appending call (or, if its
          // append lost, by its catch-up): nothing to read back. Up to the latest seq heard, not
          // only this report's: a report skipped while this task waited must not be lost.
          let own = true;
          for (let s = live.seq + 1; s <= live.heardSeq && own; s++) own = live.computed.has(s);
          if (own) return;
          // Seat changes do not come through the log: another host may have reopened a seat or
          // handed it to a bot. Read the record before pushing, so a void token is sent nothing more.
          await this.catchUp(live, this.store.getMatch(matchId));
        });
      })
      .catch((e: unknown) => this.log(`catching up ${matchId} failed: ${String(e)}`));
  }

  /**
   * Reads the log past the match's seq, applies each entry and pushes it. Run inside `serial`.
   * `record`, when given, is a fresh read of the match, taken in before anything is pushed.
   */
  private async catchUp(live: LiveMatch, record: Promise<MatchRecord | null> | null = null): Promise<void> {
    const entries = await this.store.readLog(live.record.id, live.seq);
    const fresh = record === null ? null : await record; // read side by side with the log
    if (fresh !== null) this.refreshRecord(live, fresh);
    for (const entry of entries) if (!this.applyEntry(live, entry)) break;
  }

  /**
   * Applies the log's next entry and pushes it; `false` (nothing done) unless `entry.seq` is the
   * match's seq + 1. Reuses the state this host computed when it made the entry. Run inside `serial`.
   */
  private applyEntry(live: LiveMatch, entry: LogEntry): boolean {
    if (entry.seq !== live.seq + 1) return false;
    const c = live.computed.get(entry.seq);
    let state: GameState;
    let events: readonly GameEvent[];
    if (c !== undefined && sameAction(c.action, entry.action)) {
      state = c.state;
      events = c.events;
    } else {
      const r = step(live.state, entry.action);
      state = r.state;
      events = r.events;
    }
    live.computed.delete(entry.seq);
    live.state = state;
    live.seq = entry.seq;
    live.lastAt = entry.at;
    live.events[entry.seq] = events;
    this.push(live, entry.seq, state, events);
    return true;
  }

  private push(live: LiveMatch, seq: number, state: GameState, events: readonly GameEvent[]): void {
    const views = new Map<Viewer, Update>();
    for (const w of live.watchers) {
      if (w.lastSent >= seq) continue;
      const viewer = w.session.viewer;
      let update = views.get(viewer);
      if (update === undefined) {
        update = { seq, events: eventsFor(events, viewer), view: view(state, viewer) };
        views.set(viewer, update);
      }
      w.lastSent = seq;
      try {
        w.subscriber.send(update);
      } catch (e) {
        this.log(`a subscriber's send() threw: ${String(e)}`);
      }
    }
  }

  // ---- Deadlines -----------------------------------------------------------------------------

  /**
   * Sets (or clears) a match's deadline. A clear right after this host's own clear is skipped (most
   * actions leave no deadline: a person is to move and there is no turn time limit), which saves a
   * store write per action; a deadline left behind by another host is harmless (acted on only
   * while the log is at its seq - 1, else set right again).
   */
  private async setDeadline(matchId: string, d: Deadline | null): Promise<void> {
    if (d === null && this.cleared.has(matchId)) return;
    await this.store.setDeadline(matchId, d);
    if (d === null) this.cleared.add(matchId);
    else {
      this.cleared.delete(matchId);
      this.wakeUpAt(d.at);
    }
  }

  /** Sets the deadline the match's current position calls for (idempotent). */
  private async ensureDeadline(live: LiveMatch): Promise<void> {
    const d = await live.serial(async () => {
      await this.catchUp(live);
      return deadlineFor(live.record, live.state, live.seq, live.lastAt);
    });
    await this.setDeadline(live.record.id, d);
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
   * Every few seconds: a loaded match whose bot move or timer is long overdue lost its deadline
   * (its host died between an append and setting the next deadline): set it again.
   */
  private sweep(): void {
    const now = this.now();
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_MS;
    for (const p of this.live.values()) {
      void p
        .then((live) => {
          if (live === null) return;
          const d = deadlineFor(live.record, live.state, live.seq, live.lastAt);
          return d !== null && d.at + SWEEP_MS < now ? this.ensureDeadline(live) : undefined;
        })
        .catch((e: unknown) => this.log(`sweeping deadlines failed: ${String(e)}`));
    }
  }

  /** Claims due deadlines and plays them; runs again at once if the batch was full. */
  private poll(): void {
    if (this.closed) return;
    this.sweep();
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    this.polling = true;
    const limit = 64;
    void (async () => {
      try {
        for (;;) {
          this.pollAgain = false;
          const due = await this.store.claimDue(this.now(), limit);
          await Promise.all(
            due.map((d) => this.fire(d).catch((e: unknown) => this.log(`deadline of ${d.matchId} at ${d.seq} failed: ${String(e)}`))),
          );
          if (this.closed || (due.length < limit && !this.pollAgain)) break;
        }
      } catch (e) {
        this.log(`claiming deadlines failed: ${String(e)}`);
      } finally {
        this.polling = false;
      }
    })();
  }

  /** Plays a claimed deadline's move, if it is still due; else sets the deadline the match needs now. */
  private async fire(d: Deadline): Promise<void> {
    const live = await this.load(d.matchId);
    if (live === null || this.closed) return;
    const fresh = await this.store.getMatch(d.matchId);
    if (fresh !== null) this.refreshRecord(live, fresh);
    const now = this.now();
    const plan = await live.serial(async () => {
      await this.catchUp(live);
      if (live.seq !== d.seq - 1) return null;
      const move = hostMove(live.record, live.state, live.seq, live.lastAt, now);
      if (move === null) return null;
      const r = step(live.state, move.action);
      live.computed.set(d.seq, { action: move.action, state: r.state, events: r.events });
      return { ...move, state: r.state, record: live.record };
    });
    if (plan === null) {
      await this.ensureDeadline(live);
      return;
    }
    const entry: LogEntry = { seq: d.seq, action: plan.action, by: plan.by, at: now };
    if (await this.store.append(d.matchId, entry)) {
      await live.serial(async () => this.applyEntry(live, entry));
      await this.setDeadline(d.matchId, deadlineFor(plan.record, plan.state, d.seq, now));
    } else {
      live.computed.delete(d.seq);
      await live.serial(() => this.catchUp(live, this.store.getMatch(live.record.id)));
    }
  }
}
