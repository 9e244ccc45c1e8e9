/**
 * The match host's persistence contract. A match is its metadata (options, seats, policies) and
 * an append-only log of actions keyed by (match, seq); the game state is rebuilt from the log
 * with `replay`. Three implementations: in memory, the embedded default, PostgreSQL.
 *
 * Every method may be called by several hosts at once (PostgreSQL) and must stay correct:
 * `append` and `updateSeats` are compare-and-set, `claimDue` hands each deadline to one caller.
 * @module
 */
import type { Action, GameOptions, GameRecord } from '../../index.js';
import type { ChatLine, ChatPolicy, SpectatorPolicy, Visibility } from '../../protocol/lobby.js';

/** One seat of a match, as stored. Never holds a token, only its hash. */
export interface SeatRecord {
  /** The display name the player gave, or `null` while the seat is open. */
  readonly name: string | null;
  /** SHA-256 (hex) of the seat's token; `null` while nobody holds the seat. */
  readonly tokenHash: string | null;
  /** A bot spec (`'heuristic'`, `'ismcts:300'`, `'random'`) when a bot plays the seat, else `null`. */
  readonly bot: string | null;
  /** The player left; the seat keeps its name until the creator reopens it or hands it to a bot. */
  readonly left: boolean;
  /** The account an app's `authenticate` hook bound the seat to (see docs/server.md, "Accounts"), if any. */
  readonly account?: string | null;
  /** When the seat was last taken (milliseconds since the epoch): its player counts as away from then until they connect. */
  readonly takenAt?: number;
}

/**
 * A match's provably fair deal (docs/server.md): the host's secret and its commitment, the
 * seats' contributions, and the secret of its rematch, committed from the start too.
 */
export interface FairnessRecord {
  /** The host's secret (base64url): kept until the record at the end reveals it. */
  readonly secret: string;
  /** SHA-256 of the secret (`commitmentOf`), shown in the match's summary. */
  readonly commitment: string;
  /** Per seat, its contribution (`''` for none: a bot, or a client that sent none); frozen when the match starts. */
  readonly contributions: readonly string[];
  /** The secret of this match's rematch. */
  readonly nextSecret: string;
}

/** The seats' agreement to a rematch, once the game is over. */
export interface RematchRecord {
  /** Per seat: its contribution to the rematch's deal once it agreed, else `null`. */
  readonly votes: readonly (string | null)[];
  /** The rematch's id once it was created, else `null`. */
  readonly next: string | null;
}

/** A match's metadata. `version` grows by one on every seat change (compare-and-set). */
export interface MatchRecord {
  /** URL-safe random id. */
  readonly id: string;
  /** Milliseconds since the epoch, by the creating host's clock. */
  readonly createdAt: number;
  /** The `createGame` options, as JSON (seed included: the host chooses one when the creator did not). */
  readonly options: GameOptions;
  readonly spectators: SpectatorPolicy;
  /** Milliseconds a seat may think before the host plays `heuristicBot`'s move for it; `null` for no limit. */
  readonly turnTimeMs: number | null;
  /** SHA-256 (hex) of the creator's token. */
  readonly creatorHash: string;
  readonly seats: readonly SeatRecord[];
  readonly version: number;
  // Fields added with the features of games between friends. A record written before them has
  // none: it reads as a public match with a seat chat, dealt at creation, with no commitment.
  /** Listed in the lobby, or reached only with the invite code (default `'public'` for records without it). */
  readonly visibility?: Visibility;
  /** SHA-256 (hex) of the invite code; `null` or absent: none. */
  readonly inviteHash?: string | null;
  /** Who may write in the chat (default `'seats'`). */
  readonly chat?: ChatPolicy;
  /** The provably fair deal, or `null`/absent when the creator chose the seed. */
  readonly fairness?: FairnessRecord | null;
  /** When the deal was made; `null` while a fair match waits for its seats; absent: at creation. */
  readonly startedAt?: number | null;
  /** When the turn time was last set (a turn's clock starts at the later of this and the last action); absent: at creation. */
  readonly turnTimeSetAt?: number;
  /** The seats' agreement to a rematch, once one was asked for. */
  readonly rematch?: RematchRecord | null;
  /** The account the creator had when an app's `authenticate` hook knew one: it may act as the creator. */
  readonly creatorAccount?: string | null;
}

/** The fields of a match that change after its creation, by compare-and-set (see {@link Store.updateMatch}). */
export type MatchPatch = Partial<
  Pick<MatchRecord, 'seats' | 'options' | 'turnTimeMs' | 'turnTimeSetAt' | 'fairness' | 'startedAt' | 'rematch'>
>;

/** Which matches {@link Store.listMatches} returns. */
export interface MatchFilter {
  /** Only matches with this visibility (a record without one counts as `'public'`). */
  readonly visibility?: Visibility;
}

/** A chat line as it is stored: its number `n` is given by the store. */
export type NewChatLine = Omit<ChatLine, 'n'>;

/** One host's lease on a seat's presence: a connection for `seat` is open on `host` until `until` (or was, up to then). */
export interface PresenceRecord {
  readonly seat: number;
  readonly host: string;
  readonly until: number;
}

/** What changed in a match besides its log, as {@link Store.watchMatches} reports it. */
export type MatchChange = 'match' | 'chat' | 'presence';

/** One applied action. `seq` counts from 1: entry `seq` is the game's `seq`-th action. */
export interface LogEntry {
  readonly seq: number;
  readonly action: Action;
  /** Who made it: the seat's player, the seat's bot, or the host when the turn time ran out. */
  readonly by: 'seat' | 'bot' | 'timer';
  /** Milliseconds since the epoch, by the appending host's clock. */
  readonly at: number;
}

/** A deadline a host must act on: play a bot's move, or the timed-out seat's move, at `seq`. */
export interface Deadline {
  readonly matchId: string;
  /** The seq the move will have (the log's length + 1 when the deadline was set). */
  readonly seq: number;
  /** Milliseconds since the epoch. */
  readonly at: number;
}

/** Options of {@link Store.setDeadline}. */
export interface SetDeadlineOptions {
  /**
   * Set the deadline only where the match has none for its seq or a later one; keep one stored
   * for the same seq (another host's claim, a lease ahead, or a deadline not yet due). Default `false`.
   */
  readonly ifMissing?: boolean;
  /**
   * The match's seat version and log length the deadline (or the clear, `null`) was decided at.
   * Nothing is written unless the match's version is still `version`: a deadline decided from a
   * record another host changed meanwhile (a new turn time, a seat handed to a bot) never
   * replaces the one that change set, nor does it fill a gap (the host that decided it sets the
   * deadline again once it has the new record). A clear then removes only a deadline for the
   * next seq (`seq + 1`) or an earlier one: sent again late (after a broken connection), it never
   * removes the deadline of a later move. Without it, a deadline is set, and a clear removes
   * whatever deadline is stored, whatever the version.
   */
  readonly expected?: { readonly version: number; readonly seq: number };
}

/** What expiry reads of a match without loading it (see {@link Store.idleMatches}). */
export interface MatchActivity {
  readonly id: string;
  readonly createdAt: number;
  /** The seat version now (expiry compares and sets it). */
  readonly version: number;
  /** The number of entries in the log now. */
  readonly seq: number;
  /** When the match last moved: its last log entry's `at`, or `createdAt` while the log is empty. */
  readonly lastAt: number;
}

/** Where {@link Store.idleMatches} goes on from: the last match of the previous page. */
export interface ActivityCursor {
  readonly createdAt: number;
  readonly id: string;
}

/** Why a match expired: its game was over, or it stood still unfinished. */
export type ExpiryKind = 'finished' | 'abandoned';

/**
 * What is kept of an expired match when records are kept: its `GameRecord` and who may still
 * read it (the same people as before it expired). Never a token, only hashes.
 */
export interface KeptRecord {
  readonly matchId: string;
  readonly kind: ExpiryKind;
  /** Milliseconds since the epoch. */
  readonly expiredAt: number;
  readonly spectators: SpectatorPolicy;
  /** The token hash of each seat when it expired (`null` for a bot's or an open seat). */
  readonly seatHashes: readonly (string | null)[];
  readonly creatorHash: string;
  /** The match as a `GameRecord`: options with the seed, every action, the seats' names. */
  readonly record: GameRecord;
}

/** Persistence for the match host. */
export interface Store {
  /** Stores a new match; rejects if the id exists. */
  createMatch(match: MatchRecord): Promise<void>;
  /** The match, or `null` when there is none with that id. */
  getMatch(id: string): Promise<MatchRecord | null>;
  /** Replaces the seats and bumps `version` iff the stored version is `expected`; `false` otherwise. */
  updateSeats(id: string, expected: number, seats: readonly SeatRecord[]): Promise<boolean>;
  /**
   * Replaces the fields in `patch` and bumps `version` iff the stored version is `expected`;
   * `false` otherwise. Watchers of {@link Store.watchMatches} hear `'match'`.
   */
  updateMatch(id: string, expected: number, patch: MatchPatch): Promise<boolean>;
  /** Matches newest first, at most `limit`, only those `filter` lets through. */
  listMatches(limit: number, filter?: MatchFilter): Promise<MatchRecord[]>;
  /**
   * Appends `entry` iff the log holds exactly `entry.seq - 1` entries; `false` (nothing written)
   * otherwise. Resolves only once the entry is durable for this store.
   */
  append(matchId: string, entry: LogEntry): Promise<boolean>;
  /** Entries with `seq > after`, in order. */
  readLog(matchId: string, after: number): Promise<LogEntry[]>;
  /**
   * Sets (replaces) the match's one pending deadline, or clears it with `null`. With
   * `{ ifMissing: true }` a deadline is set only where the match has none for its seq or a later
   * one (none at all, or one for an earlier seq, whose move is in): a deadline stored for the same
   * seq, claimed (a lease ahead, see `claimDue`) or not, is kept as it is. A host that loads a
   * match sets its deadline so, and never takes over another host's claim; a clear clears either
   * way. With `expected`, nothing is written once the match's seat version moved on (see
   * {@link SetDeadlineOptions.expected}).
   */
  setDeadline(matchId: string, deadline: Deadline | null, options?: SetDeadlineOptions): Promise<void>;
  /**
   * Atomically takes up to `limit` deadlines with `at <= now`, earliest first; each is handed to
   * one caller only. The caller then replaces or clears it (`setDeadline`) once it has acted. A
   * claimed deadline stays stored (a lease ahead) until then: the store hands it out again after
   * the lease when it was neither replaced nor cleared (its host closed or died first), and a
   * match waiting for its move is never idle (see `idleMatches`). A `setDeadline` with `ifMissing`
   * for the same seq leaves the claim alone. Act on a deadline only while the log still holds
   * `seq - 1` entries, and append with `seq`, so the move goes in once.
   */
  claimDue(now: number, limit: number): Promise<Deadline[]>;
  /**
   * Calls `listener(matchId, seq)` after any host appends to any match (this store's own appends
   * included), so a host can push the new entries to its clients. Returns an unsubscribe function.
   */
  watch(listener: (matchId: string, seq: number) => void): () => void;
  /**
   * Appends a chat line to the match's chat and returns its number (from 1), or 0 when there is
   * no such match. Watchers of {@link Store.watchMatches} hear `'chat'`.
   */
  appendChat(matchId: string, line: NewChatLine): Promise<number>;
  /**
   * The match's chat lines numbered above `after`, the first `limit` of them, oldest first: a
   * page, so a reader going on after the last line of each page reads every line.
   */
  readChat(matchId: string, after: number, limit: number): Promise<ChatLine[]>;
  /** The number of the match's last chat line (how many it has), or 0 (none, or no such match). */
  chatLength(matchId: string): Promise<number>;
  /**
   * Sets `host`'s lease on the presence of `seat` (a connection is open there until `until`; a
   * lease set to now says the last one closed). Watchers of {@link Store.watchMatches} hear
   * `'presence'`. Presence may live in memory only: it is rebuilt as clients reconnect.
   */
  setPresence(matchId: string, host: string, seat: number, until: number): Promise<void>;
  /** Every lease on the match's presence (past ones too: the last `until` of a seat is when it was last seen). */
  readPresence(matchId: string): Promise<PresenceRecord[]>;
  /**
   * Calls `listener(matchId, change)` after any host changes a match's record, chat or presence
   * (this store's own changes included). Returns an unsubscribe function.
   */
  watchMatches(listener: (matchId: string, change: MatchChange) => void): () => void;
  /**
   * Matches that have not moved since before `before` (their {@link MatchActivity.lastAt} is
   * earlier) and have no pending deadline, ordered by `(createdAt, id)`, after `after` (exclusive;
   * `null` from the start), at most `limit`. Expiry walks every page of them.
   */
  idleMatches(before: number, after: ActivityCursor | null, limit: number): Promise<MatchActivity[]>;
  /**
   * Deletes the match (its record, log, deadline, chat and presence) iff its seat version and log length are
   * still `expected`, and then only; with `keep`, stores it first as the match's kept record
   * (replacing one kept before). Atomic: a concurrent seat change or append makes it `false`, and
   * nothing is deleted. An append to a deleted match is `false`.
   */
  expireMatch(id: string, expected: { readonly version: number; readonly seq: number }, keep: KeptRecord | null): Promise<boolean>;
  /** The kept record of an expired match, or `null`. */
  keptRecord(id: string): Promise<KeptRecord | null>;
  /** Releases connections, files and timers. */
  close(): Promise<void>;
}
