/**
 * The browser (and Node) client of the match host: the HTTP lobby (`createMatch`,
 * `listMatches`, `joinMatch`, …) and a live connection to one match (`connectMatch`) that
 * reconnects and resyncs by itself. No dependency; in Node 20 pass the `ws` package's
 * `WebSocket` as `options.WebSocket`. See docs/server.md.
 *
 * @example
 * ```ts
 * import { connectMatch, createMatch, joinMatch } from 'for-the-king-and-me/client';
 *
 * const base = 'http://127.0.0.1:8080';
 * const { match, invite } = await createMatch(base, { players: 3, bots: [null, null, 'heuristic'] });
 * const { token } = await joinMatch(base, match.id, { name: 'Ada', invite });
 * const client = connectMatch({ url: 'ws://127.0.0.1:8080/ws', match: match.id, token });
 * client.on('view', (view) => render(view));
 * ```
 * @module for-the-king-and-me/client
 */

export type { CompactView, WireView } from '../protocol/compact.js';
export { commitmentOf, newContribution } from '../protocol/fairness.js';
export type { ChatLine, ChatNotice, FairnessSummary, MatchSummary, SeatKind, SeatSummary, Visibility } from '../protocol/lobby.js';
export { MAX_CHAT_LENGTH, writesChat } from '../protocol/lobby.js';
export type { Actor, EventsAt, RematchState, ServerMessage } from '../protocol/server-messages.js';
export { PROTOCOL_VERSION } from '../protocol/version.js';
export type { ClientEvents, ConnectionStatus, ConnectOptions, WebSocketConstructor, WebSocketLike } from './connection.js';
export { connectMatch, MatchClient } from './connection.js';
export { ClientError } from './errors.js';
export type { SeqDigests, Verification, VerifyOptions, VerifyProblem, VerifySummary } from './fairness.js';
export { verifyRecord } from './fairness.js';
export type { LinkParts } from './invites.js';
export { inviteLink, readInvite, seatLink } from './invites.js';
export type { CreatedMatch, FetchLike, FetchResponse, JoinRequest, NewMatch, OpenMatches } from './lobby.js';
export {
  agreeToRematch,
  createMatch,
  fetchRecord,
  getMatch,
  joinMatch,
  listMatches,
  listOpenMatches,
  readChat,
  reassignSeat,
  reissueSeat,
  setTurnTime,
} from './lobby.js';
export type { FairnessSeen, TableChange } from './table.js';
export { TableState } from './table.js';
