/**
 * The types of a connection to a match: the WebSocket the client needs, its options, its status
 * and the events it emits (the class itself is in `connection.ts`).
 * @module
 */
import type { PlayerView } from '../index.js';
import type { EventsAt } from '../protocol/server-messages.js';
import type { ClientError } from './errors.js';
import type { FetchLike } from './lobby.js';

/** The part of a WebSocket the client uses (the browser's `WebSocket` and the `ws` package both fit). */
export interface WebSocketLike {
  /** 0 connecting, 1 open, 2 closing, 3 closed. */
  readonly readyState: number;
  /** Sends one text frame. */
  send(data: string): void;
  /** Closes the connection. */
  close(code?: number, reason?: string): void;
  /** Called once the connection is open. */
  onopen: ((event: unknown) => void) | null;
  /** Called with each message (`event.data` is the frame's text). */
  onmessage: ((event: { data: unknown }) => void) | null;
  /** Called once the connection is closed. */
  onclose: ((event: unknown) => void) | null;
  /** Called on a connection error (a close follows). */
  onerror: ((event: unknown) => void) | null;
}

/** A WebSocket constructor. */
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** The connection's state. */
export type ConnectionStatus = 'connecting' | 'open' | 'closed';

/** Options of {@link connectMatch}. */
export interface ConnectOptions {
  /**
   * The host's WebSocket URL, for example `ws://127.0.0.1:8080/ws`, or the URLs of several hosts
   * that share one database: the client connects to the first, and after a drop or a failed
   * connection tries the next one (round the list), resyncing from its last seq wherever it lands.
   */
  readonly url: string | readonly string[];
  /** The match id. */
  readonly match: string;
  /** The seat token from `joinMatch`, or `null` to watch as a spectator. */
  readonly token: string | null;
  /** The WebSocket constructor (default `globalThis.WebSocket`; in Node 20, `(await import('ws')).WebSocket`). */
  readonly WebSocket?: WebSocketConstructor;
  /** The last seq already seen (default 0: from the start). */
  readonly after?: number;
  /**
   * First reconnect delay in milliseconds (default 250); it doubles up to `maxDelayMs`, with jitter,
   * and starts again once a host welcomes the client, from longer each time the client dropped a
   * connection itself (the host broke the protocol).
   */
  readonly minDelayMs?: number;
  /** Longest reconnect delay in milliseconds (default 5000). */
  readonly maxDelayMs?: number;
  /**
   * How long the client waits for the host's answer to a request (`send`, `say`, a ping…) and
   * for the welcome after connecting, in milliseconds (default 15000). Past it the request fails
   * with `TIMEOUT` and the connection is taken as dead: the client drops it and connects again
   * (a frozen network keeps a socket open without closing it).
   */
  readonly timeoutMs?: number;
  /** How often the client pings the host while connected, in milliseconds (default 15000; 0: never); an unanswered ping drops the connection. */
  readonly pingMs?: number;
  /**
   * The `fetch` that reads, with `token`, the chat lines a reconnect missed beyond the welcome's
   * latest 100 (`GET /api/matches/:id/chat` on the lobby beside the WebSocket: `ws(s)://HOST/ws` →
   * `http(s)://HOST/api/…`). Default: the global `fetch`, which sends a page's cookies to its own
   * origin, as the WebSocket does; pass one that sends an account's credentials elsewhere.
   */
  readonly fetch?: FetchLike;
}

/** What a {@link MatchClient} tells its listeners. */
export interface ClientEvents {
  /** One action's events (filtered for this seat), each seq once and in order, also the ones missed while away. */
  events: (update: EventsAt) => void;
  /** The view changed (after an update, a welcome or a resync). */
  view: (view: PlayerView, seq: number) => void;
  /** The connection's state changed. */
  status: (status: ConnectionStatus) => void;
  /** A refusal not tied to a `send` (a refused hello: the client stops), or a protocol fault. */
  error: (error: ClientError) => void;
  /** The creator reopened this seat or handed it to a bot: the token is void; the client stops. */
  revoked: () => void;
  /** The seats changed (names, kinds, who is connected): read `client.table.seats`. */
  seats: () => void;
  /** A seat's name or kind changed: read `client.names`. */
  names: () => void;
  /** Who is connected changed: read `client.connected`. */
  presence: () => void;
  /** The turn's deadline changed: read `client.deadline`. */
  deadline: () => void;
  /** A new chat line, or the lines a reconnect missed read in: read `client.table.chat`. */
  chat: () => void;
  /** The rematch changed (a seat agreed; `next` once it exists): read `client.table.rematch`. */
  rematch: () => void;
}
