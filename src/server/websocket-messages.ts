/**
 * A WebSocket connection's messages, for `websocket.ts`: each frame is counted against the
 * connection's rate, checked for size and kind, read, and handled in the order it came (hello,
 * ping, act, say, rematch, sync, leave); a bad one gets a typed `error` reply. Whole views
 * (welcomes and syncs) are counted per address.
 * @module
 */
import type { RawData } from 'ws';
import type { ClientMessage } from '../protocol/client-messages.js';
import { viewForVersion } from '../protocol/compact.js';
import { HostError } from '../protocol/errors.js';
import { messageIdOf, parseClientMessage } from '../protocol/parse.js';
import type { ServerMessage } from '../protocol/server-messages.js';
import type { MatchHost } from './host.js';
import type { AddressLimiter, Limits } from './limits.js';
import type { Connection } from './websocket-connection.js';
import { hello } from './websocket-hello.js';

/** A frame's bytes as UTF-8 text. */
function textOf(data: RawData): string {
  return Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
}

/** The `id` of a request's text, to echo in an error reply; `null` when none can be read. */
function idOfText(text: string): number | null {
  try {
    return messageIdOf(JSON.parse(text));
  } catch {
    return null; // not JSON: no id to echo
  }
}

/** The `error` reply to a request (`id`, when it has one) that failed with `e`: a host error as it is, any other as `INTERNAL`. */
export function errorReply(id: number | null, e: unknown): ServerMessage {
  if (e instanceof HostError) {
    return e.rulesCode === undefined
      ? { type: 'error', id, code: e.code, message: e.message }
      : { type: 'error', id, code: e.code, message: e.message, rulesCode: e.rulesCode };
  }
  return { type: 'error', id, code: 'INTERNAL', message: 'the host failed to handle this message' };
}

/** What {@link messageHandler} needs of the transport. */
export interface MessageContext {
  readonly host: MatchHost;
  readonly limits: Limits;
  /** Each address's budget of whole views (welcomes and syncs). */
  readonly views: AddressLimiter;
  /** Where to report faults. */
  readonly log: (message: string) => void;
}

/** The handler of a connection's frames: each one counted, checked, read and handled in order. */
export function messageHandler({ host, limits, views, log }: MessageContext): (c: Connection, data: RawData, isBinary: boolean) => void {
  /** The refusal of a welcome or a sync over the address's budget of whole views. */
  const viewsSpent = (): HostError =>
    new HostError(
      'RATE_LIMITED',
      `at most ${limits.viewBurst} whole views (welcomes and syncs) at once per address, then ${limits.viewsPerSecond} per second`,
    );

  const handle = async (c: Connection, m: ClientMessage): Promise<void> => {
    const id = m.type === 'hello' ? null : m.id;
    try {
      if (m.type === 'hello') {
        if (c.saidHello) throw new HostError('BAD_MESSAGE', 'hello comes once per connection');
        if (!views.take(c.address)) {
          c.send(errorReply(null, viewsSpent()));
          c.close(1008, 'too many hellos');
          return;
        }
        c.saidHello = true;
        try {
          await hello(host, c, m);
        } catch (e) {
          c.saidHello = false;
          throw e;
        }
        if (c.helloTimer !== null) clearTimeout(c.helloTimer);
        c.helloTimer = null;
        return;
      }
      if (m.type === 'ping') {
        c.send({ type: 'pong', id: m.id });
        return;
      }
      const session = c.session;
      if (session === null) throw new HostError('NOT_READY', 'say hello first');
      if (m.type === 'act') {
        const { seq } = await host.submit(session, m.action, m.seq);
        c.send({ type: 'ack', id: m.id, seq });
      } else if (m.type === 'say') {
        await host.say(session, m.text);
        c.send({ type: 'ok', id: m.id });
      } else if (m.type === 'rematch') {
        await host.rematch(session, m.contribution);
        c.send({ type: 'ok', id: m.id });
      } else if (m.type === 'sync') {
        if (!views.take(c.address)) throw viewsSpent();
        const r = await host.sync(session, m.after);
        c.send({ type: 'synced', id: m.id, seq: r.seq, updates: r.updates, view: viewForVersion(r.view, c.version) });
      } else {
        await host.leave(session);
        c.send({ type: 'left', id: m.id });
        c.close(1000, 'left');
      }
    } catch (e) {
      if (!(e instanceof HostError)) log(`websocket ${m.type} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      c.send(errorReply(id, e));
    }
  };

  return (c: Connection, data: RawData, isBinary: boolean): void => {
    // Frames that come after the host closed the connection are not read.
    if (c.ws.readyState !== c.ws.OPEN) return;
    const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength;
    if (!c.limiter.take()) {
      // Refused with the request's id (when it has one within the size limit), so the client's
      // request fails at once instead of waiting for an answer that never comes.
      const id = isBinary || size > limits.maxMessageBytes ? null : idOfText(textOf(data));
      c.send(errorReply(id, new HostError('RATE_LIMITED', `at most ${limits.messagesPerSecond} messages per second`)));
      // One that keeps going past the rate costs the host a parse and an answer each time: closed.
      if (c.refused(Date.now())) c.close(1008, 'too many messages');
      return;
    }
    if (size > limits.maxMessageBytes) {
      c.send(errorReply(null, new HostError('TOO_LARGE', `a message is at most ${limits.maxMessageBytes} bytes`)));
      return;
    }
    if (isBinary) {
      c.send(errorReply(null, new HostError('BAD_MESSAGE', 'messages are JSON text frames')));
      return;
    }
    const text = textOf(data);
    let message: ClientMessage;
    try {
      message = parseClientMessage(text);
    } catch (e) {
      c.send(errorReply(idOfText(text), e));
      return;
    }
    c.inOrder(() => handle(c, message));
  };
}
