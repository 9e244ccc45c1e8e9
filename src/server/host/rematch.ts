/**
 * Rematches: once the game is over each seat may agree to play again, giving its contribution
 * to the next deal (after seeing the commitment to its secret, made when this match was
 * created). When every seat held by a person agreed (a bot always does), the host creates the
 * next match: the same seats (the same tokens work there), settings, invite and creator, the
 * first player moved on one seat, a new fair deal; and tells every seat its id. The next match's
 * id is derived from this match's id and the rematch's secret, so two hosts creating it at once
 * create one match.
 * @module
 */
import { createHash } from 'node:crypto';
import { createGame, currentPlayer } from '../../index.js';
import { HostError } from '../../protocol/errors.js';
import { isContribution, newContribution } from '../../protocol/fairness.js';
import type { RematchState } from '../../protocol/server-messages.js';
import { chatOf, visibilityOf } from '../record-fields.js';
import { botSeat, OPEN_SEAT, personSeat } from '../seats.js';
import type { MatchRecord, SeatRecord, Store } from '../store/store.js';
import { authorize } from './access.js';
import type { Deadlines } from './deadlines.js';
import type { LiveMatches } from './live-matches.js';
import { newRecord } from './lobby.js';
import type { MatchRegistry } from './registry.js';
import { rematchState } from './table.js';
import type { Session } from './types.js';

/** What stands for the rematch secret in the id of a seeded match's rematch. */
const SEEDED = 'seeded';

/** The id of the rematch of `m`: 128 bits of SHA-256 of its id and its rematch secret, base64url. */
export function rematchId(m: MatchRecord, secret: string): string {
  return createHash('sha256').update(`ftk-rematch ${m.id} ${secret}`, 'utf8').digest().subarray(0, 16).toString('base64url');
}

/** Whether every seat a person holds agreed. */
function everyoneAgreed(seats: readonly SeatRecord[], votes: readonly (string | null)[]): boolean {
  return seats.every((s, i) => s.tokenHash === null || (votes[i] ?? null) !== null);
}

/** The seats of the rematch: the same people (the same token hashes and accounts) and bots; open seats stay open. */
function nextSeats(m: MatchRecord, now: number): SeatRecord[] {
  return m.seats.map((s) => {
    if (s.bot !== null) return botSeat(s.bot);
    if (s.tokenHash === null || s.name === null) return OPEN_SEAT;
    return personSeat({ name: s.name, tokenHash: s.tokenHash, account: s.account ?? null, takenAt: now });
  });
}

/** The rematches of one host's matches. */
export class Rematches {
  constructor(
    private readonly store: Store,
    private readonly registry: MatchRegistry,
    private readonly matches: LiveMatches,
    private readonly deadlines: Deadlines,
    private readonly now: () => number,
  ) {}

  /**
   * The session's seat agrees to a rematch with its contribution to the next deal; when every
   * seat did, the rematch is created. Returns the rematch's state (`next` set once it exists).
   *
   * @throws {@link HostError} `FORBIDDEN` (a spectator), `UNAUTHORIZED` (the session's token no
   * longer holds its seat), `NOT_OVER` (the game goes on), `BAD_MESSAGE`.
   */
  async agree(session: Session, contributionIn: unknown): Promise<RematchState> {
    if (session.viewer === 'spectator') throw new HostError('FORBIDDEN', 'only a seat may ask for a rematch');
    if (contributionIn !== null && contributionIn !== undefined && !isContribution(contributionIn)) {
      throw new HostError('BAD_MESSAGE', 'contribution must be base64url text of at most 128 characters, or null');
    }
    const contribution = (contributionIn as string | null | undefined) ?? '';
    const seat = session.viewer;
    const live = await this.matches.mustLoad(session.matchId);
    const over = await live.serial(async () => {
      await this.matches.catchUp(live);
      return live.started && currentPlayer(live.state) === null;
    });
    if (!over) throw new HostError('NOT_OVER', 'a rematch is agreed once the game is over');
    await this.registry.change(live.record.id, (m) => {
      // The vote is the seat's only while the session's token holds it (checked with the write).
      authorize(m, session);
      const r = m.rematch;
      if (r?.next || (r?.votes[seat] ?? null) !== null) return { patch: {}, result: null };
      const votes = m.seats.map((_, i) => r?.votes[i] ?? null);
      votes[seat] = contribution;
      return { patch: { rematch: { votes, next: null } }, result: null };
    });
    const m = await this.registry.stored(live.record.id);
    if (m.rematch && m.rematch.next === null && everyoneAgreed(m.seats, m.rematch.votes)) await this.createNext(m, m.rematch.votes);
    return rematchState(await this.registry.stored(m.id), true) as RematchState;
  }

  /** Creates the rematch of `m` (once, whichever host gets there) and records its id in `m`. */
  private async createNext(m: MatchRecord, votes: readonly (string | null)[]): Promise<void> {
    const now = this.now();
    // A match dealt from a seed has no rematch secret: its rematch's id comes from its own id
    // alone (and the new deal from a fresh secret), so that two hosts (or two last votes at
    // once) still name one match and the second creation collides.
    const secret = m.fairness?.nextSecret ?? newContribution();
    const id = rematchId(m, m.fairness?.nextSecret ?? SEEDED);
    const n = m.options.players;
    const first = createGame(m.options).firstPlayer;
    const { seed: _seed, ...rest } = m.options;
    const seats = nextSeats(m, now);
    const record = newRecord(
      {
        id,
        now,
        settings: {
          options: { ...rest, firstPlayer: (first + 1) % n },
          bots: m.seats.map((s) => s.bot),
          spectators: m.spectators,
          turnTimeMs: m.turnTimeMs,
          visibility: visibilityOf(m),
          chat: chatOf(m),
        },
        creatorHash: m.creatorHash,
        inviteHash: m.inviteHash ?? '',
        creatorAccount: m.creatorAccount ?? null,
        secret,
        // The votes are the seats' contributions: the deal is made at once unless a seat stayed open.
        contributions: seats.map((s, i) => (s.bot === null ? (votes[i] ?? '') : '')),
      },
      seats,
    );
    try {
      await this.store.createMatch(record);
    } catch (e) {
      if ((await this.store.getMatch(id)) === null) throw e; // not "another host created it first"
    }
    await this.registry.change(m.id, (cur) => ({
      patch: cur.rematch?.next ? {} : { rematch: { votes: cur.rematch?.votes ?? votes, next: id } },
      result: null,
    }));
    const live = await this.matches.load(id);
    if (live !== null) await this.deadlines.ensure(live);
  }
}
