/**
 * Compaction of the embedded store's journal. The journal only grows: every deadline set and
 * cleared, every seat change, and every record of a match that has since expired stays in it,
 * so without compaction the file and the time to read it at start-up grow with everything that
 * ever happened. A compaction writes the live data alone (each match as it is now, its log, its
 * pending deadline, its chat) to a new file that replaces the journal atomically (see `Journal.rewrite`).
 *
 * It runs at open, and while the store is open once the journal holds more than
 * {@link COMPACT_RATIO} times the records the live data needs and at least
 * {@link COMPACT_MIN_RECORDS}: the file then stays within about that ratio of the live data, and
 * a start-up reads little more than what is live.
 * @module
 */
import type { Change, Tables } from './tables.js';

/** A journal this many times larger (in records) than its live data is compacted. */
export const COMPACT_RATIO = 2;

/** A journal with fewer records than this is never compacted (it is read in a few milliseconds). */
export const COMPACT_MIN_RECORDS = 20_000;

/**
 * The records that rebuild `tables` exactly: per match, its record, its log (as `logOf` gives it:
 * its action records, or their lines as read from the old journal), its deadline, its chat.
 */
export function* liveRecords(tables: Tables, logOf: (matchId: string) => Iterable<Change | Buffer>): Generator<Change | Buffer> {
  for (const { m, length, d, chat } of tables.everything()) {
    yield { t: 'match', m };
    if (length > 0) yield* logOf(m.id);
    if (d !== null) yield { t: 'deadline', id: m.id, d };
    for (const line of chat) yield { t: 'chat', id: m.id, line };
  }
}

/** How many records {@link liveRecords} gives, without making them. */
export function liveRecordCount(tables: Tables): number {
  let n = 0;
  for (const { length, d, chat } of tables.everything()) n += 1 + length + (d === null ? 0 : 1) + chat.length;
  return n;
}

/** Whether a journal of `records` records whose live data needs `live` is worth compacting. */
export function worthCompacting(records: number, live: number): boolean {
  return records >= COMPACT_MIN_RECORDS && records > COMPACT_RATIO * live;
}
