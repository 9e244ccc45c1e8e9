/**
 * What a {@link MatchClient} knows of its match besides the game, read from the host's messages
 * (protocol version 2; a version 1 host sends none of it, and everything stays empty): the seats
 * (names, kinds, who is connected, since when a person is away, and the host's away time), the turn's clock, the chat, the rematch, and a fair match's
 * commitment, the log digests and view digests seen and the seats that were bots at the deal, for
 * `verifyRecord`.
 * @module
 */
import type { PlayerView } from '../index.js';
import { readAwayForMs, readAwayMs } from '../protocol/away.js';
import { fairViewInput, sha256Hex } from '../protocol/fairness.js';
import type { ChatLine, SeatSummary } from '../protocol/lobby.js';
import type { Clock, RematchState, ServerMessage, WelcomeMessage } from '../protocol/server-messages.js';
import { ClientError } from './errors.js';
import { checkChat, checkRematch, checkSeats, checkTurnTime } from './host-fields.js';

/**
 * A fair match as the client saw it: the commitments, each log digest and each view's digest by
 * seq, and the seats that were bots at the deal (pass them to `verifyRecord`, after
 * `await fairness.settled()`).
 */
export interface FairnessSeen {
  readonly commitment: string;
  readonly nextCommitment: string;
  /** The log digest after each seq the client saw (0: the commitment). */
  readonly digests: Map<number, string>;
  /**
   * The seats the host showed as bots when the cards were dealt (a bot contributes `''`), from
   * the seats known when the `started` message came (or the welcome at seq 0 of a match already
   * dealt); `null` when this client did not see the deal (it connected later).
   */
  bots: readonly number[] | null;
  /**
   * The digest (`fairViewDigest`) of the view the client held after each seq it was shown: the
   * first one told for a seq is kept. Filled asynchronously: see {@link FairnessSeen.settled}.
   */
  readonly views: Map<number, string>;
  /** Resolves once every view received so far is in {@link FairnessSeen.views} (hashing is asynchronous). */
  settled(): Promise<void>;
}

/** The seats shown as bots. */
function botsOf(seats: readonly SeatSummary[]): number[] {
  const bots: number[] = [];
  for (const [i, s] of seats.entries()) if (s.kind === 'bot') bots.push(i);
  return bots;
}

/** The news a client's table emits. */
export type TableChange = 'seats' | 'names' | 'presence' | 'deadline' | 'chat' | 'rematch';

/** @internal The most chat lines a client keeps. */
export const CHAT_KEPT = 500;

/** The match besides the game, as the client was told. */
export class TableState {
  /** Every seat (name, bot, kind, connected), or `null` before the host said. */
  seats: readonly SeatSummary[] | null = null;
  /**
   * The host's away time (ms): how long a seat's player must have had no connection before the
   * creator may hand the seat to a bot, reopen it or give it a new token; `null` when the host did
   * not say (an older host).
   */
  awayMs: number | null = null;
  /**
   * Per seat, since when its person has had no connection, by this machine's clock (epoch ms: the
   * host's `awayForMs` subtracted on arrival, so clock skew does not count); `null` for a seat
   * with a connection, a bot's or an open one, or when the host did not say.
   */
  awaySince: readonly (number | null)[] = [];
  /** The turn time in milliseconds, `null` for none (or not known). */
  turnTimeMs: number | null = null;
  /** When the player to move runs out of time, by this machine's clock (epoch ms), or `null`. */
  deadline: number | null = null;
  /** The chat's lines, oldest first, each once. */
  chat: ChatLine[] = [];
  /** The rematch once the game is over, or `null`. */
  rematch: RematchState | null = null;
  /** A fair match's commitments, the digests seen and the bots at the deal; `null` for another match (or a version 1 host). */
  fairness: FairnessSeen | null = null;
  /**
   * A fair match not dealt yet: the seats last shown (kept until the deal, so that a client whose
   * connection dropped at the deal knows which seats were bots); `null` once dealt or not known.
   */
  private seatsBeforeDeal: readonly SeatSummary[] | null = null;
  /** The views' hashing under way (see {@link FairnessSeen.settled}). */
  private hashing: Promise<void> = Promise.resolve();

  /**
   * @param emit - called with each kind of news.
   * @param now - this machine's clock.
   * @param bad - told of a field the host sent malformed (`BAD_MESSAGE`; the field is then taken as not said).
   */
  constructor(
    private readonly emit: (change: TableChange) => void,
    private readonly now: () => number = Date.now,
    private readonly bad: (e: ClientError) => void = () => undefined,
  ) {}

  /** Takes what a welcome says (checked first: see `checkWelcome`). */
  welcome(m: WelcomeMessage): void {
    this.awayMs = this.read(() => readAwayMs(m.awayMs));
    if (m.seats !== undefined) this.setSeats(m.seats);
    if (m.turnTimeMs !== undefined) this.turnTimeMs = m.turnTimeMs;
    if (m.fairness) {
      const f = this.fairness;
      // What the host committed to is kept as first told: a welcome naming another commitment
      // (after a reconnect) is the host trying to change the deal, and is not taken.
      if (f === null) {
        this.fairness = {
          commitment: m.fairness.commitment,
          nextCommitment: m.fairness.nextCommitment,
          digests: new Map(),
          bots: null,
          views: new Map(),
          settled: () => this.hashing,
        };
      } else if (f.commitment !== m.fairness.commitment || f.nextCommitment !== m.fairness.nextCommitment)
        this.bad(
          new ClientError(
            'UNFAIR',
            `the host now names commitment ${m.fairness.commitment}, not the ${f.commitment} it named first; the first is kept`,
          ),
        );
      if (this.fairness?.commitment === m.fairness.commitment) this.digest(m.seq, m.fairness.logDigest);
    }
    if (m.started === false) this.seatsBeforeDeal = this.seats;
    else if (m.started === true && this.fairness !== null && this.fairness.bots === null) {
      // A welcome at seq 0 shows the seats of the deal; a later one (a reconnect after the deal,
      // or the last person to join when a bot moved first) does not: then the seats this client
      // saw before the deal, if it saw any.
      const dealt = m.seq === 0 ? this.seats : this.seatsBeforeDeal;
      if (dealt !== null) this.fairness.bots = botsOf(dealt);
    }
    if (m.started === true) this.seatsBeforeDeal = null;
    for (const u of m.updates) this.digest(u.seq, u.logDigest);
    if (m.chat !== undefined) this.addChat(m.chat);
    if (m.rematch !== undefined) this.setRematch(m.rematch);
    this.clock(m);
  }

  /**
   * Takes an update's (or a sync's) log digest. The first digest told for a seq is kept: the host
   * telling another one later (in a reconnect's welcome) is rewriting the history, and `bad` is
   * told (`UNFAIR`), so that `verifyRecord` checks the record against what was shown first.
   */
  digest(seq: number, digest: string | undefined): void {
    if (digest === undefined || this.fairness === null) return;
    const had = this.fairness.digests.get(seq);
    if (had === undefined) this.fairness.digests.set(seq, digest);
    else if (had !== digest)
      this.bad(
        new ClientError('UNFAIR', `the host sent log digest ${digest} for update ${seq}, where it had sent ${had}; the first is kept`),
      );
  }

  /** The deal was made (a `started` message): the seats now shown say which are bots, once. */
  started(): void {
    if (this.fairness !== null && this.fairness.bots === null) this.fairness.bots = botsOf(this.seats ?? []);
    this.seatsBeforeDeal = null;
  }

  /**
   * Takes the view the client holds at `seq` (after an update, a `started` message or a welcome)
   * of a fair match: its text is read now (a view may be patched in place later), its digest
   * kept in `fairness.views` once hashed. The first view told for a seq is kept; another one
   * later is the host changing what it showed (`UNFAIR`).
   */
  view(view: PlayerView, seq: number): void {
    const f = this.fairness;
    if (f === null) return;
    const hashed = sha256Hex(fairViewInput(view));
    // Hashed at once, taken in the order the views came (the hashes may end in another order).
    this.hashing = this.hashing.then(() =>
      hashed.then(
        (digest) => {
          const had = f.views.get(seq);
          if (had === undefined) f.views.set(seq, digest);
          else if (had !== digest) this.bad(new ClientError('UNFAIR', `the host showed another view at update ${seq}; the first is kept`));
        },
        () => undefined,
      ),
    );
  }

  /** Takes a clock the host sent, if it sent one. */
  clock(c: Partial<Clock>): void {
    if (c.remainingMs === undefined && c.deadline === undefined) return;
    const deadline = typeof c.remainingMs === 'number' ? this.now() + c.remainingMs : null;
    if (deadline === this.deadline) return;
    this.deadline = deadline;
    this.emit('deadline');
  }

  /** Takes a message about the table; `false` when it is not one. */
  receive(m: ServerMessage): boolean {
    switch (m.type) {
      case 'seats':
        this.setSeats(m.seats);
        if (this.seatsBeforeDeal !== null) this.seatsBeforeDeal = this.seats;
        return true;
      case 'clock':
        checkTurnTime(m.turnTimeMs);
        this.turnTimeMs = m.turnTimeMs;
        this.clock(m);
        return true;
      case 'chat':
        checkChat([m.line]);
        this.addChat([m.line]);
        return true;
      case 'next': {
        const r = { votes: m.votes, next: m.next, commitment: m.commitment };
        checkRematch(r);
        this.setRematch(r);
        return true;
      }
      default:
        return false;
    }
  }

  /**
   * Takes chat lines read to fill the gap a reconnect left (see `chat-gap.ts`): merged in order,
   * each once, the latest 500 kept; `chat` is emitted when any was taken.
   */
  fillChat(lines: readonly ChatLine[]): void {
    const byN = new Map(this.chat.map((l) => [l.n, l]));
    for (const l of lines) if (!byN.has(l.n)) byN.set(l.n, l);
    if (byN.size === this.chat.length) return;
    const merged = [...byN.values()].sort((a, b) => a.n - b.n).slice(-CHAT_KEPT);
    if (merged[0] === this.chat[0] && merged.length === this.chat.length) return;
    this.chat = merged;
    this.emit('chat');
  }

  /** The seats' names (a bot's or an open seat's may be `null`). */
  get names(): (string | null)[] | undefined {
    return this.seats?.map((s) => s.name);
  }

  /** Who is connected, by seat (a bot always is). */
  get connected(): boolean[] | undefined {
    return this.seats?.map((s) => s.connected);
  }

  /** A field the host sent, or `null` (and `bad` told) when it is malformed. */
  private read(field: () => number | null): number | null {
    try {
      return field();
    } catch (e) {
      this.bad(new ClientError('BAD_MESSAGE', `from the host: ${(e as Error).message}`));
      return null;
    }
  }

  /** Takes the seats once they are checked: malformed, they are refused (`BAD_MESSAGE`) and the table is left as it was. */
  private setSeats(seats: readonly SeatSummary[]): void {
    checkSeats(seats);
    const before = this.seats;
    this.seats = seats;
    const now = this.now();
    const told = this.awaySince;
    this.awaySince = seats.map((s, i) => {
      const ms = this.read(() => readAwayForMs(s));
      if (ms === null) return null;
      // The same absence told again differs only by the messages' trips: keep the first estimate.
      const was = told[i] ?? null;
      return was !== null && Math.abs(was - (now - ms)) < 1000 ? was : now - ms;
    });
    const names = JSON.stringify(seats.map((s) => [s.name, s.kind]));
    const presence = JSON.stringify(seats.map((s) => s.connected));
    if (before === null || JSON.stringify(before.map((s) => [s.name, s.kind])) !== names) this.emit('names');
    if (before === null || JSON.stringify(before.map((s) => s.connected)) !== presence) this.emit('presence');
    this.emit('seats');
  }

  private addChat(lines: readonly ChatLine[]): void {
    const last = this.chat[this.chat.length - 1]?.n ?? 0;
    const fresh = lines.filter((l) => l.n > last);
    if (fresh.length === 0) return;
    this.chat = [...this.chat, ...fresh].slice(-CHAT_KEPT);
    this.emit('chat');
  }

  private setRematch(r: RematchState | null): void {
    if (JSON.stringify(r) === JSON.stringify(this.rematch)) return;
    this.rematch = r;
    this.emit('rematch');
  }
}
