/**
 * The match host's persistence contract. A match is its metadata (options, seats, policies) and
 * an append-only log of actions keyed by (match, seq); the game state is rebuilt from the log
 * with `replay`. Three implementations: in memory, the embedded default, PostgreSQL.
 *
 * Every method may be called by several hosts at once (PostgreSQL) and must stay correct:
 * `append` and `updateSeats` are compare-and-set, `claimDue` hands each deadline to one caller.
 * @module
 */
import type { Action, GameOptions } from '../../index.js';
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
  /** Releases connections, files and timers. */
  close(): Promise<void>;
}
