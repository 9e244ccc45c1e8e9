/**
 * The lobby: creates matches (public or unlisted, with an invite code, and a fair deal's
 * commitment unless the creator chose the seed), lists the public ones with an open seat, shows
 * one, and claims seats (an unlisted match's only with its invite code; each seat contributing
 * to the fair deal).
 * @module
 */
import { HostError } from '../../protocol/errors.js';
import { isContribution } from '../../protocol/fairness.js';
import type { MatchSettings, MatchSummary } from '../../protocol/lobby.js';
import { visibilityOf } from '../record-fields.js';
import { botSeat, claimSeat, isOpen, OPEN_SEAT, parseName } from '../seats.js';
import { parseMatchSettings } from '../settings.js';
import type { MatchPatch, MatchRecord, Store } from '../store/store.js';
import { hashToken, isTokenText, newInviteCode, newMatchId, newToken } from '../tokens.js';
import type { Deadlines } from './deadlines.js';
import { contributed, dealPatch, newFairness } from './fairness.js';
import type { LiveMatches } from './live-matches.js';
import type { MatchRegistry } from './registry.js';
import { summarize } from './table.js';

/** The most public matches the lobby's list reads to find the open ones (newest first). */
const OPEN_SCAN_MOST = 20_000;

/** What creating a match hands back: its summary, the creator's token, and the invite code its link carries. */
export interface NewMatch {
  readonly match: MatchSummary;
  /** Reopens seats, hands them to bots, gives them new tokens, sets the clock; reads the log. Keep it private. */
  readonly creatorToken: string;
  /** Joins a seat of an unlisted match: put it in the invite link (`inviteLink`), nowhere public. */
  readonly invite: string;
}

/** A page of the open public matches ({@link MatchHost.listOpenPage}): newest first, and whether more were found past them. */
export interface OpenMatches {
  /** The open public matches, newest first. */
  readonly matches: MatchSummary[];
  /** More open matches are there: ask again with a larger `limit`. */
  readonly more: boolean;
}

/** What a seat is claimed with. */
export interface JoinRequest {
  readonly name: unknown;
  readonly seat?: unknown;
  /** The match's invite code (needed for an unlisted match). */
  readonly invite?: unknown;
  /** The seat's contribution to a fair deal (`newContribution()`); none counts as `''`. */
  readonly contribution?: unknown;
}

/** Everything a new match record holds but its id, creator and invite (a rematch builds one too). */
export interface RecordParts {
  readonly id: string;
  readonly now: number;
  readonly settings: MatchSettings;
  readonly creatorHash: string;
  readonly inviteHash: string;
  readonly creatorAccount: string | null;
  /** For a fair deal: its secret (a rematch's was committed by the match before it); else the seed is in the settings. */
  readonly secret?: string;
  /** For a fair deal: the seats' contributions given already (a rematch's come with the votes). */
  readonly contributions?: readonly string[];
}

/** A new match's record, the deal made at once if nobody needs to take a seat (bots only, or the creator's seed). */
export function newRecord(
  p: RecordParts,
  seats: MatchRecord['seats'] = p.settings.bots.map((b) => (b === null ? OPEN_SEAT : botSeat(b))),
): MatchRecord {
  const s = p.settings;
  const fair = s.options.seed === undefined;
  const record: MatchRecord = {
    id: p.id,
    createdAt: p.now,
    options: s.options,
    spectators: s.spectators,
    turnTimeMs: s.turnTimeMs,
    creatorHash: p.creatorHash,
    seats,
    version: 0,
    visibility: s.visibility,
    inviteHash: p.inviteHash,
    chat: s.chat,
    turnTimeSetAt: p.now,
    ...(fair
      ? {
          fairness: { ...newFairness(s.options.players, p.secret), ...(p.contributions ? { contributions: p.contributions } : {}) },
          startedAt: null,
        }
      : { startedAt: p.now }),
    ...(p.creatorAccount === null ? {} : { creatorAccount: p.creatorAccount }),
  };
  const deal: MatchPatch | null = dealPatch(record, seats, p.now);
  return deal === null ? record : { ...record, ...deal };
}

/** The default of `HostOptions.maxBotMatches`: matches with a bot to move at once on one host (and those with a bot seat being created). */
export const MAX_BOT_MATCHES = 50;

/** The lobby of one host (see {@link MatchHost} for what each call does). */
export class Lobby {
  /** Matches with a bot seat being created (not loaded yet): counted against `maxBotMatches` too. */
  private creatingWithBots = 0;

  constructor(
    private readonly store: Store,
    private readonly registry: MatchRegistry,
    private readonly matches: LiveMatches,
    private readonly deadlines: Deadlines,
    private readonly now: () => number,
    private readonly maxBotMatches: number = MAX_BOT_MATCHES,
  ) {}

  /**
   * Throws `RATE_LIMITED` while `maxBotMatches` matches have a bot to move (or are being created
   * with a bot seat): no new bot work is taken on, neither a new match with a bot seat nor a seat
   * handed to a bot.
   */
  checkBotRoom(): void {
    if (this.matches.withBotToMove() + this.creatingWithBots >= this.maxBotMatches) {
      throw new HostError('RATE_LIMITED', `this host plays at most ${this.maxBotMatches} matches with bots at once: try again later`);
    }
  }

  async createMatch(input: unknown, account: string | null = null): Promise<NewMatch> {
    const settings = parseMatchSettings(input);
    if (!settings.bots.some((b) => b !== null)) return this.create(settings, account);
    this.checkBotRoom();
    this.creatingWithBots++;
    try {
      return await this.create(settings, account);
    } finally {
      this.creatingWithBots--;
    }
  }

  private async create(settings: MatchSettings, account: string | null): Promise<NewMatch> {
    const creatorToken = newToken();
    const invite = newInviteCode();
    const record = newRecord({
      id: newMatchId(),
      now: this.now(),
      settings,
      creatorHash: await hashToken(creatorToken),
      inviteHash: await hashToken(invite),
      creatorAccount: account,
    });
    await this.store.createMatch(record);
    const live = await this.matches.load(record.id);
    if (live !== null) await this.deadlines.ensure(live);
    return { match: summarize(record, [], this.now()), creatorToken, invite };
  }

  async listOpen(limit = 50): Promise<MatchSummary[]> {
    return (await this.openPage(limit)).matches;
  }

  /** The newest `limit` open public matches, and whether more were found past them. */
  async openPage(limit = 50): Promise<OpenMatches> {
    const n = Math.min(Math.max(0, Math.trunc(limit) || 0), 500);
    // The store lists public matches newest first, open or not: read more of them until `n + 1`
    // open ones are found or the store has no more (at most the newest OPEN_SCAN_MOST), so that
    // full matches newer than an open one do not hide it.
    let want = (n + 1) * 4;
    for (;;) {
      const all = await this.store.listMatches(want, { visibility: 'public' });
      const open = all.filter((m) => visibilityOf(m) === 'public' && m.seats.some(isOpen));
      if (open.length > n || all.length < want || want >= OPEN_SCAN_MOST) {
        return { matches: await Promise.all(open.slice(0, n).map((m) => this.summary(m))), more: open.length > n };
      }
      want = Math.min(want * 4, OPEN_SCAN_MOST);
    }
  }

  async getMatch(matchId: unknown): Promise<MatchSummary> {
    return this.summary(await this.registry.stored(matchId));
  }

  /** The match's summary with who is connected now. */
  async summary(m: MatchRecord): Promise<MatchSummary> {
    return summarize(m, await this.store.readPresence(m.id), this.now());
  }

  async join(matchId: unknown, request: JoinRequest, account: string | null = null): Promise<{ seat: number; token: string }> {
    const name = parseName(request.name);
    const { seat: seatIn, invite, contribution } = request;
    if (seatIn !== undefined && seatIn !== null && (typeof seatIn !== 'number' || !Number.isInteger(seatIn))) {
      throw new HostError('BAD_MESSAGE', 'seat must be a seat number');
    }
    if (contribution !== undefined && contribution !== null && !isContribution(contribution)) {
      throw new HostError('BAD_MESSAGE', 'contribution must be base64url text of at most 128 characters');
    }
    if (invite !== undefined && invite !== null && !isTokenText(invite))
      throw new HostError('FORBIDDEN', 'this is not the invite code of this match');
    const m = await this.registry.stored(matchId);
    if (visibilityOf(m) === 'unlisted') {
      if (typeof invite !== 'string' || (await hashToken(invite)) !== m.inviteHash) {
        throw new HostError('FORBIDDEN', 'this match is joined through its invite link (its invite code is missing or wrong)');
      }
    }
    const token = newToken();
    const tokenHash = await hashToken(token);
    const seat = await this.registry.change(m.id, (cur) => {
      if (account !== null) {
        const held = cur.seats.findIndex((s) => s.tokenHash !== null && s.account === account);
        if (held >= 0) throw new HostError('SEAT_TAKEN', `this account holds seat ${held} of this match already`);
      }
      const r = claimSeat(cur.seats, typeof seatIn === 'number' ? seatIn : null, { name, tokenHash, account, takenAt: this.now() });
      const f = cur.fairness;
      const patch: MatchPatch =
        f && cur.startedAt === null
          ? { seats: r.seats, fairness: contributed(f, r.seat, (contribution as string | undefined) ?? '') }
          : { seats: r.seats };
      return { patch, result: r.seat };
    });
    return { seat, token };
  }
}
