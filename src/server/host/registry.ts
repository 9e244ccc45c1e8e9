/**
 * The match registry: a match's stored record by id, and its seats changed by compare-and-set
 * on the record's version, retried when another writer (another request, another host) got
 * there first. A match this host has loaded takes the new record at once.
 * @module
 */
import { HostError } from '../../protocol/errors.js';
import type { MatchRecord, SeatRecord, Store } from '../store/store.js';
import { isTokenText } from '../tokens.js';
import type { LiveMatches } from './live-matches.js';

/** How many times a seat change is retried when another writer changed the seats first. */
const SEAT_RETRIES = 8;

/** Reads match records and changes their seats. */
export class MatchRegistry {
  constructor(
    private readonly store: Store,
    private readonly matches: LiveMatches,
  ) {}

  /** The stored record of a match. @throws {@link HostError} `NOT_FOUND`. */
  async stored(matchId: unknown): Promise<MatchRecord> {
    if (!isTokenText(matchId)) throw new HostError('NOT_FOUND', 'no match with that id');
    const m = await this.store.getMatch(matchId);
    if (m === null) throw new HostError('NOT_FOUND', 'no match with that id');
    return m;
  }

  /**
   * Compare-and-set on the seats: `change` gets the current record and returns the new seats
   * and a result; it runs again when another writer got there first.
   *
   * @throws {@link HostError} `CONFLICT` after {@link SEAT_RETRIES} lost races, or what `change` throws.
   */
  async changeSeats<T>(matchId: unknown, change: (m: MatchRecord) => { seats: SeatRecord[]; result: T }): Promise<T> {
    for (let i = 0; i < SEAT_RETRIES; i++) {
      const m = await this.stored(matchId);
      const { seats, result } = change(m);
      if (await this.store.updateSeats(m.id, m.version, seats)) {
        await this.matches.refreshLoaded(m.id, { ...m, seats, version: m.version + 1 });
        return result;
      }
    }
    throw new HostError('CONFLICT', 'the seats changed too often under this request; try again');
  }
}
