/**
 * The lobby's shapes, shared by the host's HTTP lobby and the client: a match's settings as the
 * creator sends them, and a match and its seats as anybody may see them.
 * @module
 */
import type { GameOptions, Variants } from '../index.js';

/** Who may watch a match without a seat. */
export type SpectatorPolicy = 'none' | 'public';

/** What a match is created with. */
export interface MatchSettings {
  /** `createGame` options; the host picks a seed when none is given. */
  readonly options: GameOptions;
  /** Per seat, the bot that plays it (`'heuristic'`, `'random'`, `'ismcts:300'`), or `null` for a person. */
  readonly bots: readonly (string | null)[];
  readonly spectators: SpectatorPolicy;
  /** Milliseconds per move before the host plays `heuristicBot`'s move for the seat; `null` for none. */
  readonly turnTimeMs: number | null;
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
