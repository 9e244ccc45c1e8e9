/**
 * The PostgreSQL store's calls, one SQL statement each: the log's primary key (match_id, seq)
 * orders a match's actions, so two hosts appending the same seq cannot both win; appends are
 * group-committed by the {@link Appender} (one statement for every append of a tick), and
 * presence leases likewise by the {@link LeaseWriter}; deadlines are taken with `SELECT … FOR
 * UPDATE SKIP LOCKED` and a lease; every append sends a `NOTIFY` that the {@link LogListener} of
 * each host hears. A write whose connection breaks after it was sent is settled by reading back
 * what is stored (settle.ts), never sent twice blindly.
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { Client, Pool } from 'pg';
import type { GameOptions } from '../../../index.js';
import type { ChatLine, SpectatorPolicy } from '../../../protocol/lobby.js';
import type {
  ActivityCursor,
  Deadline,
  KeptRecord,
  LogEntry,
  MatchActivity,
  MatchChange,
  MatchFilter,
  MatchPatch,
  MatchRecord,
  NewChatLine,
  PresenceRecord,
  SeatRecord,
  SetDeadlineOptions,
  Store,
} from '../store.js';
import { Appender } from './appender.js';
import { claimDue, setDeadline } from './deadlines.js';
import { expireMatch } from './expire.js';
import { waitForServer } from './faults.js';
import { LeaseWriter } from './lease-writer.js';
import { LogListener } from './listener.js';
import { LogReader } from './log-reader.js';
import { quoteIdent } from './schema.js';
import { AGAIN, StoreUnsettledError, settled, writeId } from './settle.js';

/** Longest match id the store accepts: keeps a notification's payload far below PostgreSQL's 8,000 bytes. */
const MAX_MATCH_ID = 200;

interface MatchRow {
  id: string;
  created_at: string;
  options: GameOptions;
  spectators: SpectatorPolicy;
  turn_time_ms: number | null;
  creator_hash: string;
  seats: SeatRecord[];
  version: number;
  extra: Partial<MatchRecord>;
}

/** The match fields kept in the `extra` JSON column (those added after the first schema). */
const EXTRA_KEYS = [
  'visibility',
  'inviteHash',
  'chat',
  'fairness',
  'startedAt',
  'turnTimeSetAt',
  'rematch',
  'creatorAccount',
] as const satisfies readonly (keyof MatchRecord)[];

function toMatch(row: MatchRow): MatchRecord {
  const extra: Record<string, unknown> = {};
  for (const key of EXTRA_KEYS) if (Object.hasOwn(row.extra, key)) extra[key] = row.extra[key];
  return {
    id: row.id,
    createdAt: Number(row.created_at),
    options: row.options,
    spectators: row.spectators,
    turnTimeMs: row.turn_time_ms,
    creatorHash: row.creator_hash,
    seats: row.seats,
    version: row.version,
    ...(extra as Partial<MatchRecord>),
  };
}

/** The fields of `m` kept in the `extra` column. */
function extraOf(m: Partial<MatchRecord>): Record<string, unknown> {
  const extra: Record<string, unknown> = {};
  for (const key of EXTRA_KEYS) if (m[key] !== undefined) extra[key] = m[key];
  return extra;
}

const MATCH_COLUMNS = 'id, created_at, options, spectators, turn_time_ms, creator_hash, seats, version, extra';

/** How many times `appendChat` tries again after another writer took the same line number. */
const CHAT_RETRIES = 16;

/**
 * How many of its last updates' ids a match's row keeps (`writes`, newest first): an update whose
 * answer was lost is recognised as long as fewer than this many others came after it.
 */
const WRITES_KEPT = 8;

/** What a {@link PgStore} is made of. */
export interface PgStoreOptions {
  /** pg's `Client` class, for the listening connection. */
  readonly Client: typeof Client;
  readonly pool: Pool;
  /** The group writes' connections (appends, leases), which keep their statements' generic plans. */
  readonly writers: Pool;
  readonly connectionString: string;
  /** The schema, checked already (lower-case letters, digits and `_`). */
  readonly schema: string;
  /** Milliseconds a claimed deadline stays taken. */
  readonly lease: number;
  readonly onError: (e: Error) => void;
}

/** The {@link Store} on PostgreSQL (made by `createPostgresStore`, which migrates the schema first). */
export class PgStore implements Store {
  readonly schema: string;
  readonly channel: string;
  /** The channel of changes to matches besides their logs. */
  readonly matchChannel: string;
  private readonly s: string;
  private readonly pool: Pool;
  private readonly writers: Pool;
  private readonly lease: number;
  private readonly listener: LogListener;
  /** This store's name in its match notifications: it reports its own changes at once and skips their echo. */
  private readonly instance = randomUUID().slice(0, 8);
  private readonly appender: Appender;
  private readonly leases: LeaseWriter;
  private readonly reader: LogReader;
  private closed = false;

  constructor(options: PgStoreOptions) {
    this.schema = options.schema;
    this.s = quoteIdent(options.schema);
    this.channel = `${options.schema}_log`;
    this.matchChannel = `${options.schema}_match`;
    this.pool = options.pool;
    this.writers = options.writers;
    waitForServer(this.pool, () => this.closed); // a restart of the database is a delay, not an error
    waitForServer(this.writers, () => this.closed);
    this.lease = options.lease;
    this.listener = new LogListener({ ...options, channel: this.channel, matchChannel: this.matchChannel, instance: this.instance });
    this.appender = new Appender(
      this.writers,
      this.s,
      this.channel,
      (matchId, seq) => this.listener.note(matchId, seq),
      () => this.closed,
    );
    this.leases = new LeaseWriter(this.writers, this.s, this.matchChannel, `presence ${this.instance} `);
    this.reader = new LogReader(this.pool, this.s);
  }

  async createMatch(match: MatchRecord): Promise<void> {
    if (typeof match.id !== 'string' || match.id.length === 0 || match.id.length > MAX_MATCH_ID) {
      throw new RangeError(`a match id is 1 to ${MAX_MATCH_ID} characters, got ${JSON.stringify(String(match.id).slice(0, 40))}`);
    }
    try {
      await this.pool.query(
        `INSERT INTO ${this.s}.matches (${MATCH_COLUMNS}, visibility) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          match.id,
          match.createdAt,
          JSON.stringify(match.options),
          match.spectators,
          match.turnTimeMs,
          match.creatorHash,
          JSON.stringify(match.seats),
          match.version,
          JSON.stringify(extraOf(match)),
          match.visibility ?? 'public',
        ],
      );
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw new Error(`match ${match.id} already exists`);
      throw e;
    }
  }

  async getMatch(id: string): Promise<MatchRecord | null> {
    const r = await this.pool.query<MatchRow>(`SELECT ${MATCH_COLUMNS} FROM ${this.s}.matches WHERE id = $1`, [id]);
    const row = r.rows[0];
    return row ? toMatch(row) : null;
  }

  async updateSeats(id: string, expected: number, seats: readonly SeatRecord[]): Promise<boolean> {
    return this.updateMatch(id, expected, { seats });
  }

  async updateMatch(id: string, expected: number, patch: MatchPatch): Promise<boolean> {
    // The update's id goes in with it: if the answer is lost, the row read back says whether it
    // was this update that made version `expected + 1` (see settle.ts).
    const write = writeId();
    const values = [
      id,
      expected,
      patch.seats === undefined ? null : JSON.stringify(patch.seats),
      patch.options === undefined ? null : JSON.stringify(patch.options),
      patch.turnTimeMs !== undefined,
      patch.turnTimeMs ?? null,
      JSON.stringify(extraOf(patch)),
      write,
    ];
    const updated = await settled({
      operation: 'updateMatch',
      matchId: id,
      isClosed: () => this.closed,
      send: async () => {
        const r = await this.pool.query(
          `WITH up AS (
             UPDATE ${this.s}.matches SET version = version + 1,
               seats = coalesce($3::jsonb, seats),
               options = coalesce($4::jsonb, options),
               turn_time_ms = CASE WHEN $5::boolean THEN $6::integer ELSE turn_time_ms END,
               extra = extra || $7::jsonb,
               writes = (ARRAY[$8::text] || writes)[1:${WRITES_KEPT}]
             WHERE id = $1 AND version = $2 RETURNING id
           )
           SELECT pg_notify('${this.matchChannel}', 'match ${this.instance} ' || id) FROM up`,
          values,
        );
        return r.rowCount === 1;
      },
      readBack: async () => {
        const r = await this.pool.query<{ version: number; mine: boolean }>(
          `SELECT version, $2::text = ANY (writes) AS mine FROM ${this.s}.matches WHERE id = $1`,
          [id, write],
        );
        const row = r.rows[0];
        if (row === undefined) return false; // the match is gone: nothing of it is changed now
        if (row.mine) return true;
        if (row.version === expected) return AGAIN;
        // Another writer's version: had this update gone in, it would be among the last ones kept.
        if (row.version - expected <= WRITES_KEPT) return false;
        throw new StoreUnsettledError('updateMatch', id, `${row.version - expected} updates came after version ${expected}`);
      },
    });
    if (updated) this.listener.noteMatch(id, 'match');
    return updated;
  }

  async listMatches(limit: number, filter: MatchFilter = {}): Promise<MatchRecord[]> {
    if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`limit must be a non-negative integer, got ${String(limit)}`);
    const r =
      filter.visibility === undefined
        ? await this.pool.query<MatchRow>(`SELECT ${MATCH_COLUMNS} FROM ${this.s}.matches ORDER BY created_at DESC, id DESC LIMIT $1`, [
            limit,
          ])
        : await this.pool.query<MatchRow>(
            `SELECT ${MATCH_COLUMNS} FROM ${this.s}.matches WHERE visibility = $2 ORDER BY created_at DESC, id DESC LIMIT $1`,
            [limit, filter.visibility],
          );
    return r.rows.map(toMatch);
  }

  async append(matchId: string, entry: LogEntry): Promise<boolean> {
    if (!Number.isInteger(entry.seq) || entry.seq < 1 || entry.seq > 0x7fffffff) return false;
    return this.appender.append(matchId, entry);
  }

  async readLog(matchId: string, after: number): Promise<LogEntry[]> {
    // Checked here, not by the database: the read goes out in a batch with others, which a bad value would fail too.
    if (typeof matchId !== 'string' || matchId.includes('\0') || Number.isNaN(after))
      throw new RangeError(`readLog(${JSON.stringify(String(matchId).slice(0, 40))}, ${after})`);
    const entries = await this.reader.read(matchId, Math.max(-1, Math.min(Math.floor(after), 0x7fffffff)));
    const last = entries[entries.length - 1];
    this.listener.track(matchId, last ? last.seq : Math.max(0, Math.floor(after)));
    return entries;
  }

  setDeadline(matchId: string, deadline: Deadline | null, options: SetDeadlineOptions = {}): Promise<void> {
    return setDeadline(this.pool, this.s, matchId, deadline, options);
  }

  claimDue(now: number, limit: number): Promise<Deadline[]> {
    return claimDue(this.pool, this.s, this.lease, now, limit);
  }

  async idleMatches(before: number, after: ActivityCursor | null, limit: number): Promise<MatchActivity[]> {
    if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`limit must be a non-negative integer, got ${String(limit)}`);
    // Oldest first along the matches_newest index; each match's last entry is one step down the
    // log's primary key. A match with a deadline is waiting for a bot or a timer: not idle.
    const r = await this.pool.query<{ id: string; created_at: string; version: number; seq: number; last_at: string }>(
      `SELECT m.id, m.created_at, m.version, coalesce(l.seq, 0) AS seq, coalesce(l.at, m.created_at) AS last_at
         FROM ${this.s}.matches m
         LEFT JOIN LATERAL (SELECT seq, at FROM ${this.s}.log WHERE match_id = m.id ORDER BY seq DESC LIMIT 1) l ON true
        WHERE m.created_at < $1
          AND ($2::bigint IS NULL OR (m.created_at, m.id) > ($2::bigint, $3::text))
          AND coalesce(l.at, m.created_at) < $1
          AND NOT EXISTS (SELECT 1 FROM ${this.s}.deadlines d WHERE d.match_id = m.id)
        ORDER BY m.created_at, m.id
        LIMIT $4`,
      [Math.floor(before), after === null ? null : after.createdAt, after === null ? '' : after.id, limit],
    );
    return r.rows.map((row) => ({
      id: row.id,
      createdAt: Number(row.created_at),
      version: row.version,
      seq: row.seq,
      lastAt: Number(row.last_at),
    }));
  }

  expireMatch(id: string, expected: { readonly version: number; readonly seq: number }, keep: KeptRecord | null): Promise<boolean> {
    return expireMatch(this.pool, this.s, () => this.closed, id, expected, keep);
  }

  async keptRecord(id: string): Promise<KeptRecord | null> {
    const r = await this.pool.query<{ kept: KeptRecord }>(`SELECT kept FROM ${this.s}.kept_records WHERE match_id = $1`, [id]);
    return r.rows[0]?.kept ?? null;
  }

  watch(listener: (matchId: string, seq: number) => void): () => void {
    return this.listener.watch(listener);
  }

  async appendChat(matchId: string, line: NewChatLine): Promise<number> {
    // The line's id goes in with it: if the answer is lost, it is found again by its id (see settle.ts).
    const write = writeId();
    const text = JSON.stringify(line);
    const n = await settled({
      operation: 'appendChat',
      matchId,
      isClosed: () => this.closed,
      send: () => this.insertChat(matchId, text, write),
      readBack: async () => {
        const r = await this.pool.query<{ n: number | null; present: boolean }>(
          `SELECT (SELECT n FROM ${this.s}.chat WHERE match_id = $1 AND write_id = $2) AS n,
                  EXISTS (SELECT 1 FROM ${this.s}.matches WHERE id = $1) AS present`,
          [matchId, write],
        );
        const row = r.rows[0];
        if (row === undefined) return AGAIN;
        return row.n ?? (row.present ? AGAIN : 0);
      },
    });
    if (n !== 0) this.listener.noteMatch(matchId, 'chat');
    return n;
  }

  /** Inserts the chat line with the next number; 0 when there is no such match. */
  private async insertChat(matchId: string, line: string, write: string): Promise<number> {
    // The next number is read and taken in one statement; two writers taking the same one at once
    // collide on the primary key, and the loser tries again. FOR KEY SHARE, as the appender's: a
    // match being deleted is waited for, and then the line is simply not written, rather than the
    // insert failing its foreign key.
    for (let i = 0; i < CHAT_RETRIES; i++) {
      const r = await this.pool.query<{ n: number }>(
        `WITH next AS (SELECT coalesce(max(n), 0) + 1 AS n FROM ${this.s}.chat WHERE match_id = $1),
         ins AS (
           INSERT INTO ${this.s}.chat (match_id, n, line, write_id)
           SELECT $1, next.n, $2::jsonb || jsonb_build_object('n', next.n), $3 FROM next
           WHERE EXISTS (SELECT 1 FROM ${this.s}.matches WHERE id = $1 FOR KEY SHARE)
           ON CONFLICT (match_id, n) DO NOTHING
           RETURNING n
         )
         SELECT n, pg_notify('${this.matchChannel}', 'chat ${this.instance} ' || $1) FROM ins`,
        [matchId, line, write],
      );
      const row = r.rows[0];
      if (row !== undefined) return row.n;
      if ((await this.getMatch(matchId)) === null) return 0;
    }
    throw new Error(`the chat of match ${matchId} is too busy: gave up after ${CHAT_RETRIES} tries`);
  }

  async readChat(matchId: string, after: number, limit: number): Promise<ChatLine[]> {
    const r = await this.pool.query<{ line: ChatLine }>(
      `SELECT line FROM ${this.s}.chat WHERE match_id = $1 AND n > $2 ORDER BY n LIMIT $3`,
      [matchId, Math.max(0, Math.min(Math.floor(after), 0x7fffffff)), Math.max(0, Math.floor(limit))],
    );
    return r.rows.map((row) => row.line);
  }

  async chatLength(matchId: string): Promise<number> {
    const r = await this.pool.query<{ n: number }>(`SELECT coalesce(max(n), 0) AS n FROM ${this.s}.chat WHERE match_id = $1`, [matchId]);
    return Number(r.rows[0]?.n ?? 0);
  }

  async setPresence(matchId: string, host: string, seat: number, until: number): Promise<void> {
    if (await this.leases.write(matchId, host, seat, Math.floor(until))) this.listener.noteMatch(matchId, 'presence');
  }

  async readPresence(matchId: string): Promise<PresenceRecord[]> {
    const r = await this.pool.query<{ seat: number; host: string; until: string }>(
      `SELECT seat, host, until FROM ${this.s}.presence WHERE match_id = $1`,
      [matchId],
    );
    return r.rows.map((row) => ({ seat: row.seat, host: row.host, until: Number(row.until) }));
  }

  watchMatches(listener: (matchId: string, change: MatchChange) => void): () => void {
    return this.listener.watchMatches(listener);
  }

  /**
   * Resolves once the listening connection is up (starting it if no `watch` has yet): appends
   * committed from then on are reported to `watch` listeners.
   */
  listening(): Promise<void> {
    return this.listener.listening();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Writes already asked for (a lease let go as the host shuts down, an append) still go in,
    // and reads already asked for are answered.
    await Promise.all([this.appender.drained(), this.leases.drained(), this.reader.drained()]);
    await Promise.all([this.listener.close(), this.pool.end(), this.writers.end()]);
  }
}
