/**
 * Reading a client's message from untrusted text: each field read once into fresh plain values,
 * anything else refused with a typed {@link HostError}.
 * @module
 */
import type { ClientMessage } from './client-messages.js';
import { HostError } from './errors.js';
import { isContribution } from './fairness.js';
import { MAX_CHAT_LENGTH } from './lobby.js';
import { isPlainObject } from './plain.js';
import { PROTOCOL_VERSION, PROTOCOL_VERSIONS } from './version.js';

function bad(message: string): HostError {
  return new HostError('BAD_MESSAGE', message);
}

const FIELDS: Readonly<Record<ClientMessage['type'], readonly string[]>> = {
  hello: ['type', 'v', 'match', 'token', 'after'],
  act: ['type', 'id', 'seq', 'action'],
  sync: ['type', 'id', 'after'],
  leave: ['type', 'id'],
  ping: ['type', 'id'],
  say: ['type', 'id', 'text'],
  rematch: ['type', 'id', 'contribution'],
};

function isId(x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 2 ** 31;
}

/** Whether `x` is a seq as the protocol has them: an integer from 0 to 10^9. */
export function isSeq(x: unknown): x is number {
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
 * fields), `BAD_VERSION` (a `hello` for a protocol version not in `PROTOCOL_VERSIONS`).
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
  if (typeof type !== 'string' || !Object.hasOwn(FIELDS, type)) throw bad('"type" is one of hello, act, sync, leave, ping, say, rematch');
  const fields = FIELDS[type as ClientMessage['type']];
  for (const key of Object.keys(value)) if (!fields.includes(key)) throw bad(`a ${type} message has no "${key.slice(0, 40)}" field`);
  if (type === 'hello') {
    const { v, match, token, after } = value;
    if (typeof v !== 'number' || !PROTOCOL_VERSIONS.includes(v))
      throw new HostError(
        'BAD_VERSION',
        `this host speaks protocol versions ${PROTOCOL_VERSIONS.join(' and ')} (newest ${PROTOCOL_VERSION})`,
      );
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
    if (action === undefined) throw bad('act needs "action": an action object such as {"type":"pass","player":0}');
    if (typeof action === 'number')
      throw bad(
        'act\'s "action" must be an action object such as {"type":"pass","player":0}, not an action id (ids are only sent by the host)',
      );
    return { type, id, seq, action };
  }
  if (type === 'sync') {
    const after = value.after;
    if (!isSeq(after)) throw bad('sync needs "after": a seq');
    return { type, id, after };
  }
  if (type === 'say') {
    const text = value.text;
    // A rough bound before the host counts the characters (code points, once trimmed): each may
    // take two UTF-16 units, and spaces around them are trimmed.
    if (typeof text !== 'string' || text.length > MAX_CHAT_LENGTH * 4) throw bad(`say needs "text", at most ${MAX_CHAT_LENGTH} characters`);
    return { type, id, text };
  }
  if (type === 'rematch') {
    const contribution = value.contribution;
    if (contribution !== null && !isContribution(contribution))
      throw bad('rematch needs "contribution": base64url text of at most 128 characters, or null');
    return { type, id, contribution };
  }
  return type === 'leave' ? { type, id } : { type: 'ping', id };
}
