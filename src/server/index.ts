/**
 * The match host for For the King (and Me): put a game online without writing server code.
 *
 * A {@link MatchHost} keeps matches (options, seats, an append-only action log) in a
 * {@link Store}: {@link MemoryStore}, the embedded {@link FileStore} (a folder, no setup), or
 * PostgreSQL. {@link startServer} serves it: an HTTP lobby under `/api` and a small versioned
 * JSON protocol over WebSocket at `/ws`. `ws` and `pg` are optional peer dependencies, loaded only
 * by the parts that need them when they start (the WebSocket transport, the PostgreSQL store):
 * this entry imports without either.
 * The browser side is `for-the-king-and-me/client`. See docs/server.md.
 *
 * @example
 * ```ts
 * import { FileStore, startServer } from 'for-the-king-and-me/server';
 *
 * const server = await startServer({ store: await FileStore.open('./ftk-data'), port: 8080 });
 * ```
 * @module for-the-king-and-me/server
 */

// The wire protocol's names (also in `for-the-king-and-me/protocol`), as this entry always had them.
export type { HostErrorCode } from '../protocol/errors.js';
export { HostError } from '../protocol/errors.js';
export type {
  AckMessage,
  ActMessage,
  Actor,
  ChatLine,
  ChatMessage,
  ChatNotice,
  ChatPolicy,
  ClientMessage,
  Clock,
  ClockMessage,
  CompactView,
  ErrorMessage,
  EventsAt,
  FairnessSummary,
  HelloMessage,
  LeaveMessage,
  LeftMessage,
  MatchSettings,
  MatchSummary,
  NextMessage,
  OkMessage,
  PatchMessage,
  PingMessage,
  PongMessage,
  RematchMessage,
  RematchState,
  RevokedMessage,
  SayMessage,
  SeatKind,
  SeatSummary,
  SeatsMessage,
  ServerMessage,
  SpectatorPolicy,
  StartedMessage,
  SyncedMessage,
  SyncMessage,
  UpdateMessage,
  Visibility,
  WelcomeMessage,
  WireView,
} from '../protocol/index.js';
export { PROTOCOL_VERSION, PROTOCOL_VERSIONS, parseClientMessage } from '../protocol/index.js';
export type { AccountHooks, Authenticate, CanCreate, CanJoin, Identity } from './accounts.js';
export type { CorsOrigins } from './cors.js';
export { parseOrigins } from './cors.js';
export type { HealthOptions, Readiness } from './health.js';
export { healthHandler } from './health.js';
export type { ChatPage } from './host/chat.js';
export type { JoinRequest, NewMatch, OpenMatches } from './host/lobby.js';
export { PRESENCE_LEASE_MS } from './host/presence.js';
export type {
  ExpiryOptions,
  ExpiryReport,
  HostOptions,
  News,
  Session,
  StartedNews,
  Subscriber,
  Subscription,
  SyncResult,
  TableNews,
  Update,
  UpdateEvents,
} from './host/types.js';
// The host.
export { MatchHost } from './host.js';
export type { LobbyOptions } from './http.js';
export { lobbyHandler, STATUS } from './http.js';
export type { Limits } from './limits.js';
export { DEFAULT_LIMITS } from './limits.js';
export type { MatchCensus } from './metrics.js';
export { ACK_BUCKETS, HostMetrics } from './metrics.js';
export type { PeerDependency } from './peer.js';
export { PeerDependencyError } from './peer.js';
export type { RunningServer, ServerOptions } from './serve.js';
export { startServer } from './serve.js';
export { DEFAULT_VISIBILITY, MAX_HOST_BOT_ITERATIONS, MAX_TURN_TIME_MS, MIN_TURN_TIME_MS, parseMatchSettings } from './settings.js';
export { FileStore, type FileStoreOptions } from './store/file.js';
export { JournalCorruptError } from './store/journal-format.js';
export { type LockOwner, StoreLockedError } from './store/lock.js';
export { MemoryStore, type MemoryStoreOptions } from './store/memory.js';
export { StoreUnsettledError } from './store/postgres/settle.js';
export type { PostgresStore, PostgresStoreOptions } from './store/postgres.js';
export { createPostgresStore, POSTGRES_SCHEMA_VERSION } from './store/postgres.js';
export type {
  ActivityCursor,
  Deadline,
  ExpiryKind,
  FairnessRecord,
  KeptRecord,
  LogEntry,
  MatchActivity,
  MatchChange,
  MatchFilter,
  MatchPatch,
  MatchRecord,
  NewChatLine,
  PresenceRecord,
  RematchRecord,
  SeatRecord,
  SetDeadlineOptions,
  Store,
} from './store/store.js';
export type { WebSocketOptions, WebSocketTransport } from './websocket.js';
export { attachWebSocket } from './websocket.js';
