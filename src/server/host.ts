/**
 * The match host: matches, seats, actions, syncs and pushes, on top of a {@link Store}. No
 * sockets, no files: the transports call it, and it calls back with what to send.
 *
 * `MatchHost` only composes the parts in `host/`, one responsibility each: the lobby
 * (`lobby.ts`) on the match registry (`registry.ts`: records by id, seat changes), sessions and their syncs and subscriptions (`sessions.ts`, with the checks of
 * `access.ts`), submitted actions (`submit.ts`), the live matches rebuilt from the log and kept
 * up to date from `Store.watch` (`live-matches.ts`), the fan-out of updates (`fan-out.ts`),
 * deadlines for bot moves and turn timers (`deadlines.ts`), records (`records.ts`), and the
 * expiry of finished and abandoned matches (`expiry.ts`); and what games between friends add:
 * presence (`presence.ts`), the chat (`chat.ts`), the creator's seat recovery and clock
 * (`recovery.ts`), rematches (`rematch.ts`) and fair deals (`fairness.ts`).
 * @module
 */
import type { GameRecord } from '../index.js';
import { HostError } from '../protocol/errors.js';
import type { ChatLine, MatchSummary } from '../protocol/lobby.js';
import type { RematchState } from '../protocol/server-messages.js';
import { Chat, type ChatPage } from './host/chat.js';
import { Deadlines } from './host/deadlines.js';
import { Expiry, expirySettings } from './host/expiry.js';
import { FanOut } from './host/fan-out.js';
import { LiveMatches, UNLOAD_AFTER_MS } from './host/live-matches.js';
import { type JoinRequest, Lobby, MAX_BOT_MATCHES, type NewMatch, type OpenMatches } from './host/lobby.js';
import { Presence } from './host/presence.js';
import { creatorLog, gameRecord, type RecordParts } from './host/records.js';
import { Recovery } from './host/recovery.js';
import { MatchRegistry } from './host/registry.js';
import { Rematches } from './host/rematch.js';
import { Sessions } from './host/sessions.js';
import { type SubmitParts, submit } from './host/submit.js';
import type { ExpiryReport, HostOptions, Session, Subscriber, Subscription, SyncResult } from './host/types.js';
import type { HostMetrics } from './metrics.js';
import type { LogEntry } from './store/store.js';

/**
 * The match host: create and list matches, claim and leave seats, open sessions, sync, submit
 * actions and push updates. Call {@link MatchHost.start} to have it play bot moves and turn
 * timers and expire old matches ({@link HostOptions.expiry}), {@link MatchHost.close} to stop.
 *
 * The host learns of every new log entry through `store.watch` (its own appends included),
 * reads it with `readLog` and pushes it to its subscribers, so several hosts on one database
 * behave like one. Bot moves and turn timers are deadlines in the store, taken with `claimDue`,
 * so each is played once whatever the number of hosts.
 *
 * @example
 * ```ts
 * const host = new MatchHost({ store: new MemoryStore() });
 * host.start();
 * const { match, invite } = await host.createMatch({ players: 3, bots: [null, null, 'heuristic'] });
 * const { token } = await host.join(match.id, { name: 'Ada', invite }); // unlisted: joined with its invite
 * const session = await host.open(match.id, token);
 * const { view, seq } = await host.sync(session, 0);
 * if (view.legal.length > 0) await host.submit(session, view.legal[0], seq);
 * ```
 */
export class MatchHost {
  private readonly parts: SubmitParts & RecordParts;
  private readonly deadlines: Deadlines;
  private readonly lobby: Lobby;
  private readonly sessions: Sessions;
  private readonly matches: LiveMatches;
  private readonly presence: Presence;
  private readonly chat: Chat;
  private readonly recovery: Recovery;
  private readonly rematches: Rematches;
  private readonly expiry: Expiry;
  private unwatch: (() => void)[];

  private readonly metrics: HostMetrics | null;
  private readonly stopCensus: () => void;
  private readonly log: (message: string) => void;

  /** @throws `RangeError` for an expiry setting, `unloadAfterMs`, `awayMs` or `maxBotMatches` out of range (see {@link HostOptions}). */
  constructor(options: HostOptions) {
    const settings = expirySettings(options.expiry);
    const metrics = options.metrics ?? null;
    const store = metrics === null ? options.store : metrics.instrument(options.store);
    const now = options.now ?? Date.now;
    const log = options.log ?? (() => undefined);
    this.log = log;
    const fanOut = new FanOut(log, now);
    const unloadAfterMs = options.unloadAfterMs ?? UNLOAD_AFTER_MS;
    if (!Number.isInteger(unloadAfterMs) || unloadAfterMs < 1000)
      throw new RangeError(`unloadAfterMs must be a whole number of milliseconds from 1000, got ${String(unloadAfterMs)}`);
    const matches: LiveMatches = new LiveMatches(
      store,
      fanOut,
      log,
      (live, cause) => deadlines.ensure(live, cause === 'load' ? 'ifMissing' : 'fill'),
      {
        now,
        afterMs: unloadAfterMs,
        onLetGo: (id) => deadlines.forget(id),
      },
    );
    const deadlines: Deadlines = new Deadlines(store, matches, now, options.pollMs ?? 250, log);
    const onDeal = async (id: string): Promise<void> => {
      const live = await matches.load(id);
      if (live !== null) await deadlines.ensure(live);
    };
    const registry = new MatchRegistry(store, matches, now, onDeal, log);
    const maxBotMatches = options.maxBotMatches ?? MAX_BOT_MATCHES;
    if (!Number.isSafeInteger(maxBotMatches) || maxBotMatches < 1)
      throw new RangeError(`maxBotMatches must be a whole number from 1, got ${String(maxBotMatches)}`);
    const lobby = new Lobby(store, registry, matches, deadlines, now, maxBotMatches);
    const presence = new Presence(store, matches, fanOut, now, log);
    const awayMs = options.awayMs ?? 60_000;
    if (!Number.isSafeInteger(awayMs) || awayMs < 0)
      throw new RangeError(`awayMs must be a whole number of milliseconds from 0, got ${String(awayMs)}`);
    const sessions = new Sessions(store, registry, matches, fanOut, presence, now, awayMs);
    const chat = new Chat(store, registry, matches, fanOut, now);
    this.parts = { store, now, matches, deadlines, registry, sessions };
    this.matches = matches;
    this.deadlines = deadlines;
    this.lobby = lobby;
    this.sessions = sessions;
    this.presence = presence;
    this.chat = chat;
    this.recovery = new Recovery(registry, matches, deadlines, presence, lobby, chat, awayMs, now, log);
    this.rematches = new Rematches(store, registry, matches, deadlines, now);
    this.expiry = new Expiry({ store, matches, deadlines, now, metrics, log }, settings);
    const failed = (what: string, id: string) => (e: unknown) => log(`${what} of ${id} failed: ${String(e)}`);
    this.unwatch = [
      store.watch((matchId, seq) => matches.heard(matchId, seq)),
      store.watchMatches((id, change) => {
        if (change === 'chat') chat.heard(id).catch(failed('reading the chat', id));
        else if (change === 'presence') presence.changed(id).catch(failed('reading the presence', id));
        else matches.reread(id).catch(failed('reading the record', id));
      }),
    ];
    this.metrics = metrics;
    this.stopCensus = metrics?.addCensus(() => matches.census()) ?? (() => undefined);
  }

  /**
   * Starts playing deadlines (bot moves, turn timers): a poll every `pollMs`, and a wake-up at
   * each deadline this host sets; keeps presence leases; and, when {@link HostOptions.expiry} lets
   * matches expire, a sweep at once and every `sweepMs`; and lets go of idle matches from memory
   * ({@link HostOptions.unloadAfterMs}).
   */
  start(): void {
    this.matches.start();
    this.deadlines.start();
    this.presence.start();
    this.expiry.start();
  }

  /**
   * Expires, now, every match whose time has come under {@link HostOptions.expiry} (a sweep under
   * way is joined, not doubled); nothing when no match can expire. For a host that is not
   * started, or a test: {@link MatchHost.start} sweeps on its own.
   *
   * @example
   * ```ts
   * const host = new MatchHost({ store, expiry: { finishedAfterMs: 7 * 86_400_000 } });
   * const { finished, abandoned } = await host.expire();
   * ```
   */
  expire(): Promise<ExpiryReport> {
    return this.expiry.sweep();
  }

  /** Stops timers, sweeps and the store watch; pushes stop. The store stays open. */
  close(): void {
    this.expiry.close();
    this.deadlines.close();
    this.presence.close();
    for (const stop of this.unwatch) stop();
    this.unwatch = [];
    this.stopCensus();
    this.matches.clear();
  }

  // ---- Lobby ---------------------------------------------------------------------------------

  /**
   * Creates a match from untrusted settings (see `parseMatchSettings`). Returns its summary, the
   * creator's token (it reopens seats, hands them to bots, gives them new tokens and sets the
   * clock; it holds no seat) and the invite code that joins a seat of an unlisted match. Without
   * a seed the deal is provably fair: the summary holds the commitment, and the cards are dealt
   * once every seat is taken. `account` (an app's `authenticate` hook) may act as the creator.
   *
   * @throws {@link HostError} `BAD_OPTIONS`; `RATE_LIMITED` for a match with a bot seat while
   * {@link HostOptions.maxBotMatches} such matches are in play.
   */
  createMatch(input: unknown, account: string | null = null): Promise<NewMatch> {
    return this.lobby.createMatch(input, account);
  }

  /** Public matches with at least one open seat, newest first (at most `limit`, default 50); never an unlisted one. */
  listOpen(limit = 50): Promise<MatchSummary[]> {
    return this.lobby.listOpen(limit);
  }

  /**
   * Like {@link MatchHost.listOpen}, with `more`: whether there are open matches past these (the
   * lobby shows more by asking again with a larger `limit`, at most 500).
   */
  listOpenPage(limit = 50): Promise<OpenMatches> {
    return this.lobby.openPage(limit);
  }

  /** One match's summary. @throws {@link HostError} `NOT_FOUND`. */
  getMatch(matchId: unknown): Promise<MatchSummary> {
    return this.lobby.getMatch(matchId);
  }

  /**
   * Claims a seat: `seat` if given, else the first open one; an unlisted match's only with its
   * `invite` code. `contribution` (`newContribution()`) is the seat's part of a fair deal. Returns
   * the seat and its token (256 random bits; the store keeps only its SHA-256). Keep the token:
   * it is the only way back to the seat, unless `account` (an app's `authenticate` hook) binds it.
   *
   * @throws {@link HostError} `FORBIDDEN` (no or a wrong invite code), `SEAT_TAKEN`, `MATCH_FULL`, `BAD_NAME`, `NOT_FOUND`.
   */
  join(matchId: unknown, request: JoinRequest, account: string | null = null): Promise<{ seat: number; token: string }> {
    return this.lobby.join(matchId, request, account);
  }

  /**
   * The creator reopens a seat (`bot: null`) or hands it to a bot (`'heuristic'`, …): a seat that
   * is open, played by a bot, or whose player left or has been away longer than `awayMs`. The old
   * token stops working; the change is logged and told to the table in the chat.
   *
   * @throws {@link HostError} `FORBIDDEN` (not the creator), `SEAT_TAKEN` (its player is there), `NOT_FOUND`, `BAD_OPTIONS`.
   */
  reassign(matchId: unknown, creatorToken: unknown, seat: unknown, bot: unknown, account: string | null = null): Promise<MatchSummary> {
    return this.recovery.reassign(matchId, { creatorToken, account }, seat, bot);
  }

  /**
   * The creator gives a seat a new token (for a player who lost theirs, or to take a bot's seat
   * back for a person, under `name`): the same seats as {@link MatchHost.reassign}. The old token
   * stops working; logged and told in the chat.
   *
   * @example
   * ```ts
   * const { token } = await host.reissue(matchId, creatorToken, 1, null); // send it to seat 1's player
   * ```
   */
  reissue(
    matchId: unknown,
    creatorToken: unknown,
    seat: unknown,
    name: unknown,
    account: string | null = null,
  ): Promise<{ seat: number; token: string }> {
    return this.recovery.reissue(matchId, { creatorToken, account }, seat, name);
  }

  /**
   * The creator sets the turn time of the match (milliseconds, or `null` for none), also while it
   * runs: the turn's clock starts again from now. Logged and told in the chat.
   */
  setTurnTime(matchId: unknown, creatorToken: unknown, turnTimeMs: unknown, account: string | null = null): Promise<MatchSummary> {
    return this.recovery.setTurnTime(matchId, { creatorToken, account }, turnTimeMs);
  }

  // ---- Sessions ------------------------------------------------------------------------------

  /**
   * Authenticates a viewer of a match: a seat's token, or `null` to watch as a spectator (only
   * under the `public` policy), or the seat bound to `account` (an app's `authenticate` hook)
   * when no token is given. A seat whose player left is taken back by its token once the session
   * syncs, subscribes or plays an action (a refused request, or one that only reads, leaves it left).
   *
   * @throws {@link HostError} `NOT_FOUND`, `UNAUTHORIZED` (a token that holds no seat here),
   * `FORBIDDEN` (spectating a match whose policy is `none`).
   */
  open(matchId: unknown, token: unknown, account: string | null = null): Promise<Session> {
    return this.sessions.open(matchId, token, account);
  }

  /** The person at the session's seat leaves; they may come back with their token until the creator reopens the seat. */
  leave(session: Session): Promise<void> {
    return this.sessions.leave(session);
  }

  /**
   * Every update after `after` (events filtered for the session's viewer) and the current view.
   *
   * @throws {@link HostError} `BAD_MESSAGE` for an `after` beyond the match's seq; `UNAUTHORIZED`
   * when the seat was reopened since the session was opened.
   */
  sync(session: Session, after: unknown): Promise<SyncResult> {
    return this.sessions.sync(session, after);
  }

  /**
   * Like {@link MatchHost.sync}, then pushes every later update to `subscriber`, each once and in
   * order, and what changes besides the game (`subscriber.news`: the deal, seats, clock, chat,
   * rematch). Returns the sync (`null` before a fair deal), the table now and a function that
   * stops the pushes. A seat counts as connected while a subscription for it lasts.
   */
  subscribe(session: Session, after: unknown, subscriber: Subscriber): Promise<Subscription> {
    return this.sessions.subscribe(session, after, subscriber);
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
    const metrics = this.metrics;
    const started = metrics === null ? 0 : performance.now();
    let r: { seq: number };
    try {
      r = await submit(this.parts, session, actionIn, seqIn);
      metrics?.observeAck((performance.now() - started) / 1000);
    } catch (e) {
      metrics?.countRejection(e instanceof HostError ? e.code : 'INTERNAL');
      throw e;
    }
    // The action is played: a seat whose player had left is theirs again (a failure here only delays that to their next request).
    await this.sessions
      .back(session)
      .catch((e: unknown) => this.log(`marking seat ${String(session.viewer)} of ${session.matchId} back failed: ${String(e)}`));
    return r;
  }

  // ---- Chat and rematch ----------------------------------------------------------------------

  /** Writes a line in the match's chat. @throws {@link HostError} `UNAUTHORIZED` (the token no longer holds the seat), `FORBIDDEN`, `BAD_MESSAGE`, `RATE_LIMITED`. */
  say(session: Session, text: unknown): Promise<ChatLine> {
    return this.chat.say(session, text);
  }

  /**
   * The match's chat lines after `after`, the next 200 at most, and whether `more` follow them
   * (read again after the last one's `n`), for a session that reads the chat.
   */
  readChat(session: Session, after: number): Promise<ChatPage> {
    return this.chat.read(session, after);
  }

  /**
   * The session's seat agrees to a rematch, with its contribution to the next fair deal; once
   * every seat held by a person agreed, the rematch is created (same seats and tokens, the first
   * player moved on, a new deal) and its id is in the answer's `next` and pushed to every seat.
   *
   * @throws {@link HostError} `NOT_OVER`, `FORBIDDEN` (a spectator), `UNAUTHORIZED` (the token no longer holds the seat).
   */
  rematch(session: Session, contribution: unknown): Promise<RematchState> {
    return this.rematches.agree(session, contribution);
  }

  // ---- Records -------------------------------------------------------------------------------

  /**
   * The match's actions so far, for an export or an audit (`replay(options, actions)` rebuilds
   * it). Only for the creator: the log holds every hidden card.
   */
  actions(matchId: unknown, creatorToken: unknown, account: string | null = null): Promise<readonly LogEntry[]> {
    return creatorLog(this.parts, matchId, creatorToken, account);
  }

  /**
   * The match as a `GameRecord` (options with the seed, every action, the seats' names): for
   * the creator at any time; for a seat's token, or a spectator under the `public` policy, once
   * the game is over (the seed gives away the order of every card, so not before).
   *
   * After the match expired ({@link HostOptions.expiry}), its kept record goes to the same
   * people (the seats' tokens and the creator's token of that time), unless records are dropped.
   *
   * @throws {@link HostError} `FORBIDDEN` before the end without the creator token; `NOT_FOUND`
   * for a match that never was, or that expired without keeping its record.
   */
  record(matchId: unknown, token: unknown, account: string | null = null): Promise<GameRecord> {
    return gameRecord(this.parts, matchId, token, account);
  }
}
