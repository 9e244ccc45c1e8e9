/**
 * The match registry: a match's stored record by id, and its changes (seats, the clock, the
 * rematch) by compare-and-set on the record's version, retried when another writer (another
 * request, another host) got there first. A seat change that takes a fair match's last open
 * seat makes the deal in the same write. A match this host has loaded takes the new record at once.
 * @module
 */
import { HostError } from '../../protocol/errors.js';
import type { MatchPatch, MatchRecord, SeatRecord, Store } from '../store/store.js';
import { isTokenText } from '../tokens.js';
import { dealPatch } from './fairness.js';
import type { LiveMatches } from './live-matches.js';

/** How many times a change is retried when another writer changed the match first. */
const RETRIES = 8;

/** Reads match records and changes them. */
export class MatchRegistry {
  constructor(
    private readonly store: Store,
    private readonly matches: LiveMatches,
    private readonly now: () => number,
    /** Called (not awaited) when a change made the deal: set the first move's deadline. */
    private readonly onDeal: (matchId: string) => Promise<void>,
    private readonly log: (message: string) => void,
  ) {}

  /** The stored record of a match. @throws {@link HostError} `NOT_FOUND`. */
  async stored(matchId: unknown): Promise<MatchRecord> {
    if (!isTokenText(matchId)) throw new HostError('NOT_FOUND', 'no match with that id');
    const m = await this.store.getMatch(matchId);
    if (m === null) throw new HostError('NOT_FOUND', 'no match with that id');
    return m;
  }

  /**
   * Compare-and-set on the match: `change` gets the current record and returns a patch and a
   * result; it runs again when another writer got there first. A patch with seats that leave no
   * seat open makes a fair match's deal in the same write.
   *
   * @throws {@link HostError} `CONFLICT` after {@link RETRIES} lost races, or what `change` throws.
   */
  async change<T>(matchId: unknown, change: (m: MatchRecord) => { patch: MatchPatch; result: T }): Promise<T> {
    for (let i = 0; i < RETRIES; i++) {
      const m = await this.stored(matchId);
      const { patch, result } = change(m);
      const deal = patch.seats === undefined ? null : dealPatch({ ...m, ...patch }, patch.seats, this.now());
      const full: MatchPatch = deal === null ? patch : { ...patch, ...deal };
      if (await this.store.updateMatch(m.id, m.version, full)) {
        await this.matches.refreshLoaded(m.id, { ...m, ...full, version: m.version + 1 });
        if (deal !== null) this.onDeal(m.id).catch((e: unknown) => this.log(`setting the first deadline of ${m.id} failed: ${String(e)}`));
        return result;
      }
    }
    throw new HostError('CONFLICT', 'the match changed too often under this request; try again');
  }

  /** {@link MatchRegistry.change} on the seats only. */
  changeSeats<T>(matchId: unknown, change: (m: MatchRecord) => { seats: SeatRecord[]; result: T }): Promise<T> {
    return this.change(matchId, (m) => {
      const { seats, result } = change(m);
      return { patch: { seats }, result };
    });
  }
}
