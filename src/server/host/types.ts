/**
 * The types of the host's own API (in process, not on the wire): its options, a session, and
 * what a sync or a subscription hands back.
 * @module
 */
import type { GameEvent, PlayerView, Viewer } from '../../index.js';
import type { ChatLine, SeatSummary } from '../../protocol/lobby.js';
import type {
  Actor,
  ChatMessage,
  Clock,
  ClockMessage,
  NextMessage,
  RematchState,
  SeatsMessage,
  StartedMessage,
} from '../../protocol/server-messages.js';
import type { HostMetrics } from '../metrics.js';
import type { Store } from '../store/store.js';

/** Options of {@link MatchHost}. */
export interface HostOptions {
  /** Where matches live. The host does not close it. */
  readonly store: Store;
  /** The clock, in milliseconds since the epoch (default `Date.now`). */
  readonly now?: () => number;
  /** How often to look for deadlines set by other hosts, in milliseconds (default 250). */
  readonly pollMs?: number;
  /** Where to report faults that no caller can be told of, and what a creator did to a seat or the clock (default: nowhere). */
  readonly log?: (message: string) => void;
  /**
   * How long a seat's player must have been away (no connection open for the seat, on any host)
   * before the creator may hand the seat to a bot, reopen it or give it a new token, in
   * milliseconds (default 60,000; a whole number from 0). A player who left may be replaced at
   * once. Version 2 connections are told it (the `welcome`'s `awayMs`) and, per seat, how long
   * its player has been away (`awayForMs`), so that a page can count down to it.
   */
  readonly awayMs?: number;
  /**
   * Where to count and measure for `/metrics` (default: nowhere). The host counts its store's
   * calls through it ({@link HostMetrics.instrument}) and times each acknowledged action.
   */
  readonly metrics?: HostMetrics;
  /**
   * Milliseconds a loaded match may go without a call before the host lets go of it from memory,
   * once nobody watches it on this host and no bot move or turn timer is pending (default 60,000;
   * at least 1,000). It stays in the store, and the next call loads it again from there. Started
   * by {@link MatchHost.start}.
   */
  readonly unloadAfterMs?: number;
  /**
   * When finished and abandoned matches expire (default: never). {@link MatchHost.start} starts
   * the sweeps; {@link MatchHost.expire} runs one at once.
   */
  readonly expiry?: ExpiryOptions;
  /**
   * The most matches with a bot to move this host has at once (loaded, a bot seat the player to
   * move: the bot thread's work): creating another with a bot seat is refused `RATE_LIMITED`
   * until fewer have a bot to move, so that clients cannot queue unbounded bot work (default 50;
   * a whole number from 1). A match whose player to move is a person does not count, however long
   * their turn time; matches without bots are not counted, nor refused.
   */
  readonly maxBotMatches?: number;
}

/** An authenticated viewer of one match: a seat (by token) or a spectator. */
export interface Session {
  readonly matchId: string;
  /** The seat, or `'spectator'`. */
  readonly viewer: Viewer;
  /** The hash of the token the session was opened with; `null` for a spectator, or a seat opened by its account. */
  readonly tokenHash: string | null;
  /** The account the session was opened with (a seat bound to it), else absent. */
  readonly account?: string;
}

/** One applied action as a viewer may see it: its seq and its events, filtered with `eventsFor`, and who made it. */
export interface UpdateEvents {
  readonly seq: number;
  readonly events: readonly GameEvent[];
  /** Who made the action (absent for an entry of a log written before the field). */
  readonly by?: Actor;
  /** A fair match's log digest after the action. */
  readonly logDigest?: string;
}

/**
 * What a subscriber is sent for each new action: its events, the view after it, and the turn's
 * clock. One object
 * is shared by every subscriber of the same viewer, and so is its wire text: `frame(v)` is the
 * protocol message for a connection speaking version `v`, serialized once.
 */
export interface Update extends UpdateEvents, Clock {
  readonly view: PlayerView;
  /**
   * The update as one protocol message's JSON text for protocol version `v`: version 1 the whole
   * view (an `update` message); version 2 a `patch` of the previous update's view, or the whole
   * view when that is smaller or due (see `FULL_VIEW_EVERY`); version 3 the same with the views'
   * legal actions as ids (`CompactView`). Computed on the first call for each version, then
   * reused.
   */
  frame(v: number): string;
}

/** The answer to a sync: every update after the given seq (events only), then the current view and clock. */
export interface SyncResult extends Clock {
  /** The match's seq now: the number of actions applied. */
  readonly seq: number;
  readonly updates: readonly UpdateEvents[];
  readonly view: PlayerView;
}

/** What a session is told of the match besides the game when it subscribes (see {@link Subscription}). */
export interface TableNews {
  readonly started: boolean;
  /** Every seat, with `awayForMs` for a person nobody is connected for. */
  readonly seats: readonly SeatSummary[];
  /** The host's away time ({@link HostOptions.awayMs}). */
  readonly awayMs: number;
  readonly turnTimeMs: number | null;
  /** The chat's latest lines, when the session may read the chat (else empty). */
  readonly chat: readonly ChatLine[];
  /** The rematch once the game is over, else `null`. */
  readonly rematch: RematchState | null;
  /** A fair match's commitments (this deal's and its rematch's) and its log digest now. */
  readonly fairness: { readonly commitment: string; readonly nextCommitment: string; readonly logDigest: string } | null;
}

/** What {@link MatchHost.subscribe} returns. */
export interface Subscription {
  /** The sync the pushes follow on from; `null` while a fair match waits for its seats (a `started` news follows). */
  readonly sync: SyncResult | null;
  /** The seats, clock, chat, rematch and fairness now. */
  readonly table: TableNews;
  /** Stops the pushes. */
  readonly stop: () => void;
}

/** The deal was made: the protocol's `started` message with the viewer's view as a `PlayerView` (a connection speaking version 3 sends it compacted). */
export type StartedNews = Omit<StartedMessage, 'view'> & { readonly view: PlayerView };

/** What a session is pushed besides updates: the deal made, the seats, the clock, a chat line, the rematch. */
export type News = StartedNews | SeatsMessage | ClockMessage | ChatMessage | NextMessage;

/** Receives pushes for one session. */
export interface Subscriber {
  /**
   * The protocol version whose frames this subscriber sends (`Update.frame`); 2 or more keeps a
   * patch stream for its viewer. Default 1 (the whole view; nothing kept).
   */
  readonly version?: number;
  /** Called with each new update, in seq order, each seq once. */
  readonly send: (update: Update) => void;
  /** Called once when the session's seat was reopened or handed to a bot: its token no longer works. */
  readonly revoked: () => void;
  /** Called with what changed besides the game (optional: without it, only updates are pushed). */
  readonly news?: (news: News) => void;
}

/** When matches expire (see {@link HostOptions.expiry}). */
export interface ExpiryOptions {
  /**
   * Milliseconds after its last action that a finished match expires; `null` (the default) for
   * never. At least 1,000.
   */
  readonly finishedAfterMs?: number | null;
  /**
   * Milliseconds a match whose game is not over may stand still (no action, no bot or timer
   * pending) before it expires as abandoned: a match nobody joined, or whose players left;
   * `null` (the default) for never. At least 1,000. The time counts from the last action, or
   * from the creation while there is none: a seat joined or left is not an action, so allow
   * for how long a match may wait for its players (days rather than minutes).
   */
  readonly abandonedAfterMs?: number | null;
  /**
   * Keep each expired match's `GameRecord` in the store (default `true`): `GET
   * /api/matches/:id/record` still gives it to whoever could read it before (the seats and, under
   * the `public` policy, anyone, once the game is over; the creator always). `false` drops it.
   */
  readonly keepRecords?: boolean;
  /** Milliseconds between sweeps (default 60,000; at least 100). */
  readonly sweepMs?: number;
}

/** What one sweep did. */
export interface ExpiryReport {
  /** Matches expired because their game was over. */
  readonly finished: number;
  /** Matches expired because they stood still unfinished. */
  readonly abandoned: number;
  /** Idle matches looked at. */
  readonly examined: number;
}
