/**
 * The lobby's shapes, shared by the host's HTTP lobby and the client: a match's settings as the
 * creator sends them, and a match and its seats as anybody may see them.
 * @module
 */
import type { GameOptions, Variants } from '../index.js';

/** Who may watch a match without a seat. */
export type SpectatorPolicy = 'none' | 'public';

/**
 * Who may find and join a match: `'public'` matches are listed in the lobby and anyone may take
 * an open seat; an `'unlisted'` match (the default) is never listed, and a seat is taken only
 * with its invite code, which the invite link carries.
 */
export type Visibility = 'public' | 'unlisted';

/** Who may write in a match's chat: the seats (the default), everyone watching it (seats and spectators), or nobody. */
export type ChatPolicy = 'seats' | 'everyone' | 'none';

/** What a match is created with. */
export interface MatchSettings {
  /** `createGame` options; the host picks a seed when none is given. */
  readonly options: GameOptions;
  /** Per seat, the bot that plays it (`'heuristic'`, `'random'`, `'ismcts:300'`), or `null` for a person. */
  readonly bots: readonly (string | null)[];
  readonly spectators: SpectatorPolicy;
  /** Milliseconds per move before the host plays `heuristicBot`'s move for the seat; `null` for none. */
  readonly turnTimeMs: number | null;
  /** Listed in the lobby (`'public'`) or reachable only through the invite link (`'unlisted'`, the default). */
  readonly visibility: Visibility;
  /** Who may write in the chat (default `'seats'`). */
  readonly chat: ChatPolicy;
}

/** Who holds a seat: a person, a bot, or nobody yet. */
export type SeatKind = 'person' | 'bot' | 'open';

/** A seat as anybody may see it (never a token or its hash). */
export interface SeatSummary {
  readonly name: string | null;
  readonly bot: string | null;
  /** Nobody holds it: a person may join it. */
  readonly open: boolean;
  /** Its player left; they may come back with their token. */
  readonly left: boolean;
  /** Who holds it. */
  readonly kind: SeatKind;
  /** A connection for the seat is open now (on any host); always `true` for a bot. */
  readonly connected: boolean;
  /**
   * For a person's seat with no connection open: how long it has had none, in milliseconds when
   * the message was sent (free of clock skew: subtract it from your clock on arrival); `null`
   * otherwise. Sent in a version 2 `welcome` and `seats` message (not in the lobby's summaries);
   * with the welcome's `awayMs` it says when the creator may hand the seat over. Read it with
   * `readAwayForMs`.
   */
  readonly awayForMs?: number | null;
}

/**
 * The host's commitment to a fair deal (see docs/server.md, "Provably fair deals"): the SHA-256
 * of its secret, published when the match is created, before any seat contributes; the record
 * at the end reveals the secret, and `verifyRecord` checks it.
 */
export interface FairnessSummary {
  /** SHA-256 (64 hex digits) of the host's secret for this match. */
  readonly commitment: string;
  /** SHA-256 of the secret of this match's rematch, committed now too. */
  readonly nextCommitment: string;
}

/** A match as the lobby shows it (never the seed). */
export interface MatchSummary {
  readonly id: string;
  readonly createdAt: number;
  readonly players: number;
  readonly variants: Partial<Variants>;
  /**
   * The first player the match's options name (a creator's choice, or a rematch's turn), shown
   * from creation on; `null` when the deal draws it. `verifyRecord` checks a fair record against it.
   */
  readonly firstPlayer: number | null;
  readonly spectators: SpectatorPolicy;
  readonly turnTimeMs: number | null;
  readonly seats: readonly SeatSummary[];
  /** `'public'` (listed) or `'unlisted'` (reached through its invite link). */
  readonly visibility: Visibility;
  /** Who may write in the chat. */
  readonly chat: ChatPolicy;
  /** When the deal was made (every seat taken, for a fair deal; at creation for a seed the creator chose), or `null` while seats are open. */
  readonly startedAt: number | null;
  /** The host's commitment to a fair deal, or `null` for a match whose creator chose the seed. */
  readonly fairness: FairnessSummary | null;
  /** The rematch's id once every seat agreed to one, else `null`. */
  readonly next: string | null;
}

/** One line of a match's chat, as the seats (and spectators, when the match allows) receive it. */
export interface ChatLine {
  /** Its number in the match's chat, from 1. */
  readonly n: number;
  /** Milliseconds since the epoch, by the host's clock. */
  readonly at: number;
  /** The seat that wrote it, `'spectator'`, or `'host'` for a notice (a seat handed to a bot, a new turn time, …). */
  readonly from: number | 'spectator' | 'host';
  /** The writer's display name when it had one. */
  readonly name: string | null;
  /** The text, at most {@link MAX_CHAT_LENGTH} characters (a notice's text is a sentence in English). */
  readonly text: string;
  /** For a notice: what happened, for a UI to word in its own language. */
  readonly notice?: ChatNotice;
}

/** What a host notice in the chat says happened. */
export interface ChatNotice {
  /** `bot`: the seat was handed to a bot; `reopened`: reopened for anybody with the invite; `reissued`: given a new token; `timer`: the turn time changed. */
  readonly what: 'bot' | 'reopened' | 'reissued' | 'timer';
  readonly seat?: number;
  readonly bot?: string;
  readonly turnTimeMs?: number | null;
}

/** The longest chat line, in characters (Unicode code points). */
export const MAX_CHAT_LENGTH = 500;

/**
 * Whether `viewer` (a seat, or `'spectator'`) may write in a match's chat under `policy`: every
 * viewer for `'everyone'`, the seats for `'seats'`, nobody for `'none'`. Who may write may read.
 * @example
 * ```ts
 * writesChat('seats', 'spectator'); // false
 * ```
 */
export function writesChat(policy: ChatPolicy, viewer: number | 'spectator'): boolean {
  return policy === 'everyone' || (policy === 'seats' && viewer !== 'spectator');
}
