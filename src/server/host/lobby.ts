/**
 * The lobby: creates matches, lists the open ones, shows one, claims seats, and lets the
 * creator reopen a seat or hand it to a bot.
 * @module
 */
import { HostError } from '../../protocol/errors.js';
import type { MatchSummary } from '../../protocol/lobby.js';
import { botSeat, claimSeat, isOpen, OPEN_SEAT, parseName, reassignSeat } from '../seats.js';
import { hostBotProblem, parseMatchSettings } from '../settings.js';
import type { MatchRecord, Store } from '../store/store.js';
import { hashToken, newMatchId, newToken } from '../tokens.js';
import { isCreator } from './access.js';
import type { Deadlines } from './deadlines.js';
import type { LiveMatches } from './live-matches.js';
import type { MatchRegistry } from './registry.js';

/** A match's summary: what anybody may see of it. */
export function summarize(m: MatchRecord): MatchSummary {
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

/** The lobby of one host (see {@link MatchHost} for what each call does). */
export class Lobby {
  constructor(
    private readonly store: Store,
    private readonly registry: MatchRegistry,
    private readonly matches: LiveMatches,
    private readonly deadlines: Deadlines,
    private readonly now: () => number,
  ) {}

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
    const live = await this.matches.load(record.id);
    if (live !== null) await this.deadlines.ensure(live);
    return { match: summarize(record), creatorToken };
  }

  async listOpen(limit = 50): Promise<MatchSummary[]> {
    const all = await this.store.listMatches(Math.min(Math.max(0, limit), 500) * 4);
    return all
      .filter((m) => m.seats.some(isOpen))
      .slice(0, limit)
      .map(summarize);
  }

  async getMatch(matchId: unknown): Promise<MatchSummary> {
    return summarize(await this.registry.stored(matchId));
  }

  async join(matchId: unknown, request: { name: unknown; seat?: unknown }): Promise<{ seat: number; token: string }> {
    const name = parseName(request.name);
    const seatIn = request.seat;
    if (seatIn !== undefined && seatIn !== null && (typeof seatIn !== 'number' || !Number.isInteger(seatIn))) {
      throw new HostError('BAD_MESSAGE', 'seat must be a seat number');
    }
    const token = newToken();
    const hash = await hashToken(token);
    const seat = await this.registry.changeSeats(matchId, (m) => {
      const r = claimSeat(m.seats, typeof seatIn === 'number' ? seatIn : null, name, hash);
      return { seats: r.seats, result: r.seat };
    });
    return { seat, token };
  }

  async reassign(matchId: unknown, creatorToken: unknown, seat: unknown, bot: unknown): Promise<MatchSummary> {
    const m = await this.registry.stored(matchId);
    if (!(await isCreator(m, creatorToken))) {
      throw new HostError('FORBIDDEN', "only the match's creator (with the creator token) may reopen a seat or hand it to a bot");
    }
    if (typeof seat !== 'number' || !Number.isInteger(seat)) throw new HostError('BAD_MESSAGE', 'seat must be a seat number');
    if (bot !== null) {
      const problem = hostBotProblem(bot);
      if (problem !== null) throw new HostError('BAD_OPTIONS', problem);
    }
    await this.registry.changeSeats(m.id, (cur) => ({ seats: reassignSeat(cur.seats, seat, bot as string | null), result: null }));
    const live = await this.matches.load(m.id);
    if (live !== null) await this.deadlines.ensure(live);
    return this.getMatch(m.id);
  }
}
