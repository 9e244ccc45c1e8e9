/**
 * The match host's wire protocol, on its own: the messages both ways, the lobby's shapes, the
 * error codes, the version, and the reader of untrusted client messages. The host
 * (`for-the-king-and-me/server`) and the client (`for-the-king-and-me/client`) both speak it;
 * import it alone to write another client or another transport. Pure: no Node built-ins, no
 * dependency. docs/server.md lists every message with an example exchange.
 *
 * Version {@link PROTOCOL_VERSION}: small JSON messages, one per WebSocket frame. The client
 * says `hello` once (match, token, last seq seen, its version), then `act`, `sync`, `leave`,
 * `ping`, `say` and `rematch`, each with an `id` that the host's reply (`ack`, `synced`, `left`,
 * `pong`, `ok` or `error`) carries back. The host pushes an update for every action applied
 * after the hello: in version 2 mostly a `patch` of the previous view ({@link applyPatch},
 * checked with {@link viewDigest}), in version 1 (still spoken, see {@link PROTOCOL_VERSIONS})
 * always the whole view; and in version 2 `started`, `seats`, `clock`, `chat` and `next` when the
 * match changes besides the game. The provably fair deal's scheme (`commitmentOf`, `fairSeed`,
 * `logDigest`) is here too.
 *
 * @example
 * ```ts
 * import { type ClientMessage, PROTOCOL_VERSION, parseClientMessage } from 'for-the-king-and-me/protocol';
 *
 * const hello: ClientMessage = { type: 'hello', v: PROTOCOL_VERSION, match: matchId, token, after: 0 };
 * socket.send(JSON.stringify(hello));
 * // on a host of your own: every frame read into plain values, or a HostError to send back
 * const message = parseClientMessage(frameText);
 * ```
 * @module for-the-king-and-me/protocol
 */

export { readAwayForMs, readAwayMs } from './away.js';
export type {
  ActMessage,
  ClientMessage,
  HelloMessage,
  LeaveMessage,
  PingMessage,
  RematchMessage,
  SayMessage,
  SyncMessage,
} from './client-messages.js';
export { type CompactView, compactView, expandView, type WireView } from './compact.js';
export { viewDigest } from './digest.js';
export type { HostErrorCode } from './errors.js';
export { HostError } from './errors.js';
export {
  canonicalJson,
  commitmentInput,
  commitmentOf,
  FAIR_META,
  FAIRNESS_SCHEME,
  fairSeed,
  fairViewDigest,
  fairViewInput,
  isContribution,
  logDigest,
  logDigestInput,
  MAX_CONTRIBUTION_LENGTH,
  newContribution,
  seedFromDigest,
  seedInput,
  sha256Hex,
} from './fairness.js';
export type {
  ChatLine,
  ChatNotice,
  ChatPolicy,
  FairnessSummary,
  MatchSettings,
  MatchSummary,
  SeatKind,
  SeatSummary,
  SpectatorPolicy,
  Visibility,
} from './lobby.js';
export { MAX_CHAT_LENGTH, writesChat } from './lobby.js';
export { parseClientMessage } from './parse.js';
export type { Patch, PatchOp } from './patch.js';
export { applyPatch, diff, PatchError } from './patch.js';
export type {
  AckMessage,
  Actor,
  ChatMessage,
  Clock,
  ClockMessage,
  ErrorMessage,
  EventsAt,
  LeftMessage,
  NextMessage,
  OkMessage,
  PatchMessage,
  PongMessage,
  RematchState,
  RevokedMessage,
  SeatsMessage,
  ServerMessage,
  StartedMessage,
  SyncedMessage,
  UpdateMessage,
  WelcomeMessage,
} from './server-messages.js';
export { PROTOCOL_VERSION, PROTOCOL_VERSIONS } from './version.js';
export { FULL_VIEW_EVERY, SharedChanges, type TrackedUpdate, ViewTrack } from './view-track.js';
