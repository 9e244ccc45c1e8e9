/**
 * One WebSocket client connection's state, for `websocket.ts`: its session, its hello timer and
 * pings, its place in its address's quota, the count of its messages refused for rate, and how the
 * host sends to it (dropped when too slow to keep up) and closes it (cut off if it does not answer
 * the close in time).
 * @module
 */
import type { WebSocket } from 'ws';
import type { ServerMessage } from '../protocol/server-messages.js';
import type { Session } from './host/types.js';
import type { RateLimiter } from './limits.js';

/**
 * Milliseconds a client has to answer the host's close frame before it is cut off (`ws` itself
 * would wait 30 s, holding the socket, and the server's close with it).
 */
export const CLOSE_GRACE_MS = 2000;

/** Messages refused for rate within {@link REFUSALS_WINDOW_MS} after which a connection is closed (1008). */
const MAX_REFUSALS = 100;

/** The window in which {@link MAX_REFUSALS} refusals close a connection. */
const REFUSALS_WINDOW_MS = 10_000;

/** Closes `ws` from the host's side, and cuts it off if the client has not answered the close within {@link CLOSE_GRACE_MS}. */
export function closeSoon(ws: WebSocket, code: number, reason: string): void {
  if (ws.readyState !== ws.OPEN) return; // closing already
  ws.close(code, reason);
  const cutOff = setTimeout(() => ws.terminate(), CLOSE_GRACE_MS);
  cutOff.unref();
  ws.once('close', () => clearTimeout(cutOff));
}

/** One client connection's state. */
export class Connection {
  session: Session | null = null;
  stop: (() => void) | null = null;
  saidHello = false;
  /** Closes the connection if no hello is welcomed in time; `null` once one is. */
  helloTimer: ReturnType<typeof setTimeout> | null = null;
  /** Pinged, and no pong since. */
  awaitingPong = false;
  /** The account the app's `authenticate` hook named for the upgrade request (checked at hello). */
  account: Promise<string | null> = Promise.resolve(null);
  /** The protocol version the hello asked for. */
  version = 1;
  private corked = false;
  private chain: Promise<void> = Promise.resolve();
  /** Whether its place in the address's quota is given back. */
  private freed = false;
  /** Messages refused for rate since {@link Connection.refusedSince}. */
  private refusals = 0;
  private refusedSince = 0;

  constructor(
    readonly ws: WebSocket,
    readonly address: string,
    readonly limiter: RateLimiter,
    private readonly maxBuffered: number,
    private readonly release: () => void,
  ) {}

  /** Gives its place in the address's quota back, once. */
  free(): void {
    if (this.freed) return;
    this.freed = true;
    this.release();
  }

  /**
   * Closes the connection from the host's side: its place in the quota is free at once, and a
   * client that does not answer the close is cut off (frames it still sends are not read).
   */
  close(code: number, reason: string): void {
    this.free();
    closeSoon(this.ws, code, reason);
  }

  /** Counts a message refused for rate: `true` when there have been too many within the window. */
  refused(now: number): boolean {
    if (now - this.refusedSince > REFUSALS_WINDOW_MS) {
      this.refusedSince = now;
      this.refusals = 0;
    }
    return ++this.refusals >= MAX_REFUSALS;
  }

  send(message: ServerMessage): void {
    this.sendText(JSON.stringify(message));
  }

  /**
   * Sends a message already serialized (an update's frame, shared by every connection of its
   * viewer). What one turn of the event loop sends a connection goes out in one write (the socket
   * is corked until the next turn): an update and the acknowledgement of the same action cost
   * one system call, not two.
   */
  sendText(text: string): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > this.maxBuffered) {
      // Too slow to keep up: drop it; it resyncs from its last seq when it reconnects.
      this.close(1013, 'too slow');
      return;
    }
    if (!this.corked) {
      const socket = (this.ws as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
      if (socket !== undefined) {
        this.corked = true;
        socket.cork();
        setImmediate(() => {
          this.corked = false;
          socket.uncork();
        });
      }
    }
    this.ws.send(text);
  }

  /** Runs message handlers one after another, so replies keep the order of requests. */
  inOrder(fn: () => Promise<void>): void {
    this.chain = this.chain.then(fn, fn);
  }
}
