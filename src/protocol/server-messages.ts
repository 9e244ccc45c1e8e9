/**
 * What the host sends a client over the WebSocket: `welcome` (the answer to `hello`), an
 * `update` (or, in version 2, a `patch`) for every action applied after it, and the replies
 * `ack`, `synced`, `left`, `pong`, `ok` and `error`; `revoked` when the seat's token stops
 * working. Besides the game (version 2): `started` when a fair deal is made, `seats` (names,
 * kinds, who is connected), `clock` (a new turn time), `chat` (a line of the match's chat) and
 * `next` (the rematch's votes and id).
 *
 * Fields marked optional are sent to connections of protocol version 2; a client should read
 * them defensively (a version 1 connection may get none of them).
 * @module
 */
import type { GameEvent, Viewer } from '../index.js';
import type { WireView } from './compact.js';
import type { HostErrorCode } from './errors.js';
import type { ChatLine, SeatSummary } from './lobby.js';

/** Who made an applied action: the seat's player, the seat's bot, or the host when the turn time ran out. */
export type Actor = 'seat' | 'bot' | 'timer';

import type { Patch } from './patch.js';

/** One action's events, as the connection's viewer may see them. */
export interface EventsAt {
  readonly seq: number;
  readonly events: readonly GameEvent[];
  /** Who made the action. */
  readonly by?: Actor;
  /** The fair deal's log digest after this action (`logDigest`), for a fair match. */
  readonly logDigest?: string;
}

/**
 * The turn's clock: when the person (or open seat) to move runs out of time, by the host's clock
 * (`deadline`, epoch milliseconds) and as milliseconds left when the message was sent
 * (`remainingMs`, free of clock skew); both `null` without a turn time or when nobody is to move
 * by a deadline (a bot's turn, the game over, the deal not made yet).
 */
export interface Clock {
  readonly deadline: number | null;
  readonly remainingMs: number | null;
}

/** The rematch as the seats see it once the game is over. */
export interface RematchState {
  /** Per seat, whether it agreed (a bot always does). */
  readonly votes: readonly boolean[];
  /** The rematch's id once every seat agreed: connect to it with the same token. */
  readonly next: string | null;
  /** The commitment to the rematch's secret (a fair match), to be seen before contributing to it. */
  readonly commitment: string | null;
}

/**
 * The answer to `hello`: the seat, every update after `hello.after` (events only), and the view
 * now. `v` is the version the connection speaks from now on: the one `hello` asked for.
 * With version 2, also the seats, the clock, the chat's latest lines, the rematch and the
 * fairness commitment; `view` is `null` (and `started` false) while a fair match waits for its
 * seats (a version 1 client is answered only once the deal is made).
 */
export interface WelcomeMessage extends Partial<Clock> {
  readonly type: 'welcome';
  readonly v: number;
  readonly match: string;
  readonly seat: Viewer;
  readonly seq: number;
  readonly updates: readonly EventsAt[];
  /** The view now (version 3: with `legal` as action ids, a `CompactView`). */
  readonly view: WireView | null;
  /** Whether the deal was made (`false`: a fair match waiting for seats; a `started` message follows). */
  readonly started?: boolean;
  /** Every seat: name, kind, connected, and how long a person's seat has had nobody connected (`awayForMs`). */
  readonly seats?: readonly SeatSummary[];
  /**
   * The host's away time (`awayMs`): how long a seat's player must have had no connection before
   * the creator may hand the seat to a bot, reopen it or give it a new token. Read it with `readAwayMs`.
   */
  readonly awayMs?: number;
  readonly turnTimeMs?: number | null;
  /** The chat's latest lines (for a viewer who may read it). */
  readonly chat?: readonly ChatLine[];
  /** The rematch, once the game is over. */
  readonly rematch?: RematchState | null;
  /** For a fair match: the host's commitment, the rematch's, and the log digest now. */
  readonly fairness?: { readonly commitment: string; readonly nextCommitment: string; readonly logDigest: string } | null;
}

/**
 * Pushed for every action applied after the hello, in seq order, each once, with the whole view
 * (version 1: always; version 2: when a whole view is cheaper than a patch, and at least every
 * `FULL_VIEW_EVERY` updates).
 */
export interface UpdateMessage extends Partial<Clock> {
  readonly type: 'update';
  readonly seq: number;
  readonly events: readonly GameEvent[];
  /** The view after the action (version 3: a `CompactView`). */
  readonly view: WireView;
  /** Who made the action. */
  readonly by?: Actor;
  /** The fair deal's log digest after this action. */
  readonly logDigest?: string;
}

/** A fair match's deal was made (every seat taken): the first view. Sent to version 2 clients welcomed before it. */
export interface StartedMessage extends Clock {
  readonly type: 'started';
  readonly seq: number;
  /** The first view (version 3: a `CompactView`). */
  readonly view: WireView;
  /** The opening's events (seq 0), filtered for the viewer. */
  readonly events: readonly GameEvent[];
  /** A fair deal's log digest at seq 0 (the commitment), or `null`. */
  readonly logDigest: string | null;
}

/** The seats changed: a name, a kind (a seat handed to a bot) or who is connected. */
export interface SeatsMessage {
  readonly type: 'seats';
  readonly seats: readonly SeatSummary[];
}

/** The creator set a new turn time: the clock now. */
export interface ClockMessage extends Clock {
  readonly type: 'clock';
  readonly turnTimeMs: number | null;
}

/** A new line in the match's chat (never one of the game's events). */
export interface ChatMessage {
  readonly type: 'chat';
  readonly line: ChatLine;
}

/** The rematch changed: a seat agreed, or every seat did and `next` is the new match. */
export interface NextMessage extends RematchState {
  readonly type: 'next';
}

/** The answer to `say` and `rematch`. */
export interface OkMessage {
  readonly type: 'ok';
  readonly id: number;
}

/**
 * Version 2: an update whose view is given as what changed since the previous update's view
 * (the one at `seq - 1`): `applyPatch(previousView, patch)` is the view now, and its
 * `viewDigest` must equal `digest`. A client whose view was not at `seq - 1`, or whose digest
 * differs, asks for the whole view again with `sync`. Version 3 patches the view as it sends it,
 * with `legal` as action ids (a `CompactView`), and the digest is that view's.
 */
export interface PatchMessage extends Partial<Clock> {
  readonly type: 'patch';
  readonly seq: number;
  readonly events: readonly GameEvent[];
  readonly patch: Patch;
  /** `viewDigest` of the view after the patch (an unsigned 32-bit integer). */
  readonly digest: number;
  /** Who made the action. */
  readonly by?: Actor;
  /** The fair deal's log digest after this action (not the view's `digest`). */
  readonly logDigest?: string;
}

/** `act` was applied and is durable, as update `seq` (which arrives as an `update` too). */
export interface AckMessage {
  readonly type: 'ack';
  readonly id: number;
  readonly seq: number;
}

/** The answer to `sync`. */
export interface SyncedMessage extends Partial<Clock> {
  readonly type: 'synced';
  readonly id: number;
  readonly seq: number;
  readonly updates: readonly EventsAt[];
  /** The view now (version 3: a `CompactView`). */
  readonly view: WireView;
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
  | RevokedMessage
  | StartedMessage
  | SeatsMessage
  | ClockMessage
  | ChatMessage
  | NextMessage
  | OkMessage;
