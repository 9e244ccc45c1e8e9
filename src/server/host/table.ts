/**
 * What a match shows besides the game, computed from its record and the presence leases: each
 * seat's summary (name, kind, connected), the rematch's state, and the match's summary. Pure.
 * @module
 */
import type { MatchSummary, SeatSummary } from '../../protocol/lobby.js';
import type { RematchState } from '../../protocol/server-messages.js';
import { chatOf, startedAtOf, takenAtOf, visibilityOf } from '../record-fields.js';
import { isOpen, kindOf } from '../seats.js';
import type { MatchRecord, PresenceRecord } from '../store/store.js';
import { commit, fairnessSummary } from './fairness.js';

/** Whether some lease says a connection for `seat` is open at `now`. */
export function isConnected(leases: readonly PresenceRecord[], seat: number, now: number): boolean {
  return leases.some((l) => l.seat === seat && l.until > now);
}

/**
 * Since when the person at `seat` has had no connection (the later of when the seat was taken
 * and when its last lease ended), or `null` while one is open.
 */
export function awaySince(m: MatchRecord, leases: readonly PresenceRecord[], seat: number, now: number): number | null {
  if (isConnected(leases, seat, now)) return null;
  const s = m.seats[seat];
  let since = s === undefined ? m.createdAt : takenAtOf(m, s);
  for (const l of leases) if (l.seat === seat && l.until > since) since = l.until;
  return since;
}

/** Every seat as anybody may see it: name, bot, open, left, kind, connected (a bot always is). */
export function seatSummaries(m: MatchRecord, leases: readonly PresenceRecord[], now: number): SeatSummary[] {
  return m.seats.map((s, i) => ({
    name: s.name,
    bot: s.bot,
    open: isOpen(s),
    left: s.left,
    kind: kindOf(s),
    connected: s.bot !== null || (s.tokenHash !== null && isConnected(leases, i, now)),
  }));
}

/**
 * The seats as a watcher is told them (a `welcome` or `seats` message): {@link seatSummaries},
 * and for a person nobody is connected for, `awayForMs` (how long since {@link awaySince}, at
 * `now`); with a `key` that changes only when what they show does, not as the time away grows.
 */
export function watchedSeats(m: MatchRecord, leases: readonly PresenceRecord[], now: number): { seats: SeatSummary[]; key: string } {
  const summaries = seatSummaries(m, leases, now);
  const since = summaries.map((s, i) => (s.kind === 'person' && !s.connected ? awaySince(m, leases, i, now) : null));
  return {
    seats: summaries.map((s, i) => {
      const at = since[i] ?? null;
      return { ...s, awayForMs: at === null ? null : Math.max(0, now - at) };
    }),
    key: JSON.stringify([summaries, since]),
  };
}

/** The rematch as the seats see it: once the game is over (`over`) or somebody agreed to one; else `null`. */
export function rematchState(m: MatchRecord, over = false): RematchState | null {
  const r = m.rematch;
  if (!r && !over) return null;
  return {
    votes: m.seats.map((s, i) => s.bot !== null || (r?.votes[i] ?? null) !== null),
    next: r?.next ?? null,
    commitment: m.fairness ? commit(m.fairness.nextSecret) : null,
  };
}

/** A match's summary: what anybody may see of it (never the seed, a secret, a token or its hash, nor the invite code). */
export function summarize(m: MatchRecord, leases: readonly PresenceRecord[], now: number): MatchSummary {
  return {
    id: m.id,
    createdAt: m.createdAt,
    players: m.options.players,
    variants: { ...(m.options.variants ?? {}) },
    firstPlayer: m.options.firstPlayer ?? null,
    spectators: m.spectators,
    turnTimeMs: m.turnTimeMs,
    seats: seatSummaries(m, leases, now),
    visibility: visibilityOf(m),
    chat: chatOf(m),
    startedAt: startedAtOf(m),
    fairness: fairnessSummary(m.fairness),
    next: m.rematch?.next ?? null,
  };
}
