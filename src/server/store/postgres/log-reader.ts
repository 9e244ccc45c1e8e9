/**
 * The PostgreSQL store's log reads, batched: the reads asked for within one tick, or while a batch
 * is on its way, go to the database as one statement. With several hosts on one database, each
 * append made on another host is one read on every host that holds its match, so reads come at the
 * rate of the actions. The statement is planned at each call, with the batch's own values (a
 * prepared statement's generic plan can stay a sequential scan made while the log was small; see
 * docs/server.md). A batch runs a little after a read is asked for, so it sees the log as it was
 * then or later: what a read returns is the log after `after` at some moment after the call.
 * @module
 */
import type { Pool } from 'pg';
import type { LogEntry } from '../store.js';
import { Batches } from './batches.js';

/** A read waiting for its batch. */
interface Pending {
  readonly matchId: string;
  readonly after: number;
  readonly done: (entries: LogEntry[]) => void;
  readonly fail: (e: unknown) => void;
}

/** A row of the batch's result: `i` is the read's place in the batch, from 1. */
interface Row {
  readonly i: number;
  readonly seq: number;
  readonly action: LogEntry['action'];
  readonly by: LogEntry['by'];
  readonly at: string;
}

/** Reads the log in batches (see the module's description). */
export class LogReader {
  private readonly batches = new Batches<Pending>(
    (p) => `${p.after} ${p.matchId}`,
    (batch) => this.send(batch),
  );
  private readonly sql: string;

  /** @param s - the schema, quoted. */
  constructor(
    private readonly pool: Pool,
    s: string,
  ) {
    this.sql = `
      SELECT k.i::int AS i, l.seq, l.action, l.by, l.at::text AS at
      FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS k(match_id, after, i)
      JOIN ${s}.log l ON l.match_id = k.match_id AND l.seq > k.after
      ORDER BY k.i, l.seq`;
  }

  /** The entries of `matchId`'s log after seq `after` (an integer from -1 to 2³¹ − 1), in seq order. */
  read(matchId: string, after: number): Promise<LogEntry[]> {
    return new Promise((done, fail) => this.batches.push({ matchId, after, done, fail }));
  }

  /** Resolves once every read asked for so far is answered (for a store closing). */
  drained(): Promise<void> {
    return this.batches.drained();
  }

  /** Reads one batch and settles each of its reads; it does not reject. */
  private async send(batch: Pending[]): Promise<void> {
    let rows: Row[];
    try {
      rows = (await this.pool.query<Row>(this.sql, [batch.map((p) => p.matchId), batch.map((p) => p.after)])).rows;
    } catch (e) {
      for (const p of batch) p.fail(e);
      return;
    }
    const entries: LogEntry[][] = batch.map(() => []);
    for (const row of rows) entries[row.i - 1]?.push({ seq: row.seq, action: row.action, by: row.by, at: Number(row.at) });
    for (const [i, p] of batch.entries()) p.done(entries[i] ?? []);
  }
}
