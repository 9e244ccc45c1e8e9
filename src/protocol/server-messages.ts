/**
 * What the host sends a client over the WebSocket: `welcome` (the answer to `hello`), an
 * `update` (or, in version 2, a `patch`) for every action applied after it, and the replies
 * `ack`, `synced`, `left`, `pong` and `error`; `revoked` when the seat's token stops working.
 * @module
 */
import type { GameEvent, PlayerView, Viewer } from '../index.js';
import type { HostErrorCode } from './errors.js';
import type { Patch } from './patch.js';

/** One action's events, as the connection's viewer may see them. */
export interface EventsAt {
  readonly seq: number;
  readonly events: readonly GameEvent[];
}

/**
 * The answer to `hello`: the seat, every update after `hello.after` (events only), and the view
 * now. `v` is the version the connection speaks from now on: the one `hello` asked for.
 */
export interface WelcomeMessage {
  readonly type: 'welcome';
  readonly v: number;
  readonly match: string;
  readonly seat: Viewer;
  readonly seq: number;
  readonly updates: readonly EventsAt[];
  readonly view: PlayerView;
}

/**
 * Pushed for every action applied after the hello, in seq order, each once, with the whole view
 * (version 1: always; version 2: when a whole view is cheaper than a patch, and at least every
 * `FULL_VIEW_EVERY` updates).
 */
export interface UpdateMessage {
  readonly type: 'update';
  readonly seq: number;
  readonly events: readonly GameEvent[];
  readonly view: PlayerView;
}

/**
 * Version 2: an update whose view is given as what changed since the previous update's view
 * (the one at `seq - 1`): `applyPatch(previousView, patch)` is the view now, and its
 * `viewDigest` must equal `digest`. A client whose view was not at `seq - 1`, or whose digest
 * differs, asks for the whole view again with `sync`.
 */
export interface PatchMessage {
  readonly type: 'patch';
  readonly seq: number;
  readonly events: readonly GameEvent[];
  readonly patch: Patch;
  /** `viewDigest` of the view after the patch (an unsigned 32-bit integer). */
  readonly digest: number;
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
  | PatchMessage
  | AckMessage
  | SyncedMessage
  | LeftMessage
  | PongMessage
  | ErrorMessage
  | RevokedMessage;
