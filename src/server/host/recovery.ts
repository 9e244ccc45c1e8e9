/**
 * Seat recovery and the clock: what the match's creator (and nobody else) may do to a running
 * match. Reopen a seat or hand it to a bot, give a seat a new token (a person lost theirs, or
 * takes a bot's seat back), and set or change the turn time. A seat is touched only when it is
 * open, played by a bot, or its player left or has been away longer than the host's set time;
 * every change is logged (the host's `log`) and told to the table as a notice in the chat.
 * @module
 */
import { HostError } from '../../protocol/errors.js';
import type { ChatNotice, MatchSummary } from '../../protocol/lobby.js';
import { parseName, reassignSeat, reissueSeat } from '../seats.js';
import { hostBotProblem, parseTurnTime } from '../settings.js';
import type { MatchPatch, MatchRecord, SeatRecord } from '../store/store.js';
import { hashToken, newToken } from '../tokens.js';
import { mustBeCreator } from './access.js';
import type { Chat } from './chat.js';
import type { Deadlines } from './deadlines.js';
import { contributed } from './fairness.js';
import type { LiveMatches } from './live-matches.js';
import type { Lobby } from './lobby.js';
import type { Presence } from './presence.js';
import type { MatchRegistry } from './registry.js';

/** Who asks: the creator's token (or `null`) and the account an app vouched for (or `null`). */
export interface CreatorCall {
  readonly creatorToken: unknown;
  readonly account: string | null;
}

function seatNumber(seat: unknown): number {
  if (typeof seat !== 'number' || !Number.isInteger(seat)) throw new HostError('BAD_MESSAGE', 'seat must be a seat number');
  return seat;
}

/**
 * A patch with new seats: before a fair deal the changed seat's contribution cleared, and after
 * the game its rematch vote cleared (the vote was its old holder's; the new one may give their own).
 */
function seatsPatch(m: MatchRecord, seats: SeatRecord[], seat: number): MatchPatch {
  const f = m.fairness;
  const r = m.rematch;
  return {
    seats,
    ...(f && m.startedAt === null ? { fairness: contributed(f, seat, '') } : {}),
    ...(r && r.next === null ? { rematch: { votes: r.votes.map((v, i) => (i === seat ? null : v)), next: null } } : {}),
  };
}

/**
 * Whether the person found away is still the seat's holder: `away` was worked out for the seat
 * as it was read before the change, so it holds only for that same holder (an open seat counts as
 * away; someone who took it since is not).
 */
function stillAway(away: boolean, checked: SeatRecord | undefined, now: SeatRecord | undefined): boolean {
  return (
    away &&
    checked !== undefined &&
    now !== undefined &&
    now.tokenHash === checked.tokenHash &&
    now.takenAt === checked.takenAt &&
    now.bot === checked.bot
  );
}

/** The creator's calls on one host's matches. */
export class Recovery {
  constructor(
    private readonly registry: MatchRegistry,
    private readonly matches: LiveMatches,
    private readonly deadlines: Deadlines,
    private readonly presence: Presence,
    private readonly lobby: Lobby,
    private readonly chat: Chat,
    private readonly awayMs: number,
    private readonly now: () => number,
    private readonly log: (message: string) => void,
  ) {}

  /** Reopens `seat` (`bot` null) or hands it to a bot (see `MatchHost.reassign`). */
  async reassign(matchId: unknown, call: CreatorCall, seatIn: unknown, bot: unknown): Promise<MatchSummary> {
    const m = await this.registry.stored(matchId);
    await mustBeCreator(m, call.creatorToken, call.account, 'reopen a seat or hand it to a bot');
    const seat = seatNumber(seatIn);
    if (bot !== null) {
      const problem = hostBotProblem(bot);
      if (problem !== null) throw new HostError('BAD_OPTIONS', problem);
      this.lobby.checkBotRoom();
    }
    const away = await this.away(m.id, seat);
    const checked = m.seats[seat];
    const before = checked?.name ?? null;
    await this.registry.change(m.id, (cur) => ({
      patch: seatsPatch(cur, reassignSeat(cur.seats, seat, bot as string | null, stillAway(away, checked, cur.seats[seat])), seat),
      result: null,
    }));
    const who = before === null ? `seat ${seat + 1}` : `seat ${seat + 1} (${before})`;
    await this.done(
      m.id,
      bot === null ? `The creator reopened ${who}.` : `The creator handed ${who} to a bot (${bot as string}).`,
      bot === null ? { what: 'reopened', seat } : { what: 'bot', seat, bot: bot as string },
    );
    return this.lobby.getMatch(m.id);
  }

  /** Gives `seat` a new token (see `MatchHost.reissue`). */
  async reissue(matchId: unknown, call: CreatorCall, seatIn: unknown, name: unknown): Promise<{ seat: number; token: string }> {
    const m = await this.registry.stored(matchId);
    await mustBeCreator(m, call.creatorToken, call.account, 'give a seat a new token');
    const seat = seatNumber(seatIn);
    const given = name === null || name === undefined ? null : parseName(name);
    const away = await this.away(m.id, seat);
    const checked = m.seats[seat];
    const token = newToken();
    const tokenHash = await hashToken(token);
    const taker = { name: given, tokenHash, account: null, takenAt: this.now() };
    await this.registry.change(m.id, (cur) => ({
      patch: seatsPatch(cur, reissueSeat(cur.seats, seat, taker, stillAway(away, checked, cur.seats[seat])), seat),
      result: null,
    }));
    await this.done(m.id, `The creator gave seat ${seat + 1} a new token.`, { what: 'reissued', seat });
    return { seat, token };
  }

  /** Sets or changes the turn time of the match (see `MatchHost.setTurnTime`). */
  async setTurnTime(matchId: unknown, call: CreatorCall, turnTimeIn: unknown): Promise<MatchSummary> {
    const m = await this.registry.stored(matchId);
    await mustBeCreator(m, call.creatorToken, call.account, 'set the turn time');
    const turnTimeMs = parseTurnTime(turnTimeIn);
    const at = this.now();
    await this.registry.change(m.id, () => ({ patch: { turnTimeMs, turnTimeSetAt: at }, result: null }));
    await this.done(
      m.id,
      turnTimeMs === null
        ? 'The creator turned the turn time off.'
        : `The creator set the turn time to ${Math.round(turnTimeMs / 1000)} seconds.`,
      { what: 'timer', turnTimeMs },
    );
    return this.lobby.getMatch(m.id);
  }

  /** Whether the person at `seat` has been away (no connection on any host) longer than the set time. */
  private async away(matchId: string, seat: number): Promise<boolean> {
    const since = await this.presence.awaySince(matchId, seat);
    return since !== null && this.now() - since >= this.awayMs;
  }

  /** After a change: the deadline the match now needs, the log line, the notice in the chat. */
  private async done(matchId: string, text: string, notice: ChatNotice): Promise<void> {
    this.log(`match ${matchId}: ${text}`);
    const live = await this.matches.load(matchId);
    if (live !== null) await this.deadlines.ensure(live);
    await this.chat.notice(matchId, text, notice);
  }
}
