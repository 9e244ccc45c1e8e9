/**
 * The match host's WebSocket protocol, version 1: small JSON messages, one per frame. The
 * client says `hello` once (match, token, last seq seen), then `act`, `sync`, `leave` and
 * `ping`, each with an `id` that the host's reply (`ack`, `synced`, `left`, `pong` or `error`)
 * carries back. The host pushes an `update` for every action applied after the hello.
 * docs/server.md lists every message with an example exchange.
 *
 * This file is shared by the host and the browser client: it imports nothing that runs.
 * @module
 */
import type { GameEvent, PlayerView, Viewer } from '../index.js';
import { HostError, type HostErrorCode } from './errors.js';

/** The protocol version this host speaks (`hello.v`). */
export const PROTOCOL_VERSION = 1;

/** The first message on a connection: which match, whose seat (`token`; `null` to spectate), and the last seq the client saw (0 for none). */
export interface HelloMessage {
  readonly type: 'hello';
  readonly v: number;
  readonly match: string;
  readonly token: string | null;
  readonly after: number;
}

/** Play `action` (as `view.legal` lists it), based on update `seq`, the last the client saw. */
export interface ActMessage {
  readonly type: 'act';
  readonly id: number;
  readonly seq: number;
  readonly action: unknown;
}

/** Ask again for every update after `after`, and the current view. */
export interface SyncMessage {
  readonly type: 'sync';
  readonly id: number;
  readonly after: number;
}

/** Leave the seat (come back later with the same token). */
export interface LeaveMessage {
  readonly type: 'leave';
  readonly id: number;
}

/** A keep-alive; the host answers `pong`. */
export interface PingMessage {
  readonly type: 'ping';
  readonly id: number;
}

/** Every message a client may send. */
export type ClientMessage = HelloMessage | ActMessage | SyncMessage | LeaveMessage | PingMessage;

/** One action's events, as the connection's viewer may see them. */
export interface EventsAt {
  readonly seq: number;
  readonly events: readonly GameEvent[];
}

/** The answer to `hello`: the seat, every update after `hello.after` (events only), and the view now. */
export interface WelcomeMessage {
  readonly type: 'welcome';
  readonly v: number;
  readonly match: string;
  readonly seat: Viewer;
  readonly seq: number;
  readonly updates: readonly EventsAt[];
  readonly view: PlayerView;
}

/** Pushed for every action applied after the hello, in seq order, each once. */
export interface UpdateMessage {
  readonly type: 'update';
  readonly seq: number;
  readonly events: readonly GameEvent[];
  readonly view: PlayerView;
}

/** `act` was applied and is durable, as update `seq` (which arrives as an `update` too). */
export interface AckMessage {
  readonly type: 'ack';
  readonly id: number;
  readonly seq: number;
}

/** The answer to `sync`. */
export interface SyncedMessage {
  readonly type: 'synced';
  readonly id: number;
  readonly seq: number;
  readonly updates: readonly EventsAt[];
  readonly view: PlayerView;
}

/** The answer to `leave`; the host then closes the connection. */
export interface LeftMessage {
  readonly type: 'left';
  readonly id: number;
}

/** The answer to `ping`. */
export interface PongMessage {
  readonly type: 'pong';
  readonly id: number;
}

/** A refusal: `id` is the refused message's id, or `null` when it had none (or was unreadable). */
export interface ErrorMessage {
  readonly type: 'error';
  readonly id: number | null;
  readonly code: HostErrorCode;
  readonly message: string;
  /** For `ILLEGAL`: the rules' code (`NOT_YOUR_TURN`, `ILLEGAL_ACTION`, …). */
  readonly rulesCode?: string;
}

/** The seat was reopened or handed to a bot by the creator: the token is void; the host closes the connection. */
export interface RevokedMessage {
  readonly type: 'revoked';
}

/** Every message the host sends. */
export type ServerMessage =
  | WelcomeMessage
  | UpdateMessage
  | AckMessage
  | SyncedMessage
  | LeftMessage
  | PongMessage
  | ErrorMessage
  | RevokedMessage;

function bad(message: string): HostError {
  return new HostError('BAD_MESSAGE', message);
}

function isPlainObject(x: unknown): x is Record<string, unknown> {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  const proto: unknown = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
}

const FIELDS: Readonly<Record<ClientMessage['type'], readonly string[]>> = {
  hello: ['type', 'v', 'match', 'token', 'after'],
  act: ['type', 'id', 'seq', 'action'],
  sync: ['type', 'id', 'after'],
  leave: ['type', 'id'],
  ping: ['type', 'id'],
};

function isId(x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 2 ** 31;
}

function isSeq(x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 1e9;
}

/**
 * The `id` of a message that failed to parse, when one can be read, so the error reply can
 * carry it; else `null`.
 */
export function messageIdOf(value: unknown): number | null {
  if (!isPlainObject(value)) return null;
  const id = value.id;
  return isId(id) ? id : null;
}

/**
 * Reads one client message from a frame's text into fresh plain values.
 *
 * @throws {@link HostError} `BAD_MESSAGE` (not JSON, unknown type, missing, extra or mistyped
 * fields), `BAD_VERSION` (a `hello` for another protocol version).
 * @example
 * ```ts
 * parseClientMessage('{"type":"act","id":3,"seq":12,"action":{"type":"pass","player":1}}');
 * ```
 */
export function parseClientMessage(text: string): ClientMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw bad('a message is one JSON object');
  }
  return readClientMessage(value);
}

/** Like {@link parseClientMessage}, for a value already parsed from JSON. */
export function readClientMessage(value: unknown): ClientMessage {
  if (!isPlainObject(value)) throw bad('a message is a JSON object with a "type"');
  const type = value.type;
  if (typeof type !== 'string' || !Object.hasOwn(FIELDS, type)) throw bad('"type" is one of hello, act, sync, leave, ping');
  const fields = FIELDS[type as ClientMessage['type']];
  for (const key of Object.keys(value)) if (!fields.includes(key)) throw bad(`a ${type} message has no "${key.slice(0, 40)}" field`);
  if (type === 'hello') {
    const { v, match, token, after } = value;
    if (v !== PROTOCOL_VERSION) throw new HostError('BAD_VERSION', `this host speaks protocol version ${PROTOCOL_VERSION}`);
    if (typeof match !== 'string' || match.length > 128) throw bad('hello needs "match", a match id');
    if (token !== null && (typeof token !== 'string' || token.length > 128))
      throw bad('hello needs "token": a seat token, or null to spectate');
    if (!isSeq(after)) throw bad('hello needs "after": the last seq the client saw (0 for none)');
    return { type, v, match, token, after };
  }
  const id = value.id;
  if (!isId(id)) throw bad(`a ${type} message needs "id", an integer from 0 to 2^31`);
  if (type === 'act') {
    const { seq, action } = value;
    if (!isSeq(seq)) throw bad('act needs "seq": the last seq the client saw');
    if (action === undefined) throw bad('act needs "action"');
    return { type, id, seq, action };
  }
  if (type === 'sync') {
    const after = value.after;
    if (!isSeq(after)) throw bad('sync needs "after": a seq');
    return { type, id, after };
  }
  return type === 'leave' ? { type, id } : { type: 'ping', id };
}
