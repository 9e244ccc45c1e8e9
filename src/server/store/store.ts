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
import type { SpectatorPolicy } from '../../protocol/lobby.js';

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
}

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
  /** Matches newest first, at most `limit`. */
  listMatches(limit: number): Promise<MatchRecord[]>;
  /**
   * Appends `entry` iff the log holds exactly `entry.seq - 1` entries; `false` (nothing written)
   * otherwise. Resolves only once the entry is durable for this store.
   */
  append(matchId: string, entry: LogEntry): Promise<boolean>;
  /** Entries with `seq > after`, in order. */
  readLog(matchId: string, after: number): Promise<LogEntry[]>;
  /** Sets (replaces) the match's one pending deadline, or clears it with `null`. */
  setDeadline(matchId: string, deadline: Deadline | null): Promise<void>;
  /**
   * Atomically takes up to `limit` deadlines with `at <= now`, earliest first; each is handed to
   * one caller only. The caller then replaces or clears it (`setDeadline`) once it has acted. A
   * store shared by several hosts may hand a deadline out again after a lease when it was neither
   * replaced nor cleared (its host died first): act on a deadline only while the log still holds
   * `seq - 1` entries, and append with `seq`, so the move goes in once.
   */
  claimDue(now: number, limit: number): Promise<Deadline[]>;
  /**
   * Calls `listener(matchId, seq)` after any host appends to any match (this store's own appends
   * included), so a host can push the new entries to its clients. Returns an unsubscribe function.
   */
  watch(listener: (matchId: string, seq: number) => void): () => void;
  /**
   * Matches that have not moved since before `before` (their {@link MatchActivity.lastAt} is
   * earlier) and have no pending deadline, ordered by `(createdAt, id)`, after `after` (exclusive;
   * `null` from the start), at most `limit`. Expiry walks every page of them.
   */
  idleMatches(before: number, after: ActivityCursor | null, limit: number): Promise<MatchActivity[]>;
  /**
   * Deletes the match (its record, log and deadline) iff its seat version and log length are
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
