/**
 * What a client sends the host over the WebSocket: `hello` once (match, token, last seq seen),
 * then `act`, `sync`, `leave`, `ping`, `say` (chat) and `rematch`, each with an `id` that the
 * host's reply carries back.
 * @module
 */

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

/** Write a line in the match's chat (at most `MAX_CHAT_LENGTH` characters; the host answers `ok`). */
export interface SayMessage {
  readonly type: 'say';
  readonly id: number;
  readonly text: string;
}

/**
 * Agree to a rematch once the game is over, with the seat's contribution to the rematch's fair
 * deal (`newContribution()`, sent only after the rematch's commitment was seen; `null` for none).
 */
export interface RematchMessage {
  readonly type: 'rematch';
  readonly id: number;
  readonly contribution: string | null;
}

/** Every message a client may send. */
export type ClientMessage = HelloMessage | ActMessage | SyncMessage | LeaveMessage | PingMessage | SayMessage | RematchMessage;
