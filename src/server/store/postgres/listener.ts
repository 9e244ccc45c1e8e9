/**
 * The PostgreSQL store's watch: one dedicated connection `LISTEN`s on the schema's channel, where
 * every append's `NOTIFY` carries only its (seq, match); the listeners hear of each seq once
 * (a host's own append and its notification are one report). When the connection drops, it
 * comes back with backoff and reports what was appended meanwhile to the matches it tracks.
 * @module
 */
import type { Client, Pool } from 'pg';
import { storeClosed } from '../closed.js';
import { Listeners } from '../listeners.js';
import { MatchListeners } from '../match-listeners.js';
import type { MatchChange } from '../store.js';
import { quoteIdent } from './schema.js';

/** How many matches the store remembers for the catch-up after the listening connection comes back. */
const TRACKED_MATCHES = 20_000;

/** What the store knows of a match's log, for the reconnect catch-up and for reporting each seq once. */
export interface Tracked {
  /** Every seq up to this one was reported to the listeners. */
  through: number;
  /** Seqs above `through` reported already (an own append can be reported before an earlier seq's notification arrives). */
  readonly above: Set<number>;
  /** Highest seq known to exist (reported, appended or read). */
  known: number;
}

/** What the log listener is given. */
export interface LogListenerOptions {
  /** pg's `Client` class, for the listening connection. */
  readonly Client: typeof Client;
  /** The pool, for the catch-up's query. */
  readonly pool: Pool;
  readonly connectionString: string;
  readonly schema: string;
  /** The `LISTEN`/`NOTIFY` channel. */
  readonly channel: string;
  /** The channel of changes to matches besides their logs (payload `<change> <store instance> <match id>`). */
  readonly matchChannel: string;
  /** This store's instance name: its own match notifications were reported when made, and are skipped. */
  readonly instance: string;
  readonly onError: (e: Error) => void;
}

/** The listening connection and the listeners it reports to. */
export class LogListener {
  private readonly listeners = new Listeners();
  private readonly matchListeners = new MatchListeners();
  /** Matches recently seen, oldest first (a Map keeps insertion order; touching moves to the end). */
  private readonly tracked = new Map<string, Tracked>();
  private listenClient: Client | null = null;
  private listenUp: Promise<void> | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private backoffMs = 50;
  private closed = false;

  constructor(private readonly options: LogListenerOptions) {}

  /** Adds a listener (starting the listening connection if it is not up); returns the function that removes it. */
  watch(listener: (matchId: string, seq: number) => void): () => void {
    const remove = this.listeners.add(listener);
    this.listening().catch(() => {}); // failures are reported through onError and retried
    return remove;
  }

  /** Adds a listener of changes to match records, chats and presence (see `Store.watchMatches`). */
  watchMatches(listener: (matchId: string, change: MatchChange) => void): () => void {
    const remove = this.matchListeners.add(listener);
    this.listening().catch(() => {});
    return remove;
  }

  /** Reports a change to a match (a notification on the match channel, or this store's own change). */
  noteMatch(matchId: string, change: MatchChange): void {
    this.matchListeners.notify(matchId, change, (e) => this.options.onError(e as Error));
  }

  /** Resolves once the listening connection is up, starting it if needed. */
  listening(): Promise<void> {
    if (this.closed) return Promise.reject(storeClosed());
    if (!this.listenUp) this.listenUp = this.connect();
    return this.listenUp;
  }

  /** Stops for good: no more reports, no reconnect; resolves once the connection is closed. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.listeners.clear();
    this.matchListeners.clear();
    const c = this.listenClient;
    this.listenClient = null;
    await c?.end().catch(() => {});
  }

  /** Remembers that `seq` exists in `matchId`'s log, without reporting it. */
  track(matchId: string, seq: number): Tracked {
    let t = this.tracked.get(matchId);
    if (t) this.tracked.delete(matchId);
    else {
      t = { through: 0, above: new Set(), known: 0 };
      if (this.tracked.size >= TRACKED_MATCHES) {
        const oldest = this.tracked.keys().next().value;
        if (oldest !== undefined) this.tracked.delete(oldest);
      }
    }
    this.tracked.set(matchId, t);
    if (seq > t.known) t.known = seq;
    return t;
  }

  /** Reports `seq` of `matchId` to the listeners unless it was reported already (own append and its notification). */
  note(matchId: string, seq: number): void {
    const t = this.track(matchId, seq);
    if (seq <= t.through || t.above.has(seq)) return;
    t.above.add(seq);
    // A match first seen in the middle of its log never closes the gap below: past a few dozen
    // seqs, the gap is given up (a notification that late would be a duplicate of what was read).
    if (t.above.size > 64) t.through = Math.min(...t.above) - 1;
    while (t.above.delete(t.through + 1)) t.through++;
    this.listeners.notify(matchId, seq, (e) => this.options.onError(e as Error));
  }

  /** Opens the listening connection, LISTENs, then reports what was appended while it was down. */
  private async connect(): Promise<void> {
    const { schema, channel } = this.options;
    const client = new this.options.Client({
      connectionString: this.options.connectionString,
      application_name: `for-the-king listen ${schema}`,
    });
    let lost = false;
    const onLost = (e: Error | null): void => {
      if (lost) return;
      lost = true;
      if (this.listenClient === client) this.listenClient = null;
      client.end().catch(() => {});
      if (this.closed) return;
      this.options.onError(new Error(`listening connection lost (${e ? e.message : 'closed'}); reconnecting`));
      this.scheduleReconnect();
    };
    client.on('error', (e) => onLost(e));
    client.on('end', () => onLost(null));
    const matchChannel = this.options.matchChannel;
    client.on('notification', (n) => {
      if (n.channel === matchChannel && n.payload !== undefined) {
        const p = n.payload;
        const a = p.indexOf(' ');
        const b = p.indexOf(' ', a + 1);
        const change = p.slice(0, a);
        if (a < 0 || b < 0 || p.slice(a + 1, b) === this.options.instance) return;
        const matchId = p.slice(b + 1);
        if (change === 'match' || change === 'chat' || change === 'presence') this.noteMatch(matchId, change);
        return;
      }
      if (n.channel !== channel || n.payload === undefined) return;
      const space = n.payload.indexOf(' ');
      const seq = Number(n.payload.slice(0, space));
      if (space < 1 || !Number.isInteger(seq)) return;
      this.note(n.payload.slice(space + 1), seq);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdent(channel)}`);
      await client.query(`LISTEN ${quoteIdent(matchChannel)}`);
    } catch (e) {
      onLost(e as Error);
      throw e;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.listenClient = client;
    this.backoffMs = 50;
    await this.catchUpWhileUp(client);
  }

  /**
   * Runs the catch-up for `client`'s connection; if it fails (the database went away again),
   * tries again shortly for as long as that connection is the listening one.
   */
  private async catchUpWhileUp(client: Client): Promise<void> {
    try {
      await this.catchUp();
    } catch (e) {
      if (this.closed || this.listenClient !== client) return;
      this.options.onError(new Error(`catching up after reconnecting failed (${(e as Error).message}); trying again`));
      setTimeout(() => {
        if (!this.closed && this.listenClient === client) void this.catchUpWhileUp(client);
      }, 500).unref();
    }
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const wait = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, 2_000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.listenUp = this.connect();
      this.listenUp.catch(() => {}); // reported by onLost, which schedules the next try
    }, wait);
    this.reconnectTimer.unref();
  }

  /** After (re)connecting: reports each tracked match whose log grew past what this store knew. */
  private async catchUp(): Promise<void> {
    const ids = [...this.tracked.keys()];
    // Changes to records, chats and presence while the connection was down are not counted:
    // tell the listeners to read again what they hold of each match seen lately. First: a host
    // takes in a record it reads again before it pushes log entries reported after (a seat
    // voided meanwhile is sent none of them).
    for (const id of ids) for (const change of ['match', 'chat', 'presence'] as const) this.noteMatch(id, change);
    const s = quoteIdent(this.options.schema);
    for (let i = 0; i < ids.length; i += 1000) {
      const r = await this.options.pool.query<{ match_id: string; last: number }>(
        `SELECT match_id, max(seq)::int AS last FROM ${s}.log WHERE match_id = ANY($1::text[]) GROUP BY match_id`,
        [ids.slice(i, i + 1000)],
      );
      for (const row of r.rows) {
        const t = this.tracked.get(row.match_id);
        if (!t) continue;
        for (let seq = Math.max(t.known, t.through) + 1; seq <= row.last; seq++) this.note(row.match_id, seq);
      }
    }
  }
}
