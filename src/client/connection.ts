/**
 * A live connection to one match over the host's WebSocket protocol: connects, reconnects with
 * backoff, resyncs from the last seq it saw (so each action's events arrive once, none missed),
 * and exposes the view, the events and `send(action)`. No dependency: it takes a WebSocket
 * constructor (the browser's by default; in Node 20 pass the `ws` package's).
 * @module
 */
import type { Action, PlayerView, Viewer } from '../index.js';
import type { ClientMessage } from '../protocol/client-messages.js';
import { newContribution } from '../protocol/fairness.js';
import { isPlainObject } from '../protocol/plain.js';
import type { ServerMessage } from '../protocol/server-messages.js';
import { PROTOCOL_VERSION } from '../protocol/version.js';
import { Backoff } from './backoff.js';
import { Beat } from './beat.js';
import { chatGap, readMissedChat } from './chat-gap.js';
import type { ClientEvents, ConnectionStatus, ConnectOptions, WebSocketConstructor, WebSocketLike } from './connection-types.js';
import { ClientError } from './errors.js';
import { checkWelcome } from './host-fields.js';
import { Repair } from './repair.js';
import { Requests } from './requests.js';
import { type TableChange, TableState } from './table.js';
import { UpdateWaiters } from './update-waiters.js';
import { ViewStream } from './view-stream.js';

export type { ClientEvents, ConnectionStatus, ConnectOptions, WebSocketConstructor, WebSocketLike } from './connection-types.js';

/** Codes after which reconnecting cannot help. */
const FATAL = new Set(['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'BAD_VERSION']);

/**
 * One match, seen from one seat (or as a spectator). Create it with {@link connectMatch}.
 *
 * @example
 * ```ts
 * const client = connectMatch({ url: 'ws://127.0.0.1:8080/ws', match, token });
 * client.on('view', (view) => render(view));
 * client.on('events', ({ events }) => animate(events));
 * // later, on a click:
 * await client.send(client.view!.legal[0]!);
 * ```
 */
export class MatchClient {
  /** The last seq seen: the number of actions applied that this client knows of (their events were emitted). */
  get seq(): number {
    return this.stream.seq;
  }
  /** The current view, `null` until the first welcome. */
  get view(): PlayerView | null {
    return this.stream.view;
  }
  /**
   * The seq of {@link MatchClient.view}: equal to `seq`, except for the moment between a patch
   * that did not fit (the view is then fetched again) and the answer.
   */
  get viewSeq(): number {
    return this.stream.viewSeq;
  }
  /** How many times a patch did not fit the view (wrong base or digest) and the view was fetched again. */
  get repairs(): number {
    return this.stream.repairs;
  }
  /** The protocol version the connection speaks (`PROTOCOL_VERSION`, 3, until a host refuses it, then the one before; see `PROTOCOL_VERSIONS`). */
  version: number = PROTOCOL_VERSION;
  /** The seat (or `'spectator'`), known after the first welcome. */
  seat: Viewer | null = null;
  /** The connection's state. */
  status: ConnectionStatus = 'connecting';
  /** The URL the client is connected or connecting to (one of `options.url`). */
  url: string;
  /** The match besides the game: `seats`, `awayMs`, `awaySince`, `turnTimeMs`, `chat`, `rematch`, `fairness` (empty with a version 1 host). */
  readonly table: TableState = new TableState(
    (change: TableChange) => this.emit(change),
    Date.now,
    (e) => this.emit('error', e),
  );

  private readonly options: ConnectOptions;
  private readonly urls: readonly string[];
  private urlIndex = 0;
  private readonly Socket: WebSocketConstructor;
  private socket: WebSocketLike | null = null;
  private ready = false;
  private readonly backoff: Backoff;
  /** The socket this client dropped last: its frames still arriving before the close are not read. */
  private dropped: WebSocketLike | null = null;
  private stopped = false;
  private readonly requests = new Requests();
  /** While connecting, the welcome's deadline; while open, the next ping. */
  private readonly beat = new Beat();
  private readonly stream: ViewStream;
  private readonly repair = new Repair({
    resync: () => this.resync(),
    behind: () => this.viewSeq < this.seq,
    open: () => this.ready && !this.stopped,
    fail: (e) => {
      this.emit('error', e);
      if (this.socket !== null) this.drop(this.socket);
    },
  });
  /** `send`s acknowledged whose update has not arrived yet. */
  private readonly updateWaiters = new UpdateWaiters();
  private readonly listeners: { [K in keyof ClientEvents]: Set<ClientEvents[K]> } = {
    events: new Set(),
    view: new Set(),
    status: new Set(),
    error: new Set(),
    revoked: new Set(),
    seats: new Set(),
    names: new Set(),
    presence: new Set(),
    deadline: new Set(),
    chat: new Set(),
    rematch: new Set(),
  };

  /** Use {@link connectMatch}. */
  constructor(options: ConnectOptions) {
    this.options = options;
    this.stream = new ViewStream(options.after ?? 0, {
      events: (u, live) => {
        this.table.digest(u.seq, u.logDigest);
        if (!live) {
          this.emit('events', u);
          return;
        }
        this.table.clock(u);
        this.emit('events', { seq: u.seq, events: u.events, ...(u.by === undefined ? {} : { by: u.by }) });
      },
      view: (view, seq) => {
        this.table.view(view, seq);
        this.emit('view', view, seq);
        this.updateWaiters.release(this.viewSeq, this.stopped);
      },
      repair: () => this.repair.start(),
    });
    this.backoff = new Backoff(options.minDelayMs ?? 250, options.maxDelayMs ?? 5000);
    this.urls = typeof options.url === 'string' ? [options.url] : [...options.url];
    if (this.urls.length === 0 || this.urls.some((u) => typeof u !== 'string' || u === '')) {
      throw new ClientError('BAD_OPTIONS', 'url must be a WebSocket URL or a non-empty list of them');
    }
    this.url = this.urls[0] as string;
    const Socket = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    if (Socket === undefined)
      throw new ClientError('CLOSED', 'no WebSocket here: pass one as options.WebSocket (in Node 20, the ws package)');
    this.Socket = Socket;
    this.open();
  }

  /** Listens to one kind of news; returns a function that stops listening. */
  on<K extends keyof ClientEvents>(type: K, listener: ClientEvents[K]): () => void {
    this.listeners[type].add(listener);
    return () => {
      this.listeners[type].delete(listener);
    };
  }

  /**
   * Plays `action` (one of `view.legal`), based on the last update seen. Resolves with the
   * action's seq once the host holds it durably and its update has arrived (through `events`
   * and `view`, before this resolves).
   * Rejects with a {@link ClientError}: `STALE` (someone moved first: look at the new view),
   * `ILLEGAL`, `DISCONNECTED` (no answer before the connection dropped; the resync tells), ….
   */
  async send(action: Action): Promise<number> {
    // Based on the view the caller decided from: if the match moved on, the host answers STALE.
    const reply = await this.request({ type: 'act', id: 0, seq: Math.min(this.seq, this.viewSeq), action });
    if (reply.type !== 'ack') throw new ClientError('BAD_MESSAGE', `expected an ack, got ${reply.type}`);
    // The ack may come before the update: resolve once the view holds the action, so that a
    // caller acting again right away acts on the new view, not on the old one.
    const seq = reply.seq;
    if (this.viewSeq < seq && !this.stopped) await this.updateWaiters.wait(seq, this.timeoutMs);
    return seq;
  }

  /** The seats' display names, by seat (`undefined` before the host said). */
  get names(): (string | null)[] | undefined {
    return this.table.names;
  }

  /** Who is connected now, by seat (a bot always is). */
  get connected(): boolean[] | undefined {
    return this.table.connected;
  }

  /** When the player to move runs out of time, by this machine's clock (epoch ms); `null` without a turn time. */
  get deadline(): number | null {
    return this.table.deadline;
  }

  /**
   * Writes a line in the match's chat (at most 500 characters). Rejects with a {@link ClientError}:
   * `RATE_LIMITED`, `FORBIDDEN` (the chat is not open to this viewer), `BAD_MESSAGE`.
   */
  async say(text: string): Promise<void> {
    await this.request({ type: 'say', id: 0, text });
  }

  /**
   * Agrees to a rematch once the game is over, with a fresh contribution to the rematch's fair
   * deal (drawn only after the host's commitment to it was seen). Resolves with the contribution
   * (keep it to check the rematch's record with `verifyRecord`). The `rematch` event then says
   * when everybody agreed: connect to `client.table.rematch.next` with the same token.
   */
  async agreeToRematch(): Promise<string> {
    const contribution = newContribution();
    await this.request({ type: 'rematch', id: 0, contribution });
    return contribution;
  }

  /** Asks the host for everything since the last seq seen (the client does this itself after a reconnect); `BAD_MESSAGE` for an answer not of the protocol, or older than that seq. */
  async resync(): Promise<void> {
    const after = this.seq;
    const reply = await this.request({ type: 'sync', id: 0, after });
    if (reply.type === 'synced') this.stream.check(reply.updates, reply.seq);
    if (reply.type !== 'synced' || reply.seq < after || !this.stream.caughtUp(reply.updates, reply.view, reply.seq))
      throw new ClientError('BAD_MESSAGE', 'the answer to sync does not read');
  }

  /** Leaves the seat (come back later with the same token) and closes the connection. */
  async leave(): Promise<void> {
    await this.request({ type: 'leave', id: 0 });
    this.close();
  }

  /** Closes the connection for good. */
  close(): void {
    this.stopped = true;
    this.backoff.cancel();
    this.beat.stop();
    this.socket?.close(1000, 'bye');
    this.requests.failAll('CLOSED', 'the client was closed');
    this.updateWaiters.release(this.viewSeq, this.stopped);
    this.setStatus('closed');
  }

  private emit<K extends keyof ClientEvents>(type: K, ...args: Parameters<ClientEvents[K]>): void {
    for (const l of [...this.listeners[type]]) {
      try {
        (l as (...a: Parameters<ClientEvents[K]>) => void)(...args);
      } catch {
        // A listener's failure is its own.
      }
    }
  }

  private setStatus(s: ConnectionStatus): void {
    if (this.status === s) return;
    this.status = s;
    this.emit('status', s);
  }

  private open(): void {
    if (this.stopped) return;
    this.setStatus('connecting');
    this.ready = false;
    let ws: WebSocketLike;
    try {
      ws = new this.Socket(this.url);
    } catch {
      this.nextUrl();
      this.scheduleReconnect();
      return;
    }
    this.socket = ws;
    // No welcome in time (a network that swallows the handshake): this socket is given up and another one made.
    this.beat.once(this.timeoutMs, () => this.silent(ws));
    ws.onopen = () => {
      if (this.socket === ws) this.hello(ws);
    };
    ws.onmessage = (event) => {
      if (this.socket !== ws || this.dropped === ws) return;
      let m: unknown;
      try {
        m = JSON.parse(typeof event.data === 'string' ? event.data : String(event.data));
      } catch {
        return;
      }
      // A host's frame that is not a message of the protocol is its fault, not the app's: told
      // through `error`, and the connection is made again (its welcome brings a whole view).
      try {
        if (!isPlainObject(m) || typeof m.type !== 'string') throw new TypeError('not an object with a type');
        this.receive(m as unknown as ServerMessage);
      } catch (e) {
        this.emit(
          'error',
          new ClientError('BAD_MESSAGE', `the host sent a malformed message: ${e instanceof Error ? e.message : String(e)}`),
        );
        this.drop(ws);
      }
    };
    ws.onclose = () => this.lost(ws);
    ws.onerror = () => undefined;
  }

  /** `ws` is gone (closed, or given up): what waits fails, and the client connects again. */
  private lost(ws: WebSocketLike): void {
    if (this.socket !== ws) return;
    this.socket = null;
    this.ready = false;
    this.beat.stop();
    this.requests.failAll('DISCONNECTED', 'the connection dropped before the host answered; the resync will show whether it was applied');
    this.nextUrl();
    this.scheduleReconnect();
  }

  /** `ws` stayed silent past a deadline (a ping's, a request's, the welcome's): given up at once, not waiting for its close (see `beat.ts`). */
  private silent(ws: WebSocketLike): void {
    if (this.socket !== ws) return;
    try {
      ws.close(4001, 'no answer from the host in time');
    } catch {
      // Closed already.
    }
    this.lost(ws);
  }

  private get timeoutMs(): number {
    return this.options.timeoutMs ?? 15_000;
  }

  /** Closes `ws` from this side (its frames still arriving are not read); its `onclose` fails what waits and reconnects, after a longer wait each time. */
  private drop(ws: WebSocketLike): void {
    this.dropped = ws;
    this.backoff.dropped();
    try {
      ws.close(4000, 'the client drops this connection');
    } catch {
      // Closed already.
    }
  }

  private hello(ws: WebSocketLike): void {
    const hello: ClientMessage = { type: 'hello', v: this.version, match: this.options.match, token: this.options.token, after: this.seq };
    ws.send(JSON.stringify(hello));
  }

  /** After a drop or a failed connection: the next host of the list (the same one if there is only one). */
  private nextUrl(): void {
    this.urlIndex = (this.urlIndex + 1) % this.urls.length;
    this.url = this.urls[this.urlIndex] as string;
  }

  private scheduleReconnect(): void {
    if (this.stopped) {
      this.setStatus('closed');
      return;
    }
    this.setStatus('connecting');
    this.backoff.schedule(() => this.open());
  }

  private receive(m: ServerMessage): void {
    switch (m.type) {
      case 'welcome':
        // Checked whole first: nothing is taken from a welcome refused (a bad seq or version kept
        // would be said back in every hello, and refused; a commitment kept would refuse the real one).
        this.stream.check(m.updates, m.seq);
        checkWelcome(m, this.version);
        this.seat = m.seat;
        this.version = m.v;
        this.ready = true;
        this.backoff.welcomed();
        this.repair.welcomed();
        this.stream.forget();
        this.stream.compact = m.v >= 3;
        // The chat lines missed beyond the welcome's are read in the background; a failed read leaves the gap.
        void readMissedChat(chatGap(this.table.chat, m.chat), this.url, this.options).then((lines) => {
          if (!this.stopped) this.table.fillChat(lines);
        });
        this.table.welcome(m);
        if (m.view !== null) this.stream.caughtUp(m.updates, m.view, m.seq);
        // A ping not answered in time gives the socket up, as any request does.
        this.beat.every(this.options.pingMs ?? 15_000, () => void this.request({ type: 'ping', id: 0 }).catch(() => undefined));
        this.setStatus('open');
        return;
      case 'update':
        this.stream.whole(m, m.view);
        return;
      case 'patch':
        this.stream.patched(m);
        return;
      case 'started':
        this.stream.check([], m.seq);
        this.table.digest(m.seq, m.logDigest ?? undefined);
        this.table.started();
        this.table.clock(m);
        this.stream.first(m.view, m.seq);
        return;
      case 'revoked':
        this.stopped = true;
        this.emit('revoked');
        this.close();
        return;
      case 'error':
        if (m.id !== null && this.requests.settle(m.id, new ClientError(m.code, m.message, m.rulesCode))) return;
        if (!this.ready && m.code === 'BAD_VERSION' && this.version > 1 && this.socket !== null) {
          // A host older than this client: speak the version before (3 → 2: whole actions in the views; 2 → 1: the whole view with every update).
          this.version--;
          this.hello(this.socket);
          return;
        }
        this.emit('error', new ClientError(m.code, m.message, m.rulesCode));
        if (!this.ready) {
          // The hello was refused: for good (a bad token, no such match), or for now (the
          // host's store failed, a limit): then the connection is made again, with backoff.
          if (FATAL.has(m.code)) this.close();
          else if (this.socket !== null) this.drop(this.socket);
        }
        return;
      default: {
        if (!this.table.receive(m) && 'id' in m) this.requests.settle(m.id, m);
      }
    }
  }

  private request(message: ClientMessage & { id: number }): Promise<ServerMessage> {
    const ws = this.socket;
    if (ws === null || !this.ready) return Promise.reject(new ClientError('DISCONNECTED', 'not connected; wait for status "open"'));
    return this.requests.ask(message, ws, this.timeoutMs, () => this.silent(ws));
  }
}

/**
 * Connects to a match: the client says hello, gets the view and every update it missed, and
 * keeps the view current; after a drop it reconnects with backoff and resyncs from its last seq.
 *
 * @example
 * ```ts
 * import { connectMatch, joinMatch } from 'for-the-king-and-me/client';
 *
 * // `invite` is the match's invite code (from `createMatch`, or the fragment of its invite link).
 * const { token } = await joinMatch('http://127.0.0.1:8080', matchId, { name: 'Ada', invite });
 * const client = connectMatch({ url: 'ws://127.0.0.1:8080/ws', match: matchId, token });
 * client.on('view', (view) => console.log(view.step, view.legal));
 * ```
 */
export function connectMatch(options: ConnectOptions): MatchClient {
  return new MatchClient(options);
}
